import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../http/fastify';
import { ApiError } from '../../http/errors';
import { isLocale } from '../../i18n';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/api/contract/envelope';
import type { EmailConfirmResult } from '../../../../src/api/contract/auth';
import { moveMoney } from '../wallet/ledger';
import { queueEmail } from '../email/outbox';
import { renderEmail, type EmailKind } from '../email/templates';
import { hashToken, randomToken } from './tokens';

type Db = Kysely<DB> | Transaction<DB>;

/** Every new account starts with this much play money on its demo wallet. */
const DEMO_START_CENTS = 1_000_000;
/** A reset link works once, for an hour. */
const RESET_TOKEN_MS = 60 * 60 * 1000;
/** A confirmation link works once, for three days. */
const CONFIRM_TOKEN_MS = 3 * 24 * 60 * 60 * 1000;

export const authUserColumns = ['users.id', 'users.email', 'users.account_id', 'users.role', 'users.time_zone'] as const;

/** A free eight-digit account number (what the trader quotes to support). */
async function freeAccountId(trx: Db): Promise<string> {
  for (;;) {
    const candidate = String(randomInt(10_000_000, 100_000_000));
    const taken = await trx.selectFrom('users').select('id').where('account_id', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  locale: Locale;
  role?: 'trader' | 'operator' | 'risk';
}

/**
 * Creates the user with the three wallets (main 0.00, demo 10000.00 through the ledger, tournament
 * 0.00). A taken email is a `validation` error on `email`.
 */
export async function createAccount(trx: Transaction<DB>, account: NewAccount): Promise<AuthUser> {
  const taken = await trx.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirst();
  if (taken) throw new ApiError('validation', { fields: { email: 'validation.email_taken' } });
  const user = await trx
    .insertInto('users')
    .values({
      email: account.email,
      password_hash: account.passwordHash,
      account_id: await freeAccountId(trx),
      locale: account.locale,
      ...(account.role ? { role: account.role } : {}),
    })
    .returning(['id', 'email', 'account_id', 'role', 'time_zone'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('wallets')
    .values([
      { user_id: user.id, wallet_type: 'main' },
      { user_id: user.id, wallet_type: 'demo' },
      { user_id: user.id, wallet_type: 'tournament' },
    ])
    .execute();
  await moveMoney(trx, { userId: user.id, walletType: 'demo', kind: 'demo_initial', amountCents: DEMO_START_CENTS, refType: 'user', refId: user.id });
  return user;
}

/** The stored language of a user (emails go out in it). */
export async function localeOf(db: Db, userId: number): Promise<Locale> {
  const row = await db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}

/** Creates a single-use link token and queues the email carrying it, in the caller's transaction. */
export async function sendLinkEmail(
  trx: Db,
  user: { id: number; email: string },
  purpose: 'reset' | 'confirm',
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  const token = randomToken();
  const lifetime = purpose === 'reset' ? RESET_TOKEN_MS : CONFIRM_TOKEN_MS;
  await trx
    .insertInto('auth_tokens')
    .values({ token_hash: hashToken(token), user_id: user.id, purpose, expires_at: new Date(now.getTime() + lifetime) })
    .execute();
  const link =
    purpose === 'reset'
      ? `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`
      : `${publicUrl}/api/auth/confirm/${encodeURIComponent(token)}`;
  await queueEmail(trx, renderEmail(await localeOf(trx, user.id), purpose, user.email, link));
}

export async function sendNoticeEmail(trx: Db, user: { id: number; email: string }, kind: EmailKind): Promise<void> {
  await queueEmail(trx, renderEmail(await localeOf(trx, user.id), kind, user.email));
}

/**
 * Uses a confirmation link and says what happened: the email is confirmed now, the link was used
 * before (or the email was already confirmed), it expired, or it is unknown. The marking update is
 * the check, so of two concurrent uses one confirms and the other reads 'already'.
 */
export async function confirmEmail(trx: Db, token: string, now = new Date()): Promise<EmailConfirmResult> {
  const row = await trx
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['auth_tokens.used_at', 'auth_tokens.expires_at', 'users.email_confirmed_at'])
    .where('auth_tokens.token_hash', '=', hashToken(token))
    .where('auth_tokens.purpose', '=', 'confirm')
    .executeTakeFirst();
  if (!row) return 'invalid';
  if (row.used_at || row.email_confirmed_at) return 'already';
  if (row.expires_at <= now) return 'expired';
  const used = await trx
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', 'confirm')
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  if (!used) return 'already';
  await trx.updateTable('users').set({ email_confirmed_at: now }).where('id', '=', used.user_id).where('email_confirmed_at', 'is', null).execute();
  return 'confirmed';
}

/**
 * Uses a link token: marks it used and answers its user, or throws `invalid_token` when it is
 * unknown, used or expired. The update is the check, so two concurrent uses cannot both succeed.
 */
export async function useLinkToken(trx: Db, token: string, purpose: 'reset' | 'confirm', now = new Date()): Promise<number> {
  const row = await trx
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) throw new ApiError('invalid_token');
  return row.user_id;
}
