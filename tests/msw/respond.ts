import { HttpResponse } from 'msw';
import type { ErrorCode, FieldErrors } from '../../src/api/contract/errors';
import { errorBody, okBody } from './fixtures';
import { textFor } from './locale-texts';
import type { EnvelopeExtras } from '../../src/api/contract/envelope';

/** Response helpers shared by every domain's handlers. */
export const ok = <T>(payload: T, extras?: EnvelopeExtras) => HttpResponse.json(okBody(payload, extras));

/** A translation key, or a key with its values, as the server's ApiError takes a message. */
type MessageKey = string | { key: string; params?: Record<string, string | number> };

/**
 * An error as the server answers it: the message (the code's `errors.<code>` unless another key is
 * given) and the field errors are the server's translations of their keys in the request's language.
 */
export function fail(
  request: Request,
  code: ErrorCode,
  options: { messageKey?: MessageKey; fields?: Record<string, MessageKey>; retryAfter?: number } = {},
) {
  const say = (message: MessageKey) => (typeof message === 'string' ? textFor(request, message) : textFor(request, message.key, message.params));
  const fields: FieldErrors | undefined = options.fields
    ? Object.fromEntries(Object.entries(options.fields).map(([name, key]) => [name, say(key)]))
    : undefined;
  const { status, body } = errorBody(code, say(options.messageKey ?? `errors.${code}`), fields, options.retryAfter);
  return HttpResponse.json(body, { status, headers: options.retryAfter ? { 'Retry-After': String(options.retryAfter) } : {} });
}

/** The body of a JSON, urlencoded or multipart request as a plain record. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries((await request.formData()).entries());
  }
  return {};
}
