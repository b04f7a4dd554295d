import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket, RawData } from 'ws';
import { clientMessageSchema, type ServerMessage } from '../../../src/api/contract/realtime';
import type { Locale } from '../../../src/api/contract/envelope';
import { translate } from '../i18n';
import { ApiError } from '../http/errors';
import { isOwnOrigin } from '../http/origin';
import { startPostgresRelay } from './pg-relay';
import { metrics } from '../ops/metrics';
import { sessionRef } from '../modules/auth/sessions';

/** A client message larger than this is refused (with an error message, the socket stays). */
export const MAX_MESSAGE_BYTES = 4096;
/** Frames larger than this close the socket: nobody honest sends them. */
const MAX_FRAME_BYTES = 64 * 1024;
/** Token bucket per socket: a burst of this many messages, refilled at RATE_PER_SECOND. */
export const RATE_BURST = 20;
const RATE_PER_SECOND = 5;
/** Pairs one socket may follow at once. */
const MAX_SUBSCRIPTIONS = 20;
/** The close code of a socket whose session was ended (4000-4999: the application's own). */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/** Server pings this often; a socket that did not answer the previous ping is ended. */
const HEARTBEAT_MS = 30_000;
/** A client this far behind in reading gets no more ticks until it catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Client {
  socket: WebSocket;
  userId: number | null;
  /** The reference of the session the socket was opened with (null: anonymous). */
  sessionRef: string | null;
  locale: Locale;
  pairs: Set<string>;
  tokens: number;
  refilledAt: number;
  alive: boolean;
}

/**
 * The WebSocket at /ws. Anyone may follow pairs' ticks; a signed-in socket (the session cookie of
 * the upgrade request) also gets its owner's bets, wallets, notifications and support counts, and
 * no one else's. It listens to app.bus; with PostgreSQL, bus messages also travel to and from the
 * other nodes through LISTEN/NOTIFY (see pg-relay.ts).
 */
export async function realtimeHub(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  const byPair = new Map<string, Set<Client>>();
  const byUser = new Map<number, Set<Client>>();
  const knownPairs = new Set((await app.database.db.selectFrom('pairs').select('id').execute()).map((p) => p.id));

  const send = (client: Client, text: string) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(text);
    metrics.wsOut.inc();
  };
  const sendError = (
    client: Client,
    code: 'validation' | 'rate_limited' | 'payload_too_large',
    key = `errors.${code}`,
    params: Record<string, number> = {},
  ) => send(client, JSON.stringify({ type: 'error', code, message: translate(client.locale, key, params) } satisfies ServerMessage));

  const deliverToPair = (pairId: string, message: ServerMessage) => {
    const clients = byPair.get(pairId);
    if (!clients?.size) return;
    const text = JSON.stringify(message); // once, whatever the number of subscribers
    for (const client of clients) {
      if (client.socket.bufferedAmount < MAX_BUFFERED_BYTES) send(client, text);
    }
  };
  const deliverToUser = (userId: number, message: ServerMessage) => {
    const clients = byUser.get(userId);
    if (!clients?.size) return;
    if (message.type === 'session_ended') return closeEndedSessions(clients, message.sessions);
    const text = JSON.stringify(message);
    for (const client of clients) send(client, text);
  };

  /**
   * A session ended (signed out from another browser, a password change): its sockets hear it and
   * close, so the ended browser gets nothing more of the account; the user's other sockets stay.
   */
  const closeEndedSessions = (clients: Set<Client>, refs: string[]) => {
    for (const client of [...clients]) {
      if (client.sessionRef === null || !refs.includes(client.sessionRef)) continue;
      send(client, JSON.stringify({ type: 'session_ended', sessions: [client.sessionRef] } satisfies ServerMessage));
      client.socket.close(SESSION_ENDED_CLOSE_CODE);
    }
  };

  const relay = app.database.kind === 'postgres' && app.config.databaseUrl
    ? await startPostgresRelay(app.config.databaseUrl, { toPair: deliverToPair, toUser: deliverToUser }, app.log)
    : null;
  const offPair = app.bus.onPair((pairId, message) => {
    deliverToPair(pairId, message);
    relay?.publish({ pairId, message });
  });
  const offUser = app.bus.onUser((userId, message) => {
    deliverToUser(userId, message);
    relay?.publish({ userId, message });
  });

  const allowed = (client: Client) => {
    const now = Date.now();
    client.tokens = Math.min(RATE_BURST, client.tokens + ((now - client.refilledAt) / 1000) * RATE_PER_SECOND);
    client.refilledAt = now;
    if (client.tokens < 1) return false;
    client.tokens -= 1;
    return true;
  };

  const onMessage = (client: Client, data: RawData) => {
    metrics.wsIn.inc();
    if (!allowed(client)) return sendError(client, 'rate_limited');
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;
    if (size > MAX_MESSAGE_BYTES) return sendError(client, 'payload_too_large');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return sendError(client, 'validation', 'errors.malformed');
    }
    const result = clientMessageSchema.safeParse(parsed);
    if (!result.success) return sendError(client, 'validation');
    const message = result.data;
    if (message.type === 'ping') return send(client, JSON.stringify({ type: 'pong' } satisfies ServerMessage));
    if (message.type === 'unsubscribe') {
      for (const pairId of message.pairs) {
        client.pairs.delete(pairId);
        byPair.get(pairId)?.delete(client);
      }
      return;
    }
    const wanted = message.pairs.filter((id) => knownPairs.has(id) && !client.pairs.has(id));
    if (client.pairs.size + wanted.length > MAX_SUBSCRIPTIONS) return sendError(client, 'validation', 'trading.error.too_many_subscriptions', { max: MAX_SUBSCRIPTIONS });
    for (const pairId of wanted) {
      client.pairs.add(pairId);
      let set = byPair.get(pairId);
      if (!set) byPair.set(pairId, (set = new Set()));
      set.add(client);
    }
    if (wanted.length < message.pairs.length && message.pairs.some((id) => !knownPairs.has(id))) {
      sendError(client, 'validation', 'trading.error.pair_not_found');
    }
  };

  const clients = new Set<Client>();
  // A page of another site may open a socket to us, and the browser sends our session cookie with
  // it: the same origin rule as the API's calls refuses it, with a 403 before the upgrade.
  const refuseForeignPage = async (request: FastifyRequest) => {
    if (!isOwnOrigin(request)) throw new ApiError('forbidden', { message: 'errors.csrf' });
  };
  app.get('/ws', { websocket: true, onRequest: refuseForeignPage }, (socket: WebSocket, request: FastifyRequest) => {
    const client: Client = {
      socket,
      userId: request.user?.id ?? null,
      sessionRef: request.user && request.sessionHash ? sessionRef(request.sessionHash) : null,
      locale: request.locale,
      pairs: new Set(),
      tokens: RATE_BURST,
      refilledAt: Date.now(),
      alive: true,
    };
    clients.add(client);
    metrics.wsOpened();
    if (client.userId !== null) {
      let set = byUser.get(client.userId);
      if (!set) byUser.set(client.userId, (set = new Set()));
      set.add(client);
    }
    socket.on('message', (data) => onMessage(client, data));
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => {
      clients.delete(client);
      metrics.wsClosed();
      for (const pairId of client.pairs) byPair.get(pairId)?.delete(client);
      if (client.userId !== null) {
        const set = byUser.get(client.userId);
        set?.delete(client);
        if (set?.size === 0) byUser.delete(client.userId);
      }
    });
  });

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    offPair();
    offUser();
    for (const client of clients) client.socket.close(1001);
    await relay?.stop();
  });
}
