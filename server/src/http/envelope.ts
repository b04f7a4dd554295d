import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, localeFromHeader, type Wallet } from '../../../src/api/contract/envelope';
import type { ErrorPayload } from '../../../src/api/contract/errors';
import { ApiError, toMessage, type Message } from './errors';
import { isLocale, translate } from '../i18n';

export const LOCALE_COOKIE = 'i18n_redirected';

export interface EnvelopeOptions {
  /** The build version of the web app, carried as `fv` on every /api response. */
  frontendVersion: () => string;
  /** A user's wallets, read when a route asks for `user` without handing its own (the wallet module's). */
  walletsOf: (userId: number) => Promise<Wallet[]>;
}

/**
 * The response envelope of docs/design.md 3.1. Routes return `ok(payload)` (or throw ApiError); a
 * preSerialization hook adds `fv`, `user` when the route asked for it, and whatever the domain
 * contributors add (support_chat, notifications) to every /api body, errors included.
 */
export const ok = <T>(payload: T) => ({ status: 'ok' as const, payload });
export const redirect = (url: string) => ({
  status: 'redirect' as const,
  payload: { status: 'redirect' as const, redirect_url: url },
});

function requestLocale(request: FastifyRequest) {
  // The web app sends exactly its locale code; browsers send lists ('en-US,en;q=0.9').
  const header = request.headers['accept-language'];
  if (isLocale(header)) return header;
  const cookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return localeFromHeader(header) ?? DEFAULT_LOCALE;
}

const isApi = (request: FastifyRequest) => request.url === '/api' || request.url.startsWith('/api/');

export const envelopePlugin = fp(async (app: FastifyInstance, options: EnvelopeOptions) => {
  app.decorate('envelopeContributors', []);
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('includeUser', false);
  app.decorateRequest('userWallets', null);
  app.addHook('onRequest', async (request) => {
    request.locale = requestLocale(request);
  });

  /** fv, the contributors' fields and (when the route asked) the user of this request's envelope. */
  const extrasOf = async (request: FastifyRequest): Promise<Record<string, unknown>> => {
    const extras: Record<string, unknown> = { fv: options.frontendVersion() };
    try {
      for (const contribute of app.envelopeContributors) Object.assign(extras, await contribute(request));
      if (request.includeUser) {
        extras.user = request.user
          ? {
              is_authenticated: true,
              email: request.user.email,
              account_id: request.user.account_id,
              time_zone: request.user.time_zone,
              wallets: request.userWallets ?? (await options.walletsOf(request.user.id)),
            }
          : { is_authenticated: false };
      }
    } catch (error) {
      // The payload is what the caller asked for; an extra that fails must not turn it into an error.
      request.log.error({ err: error }, 'envelope extras failed');
    }
    return extras;
  };
  // The web app's document carries the envelopes of its first calls (modules/web/boot-data.ts).
  app.decorate('envelopeOf', async <T extends object>(request: FastifyRequest, body: T) => ({ ...body, ...(await extrasOf(request)) }));

  app.addHook('preSerialization', async (request: FastifyRequest, _reply: FastifyReply, body: unknown) => {
    if (!isApi(request) || typeof body !== 'object' || body === null || !('status' in body)) return body;
    return { ...body, ...(await extrasOf(request)) };
  });

  const t = (request: FastifyRequest, m: string | Message) => {
    const { key, params } = toMessage(m);
    return translate(request.locale, key, params);
  };

  app.setErrorHandler(async (error: FastifyError | ApiError, request, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) {
      apiError = error;
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT' || error.code === 'FST_PARTS_LIMIT') {
      apiError = new ApiError('payload_too_large');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, a wrong content type, a bad multipart body: the request is not usable.
      apiError = new ApiError('validation', { status: error.statusCode === 415 ? 415 : 400, message: 'errors.malformed' });
    } else {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError('internal');
    }
    const payload: ErrorPayload = {
      code: apiError.code,
      message: t(request, apiError.options.message ?? `errors.${apiError.code}`),
    };
    if (apiError.options.fields) {
      payload.fields = Object.fromEntries(
        Object.entries(apiError.options.fields).map(([name, m]) => [name, t(request, m)]),
      );
    }
    if (apiError.options.retryAfter !== undefined) {
      payload.retry_after = apiError.options.retryAfter;
      void reply.header('retry-after', String(apiError.options.retryAfter));
    }
    if (!isApi(request) && !request.url.startsWith('/i18n/')) {
      // Pages outside the API (sandbox checkout, back office forms) get plain text.
      return reply.status(apiError.status).type('text/plain; charset=utf-8').send(payload.message);
    }
    // A 401 says who is signed in now (nobody): the web app leaves every signed-in screen at once,
    // whichever call found out that the session ended (signed out in another tab, a password change).
    if (apiError.code === 'unauthenticated') request.includeUser = true;
    return reply.status(apiError.status).send({ status: 'error', payload });
  });
});
