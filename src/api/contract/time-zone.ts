/**
 * Days and wall-clock times in an IANA time zone, for texts that name their zone (the statements
 * the server writes): where a zone's day starts, what its clock reads at an instant, its offset.
 * Intl is the only source of the zone rules, so summer time follows the runtime's zone data.
 */

const DAY_MS = 86_400_000;

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(zone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(zone, format);
  }
  return format;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in the zone reads at an instant. */
function wallClock(at: Date, zone: string): WallClock {
  const parts = Object.fromEntries(wallClockFormat(zone).formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const two = (n: number) => String(n).padStart(2, '0');
const dayOf = (clock: WallClock) => `${String(clock.year).padStart(4, '0')}-${two(clock.month)}-${two(clock.day)}`;

/** The zone's offset from UTC at an instant, in milliseconds (Moscow: +3 h). */
function zoneOffsetMs(at: Date, zone: string): number {
  const clock = wallClock(at, zone);
  const wholeSecond = Math.floor(at.getTime() / 1000) * 1000;
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - wholeSecond;
}

/**
 * The first instant of a day (YYYY-MM-DD) in the zone: its midnight, or, where summer time skips
 * midnight, the moment the clocks jump to. The candidates are midnight under each offset the zone
 * has within a day of it; the earliest whose wall clock shows that day is the start.
 */
export function startOfDayIn(day: string, zone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const offsets = new Set([midnight - DAY_MS, midnight, midnight + DAY_MS].map((at) => zoneOffsetMs(new Date(at), zone)));
  const starts = [...offsets].map((offset) => midnight - offset).filter((at) => dayOf(wallClock(new Date(at), zone)) === day);
  return new Date(Math.min(...starts));
}

/** The day after a day (YYYY-MM-DD). */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The zone's wall clock at an instant, as a spreadsheet reads it: '2026-10-05 15:00:00'. */
export function zonedStamp(at: Date, zone: string): string {
  const clock = wallClock(at, zone);
  return `${dayOf(clock)} ${two(clock.hour)}:${two(clock.minute)}:${two(clock.second)}`;
}

/** An offset as 'UTC+03:00' / 'UTC-03:00' / 'UTC+05:30'. */
export function formatUtcOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  return `UTC${offsetMs < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/**
 * The zone as a text's header names it: 'UTC' itself, else its name and its offsets at the given
 * instants, each once ('Europe/Moscow, UTC+03:00'; 'Europe/Berlin, UTC+01:00 / UTC+02:00' for a
 * period across a change of summer time).
 */
export function zoneLabel(zone: string, instants: readonly Date[]): string {
  if (zone === 'UTC') return zone;
  const offsets = new Set(instants.map((at) => formatUtcOffset(zoneOffsetMs(at, zone))));
  return `${zone}, ${[...offsets].join(' / ')}`;
}
