import ky, { HTTPError, TimeoutError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import { errorEnvelopeSchema } from './contract/envelope';
import type { ErrorCode, FieldErrors } from './contract/errors';
import { envelopeEvents, type EnvelopeEvent } from './envelope';

/** A failed call as the machines see it. `network` and `timeout` are the client's own codes. */
export type ApiErrorCode = ErrorCode | 'network' | 'timeout';

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly fields: FieldErrors;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** Seconds to wait before trying again (429). */
  readonly retryAfter: number | undefined;

  constructor(code: ApiErrorCode, init: { message?: string; fields?: FieldErrors; status?: number; retryAfter?: number } = {}) {
    super(init.message ?? code);
    this.name = 'ApiError';
    this.code = code;
    this.fields = init.fields ?? {};
    this.status = init.status ?? 0;
    this.retryAfter = init.retryAfter;
  }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Reads the error envelope of a failed answer into an ApiError. */
async function apiErrorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.clone().json().catch(() => null);
  const parsed = errorEnvelopeSchema.safeParse(body);
  const header = Number(response.headers.get('retry-after'));
  if (!parsed.success) {
    return new ApiError(response.status === 429 ? 'rate_limited' : 'internal', {
      status: response.status,
      ...(Number.isFinite(header) && header > 0 ? { retryAfter: header } : {}),
    });
  }
  const { code, message, fields, retry_after } = parsed.data.payload;
  const retryAfter = retry_after ?? (Number.isFinite(header) && header > 0 ? header : undefined);
  return new ApiError(code, {
    message,
    status: response.status,
    ...(fields ? { fields } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
}

/**
 * Whatever a call threw, as an ApiError: error envelopes keep their code, message and fields;
 * a fetch that got no answer is `network`; ky's timeout is `timeout`. Aborts stay aborts, so a
 * cancelled actor does not report a failure.
 */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isAbort(error)) throw error;
  if (error instanceof HTTPError) return apiErrorOf(error.response);
  if (error instanceof TimeoutError) return new ApiError('timeout');
  return new ApiError('network', { message: error instanceof Error ? error.message : String(error) });
}

export interface ClientDeps {
  /** The API base URL ending in '/', e.g. 'https://example.com/'. */
  base: string;
  /** The current locale, sent as Accept-Language. */
  locale: () => string;
  /** Receives the events of every envelope (user, notifications, fv, redirect...). */
  publish: (event: EnvelopeEvent) => void;
  timeout?: number;
  retries?: number;
  /** The fetch under ky (the browser's by default; the one that answers from the boot data at start). */
  fetch?: typeof globalThis.fetch;
}

/** VITE_API_BASE when the app talks to another server, else the page's own origin. */
export function apiBase(configured: string | undefined, origin: string): string {
  const base = configured && configured.trim() !== '' ? configured.trim() : origin;
  return base.endsWith('/') ? base : `${base}/`;
}

/**
 * The one HTTP client. It decides nothing: every answer's envelope becomes events for the root
 * actor (its hook never throws), and only reads are retried, since a repeated write could apply twice.
 */
export function createApiClient({ base, locale, publish, timeout = 15_000, retries = 2, fetch }: ClientDeps): KyInstance {
  return ky.create({
    prefixUrl: base,
    ...(fetch ? { fetch } : {}),
    credentials: 'include',
    timeout,
    retry: { limit: retries, methods: ['get'], backoffLimit: 3_000 },
    hooks: {
      beforeRequest: [
        (request) => {
          request.headers.set('Accept-Language', locale());
          request.headers.set('X-Requested-With', 'XMLHttpRequest');
        },
      ],
      afterResponse: [
        async (_request, _options, response) => {
          try {
            if (!(response.headers.get('content-type') ?? '').includes('json')) return;
            const body: unknown = await response.clone().json();
            for (const event of envelopeEvents(body)) publish(event);
          } catch {
            // A body that is not JSON carries no envelope; the caller reports the failure.
          }
        },
      ],
    },
  });
}

/**
 * Sends a call and returns its payload checked against the contract; any failure is an ApiError
 * (with retryAfter for 429). The endpoint groups of this app build on it.
 */
export async function callApi<S extends z.ZodType>(
  http: KyInstance,
  method: 'get' | 'post' | 'put',
  path: string,
  schema: S,
  options: Options = {},
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await http(path, { ...options, method, throwHttpErrors: false });
  } catch (error) {
    throw await toApiError(error);
  }
  if (!response.ok) throw await apiErrorOf(response);
  const body: unknown = await response.json().catch(() => null);
  const parsed = schema.safeParse((body as { payload?: unknown } | null)?.payload);
  if (!parsed.success) throw new ApiError('internal', { status: response.status });
  return parsed.data;
}
