/** Uniform draws in [0, 1). */
export type Uniform = () => number;

/**
 * mulberry32: a small, fast 32-bit PRNG; the same seed gives the same sequence everywhere. Only
 * for reproducible runs (FEED_SEED in tests, benchmarks, demos): its state is guessable. Kept
 * free of node: imports because the browser's mock fixtures draw from it too.
 */
export function mulberry32(seed: number): Uniform {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
