import { isIP } from 'node:net';
import { placeDatabaseProblem } from './modules/auth/ip-place';

/**
 * The settings whose wrong value is a security hole, each read once (a value for the config and,
 * when it cannot be read, the problem), and the check that refuses an unsafe production start
 * (and any start with a setting that would only fail later, such as a GEOIP_DATABASE that is not one).
 */

type Env = Record<string, string | undefined>;

interface Read<T> {
  value: T;
  /** Why the setting cannot be used as given; the value is then the safe fallback. */
  problem?: string;
}

/** The payment provider implementations the platform has (payment_systems.provider names them). */
export const KNOWN_PROVIDERS = ['sandbox'] as const;

const isProduction = (env: Env) => env.NODE_ENV === 'production';

/** FEED_SEED: a seed makes the prices reproducible, so it is for tests, benchmarks and demos only. */
export function readFeedSeed(env: Env): Read<number | undefined> {
  const text = env.FEED_SEED;
  if (text === undefined || text === '') return { value: undefined };
  const seed = Number(text);
  if (!Number.isInteger(seed)) return { value: undefined, problem: `FEED_SEED=${text} is not an integer` };
  if (isProduction(env)) {
    return {
      value: seed,
      problem: 'FEED_SEED is set: anyone who knows the seed knows every future price; unset it in production (the feed then draws from the CSPRNG)',
    };
  }
  return { value: seed };
}

/** Fastify's trustProxy: false, a hop count, or the addresses (and CIDR ranges) of the proxies. */
export type TrustProxy = false | number | string[];

/**
 * The value for Fastify's trustProxy. Fastify ignores a bare hop count (it cannot tell a proxy
 * from a client that wrote the header itself), so a count becomes "the nearest N senders are
 * proxies": right only when the server is reachable through those proxies alone.
 */
export const fastifyTrustProxy = (trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust;

/** proxy-addr's names for whole ranges, which Fastify's trustProxy accepts too. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default, so X-Forwarded-For is ignored and a client cannot pick the address
 * the per-address limits count. A number trusts that many proxies in front; a comma list trusts
 * only those addresses. `true` (trust anyone) is refused: it is exactly the spoofable setting.
 */
export function readTrustProxy(env: Env): Read<TrustProxy> {
  const text = (env.TRUST_PROXY ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { value: false };
  if (/^\d+$/.test(text)) return { value: Number(text) };
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length === 0) return { value: entries };
  return {
    value: false,
    problem: `TRUST_PROXY=${text} is neither a number of proxies nor a comma list of proxy addresses or CIDR ranges (not understood: ${wrong.join(', ')}); trusting every sender would let any client forge X-Forwarded-For`,
  };
}

/**
 * PAYMENT_PROVIDERS: the providers whose payment systems are offered and whose notifications are
 * accepted. The sandbox approves its own payments, so it is the default only outside production.
 */
export function readPaymentProviders(env: Env): Read<string[]> {
  const names = (env.PAYMENT_PROVIDERS ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) {
    if (!isProduction(env)) return { value: ['sandbox'] };
    return {
      value: [],
      problem: `PAYMENT_PROVIDERS is unset: in production no provider is enabled by default; name the providers to offer (known: ${KNOWN_PROVIDERS.join(', ')}). The sandbox approves its own payments, so name it only for a demo that holds no real money`,
    };
  }
  const unknown = names.filter((name) => !(KNOWN_PROVIDERS as readonly string[]).includes(name));
  if (unknown.length) {
    return {
      value: names.filter((name) => !unknown.includes(name)),
      problem: `PAYMENT_PROVIDERS names unknown providers: ${unknown.join(', ')} (known: ${KNOWN_PROVIDERS.join(', ')})`,
    };
  }
  return { value: names };
}

/** The limits against abuse by signed-up or would-be users; each a setting with a safe default. */
export interface AbuseLimits {
  /** SIGNUP_LIMIT_PER_ADDRESS: sign-up attempts per client address per hour. */
  signupPerAddress: number;
  /** SIGNUP_LIMIT_PER_EMAIL: sign-up attempts per email address per hour. */
  signupPerEmail: number;
  /** UPLOAD_QUOTA_DAILY_MB: attachment bytes one account may send in 24 hours. */
  uploadDailyBytes: number;
  /** UPLOAD_QUOTA_TOTAL_MB: attachment bytes one account may keep stored in all. */
  uploadTotalBytes: number;
  /** ORDERS_MAX_PENDING: pending orders one trader may have waiting at once. */
  maxPendingOrders: number;
  /** ALERTS_MAX_ACTIVE: price alerts one trader may have watching at once. */
  maxActiveAlerts: number;
}

export const DEFAULT_LIMITS = {
  SIGNUP_LIMIT_PER_ADDRESS: 20,
  SIGNUP_LIMIT_PER_EMAIL: 5,
  UPLOAD_QUOTA_DAILY_MB: 50,
  UPLOAD_QUOTA_TOTAL_MB: 500,
  ORDERS_MAX_PENDING: 10,
  ALERTS_MAX_ACTIVE: 20,
} as const;

const MB = 1024 * 1024;

/**
 * The abuse limits. A value that is not a positive whole number is a problem (the default is used
 * meanwhile): a limit of 0 or "unlimited" would silently turn a defence off.
 */
export function readAbuseLimits(env: Env): Read<AbuseLimits> {
  const problems: string[] = [];
  const read = (name: keyof typeof DEFAULT_LIMITS): number => {
    const text = (env[name] ?? '').trim();
    if (text === '') return DEFAULT_LIMITS[name];
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      problems.push(`${name}=${text} is not a positive whole number (default ${DEFAULT_LIMITS[name]})`);
      return DEFAULT_LIMITS[name];
    }
    return Number(text);
  };
  const value: AbuseLimits = {
    signupPerAddress: read('SIGNUP_LIMIT_PER_ADDRESS'),
    signupPerEmail: read('SIGNUP_LIMIT_PER_EMAIL'),
    uploadDailyBytes: read('UPLOAD_QUOTA_DAILY_MB') * MB,
    uploadTotalBytes: read('UPLOAD_QUOTA_TOTAL_MB') * MB,
    maxPendingOrders: read('ORDERS_MAX_PENDING'),
    maxActiveAlerts: read('ALERTS_MAX_ACTIVE'),
  };
  return problems.length ? { value, problem: problems.join('; ') } : { value };
}

