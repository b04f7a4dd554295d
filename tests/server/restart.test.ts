import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { XHR, signUp } from './harness';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { ensureDemoAccount, DEMO_EMAIL } from '../../server/src/modules/auth/demo-account';

/** The embedded database lives in DATA_DIR: users and sessions survive a restart. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () =>
  buildApp({
    config: loadConfig({ DATA_DIR: dataDir }, { runJobs: false, webDist: undefined, publicUrl: 'http://localhost', databaseUrl: undefined }),
    frontendVersion: () => 'test-fv',
  });

describe.skipIf(Boolean(process.env.DATABASE_URL))('restart on PGlite', () => {
  test('a signed-in session and the demo account are still there after a restart', async () => {
    const first = await start();
    await first.ready();
    const account = await signUp(first, 'kept@example.com');
    const demo = await ensureDemoAccount(first.database.db, dataDir, {});
    await first.close();

    const second = await start();
    await second.ready();
    try {
      const check = await second.inject({ method: 'GET', url: '/api/auth/check', headers: { ...XHR, cookie: account.cookie } });
      expect(check.json().user).toMatchObject({ is_authenticated: true, email: 'kept@example.com' });
      // The demo account is created once; a second start keeps it and its printed password.
      expect(await ensureDemoAccount(second.database.db, dataDir, {})).toEqual(demo);
      const users = await second.database.db.selectFrom('users').select('email').where('email', '=', DEMO_EMAIL).execute();
      expect(users).toHaveLength(1);
      const login = await second.inject({ method: 'POST', url: '/api/auth/login', headers: XHR, payload: { email: demo.email, password: demo.password } });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.wallets).toEqual([
        { wallet_type: 'main', amount: 0 },
        { wallet_type: 'demo', amount: 10000 },
        { wallet_type: 'tournament', amount: 0 },
      ]);
    } finally {
      await second.close();
    }
  }, 120_000);
});
