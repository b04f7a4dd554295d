/**
 * Exponential backoff with full jitter: attempt 0 waits up to `baseMs`, each next attempt up to
 * twice as long, never more than `maxMs`. The jitter spreads the reconnects of many clients after
 * a server restart so they do not all arrive in the same instant.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  baseMs = 500,
  maxMs = 15_000,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  // Half fixed, half random: never zero (a hot loop), never above the ceiling.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
