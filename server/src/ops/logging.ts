import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import PinoPretty from 'pino-pretty';
import { loggableUrl } from '../http/log-redaction';

export type LogFormat = 'pretty' | 'json';

/** `LOG_FORMAT` when given; otherwise pretty at a terminal and JSON lines anywhere else. */
export const logFormat = (env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): LogFormat =>
  env.LOG_FORMAT === 'pretty' || env.LOG_FORMAT === 'json' ? env.LOG_FORMAT : stdoutIsTTY ? 'pretty' : 'json';

/**
 * The server's pino options, writing to stdout (or `destination`). Pretty: one line per entry,
 * coloured at a terminal, the request's fields folded into its message (written synchronously, so
 * the last lines before an exit are not lost).
 */
export function loggerOptions(env: NodeJS.ProcessEnv = process.env, stdoutIsTTY = Boolean(process.stdout.isTTY), destination?: NodeJS.WritableStream) {
  const options = { level: env.LOG_LEVEL || 'info' };
  if (logFormat(env, stdoutIsTTY) === 'json') return destination ? { ...options, stream: destination } : options;
  const stream = PinoPretty({
    ...(destination ? { destination } : {}),
    colorize: stdoutIsTTY,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime',
  });
  return { ...options, stream };
}

/**
 * Routes too frequent to be worth a line at info (probes, scrapes): their requests log at debug.
 * Decided by the matched route, never by the URL text.
 */
const QUIET_ROUTES = new Set(['/api/health', '/api/ready', '/metrics']);

/** The built web app's files: @fastify/static gives each file's route a `rootPath`. */
export const isStaticFile = (request: FastifyRequest): boolean =>
  (request.routeOptions.config as { rootPath?: unknown }).rootPath !== undefined;

const isQuiet = (request: FastifyRequest) => isStaticFile(request) || QUIET_ROUTES.has(request.routeOptions.url ?? '');

/**
 * One line per request, when it has been answered: method, URL (secrets redacted), status and
 * time, at info, or at debug for the quiet routes (a failed answer at error). Its arrival is a
 * debug line. Both carry the request's reqId, like every line logged through request.log.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    const line = `${request.method} ${loggableUrl(request)} ${reply.statusCode} ${ms.toFixed(1)}ms`;
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime: ms };
    if (error) request.log.error({ ...fields, err: error }, line);
    else request.log[isQuiet(request) ? 'debug' : 'info'](fields, line);
  }
}
