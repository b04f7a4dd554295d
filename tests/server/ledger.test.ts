import { describe, expect, test } from 'vitest';
import { signUp, useTestServer as testServer } from './harness';
import { balanceCents, ledgerSumCents } from './trading-support';
import { creditOnce, type Movement } from '../../server/src/modules/wallet/ledger';

const server = testServer();
const db = () => server.database.db;
const credit = (credits: Movement[]) => db().transaction().execute((trx) => creditOnce(trx, credits));

describe('creditOnce', () => {
  test('credits many wallets in one statement, each movement once, even when repeated in the batch or later', async () => {
    const a = await signUp(server.app);
    const b = await signUp(server.app);
    const win = (userId: number, refId: number, amountCents: number): Movement => ({
      userId, walletType: 'demo', kind: 'payout', amountCents, refType: 'bet', refId,
    });
    expect(await credit([win(a.userId, 1, 150), win(b.userId, 2, 75), win(a.userId, 3, 25), win(a.userId, 1, 150)])).toBe(3);
    expect(await balanceCents(db(), a.userId)).toBe(1_000_000 + 175);
    expect(await balanceCents(db(), b.userId)).toBe(1_000_000 + 75);

    // A retry of the whole batch, plus one new credit: only the new one is applied.
    expect(await credit([win(a.userId, 1, 150), win(b.userId, 2, 75), win(b.userId, 4, 10)])).toBe(1);
    expect(await balanceCents(db(), a.userId)).toBe(1_000_000 + 175);
    expect(await balanceCents(db(), b.userId)).toBe(1_000_000 + 85);
    for (const user of [a, b]) expect(await ledgerSumCents(db(), user.userId)).toBe(await balanceCents(db(), user.userId));
  });

  test('refuses a debit, a fraction of a cent or an unknown account, and the transaction writes nothing', async () => {
    const a = await signUp(server.app);
    const movement: Movement = { userId: a.userId, walletType: 'demo', kind: 'refund', amountCents: 100, refType: 'bet', refId: 7 };
    await expect(credit([{ ...movement, amountCents: -100 }])).rejects.toThrow(/bad credit/);
    await expect(credit([{ ...movement, amountCents: 0.5 }])).rejects.toThrow(/bad credit/);
    // The first credit is valid; the second names no account (the ledger's foreign key refuses it).
    await expect(credit([movement, { ...movement, userId: 999_999, refId: 8 }])).rejects.toThrow();
    expect(await balanceCents(db(), a.userId)).toBe(1_000_000);
    expect(await db().selectFrom('ledger_entries').select('id').where('ref_type', '=', 'bet').execute()).toEqual([]);
    expect(await credit([])).toBe(0);
  });
});
