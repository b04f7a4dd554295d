import { z } from 'zod';
import { localeSchema } from './envelope';

/**
 * The boot data (docs/architecture.md, "The first load"): the server puts it in the document as
 * `<script type="application/json" id="boot">`, so the app's first calls are answered without a
 * request. `answers` holds the body each call would have got, by `bootAnswerKey`: the auth check
 * (with the user and wallets or none, the locale, the site settings, fv), the menus in that
 * locale, that locale's messages, and the language choice when telling it again changes nothing.
 */
export const BOOT_ELEMENT_ID = 'boot';

export const bootDataSchema = z.object({
  locale: localeSchema,
  answers: z.record(z.string(), z.unknown()),
});
export type BootData = z.infer<typeof bootDataSchema>;

/** The key of a call's answer: its method and its path below the API base ('GET api/auth/check'). */
export const bootAnswerKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** The calls the document answers, as the web app sends them. */
export const BOOT_CALLS = {
  authCheck: bootAnswerKey('GET', 'api/auth/check'),
  menus: bootAnswerKey('GET', 'api/content/menu'),
  messages: (code: string) => bootAnswerKey('GET', `i18n/${code}`),
  language: bootAnswerKey('POST', 'api/lang'),
} as const;
