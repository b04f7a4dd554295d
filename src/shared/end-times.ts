/**
 * The end times still on sale at `now` (epoch ms): step boundaries at least `cutoff` seconds away.
 * The bet slip picks from them and the end-time selector lists them.
 */
export function endTimeOptions(now: number, step: number, cutoff: number, count: number): number[] {
  const stepMs = step * 1000;
  let first = Math.ceil((now + cutoff * 1000) / stepMs) * stepMs;
  if (first - now < cutoff * 1000) first += stepMs;
  return Array.from({ length: count }, (_, i) => first + i * stepMs);
}
