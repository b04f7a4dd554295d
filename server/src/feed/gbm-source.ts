import { randomFillSync } from 'node:crypto';
import { roundTo, type PairModel, type PriceSource } from './price-source';
import { mulberry32, type Uniform } from './seeded-random';

const CRYPTO_BATCH = 2048;

/**
 * Uniform draws from the operating system's CSPRNG (node:crypto), fetched a batch at a time: the
 * default feed's randomness, which no seed, restart or other node can reproduce.
 */
function cryptoUniform(): Uniform {
  const batch = new Uint32Array(CRYPTO_BATCH);
  let next = CRYPTO_BATCH;
  return () => {
    if (next === CRYPTO_BATCH) {
      randomFillSync(batch);
      next = 0;
    }
    return batch[next++]! / 4294967296;
  };
}

/** FNV-1a of the text mixed with the seed: each pair gets its own stream from one FEED_SEED. */
function streamSeed(seed: number, name: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Each pair's own uniform stream: seeded from FEED_SEED for a reproducible run, otherwise the
 * CSPRNG (a fresh, unpredictable stream on every start and every node).
 */
function pairUniform(seed: number | undefined, pairId: string): Uniform {
  return seed === undefined ? cryptoUniform() : mulberry32(streamSeed(seed, pairId));
}

/** Standard normal draws from a uniform source (Box-Muller, both values used). */
function normals(uniform: Uniform): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const u = 1 - uniform(); // (0, 1]: log(0) is avoided
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * uniform();
    spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  };
}

/** The feed's volatilities are annual; its walk steps one second of a year at a time. */
export const SECONDS_PER_YEAR = 365 * 24 * 3600;

/**
 * One pair's geometric Brownian motion without drift, stepped one second at a time:
 * S' = S * exp(-sigma^2 dt / 2 + sigma sqrt(dt) Z). The exact (unrounded) price is carried so that
 * rounding to the pair's digits does not pin a slow pair in place.
 */
export class GbmWalk {
  private readonly normal: () => number;
  private readonly drift: number;
  private readonly diffusion: number;
  price: number;

  /** `seed`: FEED_SEED for a reproducible walk; undefined draws from the CSPRNG. */
  constructor(seed: number | undefined, pair: PairModel) {
    this.normal = normals(pairUniform(seed, pair.id));
    const dt = 1 / SECONDS_PER_YEAR;
    this.drift = -0.5 * pair.volatility * pair.volatility * dt;
    this.diffusion = pair.volatility * Math.sqrt(dt);
    this.price = pair.price;
  }

  step(): number {
    this.price *= Math.exp(this.drift + this.diffusion * this.normal());
    return this.price;
  }
}

/**
 * The default source: a random walk per pair, stepped only when the feed asks for the current
 * second (no price exists before it is stored and published). Without a seed it draws from the
 * CSPRNG; with FEED_SEED the same seed gives the same series (reproducible runs only).
 */
export function createGbmSource(seed: number | undefined, pairs: PairModel[]): PriceSource {
  const walks = pairs.map((pair) => ({ pair, walk: new GbmWalk(seed, pair) }));
  return {
    next: () => walks.map(({ pair, walk }) => ({ pairId: pair.id, v: roundTo(walk.step(), pair.digits) })),
  };
}
