import { z } from 'zod';
import {
  envelopeUserSchema,
  notificationSchema,
  siteSettingsSchema,
  type EnvelopeExtras,
  type EnvelopeUser,
  type Notification,
} from '../../src/api/contract/envelope';
import { ERROR_STATUS, errorPayloadSchema, type ErrorCode, type FieldErrors } from '../../src/api/contract/errors';

/**
 * Data shared by the msw handlers, the unit tests and the stories. Every fixture is parsed with
 * the contract's schema, so a fixture that drifts from the contract fails at import.
 */

const FRONTEND_VERSION = 'test-build';

export const anonymousUser: EnvelopeUser = envelopeUserSchema.parse({ is_authenticated: false });

export const signedInUser: EnvelopeUser = envelopeUserSchema.parse({
  is_authenticated: true,
  email: 'trader@example.com',
  account_id: '100245',
  wallets: [
    { wallet_type: 'main', amount: 1250.5 },
    { wallet_type: 'demo', amount: 9875.25 },
    { wallet_type: 'tournament', amount: 0 },
  ],
});

/** The one account the login handler accepts. */
export const KNOWN_CREDENTIALS = { email: 'trader@example.com', password: 'correct-horse-42' } as const;
/** The address the register handler reports as taken. */
export const TAKEN_EMAIL = 'taken@example.com';
/** The reset token the reset handler accepts; any other is invalid. */
export const VALID_RESET_TOKEN = 'valid-reset-token';

export const siteSettings = siteSettingsSchema.parse({ logo_url: ['/logo.svg'], languages: ['ru', 'en'] });

/** The four notifications (a success, a warning, an info, a danger), titled as the server writes them: in the trader's language. */
const notificationList = (titles: readonly [string, string, string, string]): Notification[] =>
  z.array(notificationSchema).parse([
    { notification_id: 'n-1', title: titles[0], type: 'success', display: 'inner', redirect_url: '/finances', created_at: '2026-11-20T10:15:00.000Z' },
    { notification_id: 'n-2', title: titles[1], type: 'warning', display: 'inner', redirect_url: '/withdraw', created_at: '2026-11-19T08:00:00.000Z' },
    { notification_id: 'n-3', title: titles[2], type: 'info', display: 'inner', redirect_url: null, created_at: '2026-11-18T12:30:00.000Z' },
    { notification_id: 'n-4', title: titles[3], type: 'danger', display: 'inner', redirect_url: '/deposit', created_at: '2026-11-17T16:45:00.000Z' },
  ]);

export const notificationsByLocale = {
  ru: notificationList([
    'Пополнение на <b>100,00 $</b> зачислено',
    'Вывод средств ждёт проверки',
    'Еженедельный турнир начнётся в понедельник',
    'Оплата картой отклонена',
  ]),
  en: notificationList([
    'Deposit of <b>$100.00</b> completed',
    'Withdrawal is waiting for review',
    'The weekly tournament starts on Monday',
    'Your card payment was declined',
  ]),
};

const menuItemSchema = z.object({
  title: z.string(),
  url: z.string(),
  order: z.number().int(),
  icon_name: z.string().optional(),
});
const menuListSchema = z.array(menuItemSchema);

export const menusByLocale = {
  ru: {
    header_menu: menuListSchema.parse([
      { title: 'Стратегии', url: 'strategy', order: 2 },
      { title: 'Платформа', url: 'home', order: 1 },
      { title: 'О компании', url: 'company/platform', order: 3 },
    ]),
    top_menu: menuListSchema.parse([
      { title: 'Платформа', url: 'home', order: 1, icon_name: 'chart' },
      { title: 'История ставок', url: 'history/bets', order: 2, icon_name: 'history' },
      { title: 'Финансы', url: 'finances', order: 3, icon_name: 'wallet' },
      { title: 'Настройки', url: 'settings', order: 4, icon_name: 'settings' },
      { title: 'Поддержка', url: 'support', order: 5, icon_name: 'support' },
    ]),
    footer_menu_1: menuListSchema.parse([
      { title: 'Платформа', url: 'home', order: 1 },
      { title: 'История ставок', url: 'history/bets', order: 2 },
    ]),
    footer_menu_2: menuListSchema.parse([
      { title: 'Пополнение', url: 'deposit', order: 1 },
      { title: 'Вывод средств', url: 'withdraw', order: 2 },
    ]),
    footer_menu_3: menuListSchema.parse([
      { title: 'Лицензия', url: 'company/license', order: 1 },
      { title: 'Платёжная политика', url: 'company/payment', order: 2 },
    ]),
    footer_menu_4: menuListSchema.parse([
      { title: 'Стратегии', url: 'strategy', order: 1 },
      { title: 'Поддержка', url: 'support', order: 2 },
    ]),
  },
  en: {
    header_menu: menuListSchema.parse([
      { title: 'Strategies', url: 'strategy', order: 2 },
      { title: 'Platform', url: 'home', order: 1 },
      { title: 'Company', url: 'company/platform', order: 3 },
    ]),
    top_menu: menuListSchema.parse([
      { title: 'Platform', url: 'home', order: 1, icon_name: 'chart' },
      { title: 'Bet history', url: 'history/bets', order: 2, icon_name: 'history' },
      { title: 'Finances', url: 'finances', order: 3, icon_name: 'wallet' },
      { title: 'Settings', url: 'settings', order: 4, icon_name: 'settings' },
      { title: 'Support', url: 'support', order: 5, icon_name: 'support' },
    ]),
    footer_menu_1: menuListSchema.parse([
      { title: 'Platform', url: 'home', order: 1 },
      { title: 'Bet history', url: 'history/bets', order: 2 },
    ]),
    footer_menu_2: menuListSchema.parse([
      { title: 'Deposit', url: 'deposit', order: 1 },
      { title: 'Withdraw', url: 'withdraw', order: 2 },
    ]),
    footer_menu_3: menuListSchema.parse([
      { title: 'License', url: 'company/license', order: 1 },
      { title: 'Payment policy', url: 'company/payment', order: 2 },
    ]),
    footer_menu_4: menuListSchema.parse([
      { title: 'Strategies', url: 'strategy', order: 1 },
      { title: 'Support', url: 'support', order: 2 },
    ]),
  },
} as const;

