import { z } from 'zod';
import { localeSchema } from './envelope';

/** A menu entry; `url` is an app path without the leading slash ('company/license'). */
const menuItemSchema = z.object({
  title: z.string(),
  url: z.string(),
  order: z.number().int(),
  icon_name: z.string().optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const MENU_NAMES = [
  'top_menu', 'header_menu', 'footer_menu_1', 'footer_menu_2', 'footer_menu_3', 'footer_menu_4',
] as const;

/** GET /api/content/menu: titles in the request's language; main_menu for every locale. */
export const menusPayloadSchema = z.object({
  top_menu: z.array(menuItemSchema),
  header_menu: z.array(menuItemSchema),
  footer_menu_1: z.array(menuItemSchema),
  footer_menu_2: z.array(menuItemSchema),
  footer_menu_3: z.array(menuItemSchema),
  footer_menu_4: z.array(menuItemSchema),
  main_menu: z.record(z.string(), z.object({ items: z.array(menuItemSchema) })),
});
export type MenusPayload = z.infer<typeof menusPayloadSchema>;

export const ARTICLE_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** GET /api/content/article/{name} params */
export const articleParamsSchema = z.strictObject({ name: z.string().regex(ARTICLE_NAME) });

/** GET /api/content/article/{name}: `html` is sanitized HTML made from the Markdown article. */
export const articleSchema = z.object({ name: z.string(), title: z.string(), html: z.string() });
export type Article = z.infer<typeof articleSchema>;

/** GET /i18n/{code} (not enveloped): a flat key -> text map. */
export const messagesSchema = z.record(z.string(), z.string());
export type Messages = z.infer<typeof messagesSchema>;

/** POST /api/lang */
export const langRequestSchema = z.strictObject({ lang: localeSchema });
export const langPayloadSchema = z.object({ lang: localeSchema });

/** POST /api/notify/close: closes one of the caller's notifications. */
export const notifyCloseRequestSchema = z.strictObject({ id: z.string().regex(/^[1-9]\d{0,17}$/) });
export const notifyClosePayloadSchema = z.object({ closed: z.literal(true) });

/** GET /api/health (used by probes and the e2e setup). */
export const healthPayloadSchema = z.object({ status: z.literal('ok'), db: z.boolean() });
/** GET /api/ready (readiness probes): 200 only when the database, its migrations and the feed are; else 503. */
export const readinessPayloadSchema = z.object({ status: z.literal('ready'), database: z.literal(true), migrations: z.literal(true), feed: z.boolean() });
