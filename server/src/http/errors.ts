import { ERROR_STATUS, type ErrorCode } from '../../../src/api/contract/errors';

/** A translation key and its interpolation values. */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

export interface ApiErrorOptions {
  /** Field name -> translation key (or key with params); translated per request. */
  fields?: Record<string, string | Message>;
  /** Overrides the code's default translation key `errors.<code>`. */
  message?: string | Message;
  /** Overrides the code's default HTTP status. */
  status?: number;
  /** Seconds, for rate_limited and unavailable (the Retry-After header too). */
  retryAfter?: number;
}

/** An error the client is meant to see: its code, translated message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: ApiErrorOptions = {},
  ) {
    super(code);
    this.status = options.status ?? ERROR_STATUS[code];
  }
}

export const toMessage = (m: string | Message): Message => (typeof m === 'string' ? { key: m } : m);
