import { createServer, type Server } from 'node:http';
import { DEFAULT_LOCALE, localeFromHeader } from '../../../src/api/contract/envelope';
import { isLocale, translate } from '../i18n';

/** What a caller is told to wait while the server starts, in seconds. */
const RETRY_AFTER_S = 5;

export interface StartingListener {
  /** Frees the port for the server proper. */
  close(): Promise<void>;
}

/**
 * Holds the server's port while it starts (migrations, seeding, the first back-fill): every
 * request, /api/ready and /api/health included, gets 503 with Retry-After and the translated
 * `unavailable` envelope, so a balancer or a probe sees "not ready" instead of a refused
 * connection. Port 0 (tests, scripts) has no port to hold: nothing is started.
 */
export async function holdPortWhileStarting(port: number, host: string): Promise<StartingListener> {
  if (port === 0) return { close: async () => undefined };
  const server: Server = createServer((request, response) => {
    const header = request.headers['accept-language'];
    const locale = isLocale(header) ? header : (localeFromHeader(header) ?? DEFAULT_LOCALE);
    const message = translate(locale, 'errors.not_ready', { checks: 'starting' });
    const body = JSON.stringify({ status: 'error', payload: { code: 'unavailable', message, retry_after: RETRY_AFTER_S } });
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(RETRY_AFTER_S),
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
