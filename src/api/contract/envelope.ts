import { z } from 'zod';
import { balanceSchema } from './money';
import { errorPayloadSchema } from './errors';

export const WALLET_TYPES = ['main', 'demo', 'tournament'] as const;
export const walletTypeSchema = z.enum(WALLET_TYPES);
export type WalletType = z.infer<typeof walletTypeSchema>;

export const walletSchema = z.object({ wallet_type: walletTypeSchema, amount: balanceSchema });
export type Wallet = z.infer<typeof walletSchema>;

export const envelopeUserSchema = z.object({
  is_authenticated: z.boolean(),
  email: z.string().optional(),
  account_id: z.string().optional(),
  /** The trader's IANA time zone for dates and times; null follows the device's. */
  time_zone: z.string().nullable().optional(),
  wallets: z.array(walletSchema).optional(),
});
export type EnvelopeUser = z.infer<typeof envelopeUserSchema>;

const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'danger'] as const;
export const notificationSchema = z.object({
  notification_id: z.string(),
  title: z.string(), // sanitized HTML
  type: z.enum(NOTIFICATION_TYPES),
  display: z.enum(['inner', 'toast']),
  redirect_url: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * Where a bet result notification leads; it also marks a notification as a bet's result, which
 * the trading room announces with its own result card instead of a toast (one result, one voice).
 */
export const BET_RESULT_REDIRECT = '/history/bets';

export const siteSettingsSchema = z.object({
  logo_url: z.array(z.string()),
  languages: z.array(z.string()),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const supportChatSchema = z.object({ unread_messages_count: z.number().int().nonnegative() });

export const redirectPayloadSchema = z.object({ status: z.literal('redirect'), redirect_url: z.string() });

/** The fields every /api JSON response may carry beside its payload (docs/design.md 3.1). */
const envelopeExtrasSchema = z.object({
  user: envelopeUserSchema.optional(),
  notifications: z.array(notificationSchema).optional(),
  site_blocked: z.boolean().optional(),
  support_chat: supportChatSchema.optional(),
  site_settings: siteSettingsSchema.optional(),
  custom_css: z.string().optional(),
  fv: z.string().optional(),
  locale: z.string().optional(),
});
export type EnvelopeExtras = z.infer<typeof envelopeExtrasSchema>;

/** The envelope of a successful call whose payload has the given schema. */
export const okEnvelope = <T extends z.ZodType>(payload: T) =>
  envelopeExtrasSchema.extend({ status: z.literal('ok'), payload });

export const errorEnvelopeSchema = envelopeExtrasSchema.extend({
  status: z.literal('error'),
  payload: errorPayloadSchema,
});

/** The interface languages: Russian (the default) first, then English and the other eight. */
export const LOCALES = ['ru', 'en', 'pt-BR', 'es', 'tr', 'id', 'vi', 'hi', 'ar', 'zh-CN'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'ru';

/** The languages written right to left: the app lays itself out mirrored in them. */
const RTL_LOCALES: readonly Locale[] = ['ar'];
export const localeDirection = (code: string): 'rtl' | 'ltr' => ((RTL_LOCALES as readonly string[]).includes(code) ? 'rtl' : 'ltr');

/**
 * The first supported language of an Accept-Language header or of the browser's languages:
 * 'pt-BR,pt;q=0.9' -> 'pt-BR', 'pt-PT' -> 'pt-BR', 'zh' -> 'zh-CN', 'en-US' -> 'en'. A language
 * matches its own code exactly first, then by its primary subtag.
 */
export function preferredLocale(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const wanted = tag.trim().toLowerCase();
    if (!wanted) continue;
    const exact = LOCALES.find((code) => code.toLowerCase() === wanted);
    if (exact) return exact;
    const primary = wanted.split('-')[0];
    const byPrimary = LOCALES.find((code) => code.split('-')[0]!.toLowerCase() === primary);
    if (byPrimary) return byPrimary;
  }
  return undefined;
}

/**
 * The first supported language of an Accept-Language header, in the order of its weights
 * ('en-US,en;q=0.9' -> 'en', 'pt-BR' -> 'pt-BR', 'zh' -> 'zh-CN'): the server picks its reader's
 * language by it, and so do the msw mocks.
*/
export function localeFromHeader(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: weight === undefined ? 1 : Number(weight), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
  return preferredLocale(tags);
}
