import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestServer } from './harness';
import { XHR } from './harness';
import { moveMoney } from '../../server/src/modules/wallet/ledger';
import { ledgerSumCents } from './trading-support';
import { createProviders } from '../../server/src/modules/payments/providers/registry';

export interface Trader {
  id: number;
  accountId: string;
  /** Headers of the web app for this trader's session. */
  headers: Record<string, string>;
}

let counter = 0;

/**
 * A signed-in account made straight in the database, as registration makes it: the three
 * wallets (demo 10000.00 through the ledger) and a session whose id only the cookie holds.
 */
export async function createTrader(
  server: TestServer,
  options: { role?: 'trader' | 'operator'; locale?: 'ru' | 'en'; mainCents?: number } = {},
): Promise<Trader> {
  const { db } = server.database;
  counter += 1;
  const sid = randomBytes(32).toString('base64url');
  const user = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        email: `trader${counter}-${randomBytes(3).toString('hex')}@example.com`,
        password_hash: 'not-a-password',
        account_id: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
        role: options.role ?? 'trader',
        locale: options.locale ?? 'en',
      })
      .returning(['id', 'account_id'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('wallets')
      .values([
        { user_id: row.id, wallet_type: 'main' },
        { user_id: row.id, wallet_type: 'demo' },
        { user_id: row.id, wallet_type: 'tournament' },
      ])
      .execute();
    await moveMoney(trx, { userId: row.id, walletType: 'demo', kind: 'demo_initial', amountCents: 1_000_000, refType: 'user', refId: row.id });
    if (options.mainCents) {
      await moveMoney(trx, { userId: row.id, walletType: 'main', kind: 'deposit', amountCents: options.mainCents, refType: 'fixture', refId: row.id });
    }
    await trx
      .insertInto('sessions')
      .values({
        id_hash: createHash('sha256').update(sid).digest('hex'),
        user_id: row.id,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    return row;
  });
  return { id: user.id, accountId: user.account_id, headers: { ...XHR, cookie: `sid=${sid}` } };
}

export async function balanceCents(server: TestServer, userId: number, walletType: 'main' | 'demo' | 'tournament' = 'main') {
  const row = await server.database.db
    .selectFrom('wallets')
    .select('balance_cents')
    .where('user_id', '=', userId)
    .where('wallet_type', '=', walletType)
    .executeTakeFirstOrThrow();
  return row.balance_cents;
}

/** Every wallet equals the sum of its ledger rows and none is negative. */
export async function expectLedgerConsistent(server: TestServer): Promise<void> {
  const { db } = server.database;
  const wallets = await db.selectFrom('wallets').select(['user_id', 'wallet_type', 'balance_cents']).execute();
  for (const w of wallets) {
    const sum = await ledgerSumCents(db, w.user_id, w.wallet_type);
    if (sum !== w.balance_cents) throw new Error(`wallet ${w.user_id}/${w.wallet_type}: balance ${w.balance_cents} != ledger ${sum}`);
    if (w.balance_cents < 0) throw new Error(`wallet ${w.user_id}/${w.wallet_type} is negative`);
  }
}

export async function ledgerRows(server: TestServer, kind: string, refType: string, refId: number | string) {
  return server.database.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('kind', '=', kind as 'deposit')
    .where('ref_type', '=', refType)
    .where('ref_id', '=', String(refId))
    .execute();
}

/** The sandbox's own signature over a webhook body, as its checkout sends it. */
export function signWebhook(server: TestServer, body: string): string {
  return createProviders(server.config.sessionSecret).sandbox.sign(body);
}

/** The checkout page's token for a payment (the form carries it). */
export async function checkoutTokenOf(server: TestServer, publicId: string): Promise<string> {
  const row = await sql<{ checkout_token: string }>`
    select checkout_token from deposits where public_id = ${publicId}
    union all select checkout_token from purchases where public_id = ${publicId}`.execute(server.database.db);
  const token = row.rows[0]?.checkout_token;
  if (!token) throw new Error('no such payment');
  return token;
}

export const publicIdOf = (redirectUrl: string) => redirectUrl.split('/').pop() ?? '';

/** Approves or declines on the sandbox checkout page, as the trader's browser does. */
export async function decide(server: TestServer, redirectUrl: string, decision: 'approve' | 'decline', token?: string) {
  const publicId = publicIdOf(redirectUrl);
  return server.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${publicId}/${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: token ?? (await checkoutTokenOf(server, publicId)) }).toString(),
  });
}

/** A multipart body of text fields, as the web app's FormData sends it. */
export function multipart(fields: Record<string, string>) {
  const boundary = `----money${randomBytes(8).toString('hex')}`;
  const body = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('') + `--${boundary}--\r\n`;
  return { payload: body, contentType: `multipart/form-data; boundary=${boundary}` };
}
