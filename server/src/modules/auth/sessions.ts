import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../http/fastify';
import { ApiError } from '../../http/errors';
import { createHash } from 'node:crypto';
import { hashToken, randomToken } from './tokens';
import type { RealtimeBus } from '../../realtime/bus';
import { tickBatch } from '../../db/tick-batch';
import { placeColumns, type IpPlace } from './ip-place';

const SESSION_COOKIE = 'sid';
const REMEMBER_COOKIE = 'remember_token';

/** A session ends after this long without a request... */
const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** ...and in any case this long after sign-in. */
const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** "Remember me" keeps the account signed in on this browser for this long. */
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so most requests write nothing. */
const TOUCH_EVERY_MS = 60 * 1000;

type Db = Kysely<DB> | Transaction<DB>;

const userColumns = ['users.id', 'users.email', 'users.account_id', 'users.role', 'users.time_zone'] as const;

/** The options of every auth cookie: HttpOnly, SameSite=Lax, Secure behind HTTPS. */
export function cookieOptions(app: FastifyInstance, maxAgeMs?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.secureCookies,
    ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  };
}

/**
 * The public name of a session (the sessions list, ending one, the hub's sockets): derived from the
 * id's hash, so it names the session without being a way to use it.
 */
export const sessionRef = (idHash: string): string => createHash('sha256').update(`session-ref:${idHash}`).digest('hex').slice(0, 32);

/** What a session keeps of the browser that opened it. */
export interface BrowserOf {
  ip: string;
  userAgent: string | null;
  /** Where the address is (GEOIP_DATABASE), kept as it was at sign-in. */
  place: IpPlace | null;
}
export const browserOf = (request: FastifyRequest): BrowserOf => ({
  ip: request.ip,
  // Kept bounded: it is shown, never parsed for anything that matters.
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  place: request.server.placeOf(request.ip),
});

/** Creates a session row for the user and returns the id to send (only its hash is stored). */
async function createSession(db: Db, userId: number, remember: boolean, now = new Date(), browser?: BrowserOf): Promise<string> {
  const id = randomToken();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashToken(id),
      user_id: userId,
      remember,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      ip: browser?.ip ?? null,
      user_agent: browser?.userAgent ?? null,
      ...placeColumns(browser?.place ?? null),
    })
    .execute();
  return id;
}

async function createRememberToken(db: Db, userId: number, sessionIdHash: string | null, now = new Date()): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('remember_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + REMEMBER_MS),
      session_ref: sessionIdHash ? sessionRef(sessionIdHash) : null,
    })
    .execute();
  return token;
}

/**
 * Ends every session and remember-me token of a user, except the session `keepHash`; answers the
 * references of the sessions ended (their sockets are closed with `closeSessionSockets`).
 */
export async function endOtherSessions(db: Db, userId: number, keepHash: string | null): Promise<string[]> {
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepHash) sessions = sessions.where('id_hash', '!=', keepHash);
  const ended = await sessions.returning('id_hash').execute();
  await db.deleteFrom('remember_tokens').where('user_id', '=', userId).execute();
  return ended.map((row) => sessionRef(row.id_hash));
}

/**
 * Ends one session of the user by its reference, with the remember-me token that would reopen it;
 * answers whether there was such a session.
 */
export async function endSession(db: Db, userId: number, ref: string): Promise<boolean> {
  const rows = await db.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute();
  const target = rows.find((row) => sessionRef(row.id_hash) === ref);
  if (!target) return false;
  await db.deleteFrom('sessions').where('id_hash', '=', target.id_hash).execute();
  await db.deleteFrom('remember_tokens').where('user_id', '=', userId).where('session_ref', '=', ref).execute();
  return true;
}

/** Tells the realtime hub (on every node) to close the sockets of these ended sessions. */
export function closeSessionSockets(bus: RealtimeBus, userId: number, refs: string[]): void {
  if (refs.length) bus.toUser(userId, { type: 'session_ended', sessions: refs });
}

/**
 * Signs the user in on this response: ends the request's previous session (the id is rotated, so a
 * session id planted before sign-in is useless after it), creates a fresh one and sets the cookies.
 */
export async function signIn(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  remember = false,
): Promise<void> {
  const app = request.server;
  if (request.sessionHash) await db.deleteFrom('sessions').where('id_hash', '=', request.sessionHash).execute();
  const previousRemember = request.cookies[REMEMBER_COOKIE];
  if (previousRemember) await db.deleteFrom('remember_tokens').where('token_hash', '=', hashToken(previousRemember)).execute();
  const id = await createSession(db, user.id, remember, new Date(), browserOf(request));
  void reply.setCookie(SESSION_COOKIE, id, cookieOptions(app));
  if (remember) {
    void reply.setCookie(REMEMBER_COOKIE, await createRememberToken(db, user.id, hashToken(id)), cookieOptions(app, REMEMBER_MS));
  } else if (previousRemember) {
    void reply.clearCookie(REMEMBER_COOKIE, cookieOptions(app));
  }
  request.user = user;
  request.sessionHash = hashToken(id);
}