export const userInfo = {
  email: signedInUser.email!,
  account_id: signedInUser.account_id!,
  first_name: 'Anna',
  last_name: 'Petrova',
  phone: '+7 900 123-45-67',
  country: 'RU',
  birth_date: '1990-04-12',
  time_zone: null,
  email_confirmed: true,
};

/** An ok envelope as the server sends it: the payload plus the extras every response carries. */
export function okBody<T>(payload: T, extras: EnvelopeExtras = {}) {
  return { status: 'ok' as const, payload, fv: FRONTEND_VERSION, ...extras };
}

export type Language = 'ru' | 'en';
export const languageOf = (request: Request): Language =>
  request.headers.get('Accept-Language')?.toLowerCase().startsWith('en') ? 'en' : 'ru';

/** Translated texts the handlers answer with, as the server would translate them. */
export const MESSAGES: Record<string, Record<Language, string>> = {
  validation: { ru: 'Проверьте введённые данные', en: 'Please check the form' },
  invalid_credentials: { ru: 'Неверный email или пароль', en: 'Wrong email or password' },
  email_taken: { ru: 'Этот email уже зарегистрирован', en: 'This email is already registered' },
  invalid_token: { ru: 'Ссылка недействительна или устарела', en: 'The link is invalid or has expired' },
  wrong_password: { ru: 'Неверный текущий пароль', en: 'The current password is wrong' },
  rate_limited: { ru: 'Слишком много попыток, попробуйте позже', en: 'Too many attempts, try again later' },
  internal: { ru: 'Внутренняя ошибка сервера', en: 'Internal server error' },
  unauthenticated: { ru: 'Войдите в аккаунт', en: 'Please log in' },
  wrong_code: {
    ru: 'Неверный код. Введите 6 цифр из приложения-аутентификатора или один из резервных кодов',
    en: 'Wrong code. Enter the 6-digit code from your authenticator app or one of your recovery codes',
  },
  'support.errors.file_type': { ru: 'Можно приложить только JPG, PNG или PDF', en: 'Only JPG, PNG or PDF files can be attached' },
  'limits.error.exclusion_too_short': { ru: 'Исключение до даты длится не меньше 6 месяцев', en: 'An exclusion until a date lasts at least 6 months' },
  'money.tournament.weekly_name': { ru: 'Еженедельный турнир', en: 'Weekly tournament' },
  'errors.insufficient_funds': { ru: 'Недостаточно средств на счёте', en: 'Not enough money on the wallet' },
};

/**
 * A fixture's text in the request's language, as the server translates it: fixtures hold the
 * Russian (the workbench's start language), the handlers answer each language its own.
 */
export const inLanguageOf = (request: Request, key: keyof typeof MESSAGES & string): string =>
  MESSAGES[key]?.[languageOf(request)] ?? key;

/** An error envelope with the status its code travels with. */
export function errorBody(code: ErrorCode, message: string, fields?: FieldErrors, retryAfter?: number) {
  const payload = errorPayloadSchema.parse({
    code,
    message,
    ...(fields ? { fields } : {}),
    ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
  });
  return { status: ERROR_STATUS[code], body: { status: 'error' as const, payload, fv: FRONTEND_VERSION } };
}
