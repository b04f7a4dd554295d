/**
 * The server writes durations the way the screens do: the one formatter (src/shared/duration.ts),
 * and ends a time-out by the same periods the screens name (src/shared/time-outs.ts).
 */
export { durationSeconds, formatDuration } from '../../shared/duration';
export {  TIMEOUT_PERIODS } from '../../shared/time-outs';
