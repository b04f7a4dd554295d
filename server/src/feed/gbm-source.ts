import { roundTo, type PairModel, type PriceSource } from './price-source';

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same sequence everywhere. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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

/** Standard normal draws from a uniform source (Box-Muller, both values used). */
function normals(uniform: () => number): () => number {
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

const SECONDS_PER_YEAR = 365 * 24 * 3600;

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

  constructor(seed: number, pair: PairModel) {
    this.normal = normals(mulberry32(streamSeed(seed, pair.id)));
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

/** The default source: a seeded random walk per pair; the same FEED_SEED gives the same series. */
export function createGbmSource(seed: number, pairs: PairModel[]): PriceSource {
  const walks = pairs.map((pair) => ({ pair, walk: new GbmWalk(seed, pair) }));
  return {
    next: () => walks.map(({ pair, walk }) => ({ pairId: pair.id, v: roundTo(walk.step(), pair.digits) })),
  };
}
