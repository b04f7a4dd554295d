import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../http/fastify';
import type { SignInMethod } from '../../db/tables/safety';
import { SIGN_IN_HISTORY_DAYS, formatPlace } from '../../../../src/api/contract/security';
import { translate } from '../../i18n';
import { queueEmail } from '../email/outbox';
import { renderEmail } from '../email/templates';
import { knownDevice, rememberDevice } from './device';
import { localeOf } from './service';
import { browserOf, signIn } from './sessions';
import { placeColumns, placeItem } from './ip-place';
import { describeDevice, parseUserAgent } from './user-agent';

type Db = Kysely<DB> | Transaction<DB>;

/** One line of the account's sign-in history (a success, or a wrong password or code). */
export async function recordSignIn(db: Db, request: FastifyRequest, userId: number, success: boolean, method: SignInMethod): Promise<void> {
  const browser = browserOf(request);
  await db
    .insertInto('sign_in_events')
    .values({ user_id: userId, success, method, ip: browser.ip, user_agent: browser.userAgent ?? '', ...placeColumns(browser.place) })
    .execute();
}

/** The history older than SIGN_IN_HISTORY_DAYS goes (the housekeeping job); answers how many rows. */
export async function pruneSignInHistory(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('sign_in_events')
    .where('created_at', '<', new Date(now - SIGN_IN_HISTORY_DAYS * 24 * 60 * 60 * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The end of every successful sign-in (the password alone, or the password and the second factor):
 * the session, the history line, the device cookie, and, when this browser never signed in to the
 * account before (no device cookie of it), an email to the owner saying which device, address and place.
 */
export async function completeSignIn(
  trx: Transaction<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  remember: boolean,
  method: SignInMethod,
): Promise<void> {
  const newDevice = knownDevice(request)?.userId !== user.id;
  await signIn(trx, request, reply, user, remember);
  await recordSignIn(trx, request, user.id, true, method);
  rememberDevice(request, reply, user.id);
  if (!newDevice) return;
  const locale = await localeOf(trx, user.id);
  const browser = browserOf(request);
  const place = formatPlace(placeItem(browser.place?.country ?? null, browser.place?.city ?? null, locale), locale);
  const params = {
    device: describeDevice(parseUserAgent(browser.userAgent), translate(locale, 'security.device.unknown')),
    // "address 81.2.69.142 (London, United Kingdom)": the place in the owner's language, when known.
    ip: place ? `${browser.ip} (${place})` : browser.ip,
    time: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  };
  await queueEmail(trx, renderEmail(locale, 'new_device', user.email, undefined, params));
}
