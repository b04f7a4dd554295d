import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, LedgerKind } from '../../db/schema';
import { WALLET_TYPES, type WalletType } from '../../../../src/api/contract/envelope';
import { fromCents } from '../../../../src/api/contract/money';
import { ApiError } from '../../http/errors';

export interface Movement {
  userId: number;
  walletType: WalletType;
  kind: LedgerKind;
  /** Signed: negative debits, positive credits. */
  amountCents: number;
  /** What the movement belongs to ('bet', 'deposit', 'withdrawal', ...) and its id: together with
   *  `kind` they make the movement happen at most once. */
  refType: string;
  refId: string | number;
}

/**
 * The only way a balance changes. Writes the ledger row and moves the balance in the caller's
 * transaction. A debit is `balance = balance - x WHERE balance >= x`: when the balance is short it
 * throws `insufficient_funds` and the caller's transaction rolls back the row. A movement already
 * made (same kind and reference) changes nothing and answers 'duplicate'.
 */
export async function moveMoney(trx: Transaction<DB>, m: Movement): Promise<'applied' | 'duplicate'> {
  if (!Number.isSafeInteger(m.amountCents)) throw new Error(`bad amount ${m.amountCents}`);
  const inserted = await trx
    .insertInto('ledger_entries')
    .values({
      user_id: m.userId,
      wallet_type: m.walletType,
      kind: m.kind,
      amount_cents: m.amountCents,
      ref_type: m.refType,
      ref_id: String(m.refId),
    })
    .onConflict((oc) => oc.constraint('ledger_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return 'duplicate';
  const updated = await trx
    .updateTable('wallets')
    .set({ balance_cents: sql`balance_cents + ${m.amountCents}` })
    .where('user_id', '=', m.userId)
    .where('wallet_type', '=', m.walletType)
    .where('balance_cents', '>=', Math.max(0, -m.amountCents))
    .returning('balance_cents')
    .executeTakeFirst();
  if (!updated) throw new ApiError('insufficient_funds');
  return 'applied';
}

/** Sets a wallet to an exact balance through one ledger row (demo reset, tournament start). */
export async function setBalance(
  trx: Transaction<DB>,
  m: Omit<Movement, 'amountCents'> & { balanceCents: number },
): Promise<'applied' | 'duplicate'> {
  const wallet = await trx
    .selectFrom('wallets')
    .select('balance_cents')
    .where('user_id', '=', m.userId)
    .where('wallet_type', '=', m.walletType)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const { balanceCents, ...rest } = m;
  return moveMoney(trx, { ...rest, amountCents: balanceCents - wallet.balance_cents });
}

/** The user's wallets as the envelope carries them. */
export async function walletsOf(db: Transaction<DB> | Kysely<DB>, userId: number): Promise<WalletBalance[]> {
  return (await walletsOfUsers(db, [userId])).get(userId)!;
}

/**
 * Many credits at once, each at most once, in the caller's transaction (moveManyOnce). Credits
 * only: a wallet never falls short of one. Answers how many movements were applied; the others
 * were duplicates.
 */
export async function creditOnce(trx: Transaction<DB>, credits: Movement[]): Promise<number> {
  for (const m of credits) {
    if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) throw new Error(`bad credit ${m.amountCents}`);
  }
  return moveManyOnce(trx, credits);
}

/**
 * Many movements at once, each at most once, in the caller's transaction: one INSERT writes the
 * ledger rows not made before (same kind and reference are skipped), and the same statement adds
 * to each wallet the sum of the rows it actually inserted, locking the wallets in key order so
 * that concurrent batches cannot deadlock. A wallet whose sum would take it below zero is not
 * moved and the whole call throws `insufficient_funds` (the caller's transaction rolls back its
 * rows), as moveMoney does for one debit. Answers how many movements were applied.
 */
export async function moveManyOnce(trx: Transaction<DB>, movements: Movement[]): Promise<number> {
  if (movements.length === 0) return 0;
  for (const m of movements) {
    if (!Number.isSafeInteger(m.amountCents) || m.amountCents === 0) throw new Error(`bad amount ${m.amountCents}`);
  }
  const column = <T>(pick: (m: Movement) => T) => movements.map(pick);
  const result = await sql<{ applied: number; wallets: number; moved: number; existing: number }>`
    with inserted as (
      insert into ledger_entries (user_id, wallet_type, kind, amount_cents, ref_type, ref_id)
      select * from unnest(
        ${column((m) => m.userId)}::bigint[], ${column((m) => m.walletType)}::text[], ${column((m) => m.kind)}::text[],
        ${column((m) => m.amountCents)}::bigint[], ${column((m) => m.refType)}::text[], ${column((m) => String(m.refId))}::text[]
      ) as m (user_id, wallet_type, kind, amount_cents, ref_type, ref_id)
      on conflict on constraint ledger_once do nothing
      returning user_id, wallet_type, amount_cents
    ),
    sums as (
      select user_id, wallet_type, sum(amount_cents) as cents, count(*) as movements
      from inserted group by user_id, wallet_type
    ),
    locked as (
      select w.user_id, w.wallet_type, s.cents
      from wallets w join sums s on s.user_id = w.user_id and s.wallet_type = w.wallet_type
      order by w.user_id, w.wallet_type
      for update of w
    ),
    moved as (
      update wallets w set balance_cents = w.balance_cents + l.cents
      from locked l where w.user_id = l.user_id and w.wallet_type = l.wallet_type and w.balance_cents + l.cents >= 0
      returning w.user_id
    )
    select
      (select coalesce(sum(movements), 0) from sums) as applied,
      (select count(*) from sums) as wallets,
      (select count(*) from moved) as moved,
      (select count(*) from locked) as existing`.execute(trx);
  const { applied, wallets, moved, existing } = result.rows[0]!;
  // A movement to a wallet that does not exist would leave a ledger row without its balance.
  if (Number(existing) !== Number(wallets)) throw new Error('a moved wallet does not exist');
  if (Number(moved) !== Number(wallets)) throw new ApiError('insufficient_funds');
  return Number(applied);
}

/** Every wallet of these users with its balance, locked in key order (as moveManyOnce and settlement lock them). */
export async function lockWalletsOf(trx: Transaction<DB>, userIds: number[]) {
  return trx
    .selectFrom('wallets')
    .select(['user_id', 'wallet_type', 'balance_cents'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('wallet_type')
    .forUpdate()
    .execute();
}

export type WalletBalance = { wallet_type: WalletType; amount: number };

/** Wallet rows as the envelope carries them: in the contract's order (main, demo, tournament), in USD. */
export function toWalletBalances(rows: readonly { wallet_type: WalletType; balance_cents: number }[]): WalletBalance[] {
  return [...rows]
    .sort((a, b) => WALLET_TYPES.indexOf(a.wallet_type) - WALLET_TYPES.indexOf(b.wallet_type))
    .map((r) => ({ wallet_type: r.wallet_type, amount: fromCents(r.balance_cents) }));
}

/** Several users' wallets as the envelope carries them, by user. */
export async function walletsOfUsers(db: Transaction<DB> | Kysely<DB>, userIds: number[]): Promise<Map<number, WalletBalance[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('wallets').select(['user_id', 'wallet_type', 'balance_cents']).where('user_id', 'in', userIds).execute();
  return new Map(userIds.map((id) => [id, toWalletBalances(rows.filter((r) => r.user_id === id))]));
}