/** Destroys the request's session and remember-me token on the server and clears both cookies. */
export async function signOut(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const app = request.server;
  if (request.sessionHash) await db.deleteFrom('sessions').where('id_hash', '=', request.sessionHash).execute();
  const remember = request.cookies[REMEMBER_COOKIE];
  if (remember) await db.deleteFrom('remember_tokens').where('token_hash', '=', hashToken(remember)).execute();
  void reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
  void reply.clearCookie(REMEMBER_COOKIE, cookieOptions(app));
  request.user = null;
  request.sessionHash = null;
}

/** The sessions of these id hashes with their users, in one statement (a session ended is absent). */
async function sessionsByHash(db: Kysely<DB>, hashes: string[]) {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...userColumns, 'sessions.id_hash', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.remember'])
    .where('sessions.id_hash', 'in', hashes)
    .execute();
  return new Map(rows.map((row) => [row.id_hash, row]));
}
type SessionRow = Awaited<ReturnType<typeof sessionsByHash>> extends Map<string, infer R> ? R : never;

/**
 * The user of a live session id, refreshing its idle clock; expired sessions are deleted. The row
 * is read by `lookup`, which answers the requests of one turn of the event loop with one statement.
 */
async function resolveSession(
  db: Kysely<DB>,
  lookup: (hash: string) => Promise<SessionRow | null>,
  id: string,
  now: Date,
): Promise<{ user: AuthUser; hash: string } | null> {
  const hash = hashToken(id);
  const row = await lookup(hash);
  if (!row) return null;
  const idleLimit = row.remember ? REMEMBER_MS : SESSION_IDLE_MS;
  if (row.expires_at.getTime() <= now.getTime() || row.last_seen_at.getTime() + idleLimit <= now.getTime()) {
    await db.deleteFrom('sessions').where('id_hash', '=', hash).execute();
    return null;
  }
  if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', hash).execute();
  }
  return { user: { id: row.id, email: row.email, account_id: row.account_id, role: row.role, time_zone: row.time_zone }, hash };
}

/**
 * The session plugin: resolves `request.user` and `request.sessionHash` from the `sid` cookie (or,
 * when the session is gone, from a valid `remember_token`, which opens a new session and is
 * rotated), and decorates the guards every domain uses as preHandlers.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  const lookup = tickBatch((hashes: string[]) => sessionsByHash(app.database.db, hashes), null);

  app.addHook('onRequest', async (request, reply) => {
    // Static files of the web app need no account.
    if (request.url.startsWith('/assets/') || request.url.startsWith('/i18n/')) return;
    const now = new Date();
    const db = app.database.db;
    const sid = request.cookies[SESSION_COOKIE];
    const resolved = sid ? await resolveSession(db, lookup, sid, now) : null;
    if (resolved) {
      request.user = resolved.user;
      request.sessionHash = resolved.hash;
      return;
    }
    const rememberToken = request.cookies[REMEMBER_COOKIE];
    if (!rememberToken) return;
    const remembered = await db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('remember_tokens')
        .where('token_hash', '=', hashToken(rememberToken))
        .returning(['user_id', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at.getTime() <= now.getTime()) return null;
      const user = await trx.selectFrom('users').select(userColumns).where('users.id', '=', row.user_id).executeTakeFirst();
      if (!user) return null;
      const id = await createSession(trx, user.id, true, now, browserOf(request));
      return { user, id, nextToken: await createRememberToken(trx, user.id, hashToken(id), now) };
    });
    if (!remembered) {
      void reply.clearCookie(REMEMBER_COOKIE, cookieOptions(app));
      return;
    }
    void reply.setCookie(SESSION_COOKIE, remembered.id, cookieOptions(app));
    void reply.setCookie(REMEMBER_COOKIE, remembered.nextToken, cookieOptions(app, REMEMBER_MS));
    request.user = remembered.user;
    request.sessionHash = hashToken(remembered.id);
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user) throw new ApiError('unauthenticated');
  });
  app.decorate('requireOperator', async (request: FastifyRequest) => {
    if (!request.user) throw new ApiError('unauthenticated');
    if (request.user.role !== 'operator') throw new ApiError('forbidden');
  });
  app.decorate('requireTrader', async (request: FastifyRequest) => {
    if (!request.user) throw new ApiError('unauthenticated');
    if (request.user.role !== 'trader') throw new ApiError('forbidden');
  });
});

/**
 * After the account's remember-me tokens were ended (password change), gives this browser a new
 * one if it had one, so "remember me" keeps working where the change was made.
 */
export async function reissueRememberToken(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user || !request.cookies[REMEMBER_COOKIE]) return;
  const token = await createRememberToken(db, request.user.id, request.sessionHash);
  void reply.setCookie(REMEMBER_COOKIE, token, cookieOptions(request.server, REMEMBER_MS));
}
