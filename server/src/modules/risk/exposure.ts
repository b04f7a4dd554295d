import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { WalletType } from '../../../../src/api/contract/envelope';
import { MONEY_WALLET } from './placement';
import { riskSettings } from './settings';

type Db = Kysely<DB> | Transaction<DB>;

/** Expiry buckets of the exposure table: time left until the bets expire, seconds (upper bounds). */
const EXPIRY_BUCKETS = [60, 300, 900, 3600, Infinity] as const;

interface ExposureRow {
  pair_id: string;
  symbol: string;
  direction: 'up' | 'down';
  /** The bucket's upper bound in seconds as text, or 'later'. */
  bucket: string;
  bets: number;
  stakes_cents: number;
  /** What goes back to the traders if every bet of the row wins. */
  pays_if_all_win_cents: number;
  /** What goes back if the pair's current price holds until expiry (equal price: the stake back). */
  pays_if_price_holds_cents: number;
}

export interface Exposure {
  wallet: WalletType;
  rows: ExposureRow[];
  stakes_cents: number;
  pays_if_all_win_cents: number;
  pays_if_price_holds_cents: number;
  /** What the house loses beyond the stakes if every open bet wins (both directions of a pair can win when their entries differ). */
  worst_case_cents: number;
  house_limit_cents: number | null;
}

const bucketCase = sql.raw(
  `case ${EXPIRY_BUCKETS.filter((b) => b !== Infinity)
    .map((b) => `when b.expires_at <= now() + interval '${b} seconds' then '${b}'`)
    .join(' ')} else 'later' end`,
);

/** The open bets of one wallet type by pair, direction and expiry bucket, against each pair's latest tick. */
export async function exposure(db: Db, wallet: WalletType = MONEY_WALLET): Promise<Exposure> {
  const result = await sql<ExposureRow>`
    with open_bets as (select * from bets b where b.status = 'open' and b.wallet_type = ${wallet}),
    latest as (
      select p.id as pair_id, p.symbol, l.v from pairs p
      cross join lateral (select v from ticks where ticks.pair_id = p.id order by t desc, id desc limit 1) l
      where p.id in (select distinct pair_id from open_bets)
    )
    select b.pair_id, coalesce(l.symbol, b.pair_id) as symbol, b.direction, ${bucketCase} as bucket,
      count(*)::int as bets,
      sum(b.amount_cents)::bigint as stakes_cents,
      sum((b.amount_cents * (100 + b.payout_percent)) / 100)::bigint as pays_if_all_win_cents,
      sum(case
        when l.v is null or l.v = b.open_rate then b.amount_cents
        when (b.direction = 'up') = (l.v > b.open_rate) then (b.amount_cents * (100 + b.payout_percent)) / 100
        else 0 end)::bigint as pays_if_price_holds_cents
    from open_bets b left join latest l on l.pair_id = b.pair_id
    group by 1, 2, 3, 4 order by 1, 3, 4`.execute(db);
  const rows = result.rows.map((r) => ({
    ...r,
    bets: Number(r.bets),
    stakes_cents: Number(r.stakes_cents),
    pays_if_all_win_cents: Number(r.pays_if_all_win_cents),
    pays_if_price_holds_cents: Number(r.pays_if_price_holds_cents),
  }));
  const sum = (key: 'stakes_cents' | 'pays_if_all_win_cents' | 'pays_if_price_holds_cents') => rows.reduce((s, r) => s + r[key], 0);
  const settings = await riskSettings(db);
  return {
    wallet,
    rows,
    stakes_cents: sum('stakes_cents'),
    pays_if_all_win_cents: sum('pays_if_all_win_cents'),
    pays_if_price_holds_cents: sum('pays_if_price_holds_cents'),
    worst_case_cents: sum('pays_if_all_win_cents') - sum('stakes_cents'),
    house_limit_cents: settings.house_limit_cents,
  };
}

/**
 * The worst case over the last `minutes`, one point a minute: at each instant, the winnings of the
 * bets open then (opened before, not yet closed). Read from the bets themselves, so the history
 * needs no sampler and is the same on every node.
 */
export async function exposureHistory(db: Db, wallet: WalletType, now = Date.now(), minutes = 60): Promise<{ t: number; worst_case_cents: number }[]> {
  const since = new Date(now - minutes * 60_000);
  const result = await sql<{ t: Date; worst: number }>`
    with candidates as (
      select opened_at, closed_at, amount_cents, payout_percent from bets where status = 'open' and wallet_type = ${wallet}
      union all
      select opened_at, closed_at, amount_cents, payout_percent from bets where status <> 'open' and closed_at > ${since} and wallet_type = ${wallet}
    )
    select g.t, coalesce(sum((c.amount_cents * (100 + c.payout_percent)) / 100 - c.amount_cents), 0)::bigint as worst
    from generate_series(${since}::timestamptz, ${new Date(now)}::timestamptz, interval '1 minute') as g (t)
    left join candidates c on c.opened_at <= g.t and (c.closed_at is null or c.closed_at > g.t)
    group by g.t order by g.t`.execute(db);
  return result.rows.map((r) => ({ t: new Date(r.t).getTime(), worst_case_cents: Number(r.worst) }));
}
