import { http } from 'msw';
import type {
  Place,
  RecoveryCodesPayload,
  SecurityPayload,
  SessionItem,
  SessionsPayload,
  SignInsPayload,
  TotpSetupPayload,
} from '../../src/api/contract/security';
import type { Locale } from '../../src/api/contract/envelope';
import { signedInUser } from './fixtures';
import { languageOf } from './locale-texts';
import { fail, ok, readBody } from './respond';

/** The code the default handlers take as right (any other six digits is a wrong code). */
export const RIGHT_TOTP_CODE = '123456';
const TOTP_SETUP: TotpSetupPayload = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/FX%20Timed%20Bets:trader%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=FX%20Timed%20Bets',
};
const RECOVERY_CODES: RecoveryCodesPayload = { recovery_codes: Array.from({ length: 10 }, (_, i) => `k7mq${i}-x2p9${i}`) };
const securityOff: SecurityPayload = { totp: { enabled: false, enabled_at: null, recovery_codes_left: 0 }, passkeys: [] };
export const securityOn: SecurityPayload = { totp: { enabled: true, enabled_at: '2026-11-25T10:00:00.000Z', recovery_codes_left: 10 }, passkeys: [] };

const device = { browser: 'Chrome 131', os: 'Windows', mobile: false };
/** The city's names as the place database holds them, one per language of the platform. */
export const MOSCOW: Readonly<Record<Locale, string>> = {
  ru: 'Москва',
  en: 'Moscow',
  'pt-BR': 'Moscou',
  es: 'Moscú',
  tr: 'Moskova',
  id: 'Moskwa',
  vi: 'Moskva',
  hi: 'मॉस्को',
  ar: 'موسكو',
  'zh-CN': '莫斯科',
};
/** A known place, its city named in the reader's language as the server does; the other addresses have none. */
const moscow = (request: Request): Place => ({ country: 'RU', city: MOSCOW[languageOf(request)] });
const sessionsOf = (request: Request): SessionItem[] => [
  { id: 'a'.repeat(32), device, ip: '203.0.113.1', place: moscow(request), created_at: '2026-11-25T10:00:00.000Z', last_seen_at: '2026-11-25T10:05:00.000Z', current: true },
  { id: 'b'.repeat(32), device: { browser: 'Safari 17', os: 'iOS', mobile: true }, ip: '198.51.100.7', place: null, created_at: '2026-11-24T08:00:00.000Z', last_seen_at: '2026-11-24T09:00:00.000Z', current: false },
];
const signInsOf = (request: Request): SignInsPayload => ({
  items: [
    { id: 2, success: true, method: 'totp', device, ip: '203.0.113.1', place: moscow(request), created_at: '2026-11-25T10:00:00.000Z' },
    { id: 1, success: false, method: 'password', device, ip: '192.0.2.50', place: null, created_at: '2026-11-24T07:59:00.000Z' },
  ],
});

/** A wrong second factor, as the server answers it. */
const wrongCode = (request: Request) => fail(request, 'validation', { fields: { code: 'security.error.second_factor_code' } });

/** GET /api/auth/security answering this state; stories `msw.use` it. */
export const securityStateAs = (state: SecurityPayload) => http.get('*/api/auth/security', () => ok(state));

export const securityHandlers = [
  securityStateAs(securityOff),
  http.post('*/api/auth/login/second-factor', async ({ request }) => {
    const { code } = await readBody(request);
    return code === RIGHT_TOTP_CODE ? ok({}, { user: signedInUser }) : wrongCode(request);
  }),
  http.post('*/api/auth/totp/setup', () => ok(TOTP_SETUP)),
  http.post('*/api/auth/totp/confirm', async ({ request }) => ((await readBody(request)).code === RIGHT_TOTP_CODE ? ok(RECOVERY_CODES) : wrongCode(request))),
  http.post('*/api/auth/totp/disable', async ({ request }) => ((await readBody(request)).code === RIGHT_TOTP_CODE ? ok({}) : wrongCode(request))),
  http.post('*/api/auth/totp/recovery-codes', async ({ request }) => ((await readBody(request)).code === RIGHT_TOTP_CODE ? ok(RECOVERY_CODES) : wrongCode(request))),
  http.get('*/api/auth/sessions', ({ request }) => ok({ items: sessionsOf(request) } satisfies SessionsPayload)),
  http.post('*/api/auth/sessions/:id/end', () => ok({})),
  http.post('*/api/auth/sessions/end-others', () => ok({ ended: 1 })),
  http.get('*/api/auth/sign-ins', ({ request }) => ok(signInsOf(request))),
];
