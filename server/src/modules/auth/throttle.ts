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
/** Reset requests (each one sends an email): per account and per address. */
export const RESET_PER_ACCOUNT: ThrottleRule = { name: 'reset:account', limit: 3, windowSeconds: 60 * 60 };
export const RESET_PER_ADDRESS: ThrottleRule = { name: 'reset:ip', limit: 10, windowSeconds: 60 * 60 };
/** Confirmation emails asked for again. */
export const CONFIRM_PER_ACCOUNT: ThrottleRule = { name: 'confirm:account', limit: 3, windowSeconds: 60 * 60 };

const keyOf = (rule: ThrottleRule, subject: string) => `${rule.name}:${subject}`;

/** Throws 429 `rate_limited` with `retry_after` when any of the keys used up its attempts. */
export async function assertNotThrottled(db: Db, checks: Array<[ThrottleRule, string]>, now = new Date()): Promise<void> {
  let retryAfter = 0;
  for (const [rule, subject] of checks) {
    const row = await db
      .selectFrom('throttle_counters')
      .select(['window_started_at', 'attempts'])
      .where('key', '=', keyOf(rule, subject))
      .executeTakeFirst();
    if (!row) continue;
    const windowEnds = row.window_started_at.getTime() + rule.windowSeconds * 1000;
    if (windowEnds > now.getTime() && row.attempts >= rule.limit) {
      retryAfter = Math.max(retryAfter, Math.ceil((windowEnds - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) throw new ApiError('rate_limited', { retryAfter });
}

/** Counts one attempt against each key; an expired window starts over. */
export async function countAttempt(db: Db, checks: Array<[ThrottleRule, string]>, now = new Date()): Promise<void> {
  for (const [rule, subject] of checks) {
    const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
    await db
      .insertInto('throttle_counters')
      .values({ key: keyOf(rule, subject), window_started_at: now, attempts: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          attempts: sql`case when throttle_counters.window_started_at <= ${windowStart} then 1 else throttle_counters.attempts + 1 end`,
          window_started_at: sql`case when throttle_counters.window_started_at <= ${windowStart} then ${now} else throttle_counters.window_started_at end`,
        }),
      )
      .execute();
  }
}

/** Forgets the attempts of the keys (a successful sign-in clears the account's failures). */
export async function clearAttempts(db: Db, checks: Array<[ThrottleRule, string]>): Promise<void> {
  for (const [rule, subject] of checks) {
    await db.deleteFrom('throttle_counters').where('key', '=', keyOf(rule, subject)).execute();
  }
}
