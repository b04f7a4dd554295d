import { z } from 'zod';
import menus from '../../server/content/menus.json';
import siteSettingsFile from '../../server/content/site-settings.json';
import { MENU_NAMES, menusPayloadSchema, type MenuItem, type MenusPayload } from '../../src/api/contract/content';
import {
  LOCALES,
  envelopeUserSchema,
  localeSchema,
  notificationSchema,
  siteSettingsSchema,
  type EnvelopeExtras,
  type EnvelopeUser,
  type Locale,
  type Notification,
} from '../../src/api/contract/envelope';
import { ERROR_STATUS, errorPayloadSchema, type ErrorCode, type FieldErrors } from '../../src/api/contract/errors';
import { formatUsd } from '../../src/shared/format';

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

/** The site settings as the server seeds them (server/content/site-settings.json): every language the app has. */
export const siteSettings = siteSettingsSchema.parse(siteSettingsFile);

/** A deposit of 100 USD, written in each language's own money format. */
const deposited = (sentence: (amount: string) => string, locale: Locale) => sentence(`<b>${formatUsd(100, locale)}</b>`);

/**
 * The four notifications' titles (a success, a warning, an info, a danger) in each language: the
 * operator writes a notification in every language the platform has, and the server answers the
 * reader's (stories show the Russian ones in the toolbar's language by this table too).
 */
export const NOTIFICATION_TITLES: readonly Readonly<Record<Locale, string>>[] = [
  {
    ru: 'Пополнение на <b>100,00 $</b> зачислено',
    en: 'Deposit of <b>$100.00</b> completed',
    'pt-BR': deposited((amount) => `Depósito de ${amount} concluído`, 'pt-BR'),
    es: deposited((amount) => `Depósito de ${amount} acreditado`, 'es'),
    tr: deposited((amount) => `${amount} tutarındaki yatırım hesaba geçti`, 'tr'),
    id: deposited((amount) => `Setoran ${amount} sudah masuk`, 'id'),
    vi: deposited((amount) => `Khoản nạp ${amount} đã được ghi có`, 'vi'),
    hi: deposited((amount) => `${amount} की जमा राशि खाते में आ गई`, 'hi'),
    ar: deposited((amount) => `تم إيداع ${amount}`, 'ar'),
    'zh-CN': deposited((amount) => `${amount} 充值已到账`, 'zh-CN'),
  },
  {
    ru: 'Вывод средств ждёт проверки',
    en: 'Withdrawal is waiting for review',
    'pt-BR': 'O saque aguarda análise',
    es: 'El retiro está pendiente de revisión',
    tr: 'Para çekme işlemi inceleme bekliyor',
    id: 'Penarikan sedang menunggu peninjauan',
    vi: 'Lệnh rút tiền đang chờ kiểm tra',
    hi: 'निकासी समीक्षा की प्रतीक्षा में है',
    ar: 'السحب بانتظار المراجعة',
    'zh-CN': '提现正在等待审核',
  },
  {
    ru: 'Еженедельный турнир начнётся в понедельник',
    en: 'The weekly tournament starts on Monday',
    'pt-BR': 'O torneio semanal começa na segunda-feira',
    es: 'El torneo semanal empieza el lunes',
    tr: 'Haftalık turnuva pazartesi başlıyor',
    id: 'Turnamen mingguan dimulai hari Senin',
    vi: 'Giải đấu hằng tuần bắt đầu vào thứ Hai',
    hi: 'साप्ताहिक टूर्नामेंट सोमवार को शुरू होगा',
    ar: 'تبدأ البطولة الأسبوعية يوم الاثنين',
    'zh-CN': '每周锦标赛将于周一开始',
  },
  {
    ru: 'Оплата картой отклонена',
    en: 'Your card payment was declined',
    'pt-BR': 'O pagamento com cartão foi recusado',
    es: 'El pago con tarjeta fue rechazado',
    tr: 'Kartla ödeme reddedildi',
    id: 'Pembayaran kartu ditolak',
    vi: 'Thanh toán bằng thẻ bị từ chối',
    hi: 'कार्ड से भुगतान अस्वीकार कर दिया गया',
    ar: 'تم رفض الدفع بالبطاقة',
    'zh-CN': '银行卡付款被拒绝',
  },
];

const NOTIFICATIONS = [
  { notification_id: 'n-1', type: 'success', display: 'inner', redirect_url: '/finances', created_at: '2026-11-20T10:15:00.000Z' },
  { notification_id: 'n-2', type: 'warning', display: 'inner', redirect_url: '/withdraw', created_at: '2026-11-19T08:00:00.000Z' },
  { notification_id: 'n-3', type: 'info', display: 'inner', redirect_url: null, created_at: '2026-11-18T12:30:00.000Z' },
  { notification_id: 'n-4', type: 'danger', display: 'inner', redirect_url: '/deposit', created_at: '2026-11-17T16:45:00.000Z' },
] as const;

/** The four notifications as the server sends them to a reader of `locale`: titled in that language. */
export const notificationsIn = (locale: Locale): Notification[] =>
  z.array(notificationSchema).parse(NOTIFICATIONS.map((n, i) => ({ ...n, title: NOTIFICATION_TITLES[i]![locale] })));

/** A menu entry as the server's content table (server/content/menus.json) holds it: a title per language. */
const menuFileSchema = z.record(
  z.string(),
  z.array(z.object({ title: z.record(localeSchema, z.string()), url: z.string(), order: z.number().int(), icon_name: z.string().optional() })),
);
const menuFile = menuFileSchema.parse(menus);

/** One menu of the content table in `locale`, sorted by order, as the server's menusFor answers it. */
const menuIn = (name: string, locale: Locale): MenuItem[] =>
  [...(menuFile[name] ?? [])]
    .sort((a, b) => a.order - b.order)
    .map(({ title, url, order, icon_name }) => ({ title: title[locale], url, order, ...(icon_name ? { icon_name } : {}) }));

/** GET /api/content/menu as the server answers a reader of `locale`: its menus in that language, main_menu in every one. */
export const menusIn = (locale: Locale): MenusPayload =>
  menusPayloadSchema.parse({
    ...Object.fromEntries(MENU_NAMES.map((name) => [name, menuIn(name, locale)])),
    main_menu: Object.fromEntries(LOCALES.map((code) => [code, { items: menuIn('main_menu', code) }])),
  });

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
