import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, LedgerKind } from '../../db/schema';
import type { WalletType } from '../../../../src/api/contract/envelope';
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
export async function walletsOf(db: Transaction<DB> | Kysely<DB>, userId: number) {
  const rows = await db
    .selectFrom('wallets')
    .select(['wallet_type', 'balance_cents'])
    .where('user_id', '=', userId)
    .orderBy(sql`array_position(array['main','demo','tournament'], wallet_type)`)
    .execute();
  return rows.map((r) => ({ wallet_type: r.wallet_type, amount: r.balance_cents / 100 }));
}
