import type { z } from 'zod';
import {
  envelopeUserSchema,
  localeSchema,
  notificationSchema,
  redirectPayloadSchema,
  siteSettingsSchema,
  supportChatSchema,
  type EnvelopeUser,
  type Locale,
  type Notification,
  type SiteSettings,
} from './contract/envelope';

/** What one response envelope tells the root actor (docs/design.md 3.1). */
export type EnvelopeEvent =
  | { type: 'envelope.user'; user: EnvelopeUser }
  | { type: 'envelope.notifications'; notifications: Notification[] }
  | { type: 'envelope.siteBlocked'; blocked: boolean }
  | { type: 'envelope.supportChat'; unread: number }
  | { type: 'envelope.siteSettings'; settings: SiteSettings }
  | { type: 'envelope.customCss'; css: string }
  | { type: 'envelope.fv'; fv: string }
  | { type: 'envelope.locale'; locale: Locale }
  | { type: 'envelope.redirect'; url: string };

/** The app's start page for signed-in traders: a redirect to '/' means it (docs/product.md 4). */
export function redirectTarget(url: string): string {
  return url === '/' ? '/home' : url;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field that does not match the contract is left out; the other fields still count. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

/**
 * Turns a response body into the events it carries. Pure and total: anything that is not an
 * envelope (an i18n map, HTML, null) gives no events, and it never throws.
 */
export function envelopeEvents(body: unknown): EnvelopeEvent[] {
  if (!isRecord(body) || typeof body.status !== 'string') return [];
  const events: EnvelopeEvent[] = [];

  const fv = typeof body.fv === 'string' && body.fv !== '' ? body.fv : undefined;
  if (fv !== undefined) events.push({ type: 'envelope.fv', fv });

  const locale = parsed(localeSchema, body.locale);
  if (locale) events.push({ type: 'envelope.locale', locale });

  const settings = parsed(siteSettingsSchema, body.site_settings);
  if (settings) events.push({ type: 'envelope.siteSettings', settings });

  const user = parsed(envelopeUserSchema, body.user);
  if (user) events.push({ type: 'envelope.user', user });

  const notifications = parsed(notificationSchema.array(), body.notifications);
  if (notifications) events.push({ type: 'envelope.notifications', notifications });

  if (typeof body.site_blocked === 'boolean') events.push({ type: 'envelope.siteBlocked', blocked: body.site_blocked });

  const supportChat = parsed(supportChatSchema, body.support_chat);
  if (supportChat) events.push({ type: 'envelope.supportChat', unread: supportChat.unread_messages_count });

  if (typeof body.custom_css === 'string') events.push({ type: 'envelope.customCss', css: body.custom_css });

  const redirect = body.status === 'redirect' ? parsed(redirectPayloadSchema, body.payload) : undefined;
  if (redirect && redirect.redirect_url !== '') {
    events.push({ type: 'envelope.redirect', url: redirectTarget(redirect.redirect_url) });
  }
  return events;
}
