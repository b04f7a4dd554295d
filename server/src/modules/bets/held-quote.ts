import type { Tick } from '../../../../src/api/contract/realtime';

/** The entry tick may be at most this old when the bet is accepted. */
const MAX_ENTRY_AGE_MS = 2000;
/** The tick the trader saw may be at most this much older than the entry tick. */
export const MAX_QUOTE_LAG_MS = 5000;

/**
 * The tick a trader acted on (a placement's rate_id, a sell-back's quote_id), when it still holds:
 * the pair's latest tick is at most MAX_ENTRY_AGE_MS old and the quoted one, of the same pair, at
 * most MAX_QUOTE_LAG_MS older than it. Null when the offer is stale or unknown.
 */
export function heldQuote(
  latest: Tick | undefined,
  quoted: (Tick & { pair_id: string }) | undefined,
  pairId: string,
  now: number,
): { latest: Tick; quoted: Tick } | null {
  if (!latest || now - latest.t > MAX_ENTRY_AGE_MS) return null;
  if (!quoted || quoted.pair_id !== pairId || latest.t - quoted.t > MAX_QUOTE_LAG_MS) return null;
  return { latest, quoted };
}
