import path from 'node:path';
import { loadConfig } from './config';
import { configProblems } from './settings';
import { buildApp } from './app';
import { readFrontendVersion } from './modules/web/routes';
import { ensureDemoAccount } from './modules/auth/demo-account';
import { loggerOptions } from './ops/logging';
import { holdPortWhileStarting } from './ops/starting';

// An unsafe setting stops the start before anything is opened: every problem at once, no stack trace.
const problems = configProblems(process.env);
if (problems.length) {
  process.stderr.write(`The server does not start:\n${problems.map((problem) => `- ${problem}`).join('\n')}\n`);
  process.exit(1);
}
const config = loadConfig();
// Until the app is ready (migrations, seeding, back-fill), its port answers 503: not ready yet.
const starting = await holdPortWhileStarting(config.port, config.host);
// The web app's build writes its version to dist/fv.txt; the envelope's `fv` tells open tabs to reload.
const frontendVersion = readFrontendVersion(config.webDist);
const app = await buildApp({ config, logger: loggerOptions(), frontendVersion: () => frontendVersion });

/** A request still running after this long does not hold the process any more. */
const SHUTDOWN_GRACE_MS = 10_000;
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests');
  const forced = setTimeout(() => {
    app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  // Stops listening, waits for the requests in flight, stops the jobs, then closes the database.
  await app.close();
  app.log.info('stopped');
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

const demo = await ensureDemoAccount(app.database.db, config.dataDir);
await app.ready();
await starting.close();
const address = await app.listen({ port: config.port, host: config.host });
// Tests and scripts start the server on port 0 and read the real address from this line.
app.log.info({ address }, `listening on ${address}`);
// On a port the system chose, the public address (emails' links, the passkeys' origin) is the real one.
if (config.port === 0 && !process.env.PUBLIC_URL) app.config.publicUrl = address.replace('127.0.0.1', 'localhost');
const publicUrl = app.config.publicUrl;
app.log.info(
  { demo: demo.email, data: config.databaseUrl ? 'postgresql' : path.relative(process.cwd(), config.dataDir) || '.' },
  `Sign in at ${publicUrl}/login as ${demo.email} / ${demo.password}`,
);
