import { z } from 'zod';
import { moneySchema } from './money';
import { isTimeZoneName } from './user';

/**
 * Responsible trading (issue 18): the trader's own limits, the reality check and self-exclusion.
 * Money limits count the main wallet only (the demo and tournament wallets hold no money of the
 * trader's); the periods are rolling: a day is the last 24 hours, a week the last 7 days, a month
 * the last 30 days.
 */
export const MONEY_LIMITS = [
  'stake',
  'loss_day', 'loss_week', 'loss_month',
  'turnover_day', 'turnover_week', 'turnover_month',
  'deposit_day', 'deposit_week', 'deposit_month',
] as const;
export const LIMIT_NAMES = [...MONEY_LIMITS, 'session_minutes'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];
export type MoneyLimitName = (typeof MONEY_LIMITS)[number];
export const isMoneyLimit = (name: LimitName): name is MoneyLimitName => name !== 'session_minutes';

/** Raising or removing a limit applies after this cooling-off; lowering applies at once. */
export const LIMIT_COOLING_OFF_MS = 24 * 3600 * 1000;
const REALITY_CHECK_MIN = 10;
const REALITY_CHECK_MAX = 120;
export const SESSION_MINUTES_MAX = 24 * 60;

const limitSchema = z.object({
  name: z.enum(LIMIT_NAMES),
  /** USD for money limits, minutes for session_minutes; null: no limit. */
  value: z.number().nullable(),
  /** A raise or removal waiting for its cooling-off. */
  pending: z.object({ value: z.number().nullable(), applies_at: z.string() }).nullable(),
});

const EXCLUSION_KINDS = ['timeout_24h', 'timeout_7d', 'timeout_6w', 'until_date', 'rest_of_day'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

const exclusionSchema = z.object({ kind: z.enum(EXCLUSION_KINDS), until: z.string() });
export type Exclusion = z.infer<typeof exclusionSchema>;

/** GET /api/limits and the answer of every change. */
export const limitsPayloadSchema = z.object({
  limits: z.array(limitSchema),
  reality_check_minutes: z.number().int().nullable(),
  exclusion: exclusionSchema.nullable(),
});
export type LimitsPayload = z.infer<typeof limitsPayloadSchema>;

const moneyLimit = moneySchema.nullable().optional();

/** POST /api/limits: the limits to change (null removes one) and the reality check's period. */
export const limitsUpdateSchema = z.strictObject({
  limits: z
    .strictObject({
      stake: moneyLimit,
      loss_day: moneyLimit,
      loss_week: moneyLimit,
      loss_month: moneyLimit,
      turnover_day: moneyLimit,
      turnover_week: moneyLimit,
      turnover_month: moneyLimit,
      deposit_day: moneyLimit,
      deposit_week: moneyLimit,
      deposit_month: moneyLimit,
      session_minutes: z
        .number({ error: 'validation.invalid' })
        .int({ error: 'validation.invalid' })
        .min(1, { error: 'validation.invalid' })
        .max(SESSION_MINUTES_MAX, { error: 'validation.invalid' })
        .nullable()
        .optional(),
    })
    .optional(),
  reality_check_minutes: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.reality_range' })
    .min(REALITY_CHECK_MIN, { error: 'validation.reality_range' })
    .max(REALITY_CHECK_MAX, { error: 'validation.reality_range' })
    .nullable()
    .optional(),
});
export type LimitsUpdate = z.infer<typeof limitsUpdateSchema>;

/** The shortest exclusion until a date. */
export const MIN_EXCLUSION_MONTHS = 6;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/limits/exclusion: a time-out or an exclusion until a date (YYYY-MM-DD, the end of that UTC day). */
export const exclusionRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['timeout_24h', 'timeout_7d', 'timeout_6w']) }),
  z.strictObject({ kind: z.literal('until_date'), until: z.string().regex(DATE, { error: 'validation.date' }) }),
]);
export type ExclusionRequest = z.infer<typeof exclusionRequestSchema>;

/** POST /api/limits/stop-today: an empty object. */
export const stopTodayRequestSchema = z.strictObject({});

/** GET /api/limits/session: the current sign-in session's trading, for the reality check. */
export const sessionSummarySchema = z.object({
  started_at: z.string(),
  bets: z.number().int(),
  /** Returned minus staked on the bets of this session that are settled, main wallet (USD). */
  net: z.number(),
  reality_check_minutes: z.number().int().nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

const STATEMENT_KINDS = ['finance', 'bets'] as const;
const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
/** The longest range one statement covers. */
const STATEMENT_MAX_DAYS = 366;

/**
 * GET /api/statement: a statement of the main wallet over whole days, `to` inclusive, in the
 * trader's time zone: the stored one, else `time_zone` (the device's, which the app sends when
 * none is stored), else UTC.
 */
export const statementQuerySchema = z
  .strictObject({
    kind: z.enum(STATEMENT_KINDS),
    format: z.enum(STATEMENT_FORMATS),
    from: z.string().regex(DATE, { error: 'validation.date' }),
    to: z.string().regex(DATE, { error: 'validation.date' }),
    time_zone: z.string().refine(isTimeZoneName, { error: 'validation.time_zone' }).optional(),
  })
  .refine((q) => !Number.isNaN(Date.parse(q.from)) && !Number.isNaN(Date.parse(q.to)) && q.from <= q.to, { error: 'validation.statement_range', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= STATEMENT_MAX_DAYS * 86_400_000, { error: 'validation.statement_range', path: ['to'] });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** The address of a statement's download (without `time_zone` when none is given). */
export function statementUrl({ time_zone, ...rest }: StatementQuery): string {
  return `/api/statement?${new URLSearchParams(time_zone ? { ...rest, time_zone } : rest).toString()}`;
}

/** Verification (KYC): an identity document and a proof of address, each reviewed by an operator. */
export const KYC_KINDS = ['identity', 'address'] as const;
export type KycKind = (typeof KYC_KINDS)[number];

export const kycDocumentSchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected']),
  /** The operator's reason for a rejection. */
  reason: z.string().nullable(),
  uploaded_at: z.string(),
});

/** GET /api/kyc and the answer of an upload: the latest document of each kind and whether the account is verified. */
export const kycStatusSchema = z.object({
  identity: kycDocumentSchema.nullable(),
  address: kycDocumentSchema.nullable(),
  verified: z.boolean(),
  /** The total of withdrawals (USD) above which a verified account is required. */
  withdraw_threshold: z.number(),
});
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** POST /api/kyc (multipart): which document `file0` is. */
export const kycUploadFieldsSchema = z.strictObject({ kind: z.enum(KYC_KINDS) });
