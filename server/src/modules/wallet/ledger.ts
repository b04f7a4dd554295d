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
 * Many credits at once, each at most once, in the caller's transaction: one INSERT writes the
 * ledger rows not made before (same kind and reference are skipped), and the same statement adds
 * to each wallet the sum of the rows it actually inserted, locking the wallets in key order so
 * that concurrent batches cannot deadlock. Credits only: a debit needs moveMoney's guard. Answers
 * how many movements were applied; the others were duplicates.
 */
export async function creditOnce(trx: Transaction<DB>, credits: Movement[]): Promise<number> {
  if (credits.length === 0) return 0;
  for (const m of credits) {
    if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) throw new Error(`bad credit ${m.amountCents}`);
  }
  const rows = credits.map(
    (m) => sql`(${m.userId}::bigint, ${m.walletType}::text, ${m.kind}::text, ${m.amountCents}::bigint, ${m.refType}::text, ${String(m.refId)}::text)`,
  );
  const result = await sql<{ applied: number; wallets: number; credited: number }>`
    with inserted as (
      insert into ledger_entries (user_id, wallet_type, kind, amount_cents, ref_type, ref_id)
      select * from (values ${sql.join(rows)}) as m (user_id, wallet_type, kind, amount_cents, ref_type, ref_id)
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
    credited as (
      update wallets w set balance_cents = w.balance_cents + l.cents
      from locked l where w.user_id = l.user_id and w.wallet_type = l.wallet_type
      returning w.user_id
    )
    select
      (select coalesce(sum(movements), 0) from sums) as applied,
      (select count(*) from sums) as wallets,
      (select count(*) from credited) as credited`.execute(trx);
  const { applied, wallets, credited } = result.rows[0]!;
  // A credit to a wallet that does not exist would leave a ledger row without its balance.
  if (Number(credited) !== Number(wallets)) throw new Error('a credited wallet does not exist');
  return Number(applied);
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
