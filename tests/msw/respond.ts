import { HttpResponse } from 'msw';
import type { ErrorCode, FieldErrors } from '../../src/api/contract/errors';
import { MESSAGES, errorBody, languageOf, okBody } from './fixtures';
import type { EnvelopeExtras } from '../../src/api/contract/envelope';

/** Response helpers shared by every domain's handlers. */
export const ok = <T>(payload: T, extras?: EnvelopeExtras) => HttpResponse.json(okBody(payload, extras));

export function fail(
  request: Request,
  code: ErrorCode,
  options: { messageKey?: string; fields?: Record<string, string>; retryAfter?: number } = {},
) {
  const language = languageOf(request);
  const message = MESSAGES[options.messageKey ?? code]?.[language] ?? code;
  const fields: FieldErrors | undefined = options.fields
    ? Object.fromEntries(
        Object.entries(options.fields).map(([name, key]) => [name, MESSAGES[key]?.[language] ?? key]),
      )
    : undefined;
  const { status, body } = errorBody(code, message, fields, options.retryAfter);
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
