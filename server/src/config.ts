import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { readAbuseLimits, readDevPages, readFeedSeed, readPaymentProviders, readTrustProxy, type AbuseLimits, type TrustProxy } from './settings';
import { loadOpsConfig, type OpsConfig } from './ops/config';
import { DEFAULT_SELL_BACK, type SellBackSettings } from './modules/bets/sell-back-price';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  /** Seconds before the sandbox processes a pending withdrawal. */
  withdrawDelay: number;
  /** Seconds a deposit may wait for its checkout before the job cancels it (abandoned checkout). */
  depositExpiry: number;
  /** FEED_SEED, for reproducible runs only; absent, the feed draws from the CSPRNG. */
  feedSeed: number | undefined;
  /** Whether the price feed and background jobs run (tests turn them off and drive them by hand). */
  runJobs: boolean;
  /** Directory of the built web app; absent in tests. */
  webDist: string | undefined;
  /** SERVICE_WORKER=0: pages do not register the service worker (the end-to-end run, unless a spec asks). */
  serviceWorker: boolean;
  /** DEV_PAGES=1: the development pages (/local/mailbox), and only to loopback clients. */
  dev: boolean;
  /** TRUST_PROXY: which senders' X-Forwarded-For gives the client address (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  /** PAYMENT_PROVIDERS: the providers whose payment systems are offered and accepted. */
  paymentProviders: string[];
  /** Sign-up throttles and upload quotas (SIGNUP_LIMIT_*, UPLOAD_QUOTA_*). */
  limits: AbuseLimits;
  /** Served behind HTTPS: cookies get Secure. */
  secureCookies: boolean;
  /** The public origin, for links in emails and the Origin check. */
  publicUrl: string;
  /** KYC_WITHDRAW_THRESHOLD: the total of withdrawals (cents) above which a verified account is required. */
  kycWithdrawThresholdCents: number;
  /** Metrics, backups through the server, load shedding. */
  ops: OpsConfig;
  /** CLOSE_EARLY_MARGIN and CLOSE_EARLY_CUTOFF: the sell-back's margin and its last moment before expiry. */
  sellBack: SellBackSettings;
  /** GEOIP_DATABASE: a MaxMind DB file giving each session and sign-in its place; absent, none has one. */
  geoipDatabase: string | undefined;
}

const int = (value: string | undefined, fallback: number): number => {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) ? parsed : fallback;
};

/** A number within [min, max], else the fallback. */
const bounded = (value: string | undefined, fallback: number, min: number, max: number): number => {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(parsed) && parsed >= min && parsed <= max ? parsed : fallback;
};

/** The session secret from the environment, else one generated once and kept in the data dir. */
function sessionSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = int(env.PORT, 8080);
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: overrides.sessionSecret ?? sessionSecret(env, dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    withdrawDelay: int(env.WITHDRAW_DELAY, 120),
    depositExpiry: int(env.DEPOSIT_EXPIRY, 3600),
    feedSeed: readFeedSeed(env).value,
    runJobs: true,
    webDist: path.resolve(env.WEB_DIST ?? 'dist'),
    serviceWorker: env.SERVICE_WORKER !== '0',
    dev: readDevPages(env),
    trustProxy: readTrustProxy(env).value,
    paymentProviders: readPaymentProviders(env).value,
    limits: readAbuseLimits(env).value,
    secureCookies: (env.PUBLIC_URL ?? '').startsWith('https://'),
    publicUrl: env.PUBLIC_URL ?? `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`,
    kycWithdrawThresholdCents: int(env.KYC_WITHDRAW_THRESHOLD, 2000) * 100,
    ops: loadOpsConfig(env),
    sellBack: {
      marginPercent: bounded(env.CLOSE_EARLY_MARGIN, DEFAULT_SELL_BACK.marginPercent, 0, 100),
      cutoffSeconds: Math.round(bounded(env.CLOSE_EARLY_CUTOFF, DEFAULT_SELL_BACK.cutoffSeconds, 0, 3600)),
    },
    geoipDatabase: env.GEOIP_DATABASE ? path.resolve(env.GEOIP_DATABASE) : undefined,
    ...overrides,
  };
}
