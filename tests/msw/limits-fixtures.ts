import type { Locale } from '../../src/api/contract/envelope';
import {
  kycStatusSchema,
  LIMIT_NAMES,
  limitsPayloadSchema,
  sessionSummarySchema,
  type Exclusion,
  type KycStatus,
  type LimitName,
  type LimitsPayload,
  type SessionSummary,
} from '../../src/api/contract/limits';

/** The limits page's data for the handlers, the machine tests and the stories, parsed with the contract. */
export function limitsPayload(
  values: Partial<Record<LimitName, number>> = {},
  exclusion: Exclusion | null = null,
  pending: Partial<Record<LimitName, { value: number | null; applies_at: string }>> = {},
  realityCheckMinutes: number | null = null,
): LimitsPayload {
  return limitsPayloadSchema.parse({
    limits: LIMIT_NAMES.map((name) => ({ name, value: values[name] ?? null, pending: pending[name] ?? null })),
    reality_check_minutes: realityCheckMinutes,
    exclusion,
  });
}

/** A daily loss limit of 50 whose raise to 200 waits for its cooling-off. */
export const raisedLimits = limitsPayload({ loss_day: 50, stake: 25 }, null, { loss_day: { value: 200, applies_at: '2026-11-26T10:00:00.000Z' } }, 30);

export const sessionSummary = (over: Partial<SessionSummary> = {}): SessionSummary =>
  sessionSummarySchema.parse({ started_at: '2026-11-25T10:00:00.000Z', bets: 7, net: -23.5, reality_check_minutes: 30, ...over });

export const kycNone: KycStatus = kycStatusSchema.parse({ identity: null, address: null, verified: false, withdraw_threshold: 2000 });
/** The operator's reason for refusing the address document, written in the trader's language. */
export const KYC_REASON: Readonly<Record<Locale, string>> = {
  ru: 'Счёт старше 3 месяцев',
  en: 'The bill is older than 3 months',
  'pt-BR': 'A conta tem mais de 3 meses',
  es: 'La factura tiene más de 3 meses',
  tr: 'Fatura 3 aydan eski',
  id: 'Tagihan berusia lebih dari 3 bulan',
  vi: 'Hóa đơn đã quá 3 tháng',
  hi: 'बिल 3 महीने से पुराना है',
  ar: 'الفاتورة أقدم من 3 أشهر',
  'zh-CN': '账单已超过 3 个月',
};

/** The identity approved and the address refused, as the server answers a trader of `locale`. */
export const kycRejectedIn = (locale: Locale): KycStatus =>
  kycStatusSchema.parse({
    identity: { status: 'approved', reason: null, uploaded_at: '2026-11-20T10:00:00.000Z' },
    address: { status: 'rejected', reason: KYC_REASON[locale], uploaded_at: '2026-11-20T10:01:00.000Z' },
    verified: false,
    withdraw_threshold: 2000,
  });
export const kycRejected = kycRejectedIn('ru');
export const kycVerified: KycStatus = kycStatusSchema.parse({
  identity: { status: 'approved', reason: null, uploaded_at: '2026-11-20T10:00:00.000Z' },
  address: { status: 'approved', reason: null, uploaded_at: '2026-11-22T10:01:00.000Z' },
  verified: true,
  withdraw_threshold: 2000,
});
