/**
 * What a money flow shows when a call fails: the server's code, its already translated message
 * and per-field messages. Actors may throw anything; `toProblem` keeps what it recognises so a
 * machine never depends on how the api layer reports errors.
 */
export interface Problem {
  code: string;
  /** Translated by the server; empty when the failure never reached it (the UI then says so). */
  message: string;
  fields?: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Failures without a message from the server: the UI says it in its own words. */
const UNTOLD = new Set(['internal', 'network', 'timeout']);

export function toProblem(error: unknown): Problem {
  if (!isRecord(error)) return { code: 'internal', message: '' };
  const code = typeof error.code === 'string' ? error.code : 'internal';
  const message = typeof error.message === 'string' && !UNTOLD.has(code) ? error.message : '';
  const fields = isRecord(error.fields)
    ? Object.fromEntries(Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : undefined;
  return fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message };
}

/** The default of every effect a machine declares: the composition root must provide it. */
export const notProvided = (name: string) => (): never => {
  throw new Error(`The "${name}" effect is not provided`);
};
