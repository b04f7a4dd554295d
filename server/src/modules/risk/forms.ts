import { z } from 'zod';
import { RISK_WALLETS, rangeDay } from '../../../../shared/backoffice/risk-views';
import { toCents } from '../../../../src/api/contract/money';
import { ApiError } from '../../http/errors';
import type { ResultRange } from './rollups';

// What the risk desk's pages read from the path and the query and what its forms post: each route declares its schemas with these.

const DAY_MS = 86_400_000;
/**
 * The range's days as the page's form writes them, in the operator's order of day, month and year
 * ('19.11.2026'), or year first as links carry them ('2026-11-19'); `readRange` reads them in the
 * request's language.
 */
export const rangeSchema = z.object({ from: z.string().trim().max(20).optional(), to: z.string().trim().max(20).optional() });

/** Any range up to ten years; by default the last seven days (today included). */
export function readRange(query: z.infer<typeof rangeSchema>, language: string): ResultRange {
  const day = (field: 'from' | 'to', text: string | undefined) => {
    if (!text) return undefined;
    const iso = rangeDay(text, language);
    if (!iso) throw new ApiError('validation', { fields: { [field]: 'validation.invalid' } });
    return iso;
  };
  const to = day('to', query.to) ?? new Date().toISOString().slice(0, 10);
  const from = day('from', query.from) ?? new Date(Date.parse(`${to}T00:00:00Z`) - 6 * DAY_MS).toISOString().slice(0, 10);
  if (from > to || Date.parse(to) - Date.parse(from) > 3660 * DAY_MS) throw new ApiError('validation', { fields: { from: 'risk.error.range' } });
  return { from, to };
}
export const walletQuerySchema = z.object({ wallet: z.enum(RISK_WALLETS).default('main') });
export const pageSchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const account = z.string().trim().min(1).max(32);
export const accountParamsSchema = z.strictObject({ account });
/** The trader search: an account id, opened as the trader's page. */
export const accountQuerySchema = z.object({ account });
export const pairParamsSchema = z.strictObject({ pair: z.string().min(1).max(32) });
const reason = z.string().trim().min(1).max(500);
/** An amount typed by the operator, in dollars; empty lifts the limit. */
const optionalAmount = z
  .string()
  .trim()
  .max(20)
  .transform((v, ctx) => {
    if (v === '') return null;
    const cents = toCents(Number(v.replace(',', '.')));
    if (cents === null || !Number.isFinite(cents) || cents <= 0 || !/^\d+([.,]\d{1,2})?$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'risk.error.amount' });
      return z.NEVER;
    }
    return cents;
  });
export const payoutFormSchema = z.object({ _csrf: z.string(), payout: z.coerce.number().int().min(0).max(100), reason });
export const pairStateFormSchema = z.object({ _csrf: z.string(), action: z.enum(['suspend', 'resume']), reason });
export const houseLimitFormSchema = z.object({ _csrf: z.string(), limit: optionalAmount, reason });
export const signalsFormSchema = z.object({
  _csrf: z.string(),
  // Written with the operator's decimal separator, a comma or a point.
  false_alarm_rate: z.preprocess((v) => (typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v), z.number().gt(0).lt(0.5)),
  fast_bet_ms: z.coerce.number().int().min(1).max(5000),
  reason,
});
export const stakeLimitFormSchema = z.object({ _csrf: z.string(), account, max_stake: optionalAmount, reason });
export const suspensionFormSchema = z.discriminatedUnion('action', [
  z.object({ _csrf: z.string(), account, action: z.literal('suspend'), message: z.string().trim().min(1).max(300), reason }),
  z.object({ _csrf: z.string(), account, action: z.literal('resume'), reason }),
]);
