import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema';
import type { RealtimeBus } from '../realtime/bus';
import type { Bet } from '../../../src/api/contract/bets';
import type { Notification } from '../../../src/api/contract/envelope';
import { moveMoney, walletsOf } from '../modules/wallet/ledger';
import { selectBets, type BetRow } from '../modules/bets/repo';
import { toBet } from '../modules/bets/service';
import { createBetResultNotification } from '../modules/bets/result-notification';

/** Bets claimed per transaction. */
const BATCH = 200;

export interface SettledBet {
  userId: number;
  bet: Bet;
  notification: Notification;
}

/** What happens after a batch is committed: realtime messages and the result notification. */
export interface SettlementEffects {
  bus?: RealtimeBus;
  log?: FastifyBaseLogger;
}

type Outcome = { status: 'won' | 'lost' | 'refund'; returnedCents: number };

/**
 * `up` wins above the entry, `down` below; equal, or no tick inside the bet's life, refunds the
 * stake. A win returns the stake plus the locked payout, rounded down to the cent.
 */
export function outcomeOf(bet: Pick<BetRow, 'direction' | 'amount_cents' | 'payout_percent' | 'open_rate'>, exit: number | undefined): Outcome {
  if (exit === undefined || exit === bet.open_rate) return { status: 'refund', returnedCents: bet.amount_cents };
  const won = bet.direction === 'up' ? exit > bet.open_rate : exit < bet.open_rate;
  if (!won) return { status: 'lost', returnedCents: 0 };
  return { status: 'won', returnedCents: Math.floor((bet.amount_cents * (100 + bet.payout_percent)) / 100) };
}

/** The last tick of the pair from the bet's opening to its expiry, both included. */
async function exitTick(trx: Transaction<DB>, bet: BetRow) {
  return trx
    .selectFrom('ticks')
    .select(['id', 't', 'v'])
    .where('pair_id', '=', bet.pair_id)
    .where('t', '>=', bet.opened_at.getTime())
    .where('t', '<=', bet.expires_at.getTime())
    .orderBy('t', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function settleBatch(db: Kysely<DB>, now: number): Promise<SettledBet[]> {
  return db.transaction().execute(async (trx) => {
    // SKIP LOCKED: several settlers (nodes, or a settler and a restart) claim disjoint bets.
    const due = await selectBets(trx)
      .where('bets.status', '=', 'open')
      .where('bets.expires_at', '<=', new Date(now))
      .orderBy('bets.expires_at')
      .limit(BATCH)
      .forUpdate('bets')
      .skipLocked()
      .execute();
    const settled: SettledBet[] = [];
    for (const bet of due) {
      const exit = await exitTick(trx, bet);
      const { status, returnedCents } = outcomeOf(bet, exit?.v);
      const updated = await trx
        .updateTable('bets')
        .set({
          status,
          close_tick_id: exit?.id ?? null,
          close_tick_t: exit?.t ?? null,
          close_rate: exit?.v ?? null,
          closed_at: new Date(now),
          returned_cents: returnedCents,
        })
        .where('id', '=', bet.id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!updated) continue;
      if (returnedCents > 0) {
        await moveMoney(trx, {
          userId: bet.user_id,
          walletType: bet.wallet_type,
          kind: status === 'won' ? 'payout' : 'refund',
          amountCents: returnedCents,
          refType: 'bet',
          refId: bet.id,
        });
      }
      const result = toBet({ ...updated, symbol: bet.symbol });
      const notification = await createBetResultNotification(trx, bet.user_id, result);
      settled.push({ userId: bet.user_id, bet: result, notification });
    }
    return settled;
  });
}

/**
 * Settles every open bet that expired at or before `now`, each exactly once: the status changes
 * only from 'open' and the credit's ledger reference (kind + bet id) is unique. After each
 * committed batch, the owners get the bet and their wallets over the bus.
 */
export async function settleDue(db: Kysely<DB>, now: number, effects: SettlementEffects = {}): Promise<SettledBet[]> {
  const all: SettledBet[] = [];
  for (;;) {
    const batch = await settleBatch(db, now);
    all.push(...batch);
    if (effects.bus) await publish(db, effects.bus, batch);
    if (batch.length < BATCH) return all;
  }
}

async function publish(db: Kysely<DB>, bus: RealtimeBus, settled: SettledBet[]) {
  const users = new Set<number>();
  for (const { userId, bet, notification } of settled) {
    bus.toUser(userId, { type: 'bet', bet });
    bus.toUser(userId, { type: 'notification', notification });
    users.add(userId);
  }
  for (const userId of users) bus.toUser(userId, { type: 'wallets', wallets: await walletsOf(db, userId) });
}

/**
 * How long after expiry a bet waits before it is settled: ticks are stamped on the second and
 * stored within milliseconds, so by then the exit tick is in the record.
 */
export const SETTLE_GRACE_MS = 300;
/** The settler looks at least this often for new bets (placed since, or through other nodes). */
const IDLE_POLL_MS = 1000;

export interface SettlementScheduler {
  stop(): Promise<void>;
}

/**
 * Runs settlement at start (bets left open by a crash) and then continuously, waking at the next
 * expiry plus the grace, or at the idle poll, whichever is sooner.
 */
export function startSettlement(db: Kysely<DB>, effects: Required<SettlementEffects>): SettlementScheduler {
  let timer: NodeJS.Timeout | undefined;
  let wakeAt = Infinity;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const arm = (at: number) => {
    if (stopped || at >= wakeAt) return;
    clearTimeout(timer);
    wakeAt = at;
    timer = setTimeout(() => {
      wakeAt = Infinity;
      running = running.then(run);
    }, Math.max(0, at - Date.now()));
  };

  const run = async () => {
    if (stopped) return;
    try {
      await settleDue(db, Date.now() - SETTLE_GRACE_MS, effects);
      const next = await db
        .selectFrom('bets')
        .select((eb) => eb.fn.min('expires_at').as('at'))
        .where('status', '=', 'open')
        .executeTakeFirst();
      const nextExpiry = next?.at ? new Date(next.at).getTime() + SETTLE_GRACE_MS : Infinity;
      arm(Math.min(nextExpiry, Date.now() + IDLE_POLL_MS));
    } catch (error) {
      effects.log.error({ err: error }, 'settlement failed; retrying');
      arm(Date.now() + IDLE_POLL_MS);
    }
  };

  running = run();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
