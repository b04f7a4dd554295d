import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { DEFAULT_LOCALE, localeFromHeader, type Locale } from '../../../src/api/contract/envelope';
import { isLocale, translate } from '../i18n';
import { securityHeaders, setSecurityHeaders } from './security-headers';

export interface EarlyErrorOptions {
  frontendVersion: () => string;
  /** Served over https: the answers carry HSTS too. */
  secure: boolean;
}

/**
 * The answer to a request whose URL cannot be used as written (bad escapes, a parameter over 100
 * characters, a path spelled so that it could reach another route than it names): the error
 * envelope in full, whatever the path, with the security headers. It is made here rather than by
 * the error handler because the router has not run (or its result is not trusted), so neither the
 * route's hooks nor the path tell whether the caller is the API.
 */
export function answerMalformed(reply: FastifyReply, locale: Locale, options: EarlyErrorOptions, status = 400): FastifyReply {
  const envelope = { status: 'error', payload: { code: 'validation', message: translate(locale, 'errors.malformed') }, fv: options.frontendVersion() };
  setSecurityHeaders(reply, options.secure);
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(envelope));
}

/** Fastify's `frameworkErrors`: the router could not read the URL, no hook has run. */
export function frameworkErrors(options: EarlyErrorOptions): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['accept-language'];
    const locale = isLocale(header) ? header : (localeFromHeader(header) ?? DEFAULT_LOCALE);
    void answerMalformed(reply, locale, options, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400);
  };
}

/**
 * Fastify's `clientErrorHandler`: bytes that are not HTTP (a broken request line or header).
 * Nothing of the request can be trusted, not even its language, so the answer is a bare 400 in
 * the default language, with the security headers like every other answer.
 */
export function clientErrorHandler(options: EarlyErrorOptions): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  return (error: { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (!socket.writable) return void socket.destroy();
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({
      status: 'error',
      payload: { code: 'validation', message: translate(DEFAULT_LOCALE, 'errors.malformed') },
      fv: options.frontendVersion(),
    });
    const headers = {
      ...securityHeaders(options.secure),
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  };
}
