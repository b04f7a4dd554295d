import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { verifyPassword } from './passwords';
import { LOGIN_PER_ACCOUNT, refundAttempt, spendAttempt, type ThrottleRule } from './throttle';

/**
 * The signed-in trader's password, asked again before a change to how the account signs in (a new
 * password, a passkey added or removed). Throttled as the sign-in is, per account; a wrong one is a
 * translated 422 on `field`, a right one gives its attempt back.
 */
export async function confirmPassword(db: Kysely<DB>, user: { id: number; email: string }, password: string, field: string): Promise<void> {
  const limits: Array<[ThrottleRule, string]> = [[LOGIN_PER_ACCOUNT, user.email]];
  await spendAttempt(db, limits);
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, password))) {
    throw new ApiError('validation', { fields: { [field]: 'validation.current_password' } });
  }
  await refundAttempt(db, limits);
}
