import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hashPassword } from './passwords';
import { createAccount } from './service';

export const DEMO_EMAIL = 'demo@example.com';

/** The demo password: DEMO_PASSWORD, else one generated at first start and kept in the data dir. */
function demoPassword(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'demo-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  // Readable and far from any common-password list: 'demo-' and 12 random hex digits.
  const password = `demo-${randomBytes(6).toString('hex')}`;
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * A trader account to try the platform with, created once (with its three wallets) and kept
 * afterwards; its password is set to the kept one at each start so the printed line is true.
 */
export async function ensureDemoAccount(db: Kysely<DB>, dataDir: string, env = process.env): Promise<{ email: string; password: string }> {
  const password = demoPassword(dataDir, env.DEMO_PASSWORD);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
    if (existing) {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', existing.id).execute();
      return;
    }
    const user = await createAccount(trx, { email: DEMO_EMAIL, passwordHash, locale: 'ru' });
    await trx.updateTable('users').set({ email_confirmed_at: new Date(), first_name: 'Demo', last_name: 'Trader' }).where('id', '=', user.id).execute();
  });
  return { email: DEMO_EMAIL, password };
}
