import type { Duration } from './duration';

/**
 * How long each self-exclusion time-out runs, in the units its name says (24 hours, not 1 day):
 * the server ends the time-out by it, the trader's panel and the back office write it with
 * formatDuration.
 */
export const TIMEOUT_PERIODS = {
  timeout_24h: { hours: 24 },
  timeout_7d: { days: 7 },
  timeout_6w: { weeks: 6 },
} as const satisfies Record<string, Duration>;

export type TimeoutKind = keyof typeof TIMEOUT_PERIODS;

export const isTimeoutKind = (kind: string): kind is TimeoutKind => Object.hasOwn(TIMEOUT_PERIODS, kind);
