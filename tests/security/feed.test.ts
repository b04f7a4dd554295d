import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/src/db/database';
import { serverProcesses } from '../server/process-helpers';

/**
 * Finding 1: the prices were a seeded PRNG stream with a public default seed, so every start
 * replayed the same series and whoever knew it won every bet. The attack here is the one that
 * worked: record the series of one run and bet on the next run that it moves the same way.
 * Each run gets its own data (two helpers: on PostgreSQL, two databases) and the defaults.
 */
const runs = [serverProcesses(), serverProcesses()];

/** How long each server feeds live ticks before it is stopped. */
const LIVE_MS = 6000;

type Series = Map<string, number[]>;

/** Starts one server with the default settings, lets it feed, stops it and reads every pair's ticks in order. */
async function recordRun(run: ReturnType<typeof serverProcesses>): Promise<Series> {
  const server = await run.start();
  await new Promise((resolve) => setTimeout(resolve, LIVE_MS));
  await server.stop('SIGTERM');
  const database = await openDatabase({ dataDir: server.dataDir, databaseUrl: run.databaseUrl() });
  try {
    // The back-filled week (one tick per minute) then the live seconds: the whole series a client can see.
    const rows = await database.db.selectFrom('ticks').select(['pair_id', 'v']).orderBy('pair_id').orderBy('t').orderBy('id').execute();
    const series: Series = new Map();
    for (const row of rows) {
      const values = series.get(row.pair_id) ?? [];
      values.push(row.v);
      series.set(row.pair_id, values);
    }
    return series;
  } finally {
    await database.close();
  }
}

const direction = (from: number, to: number) => Math.sign(to - from);

describe('predicting the prices of a restarted server', () => {
  test('recording one run and betting the next run moves the same way wins no more often than a coin', async () => {
    const first = await recordRun(runs[0]!);
    const second = await recordRun(runs[1]!);

    expect([...second.keys()]).toEqual([...first.keys()]);
    let guesses = 0;
    let wins = 0;
    for (const [pair, trained] of first) {
      const target = second.get(pair)!;
      // A week of minutes at least, on both runs.
      expect(trained.length).toBeGreaterThan(7 * 24 * 60);
      expect(target.length).toBeGreaterThan(7 * 24 * 60);
      // The two series differ: a restart is not a replay.
      const length = Math.min(trained.length, target.length);
      expect(target.slice(0, length)).not.toEqual(trained.slice(0, length));
      // The predictor: at each offset, the next move of the second run is the one the first run made there.
      for (let i = 0; i + 1 < length; i++) {
        const predicted = direction(trained[i]!, trained[i + 1]!);
        const actual = direction(target[i]!, target[i + 1]!);
        if (predicted === 0 || actual === 0) continue;
        guesses += 1;
        if (predicted === actual) wins += 1;
      }
    }
    // Chance is 0.5; 4.5 standard deviations of a fair coin's rate (a false alarm once in ~150,000 runs).
    const band = 4.5 * Math.sqrt(0.25 / guesses);
    expect(guesses).toBeGreaterThan(50_000);
    expect(Math.abs(wins / guesses - 0.5)).toBeLessThan(band);
  }, 600_000);
});
