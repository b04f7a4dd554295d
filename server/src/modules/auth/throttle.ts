import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';

type Db = Kysely<DB> | Transaction<DB>;

/** At most `limit` attempts per `windowSeconds` for one key. */
export interface ThrottleRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Failed sign-ins: per account (guessing one password) and per address (trying many accounts). */
export const LOGIN_PER_ACCOUNT: ThrottleRule = { name: 'login:account', limit: 5, windowSeconds: 15 * 60 };
export const LOGIN_PER_ADDRESS: ThrottleRule = { name: 'login:ip', limit: 20, windowSeconds: 15 * 60 };
/**
 * Failed sign-ins from a browser the account signed in on before (its device cookie): the owner's
 * own allowance, untouched by what an attacker spends on the account from elsewhere.
 */
export const LOGIN_PER_DEVICE: ThrottleRule = { name: 'login:device', limit: 5, windowSeconds: 15 * 60 };
/** Sign-up attempts (each one a possible "email taken" answer): per address and per email, per hour. */
export const signupPerAddress = (limit: number): ThrottleRule => ({ name: 'signup:ip', limit, windowSeconds: 60 * 60 });
export const signupPerEmail = (limit: number): ThrottleRule => ({ name: 'signup:email', limit, windowSeconds: 60 * 60 });
/** The owner of an address someone tried to sign up with hears about it at most once a day. */
export const SIGNUP_NOTICE: ThrottleRule = { name: 'signup:notice', limit: 1, windowSeconds: 24 * 60 * 60 };
/** Reset requests (each one sends an email): per account and per address. */
export const RESET_PER_ACCOUNT: ThrottleRule = { name: 'reset:account', limit: 3, windowSeconds: 60 * 60 };
export const RESET_PER_ADDRESS: ThrottleRule = { name: 'reset:ip', limit: 10, windowSeconds: 60 * 60 };
/** Confirmation emails asked for again. */
export const CONFIRM_PER_ACCOUNT: ThrottleRule = { name: 'confirm:account', limit: 3, windowSeconds: 60 * 60 };

/** No rule's window is longer than a day: an older counter counts nothing and may go. */
export const THROTTLE_COUNTER_RETENTION_HOURS = 24;

const keyOf = (rule: ThrottleRule, subject: string) => `${rule.name}:${subject}`;

/**
 * Counts one attempt against each key and answers how many seconds the caller must wait (0: go on).
 * The check and the count are one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` per key, so
 * concurrent attempts each see their own number and no more than `limit` of them pass (a read
 * followed by a later write let 25 parallel guesses all be checked). An expired window starts over.
 */
export async function takeAttempt(db: Db, checks: Array<[ThrottleRule, string]>, now = new Date()): Promise<number> {
  let retryAfter = 0;
  for (const [rule, subject] of checks) {
    const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
    const row = await db
      .insertInto('throttle_counters')
      .values({ key: keyOf(rule, subject), window_started_at: now, attempts: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          attempts: sql`case when throttle_counters.window_started_at <= ${windowStart} then 1 else throttle_counters.attempts + 1 end`,
          window_started_at: sql`case when throttle_counters.window_started_at <= ${windowStart} then ${now} else throttle_counters.window_started_at end`,
        }),
      )
      .returning(['attempts', 'window_started_at'])
      .executeTakeFirstOrThrow();
    if (row.attempts > rule.limit) {
      const windowEnds = new Date(row.window_started_at).getTime() + rule.windowSeconds * 1000;
      retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)));
    }
  }
  return retryAfter;
}

/** takeAttempt that throws 429 `rate_limited` with `retry_after` when any key is used up. */
export async function spendAttempt(db: Db, checks: Array<[ThrottleRule, string]>, now = new Date()): Promise<void> {
  const retryAfter = await takeAttempt(db, checks, now);
  if (retryAfter > 0) throw new ApiError('rate_limited', { retryAfter });
}

/** Gives back one attempt of each key (an attempt that succeeded is not a failure to count). */
export async function refundAttempt(db: Db, checks: Array<[ThrottleRule, string]>): Promise<void> {
  for (const [rule, subject] of checks) {
    await db
      .updateTable('throttle_counters')
      .set({ attempts: sql`greatest(throttle_counters.attempts - 1, 0)` })
      .where('key', '=', keyOf(rule, subject))
      .execute();
  }
}

/** Forgets the attempts of the keys (a successful sign-in clears the account's failures). */
export async function clearAttempts(db: Db, checks: Array<[ThrottleRule, string]>): Promise<void> {
  for (const [rule, subject] of checks) {
    await db.deleteFrom('throttle_counters').where('key', '=', keyOf(rule, subject)).execute();
  }
}
