import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer } from './server';
import { secretsInLog } from './log-scan';

/** The passwords the specs sign up and reset with: none may reach the log. */
const SPEC_PASSWORDS = ['Quiet-harbor-2026', 'Fresh-meadow-2027'];
/** Where the run's server log is kept for a look after the run. */
const LOG_FILE = path.join('test-results', 'e2e-server.log');

/**
 * One real server for the whole run; its address reaches the tests through BASE_URL. The tests
 * read the emailed links from the development mailbox, so DEV_PAGES=1 (they run on loopback). At the end
 * its whole log (at debug: every line it can write) is written to test-results/e2e-server.log and
 * scanned: a secret in it fails the run. Every trader of the run signs up from loopback, one
 * address, so the per-address sign-up limit is raised to the run's size (the limit itself is
 * tried in tests/security/signup.test.ts). No page registers the service worker here
 * (SERVICE_WORKER=0): a spec that is about it starts its own server (installable.spec.ts).
 */
export default async function globalSetup() {
  const server = await startServer({ WITHDRAW_DELAY: '5', LOG_LEVEL: 'debug', DEV_PAGES: '1', SIGNUP_LIMIT_PER_ADDRESS: '500', SERVICE_WORKER: '0' }, undefined, { built: true });
  process.env.BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    mkdirSync(path.dirname(LOG_FILE), { recursive: true });
    writeFileSync(LOG_FILE, `${server.log.join('\n')}\n`);
    const found = secretsInLog(server.log, SPEC_PASSWORDS);
    if (found.length) throw new Error(`the server log (${LOG_FILE}) holds what looks like secrets: ${found.map((s) => `${s.slice(0, 6)}…`).join(', ')}`);
  };
}
