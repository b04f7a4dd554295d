/**
 * A failed call as the statecharts keep it. Actors may throw anything; `toFailure` reads the shape
 * of the client's ApiError structurally, so machines never import the HTTP layer.
 */
export interface Failure {
  /** The server's code ('validation', 'rate_limited'...), or the client's 'network' / 'timeout'. */
  code: string;
  /** Already translated by the server; empty when no answer arrived (the UI says so itself). */
  message: string;
  /** Field name -> translated message (422). */
  fields: Record<string, string>;
  /** Seconds to wait (429). */
  retryAfter?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * `unknownCode` is what a throw without a code counts as: the app's own calls treat it as the
 * connection failing ('network'), the money flows as a fault on our side ('internal').
 */
export function toFailure(error: unknown, unknownCode = 'network'): Failure {
  if (!isRecord(error)) return { code: unknownCode, message: '', fields: {} };
  const code = typeof error.code === 'string' ? error.code : unknownCode;
  const answered = code !== 'network' && code !== 'timeout' && code !== 'internal';
  const message = answered && typeof error.message === 'string' ? error.message : '';
  const fields = isRecord(error.fields)
    ? Object.fromEntries(Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
  const failure: Failure = { code, message, fields };
  if (typeof error.retryAfter === 'number' && error.retryAfter > 0) failure.retryAfter = error.retryAfter;
  return failure;
}

/** The default of every effect a machine declares: the composition root must provide it. */
export const notProvided = (name: string) => (): never => {
  throw new Error(`The "${name}" effect is not provided`);
};
