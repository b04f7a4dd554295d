import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerMessage } from '../../../src/api/contract/realtime';

/**
 * Realtime fan-out between API nodes sharing one PostgreSQL. Every message a node's code puts on
 * its bus is delivered to that node's sockets and also sent with `NOTIFY fx_realtime`; every node
 * LISTENs on one dedicated connection and delivers messages from the other nodes to its own
 * sockets (its own come back too and are skipped by node id). NOTIFY is transactional and ordered
 * per sender, its payload is capped near 8000 bytes: bigger messages stay on their node (logged).
 */
const RELAY_CHANNEL = 'fx_realtime';
const MAX_PAYLOAD = 7900;

interface Envelope {
  node: string;
  pairId?: string;
  userId?: number;
  message: ServerMessage;
}

export interface Deliver {
  toPair(pairId: string, message: ServerMessage): void;
  toUser(userId: number, message: ServerMessage): void;
}

export interface PostgresRelay {
  publish(target: { pairId: string; message: ServerMessage } | { userId: number; message: ServerMessage }): void;
  stop(): Promise<void>;
}

export async function startPostgresRelay(databaseUrl: string, deliver: Deliver, log: FastifyBaseLogger): Promise<PostgresRelay> {
  const node = randomUUID();
  const listener = new pg.Client({ connectionString: databaseUrl });
  const sender = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([listener.connect(), sender.connect()]);
  listener.on('notification', (n) => {
    if (n.channel !== RELAY_CHANNEL || !n.payload) return;
    try {
      const envelope = JSON.parse(n.payload) as Envelope;
      if (envelope.node === node) return;
      if (envelope.pairId !== undefined) deliver.toPair(envelope.pairId, envelope.message);
      else if (envelope.userId !== undefined) deliver.toUser(envelope.userId, envelope.message);
    } catch (error) {
      log.error({ err: error }, 'realtime relay: unreadable notification');
    }
  });
  const onError = (error: Error) => log.error({ err: error }, 'realtime relay connection failed');
  listener.on('error', onError);
  sender.on('error', onError);
  await listener.query(`LISTEN ${RELAY_CHANNEL}`);
  // One query at a time on the sender connection, in the order of publishing.
  let sending: Promise<unknown> = Promise.resolve();
  return {
    publish: (target) => {
      const payload = JSON.stringify({ node, ...target } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        log.warn({ type: target.message.type }, 'realtime relay: message too large for NOTIFY, delivered on this node only');
        return;
      }
      sending = sending.then(() => sender.query('select pg_notify($1, $2)', [RELAY_CHANNEL, payload])).catch(onError);
    },
    stop: async () => {
      await sending;
      await Promise.allSettled([listener.end(), sender.end()]);
    },
  };
}
