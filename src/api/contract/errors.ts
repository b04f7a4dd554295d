import { z } from 'zod';

/** Every error code the API may answer with (docs/design.md 3.1), and the HTTP status it travels with. */
export const ERROR_STATUS = {
  validation: 422,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  insufficient_funds: 409,
  stale_rate: 409,
  pair_inactive: 409,
  too_many_open_bets: 409,
  idempotency_conflict: 409,
  not_cancellable: 409,
  /** A bet or deposit that would cross one of the trader's own limits (the message names it). */
  limit_reached: 409,
  /** The trader excluded himself from trading and money-in until a date. */
  self_excluded: 403,
  invalid_token: 400,
  payload_too_large: 413,
  quota_exceeded: 413,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** Field name -> already translated message. */
const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorPayloadSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  fields: fieldErrorsSchema.optional(),
  retry_after: z.number().int().nonnegative().optional(),
});
export type ErrorPayload = z.infer<typeof errorPayloadSchema>;
