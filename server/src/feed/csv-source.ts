import { readFileSync } from 'node:fs';
import type { PricePoint, PriceSource } from './price-source';

/**
 * Replays recorded ticks from a CSV file with the header `t,pair_id,v` (t in epoch ms, rows in
 * time order). Rows are grouped by their recorded second; each call gives the next group, so the
 * recording plays at its own pace with today's timestamps, and starts over at the end.
 */
export function parseTickCsv(text: string): PricePoint[][] {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const header = lines.shift();
  if (header?.replace(/\s/g, '') !== 't,pair_id,v') throw new Error('tick CSV needs the header t,pair_id,v');
  const groups: PricePoint[][] = [];
  let currentSecond: number | null = null;
  lines.forEach((line, index) => {
    const [t, pairId, v] = line.split(',').map((cell) => cell.trim());
    const time = Number(t);
    const value = Number(v);
    if (!pairId || !Number.isFinite(time) || !Number.isFinite(value) || value <= 0) {
      throw new Error(`tick CSV line ${index + 2} is not "t,pair_id,v": ${line}`);
    }
    const second = Math.floor(time / 1000);
    if (second !== currentSecond) {
      groups.push([]);
      currentSecond = second;
    }
    groups[groups.length - 1]!.push({ pairId, v: value });
  });
  if (!groups.length) throw new Error('tick CSV has no rows');
  return groups;
}

export function createCsvReplaySource(file: string): PriceSource {
  const groups = parseTickCsv(readFileSync(file, 'utf8'));
  let position = 0;
  return {
    next: () => {
      const group = groups[position % groups.length]!;
      position++;
      return group;
    },
  };
}
