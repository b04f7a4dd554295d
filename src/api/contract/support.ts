import { z } from 'zod';

/**
 * Support thread and chats (docs/design.md 3.2 "Support and chat"). A trader has one support thread and
 * one conversation with a personal manager; both are chats. Operators answer from /backoffice.
 */

/** What an attachment may be: judged by the file's content on the server, not by its name. */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
const attachmentTypeSchema = z.enum(ATTACHMENT_TYPES);
export type AttachmentType = z.infer<typeof attachmentTypeSchema>;
/** The file input's `accept`: what the picker offers (the server still checks the content). */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_MESSAGE_LENGTH = 4000;
export const MESSAGES_PER_PAGE = 20;

/** Multipart field names of the files of one message: file0..file4. */
export const attachmentFieldNames = Array.from({ length: MAX_ATTACHMENTS }, (_, i) => `file${i}`);

const attachmentSchema = z.object({
  id: z.string(),
  /** The name the sender gave the file (shown, never used to store or serve it). */
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: attachmentTypeSchema,
  /** Served only to the thread's owner and operators, as a download. */
  url: z.string(),
});

const MESSAGE_AUTHORS = ['user', 'operator', 'system'] as const;
const messageAuthorSchema = z.enum(MESSAGE_AUTHORS);
export type MessageAuthor = z.infer<typeof messageAuthorSchema>;

export const supportMessageSchema = z.object({
  id: z.number().int().positive(),
  author: messageAuthorSchema,
  text: z.string(),
  files: z.array(attachmentSchema),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** `?page=1` is the newest page; higher pages are older. */
export const messagePageQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100_000).default(1),
});

/** One page of a thread: items oldest first within the page; total counts every message. */
export const messagePageSchema = z.object({
  items: z.array(supportMessageSchema),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  /** The id of the last message the trader has seen, null before any. */
  last_read_message: z.number().int().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** POST /support and POST /chat/private/{id} multipart text fields; files travel as file0..file4. */
export const supportSendFieldsSchema = z.strictObject({
  text: z.string().trim().max(MAX_MESSAGE_LENGTH, { error: 'validation.too_long' }).default(''),
});
export const chatSendFieldsSchema = z.strictObject({
  message: z.string().trim().max(MAX_MESSAGE_LENGTH, { error: 'validation.too_long' }).default(''),
});

/** What sending answers: the new message, and the automatic acknowledgement after a first one. */
export const sentMessagesSchema = z.object({
  items: z.array(supportMessageSchema),
  last_read_message: z.number().int().nullable(),
  unread: z.number().int().nonnegative(),
});
export type SentMessages = z.infer<typeof sentMessagesSchema>;

export const readMarkerBodySchema = z.strictObject({
  last_read_message: z.number({ error: 'validation.invalid' }).int().positive(),
});

/** After a read marker moved: the marker and the trader's unread count over all chats. */
export const readMarkerResultSchema = z.object({
  last_read_message: z.number().int().nullable(),
  unread: z.number().int().nonnegative(),
});
export type ReadMarkerResult = z.infer<typeof readMarkerResultSchema>;

const CHAT_KINDS = ['support', 'manager'] as const;
const chatKindSchema = z.enum(CHAT_KINDS);
export type ChatKind = z.infer<typeof chatKindSchema>;

export const chatSchema = z.object({
  id: z.number().int().positive(),
  kind: chatKindSchema,
  /** Already translated ("Support", "Personal manager: Anna"). */
  title: z.string(),
  unread: z.number().int().nonnegative(),
  last_message: supportMessageSchema.nullable(),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatListSchema = z.object({ items: z.array(chatSchema) });

export const chatIdParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'validation.invalid' }).int().positive(),
});

/** GET /chat/private/{id}: the chat and one page of its messages. */
export const chatConversationSchema = messagePageSchema.extend({ chat: chatSchema });
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const attachmentIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'validation.invalid' }) });
