import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LogEvent } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Bet } from '../../../src/api/contract/bets';
import { ApiError } from '../http/errors';
import { isStaticFile } from './logging';

/**
 * The process's metrics, in one registry: a process runs one server (tests build several apps in
 * one process, which then share the counters; they look at how much a counter moved). Event-loop
 * lag, memory, CPU and handles come from prom-client's default metrics.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

const httpDuration = new Histogram({
  name: 'fx_http_request_duration_seconds',
  help: 'HTTP request latency by method, matched route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const betsPlaced = new Counter({
  name: 'fx_bets_placed_total',
  help: 'Bets placed (committed; a retry answered from its idempotency key is not counted), by wallet type',
  labelNames: ['wallet_type'] as const,
  registers: [registry],
});
const placementGroupSize = new Histogram({
  name: 'fx_bet_placement_group_size',
  help: 'Placements committed together in one transaction (group commit)',
  buckets: [1, 2, 4, 8, 16, 32, 64, 100],
  registers: [registry],
});
const betsSettled = new Counter({
  name: 'fx_bets_settled_total',
  help: 'Bets settled, by outcome',
  labelNames: ['status'] as const,
  registers: [registry],
});
const settlementLag = new Histogram({
  name: 'fx_bet_settlement_lag_seconds',
  help: "Time from a bet's expiry to the commit of its settlement",
  buckets: [0.1, 0.25, 0.35, 0.5, 0.75, 1, 1.5, 2, 5, 10, 30, 60],
  registers: [registry],
});
const feedTickLag = new Histogram({
  name: 'fx_feed_tick_lag_seconds',
  help: "Time from a feed tick's second to its prices being stored and published",
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2],
  registers: [registry],
});
const wsClients = new Gauge({ name: 'fx_ws_clients', help: 'Open WebSocket connections', registers: [registry] });
const wsMessages = new Counter({
  name: 'fx_ws_messages_total',
  help: 'WebSocket messages received (in) and sent (out)',
  labelNames: ['direction'] as const,
  registers: [registry],
});
const dbQueryDuration = new Histogram({
  name: 'fx_db_query_duration_seconds',
  help: 'Database query latency by statement (first SQL keyword) and outcome',
  labelNames: ['statement', 'outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});

export const metrics = {
  betPlaced: (walletType: string) => betsPlaced.inc({ wallet_type: walletType }),
  placementGroup: (size: number) => placementGroupSize.observe(size),
  /** Settled bets of one committed batch: counted, and their lag behind their expiry observed. */
  betsSettled: (bets: Bet[]) => {
    const now = Date.now();
    for (const bet of bets) {
      betsSettled.inc({ status: bet.status });
      settlementLag.observe(Math.max(0, now - Date.parse(bet.expires_at)) / 1000);
    }
  },
  /** A feed beat stored and published the prices of second `t` (epoch ms). */
  feedTick: (t: number) => feedTickLag.observe(Math.max(0, Date.now() - t) / 1000),
  wsOpened: () => wsClients.inc(),
  wsClosed: () => wsClients.dec(),
  wsIn: wsMessages.labels('in'),
  wsOut: wsMessages.labels('out'),
};

const STATEMENTS = new Set(['select', 'insert', 'update', 'delete', 'with', 'create', 'alter', 'drop', 'truncate', 'checkpoint']);

/** Kysely's `log` hook: every query's duration, at the database layer (PGlite and PostgreSQL alike). */
export function observeQuery(event: LogEvent): void {
  const keyword = /^\s*\(?\s*(\w+)/.exec(event.query.sql)?.[1]?.toLowerCase() ?? '';
  dbQueryDuration.observe(
    { statement: STATEMENTS.has(keyword) ? keyword : 'other', outcome: event.level === 'query' ? 'ok' : 'error' },
    event.queryDurationMillis / 1000,
  );
}

/** The route label: the matched pattern, one label for the web app's files, never the raw URL. */
const routeLabel = (request: FastifyRequest) => (isStaticFile(request) ? 'static' : (request.routeOptions.url ?? 'unmatched'));

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(token: string) {
  const expected = digest(token);
  return (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return timingSafeEqual(digest(given), expected);
  };
}

/** A preHandler answering 401 (the error envelope, translated) without the right bearer token. */
export function requireBearer(token: string) {
  const matches = bearerMatches(token);
  return async (request: FastifyRequest) => {
    if (!matches(request)) throw new ApiError('unauthenticated');
  };
}

const scrape = async (_request: FastifyRequest, reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());

declare module 'fastify' {
  interface FastifyInstance {
    /** The address of the METRICS_PORT listener once ready (null when metrics share the main port or are off). */
    metricsAddress: () => string | null;
  }
}

/**
 * Request latency for every request, and /metrics: on METRICS_PORT, a listener of its own (on
 * HOST; with METRICS_TOKEN also required there), else on the main port behind METRICS_TOKEN, else
 * nowhere.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { metricsToken, metricsPort } = app.config.ops;
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe({ method: request.method, route: routeLabel(request), status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });
  let address: string | null = null;
  app.decorate('metricsAddress', () => address);
  if (metricsPort !== undefined) {
    const server = Fastify({ loggerInstance: app.log.child({ listener: 'metrics' }), logController: new LogController({ disableRequestLogging: true }) });
    const matches = metricsToken ? bearerMatches(metricsToken) : () => true;
    server.get('/metrics', async (request, reply) => (matches(request) ? scrape(request, reply) : reply.status(401).send('Unauthorized')));
    app.addHook('onReady', async () => {
      address = await server.listen({ port: metricsPort, host: app.config.host });
      app.log.info({ metrics: address }, `metrics on ${address}/metrics`);
    });
    app.addHook('onClose', async () => server.close());
  } else if (metricsToken) {
    app.get('/metrics', { preHandler: requireBearer(metricsToken) }, scrape);
  }
});
