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
export const kycRejected: KycStatus = kycStatusSchema.parse({
  identity: { status: 'approved', reason: null, uploaded_at: '2026-11-20T10:00:00.000Z' },
  address: { status: 'rejected', reason: 'Счёт старше 3 месяцев', uploaded_at: '2026-11-20T10:01:00.000Z' },
  verified: false,
  withdraw_threshold: 2000,
});
export const kycVerified: KycStatus = kycStatusSchema.parse({
  identity: { status: 'approved', reason: null, uploaded_at: '2026-11-20T10:00:00.000Z' },
  address: { status: 'approved', reason: null, uploaded_at: '2026-11-22T10:01:00.000Z' },
  verified: true,
  withdraw_threshold: 2000,
});
