import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import { fastifyTrustProxy } from './settings';
import { openDatabase, type Database } from './db/database';
import { envelopePlugin } from './http/envelope';
import { walletsOf } from './modules/wallet/ledger';
import { csrfPlugin } from './http/csrf';
import { requestSerializer } from './http/log-redaction';
import { canonicalPathPlugin } from './http/canonical-path';
import { clientErrorHandler, frameworkErrors } from './http/early-errors';
import { multipartErrorsPlugin } from './http/multipart';
import { createLocalBus, type RealtimeBus } from './realtime/bus';
import { ApiError } from './http/errors';
import { validateWithContract } from './http/typed-routes';
import { apiDescriptionPlugin } from './http/api-description';
import { securityPlugin } from './http/security-headers';
import { webAppPlugin } from './modules/web/routes';
import { sessionPlugin } from './modules/auth/sessions';
import { ipPlacePlugin } from './modules/auth/ip-place';
import { emailModule } from './modules/email/routes';
import { authModule } from './modules/auth/routes';
import { userModule } from './modules/user/routes';
import { notificationsModule } from './modules/notifications/routes';
import { contentModule } from './modules/content/routes';
import { supportRoutes } from './modules/support/routes';
import { chatRoutes } from './modules/chat/routes';
import { backofficeRoutes } from './modules/backoffice/routes';
import { sightingsPlugin } from './modules/risk/sightings';
import { riskJobs } from './modules/risk/jobs';
import { paymentRoutes } from './modules/payments/routes';
import { tournamentRoutes } from './modules/tournaments/routes';
import { marketRoutes } from './modules/market/routes';
import { betRoutes } from './modules/bets/routes';
import { limitsRoutes } from './modules/limits/routes';
import { chartRoutes } from './modules/chart/routes';
import { orderRoutes } from './modules/orders/routes';
import { alertRoutes } from './modules/alerts/routes';
import { realtimeHub } from './realtime/hub';
import { tradingJobs } from './jobs/trading-jobs';
import { registerOps } from './ops/register';
import { RequestLogController } from './ops/logging';

export interface BuildOptions {
  config: Config;
  /** An open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  bus?: RealtimeBus;
  /** The web app's build version; read from the built index.html by default. */
  frontendVersion?: () => string;
  logger?: boolean | object;
}

/** Builds the whole platform server: plugins, domain modules, and (with config.runJobs) jobs. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const frontendVersion = options.frontendVersion ?? (() => 'dev');
  const logger = typeof options.logger === 'object' ? { ...options.logger, serializers: { req: requestSerializer } } : (options.logger ?? false);
  const earlyErrors = { frontendVersion, secure: config.secureCookies };
  const app = Fastify({
    logger,
    // One line per answered request (ops/logging.ts).
    logController: new RequestLogController(),
    genReqId: () => randomUUID(),
    bodyLimit: 64 * 1024,
    // Off unless TRUST_PROXY names the proxies: X-Forwarded-For from anyone else is ignored.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    // A URL the router cannot read (bad escapes, a parameter over 100 characters) or bytes that
    // are not HTTP get the error envelope and the security headers too; no route hook runs for them.
    frameworkErrors: frameworkErrors(earlyErrors),
    clientErrorHandler: clientErrorHandler(earlyErrors),
  });
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionLost: (error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one'),
    }));
  // Routes validate (and may check their answers) with the contract's zod schemas.
  validateWithContract(app);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('bus', options.bus ?? createLocalBus());
  if (!options.database) app.addHook('onClose', async () => database.close());

  // Every log line of a request carries its reqId; the same id in the answer lets a report be matched to the log.
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // Closing waits for the requests in flight; their connections must not then stay open as idle
  // keep-alive sockets (which would hold the shutdown until their timeout).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(envelopePlugin, { frontendVersion, walletsOf: (userId) => walletsOf(database.db, userId) });
  await app.register(canonicalPathPlugin, earlyErrors);
  await registerOps(app);
  await app.register(csrfPlugin);
  await app.register(multipartErrorsPlugin);

  await app.register(securityPlugin);
  // Before the modules: it describes the routes as they are declared.
  await app.register(apiDescriptionPlugin);

  // Domain modules: each registers its own routes, hooks and jobs.
  // Sessions first: every later module reads app.requireUser & co. when it declares its routes.
  // A session keeps the place of its address, so the place lookup is there before it.
  await app.register(ipPlacePlugin);
  await app.register(sessionPlugin);
  await app.register(emailModule);
  await app.register(authModule);
  await app.register(userModule);
  await app.register(notificationsModule);
  await app.register(contentModule);
  await app.register(supportRoutes);
  await app.register(chatRoutes);
  await app.register(backofficeRoutes);
  await app.register(sightingsPlugin);
  await app.register(paymentRoutes);
  await app.register(tournamentRoutes);
  await app.register(marketRoutes);
  await app.register(betRoutes);
  await app.register(limitsRoutes);
  await app.register(chartRoutes);
  await app.register(orderRoutes);
  await app.register(alertRoutes);
  await app.register(realtimeHub);
  await app.register(tradingJobs);
  await app.register(riskJobs);

  // Last: the web app's catch-all route for its own paths.
  await app.register(webAppPlugin);

  app.setNotFoundHandler(async (request) => {
    throw new ApiError('not_found', { message: request.url.startsWith('/api/') ? 'errors.no_route' : 'errors.not_found' });
  });
  return app;
}
