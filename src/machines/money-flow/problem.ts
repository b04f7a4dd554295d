import { toFailure } from '../app/failure';

/**
 * What a money flow shows when a call fails: the server's code, its already translated message
 * and per-field messages (only when there are some). It is read by the one failure reader, so a
 * machine never depends on how the api layer reports errors.
 */
export interface Problem {
  code: string;
  /** Translated by the server; empty when the failure never reached it (the UI then says so). */
  message: string;
  fields?: Record<string, string>;
}

export function toProblem(error: unknown): Problem {
  const { code, message, fields } = toFailure(error, 'internal');
  return Object.keys(fields).length > 0 ? { code, message, fields } : { code, message };
}

/**
 * The problem an invoked call's error event carries, for a machine's one `fail` action: that
 * action runs on every call's error, whose event type setup() cannot name, hence the cast.
 */
export const problemOfErrorEvent = ({ event }: { event: unknown }) => toProblem((event as { error: unknown }).error);