/** GEOIP_DATABASE: optional; when set, it must name a MaxMind DB file the server can open. */
const geoipDatabaseProblem = (env: Env): string | undefined => (env.GEOIP_DATABASE ? placeDatabaseProblem(env.GEOIP_DATABASE) : undefined);

/** DEV_PAGES=1 turns on the development pages (the mailbox with live reset links). */
export const readDevPages = (env: Env): boolean => env.DEV_PAGES === '1';

/** Shorter than this, a signing secret can be guessed offline from one signed value. */
const MIN_SECRET_LENGTH = 32;

/**
 * Every reason the settings are unsafe to run with, each naming the setting and why; empty when
 * the server may start. Outside production only unreadable values count; with
 * NODE_ENV=production every setting that weakens the platform is refused.
 */
export function configProblems(env: Env): string[] {
  const problems = [
    readFeedSeed(env).problem,
    readTrustProxy(env).problem,
    readPaymentProviders(env).problem,
    readAbuseLimits(env).problem,
    geoipDatabaseProblem(env),
  ];
  if (isProduction(env)) {
    const publicUrl = env.PUBLIC_URL ?? '';
    if (!/^https?:\/\/[^/]+/.test(publicUrl)) {
      problems.push('PUBLIC_URL is unset or not an http(s) origin: links in emails and the Origin check need the public https address');
    } else if (publicUrl.startsWith('http://') && env.ALLOW_INSECURE !== '1') {
      problems.push(
        'PUBLIC_URL is http://: cookies would travel in clear text and lose the Secure flag; use https:// (or ALLOW_INSECURE=1 for a closed test network)',
      );
    }
    const secret = env.SESSION_SECRET ?? '';
    if (secret === '') {
      problems.push(
        `SESSION_SECRET is unset: a secret generated into DATA_DIR differs on every node and is lost with the disk; set one of at least ${MIN_SECRET_LENGTH} random characters (e.g. openssl rand -hex 32)`,
      );
    } else if (secret.length < MIN_SECRET_LENGTH) {
      problems.push(`SESSION_SECRET is shorter than ${MIN_SECRET_LENGTH} characters: what it signs could be forged by guessing it`);
    }
    if (readDevPages(env)) {
      problems.push('DEV_PAGES=1: the development mailbox shows live password-reset links; behind a proxy on the same host every visitor looks local');
    }
  }
  return problems.filter((problem): problem is string => problem !== undefined);
}
