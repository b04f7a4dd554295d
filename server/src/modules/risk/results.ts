import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Locale } from '../../../../src/api/contract/envelope';
import type { LocalizedTexts } from '../../db/schema';
import { tournamentName } from '../tournaments/service';
import { MONEY_WALLET } from './placement';
import { riskSettings } from './settings';
import { addDays, pairDays, startOfDay, type PairDay, type ResultRange } from './rollups';

export interface ResultLine {
  key: string;
  bets: number;
  stakes_cents: number;
  returned_cents: number;
  /** Stakes minus returns: the house's profit (negative: a loss). */
  house_cents: number;
}

function sumLines(rows: readonly PairDay[], keyOf: (row: PairDay) => string): ResultLine[] {
  const lines = new Map<string, ResultLine>();
  for (const row of rows) {
    const key = keyOf(row);
    const line = lines.get(key) ?? { key, bets: 0, stakes_cents: 0, returned_cents: 0, house_cents: 0 };
    line.bets += row.bets;
    line.stakes_cents += row.stakes_cents;
    line.returned_cents += row.returned_cents;
    line.house_cents = line.stakes_cents - line.returned_cents;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The house's result over settled bets closed in the range: real money (main) by day and by pair
 * (named by its symbol), every wallet type side by side (demo and tournament chips apart from the
 * money), and each tournament's entry fees against its prizes (the money a tournament moves), the
 * tournament named in the reader's language.
 */
export async function results(db: Kysely<DB>, range: ResultRange, locale: Locale, now = Date.now()) {
  const { start, end } = { start: startOfDay(range.from), end: startOfDay(addDays(range.to, 1)) };
  const settings = await riskSettings(db);
  const [days, pairs, byTournament] = await Promise.all([
    pairDays(db, range, settings.fast_bet_ms, now),
    db.selectFrom('pairs').select(['id', 'symbol']).execute(),
    sql<{ key: string; name: string; names: LocalizedTexts | null; entries: number; fees_cents: number; prizes_cents: number }>`
      select t.id::text as key, t.name, t.names, count(e.id)::int as entries,
        (count(e.id) * t.entry_fee_cents)::bigint as fees_cents,
        coalesce((select sum(l.amount_cents) from ledger_entries l join tournament_entries pe on l.ref_type = 'tournament_entry' and l.ref_id = pe.id::text
          where l.kind = 'prize' and pe.tournament_id = t.id), 0)::bigint as prizes_cents
      from tournaments t left join tournament_entries e on e.tournament_id = t.id
      where t.ends_at >= ${start} and t.starts_at < ${end}
      group by t.id order by t.starts_at`.execute(db),
  ]);
  const money = days.filter((d) => d.wallet_type === MONEY_WALLET);
  const byDay = sumLines(money, (d) => d.day);
  const symbols = new Map(pairs.map((p) => [p.id, p.symbol]));
  return {
    range,
    byDay,
    byPair: sumLines(money, (d) => symbols.get(d.pair_id) ?? d.pair_id),
    byWallet: sumLines(days, (d) => d.wallet_type),
    byTournament: byTournament.rows.map((r) => ({
      key: r.key,
      name: tournamentName(r, locale),
      entries: Number(r.entries),
      fees_cents: Number(r.fees_cents),
      prizes_cents: Number(r.prizes_cents),
      house_cents: Number(r.fees_cents) - Number(r.prizes_cents),
    })),
    /** Real money only: demo and tournament chips are no one's money. */
    total_house_cents: byDay.reduce((s, r) => s + r.house_cents, 0),
  };
}
