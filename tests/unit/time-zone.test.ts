import { expect, test } from 'vitest';
import { formatUtcOffset, nextDay, startOfDayIn, zoneLabel, zonedStamp } from '../../src/api/contract/time-zone';

test("a day starts at the zone's midnight, or where summer time skips it, when the clocks jump", () => {
  expect(startOfDayIn('2026-10-01', 'Europe/Moscow').toISOString()).toBe('2026-09-30T21:00:00.000Z');
  expect(startOfDayIn('2026-01-01', 'Asia/Kolkata').toISOString()).toBe('2025-12-31T18:30:00.000Z');
  expect(startOfDayIn('2026-01-01', 'America/Sao_Paulo').toISOString()).toBe('2026-01-01T03:00:00.000Z');
  expect(startOfDayIn('2026-01-01', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  // Berlin moves to summer time on 29 March 2026: that day starts at +01:00, the next at +02:00.
  expect(startOfDayIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  expect(startOfDayIn('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  // Santiago's clocks jump from 00:00 to 01:00 on 6 September 2026: that day starts at 01:00 (-03:00).
  const santiago = startOfDayIn('2026-09-06', 'America/Santiago');
  expect(santiago.toISOString()).toBe('2026-09-06T04:00:00.000Z');
  expect(zonedStamp(santiago, 'America/Santiago')).toBe('2026-09-06 01:00:00');
  expect(nextDay('2026-12-31')).toBe('2027-01-01');
});

test('times and zones as a statement prints them', () => {
  expect(zonedStamp(new Date('2026-10-05T23:30:00.900Z'), 'Europe/Moscow')).toBe('2026-10-06 02:30:00');
  expect(formatUtcOffset(-3 * 3_600_000)).toBe('UTC-03:00');
  expect(formatUtcOffset(5.5 * 3_600_000)).toBe('UTC+05:30');
  expect(zoneLabel('UTC', [new Date()])).toBe('UTC');
  expect(zoneLabel('Europe/Moscow', [new Date('2026-01-01'), new Date('2026-07-01')])).toBe('Europe/Moscow, UTC+03:00');
  expect(zoneLabel('Europe/Berlin', [new Date('2026-03-01'), new Date('2026-04-01')])).toBe('Europe/Berlin, UTC+01:00 / UTC+02:00');
});
