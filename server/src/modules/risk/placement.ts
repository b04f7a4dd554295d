import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { fromCents } from '../../../../src/api/contract/money';
import type { WalletType } from '../../../../src/api/contract/envelope';

/**
 * The risk desk's controls as a group of placements sees them, read in the group's own
 * transaction. With a house limit, the settings row is locked FOR UPDATE, so the groups
 * that could cross the limit commit one after the other (on PostgreSQL's pool as on PGlite's one
 * connection) and each one reads the worst case its predecessors committed: the limit holds under
 * any number of concurrent placements.
 */
export interface PlacementRisk {
  controls: Map<number, { maxStakeCents: number | null; suspendedReason: string | null }>;
  houseLimitCents: number | null;
  /** What the house pays beyond the stakes if every open real-money bet wins, moved as the group accepts bets. */
  worstCaseCents: number;
}

/** What a winning bet costs the house beyond its stake: the payout locked at placement, rounded down as settlement does. */
export const winningsCents = (amountCents: number, payoutPercent: number) =>
  Math.floor((amountCents * (100 + payoutPercent)) / 100) - amountCents;

/** The wallet whose bets are the house's money (demo is play money; tournament chips pay fixed prizes). */
export const MONEY_WALLET: WalletType = 'main';

/** The worst case of the open real-money bets, cents: SQL of `winningsCents` summed. */
const worstCaseSql = sql<number>`coalesce(sum((amount_cents * (100 + payout_percent)) / 100 - amount_cents), 0)`;

export async function placementRisk(trx: Transaction<DB>, userIds: number[], walletTypes: ReadonlySet<WalletType>): Promise<PlacementRisk> {
  const controls = await trx
    .selectFrom('trader_controls')
    .select(['user_id', 'max_stake_cents', 'suspended_reason'])
    .where('user_id', 'in', userIds)
    .execute();
  const risk: PlacementRisk = {
    controls: new Map(controls.map((c) => [Number(c.user_id), { maxStakeCents: c.max_stake_cents === null ? null : Number(c.max_stake_cents), suspendedReason: c.suspended_reason }])),
    houseLimitCents: null,
    worstCaseCents: 0,
  };
  if (!walletTypes.has(MONEY_WALLET)) return risk;
  // Without a limit nothing is locked, so real-money groups are not serialized for nothing; with
  // one, the row is locked and read again (a change committed meanwhile is the one that counts).
  const unlocked = await trx.selectFrom('risk_settings').select('house_limit_cents').where('id', '=', 1).executeTakeFirst();
  if (unlocked?.house_limit_cents === null || unlocked?.house_limit_cents === undefined) return risk;
  const settings = await trx.selectFrom('risk_settings').select('house_limit_cents').where('id', '=', 1).forUpdate().executeTakeFirst();
  if (settings?.house_limit_cents === null || settings?.house_limit_cents === undefined) return risk;
  risk.houseLimitCents = Number(settings.house_limit_cents);
  const open = await trx
    .selectFrom('bets')
    .select(worstCaseSql.as('worst'))
    .where('status', '=', 'open')
    .where('wallet_type', '=', MONEY_WALLET)
    .executeTakeFirstOrThrow();
  risk.worstCaseCents = Number(open.worst);
  return risk;
}

/** A suspended account, or a stake over the trader's own limit: refused before anything else is read. */
export function checkTrader(risk: PlacementRisk, userId: number, walletType: WalletType, amountCents: number): void {
  const control = risk.controls.get(userId);
  if (!control) return;
  if (control.suspendedReason !== null) {
    throw new ApiError('forbidden', { message: { key: 'risk.refusal.suspended', params: { reason: control.suspendedReason } } });
  }
  if (walletType === MONEY_WALLET && control.maxStakeCents !== null && amountCents > control.maxStakeCents) {
    throw new ApiError('validation', { fields: { amount: { key: 'risk.refusal.stake_limit', params: { max: fromCents(control.maxStakeCents) } } } });
  }
}

/**
 * The house limit: a real-money bet whose winnings would take the worst case beyond the limit is
 * refused; an accepted one is counted, so the next placement of the group sees it. Called last,
 * once every other rule accepted the bet, so only a bet that would really be placed counts.
 */
export function takeHouseRoom(risk: PlacementRisk, walletType: WalletType, amountCents: number, payoutPercent: number): void {
  if (walletType !== MONEY_WALLET || risk.houseLimitCents === null) return;
  const after = risk.worstCaseCents + winningsCents(amountCents, payoutPercent);
  if (after > risk.houseLimitCents) throw new ApiError('forbidden', { message: 'risk.refusal.house_limit' });
  risk.worstCaseCents = after;
}
