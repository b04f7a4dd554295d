import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../../../../shared/backoffice/views';

// What the back office's pages read from the path and the query and what its forms post: each
// route declares its schemas with these (the risk desk's are in risk/forms.ts).

export const loginFormSchema = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(128), _csrf: z.string() });
export const csrfOnlySchema = z.object({ _csrf: z.string() });
export const withdrawalDecisionSchema = z.object({ _csrf: z.string(), decision: z.enum(['approve', 'reject']) });
export const kycDecisionSchema = z.object({ _csrf: z.string(), decision: z.enum(['approve', 'reject']), reason: z.string().max(500).default('') });
/** A conversation, a document or a withdrawal by its id. */
export const idParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
export const openedQuerySchema = z.object({ opened: z.coerce.number().int().positive().optional() });
export const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), sent: z.string().optional() });
/** An operator's reply: its text fields once the multipart body is read (the files are read with them). */
export const replyFieldsSchema = z.strictObject({ text: z.string().trim().max(4000).default('') });
const notifyText = z.string().trim().max(500).default('');
export const notifyFormSchema = z
  .object({
    _csrf: z.string(),
    account: z.string().trim().min(1).max(254),
    /** The text in Russian and in English (`title_en`); at least one. */
    title: notifyText,
    title_en: notifyText,
    type: z.enum(NOTIFICATION_TYPES),
    redirect_url: z.string().trim().max(500).regex(/^(\/[^/\\].*|\/)?$/, { error: 'validation.invalid' }).default(''),
  })
  .refine((form) => form.title !== '' || form.title_en !== '', { path: ['title'], error: 'validation.one_language' });
