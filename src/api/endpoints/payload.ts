import type { KyInstance, Options } from 'ky';
import type { z } from 'zod';
import { errorEnvelopeSchema } from '../contract/envelope';
import type { ErrorCode, FieldErrors } from '../contract/errors';

/** A call the server answered with an error envelope: its code, translated message and field errors. */
export class ApiCallError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/**
 * Sends a request and returns its payload parsed with the contract. An error envelope becomes an
 * ApiCallError; an answer that is not an envelope becomes an `internal` one. Network failures and
 * aborts propagate as they are.
 */
export async function payloadOf<S extends z.ZodType>(
  http: KyInstance,
  method: 'get' | 'post',
  path: string,
  schema: S,
  options: Options = {},
): Promise<z.output<S>> {
  const response = await http(path, { ...options, method, throwHttpErrors: false });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorEnvelopeSchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.payload;
      throw new ApiCallError(code, message, fields, response.status);
    }
    throw new ApiCallError('internal', '', undefined, response.status);
  }
  const payload = (body as { payload?: unknown } | null)?.payload;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiCallError('internal', '', undefined, response.status);
  return parsed.data;
}

/** Multipart bodies carry every value as text (SPEC.md 7: null values as empty strings). */
export function formDataOf(values: Readonly<Record<string, string | null | undefined>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value ?? '');
  return form;
}

/** Query parameters without the empty ones. */
export function searchOf(values: Readonly<Record<string, string | number | null | undefined>>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  return search;
}

/** Every call path of the API is under /api; `url` values from the server are paths below it. */
export const apiPath = (path: string) => `api/${path.replace(/^\/+/, '')}`;
