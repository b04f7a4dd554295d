import { intlLocale } from './format';

/**
 * The one way a length of time is written ('5 минут', '1 h 30 min', '5分钟'), per language, for the
 * screens and for the texts the server writes: Intl.DurationFormat in the language's Intl locale.
 * Chromium has it; Node 20 gets it from @formatjs/intl-durationformat, loaded at the server's start
 * and in the test setups, and an older browser loads that polyfill on demand (src/main.tsx). Until
 * it is there, the same words come from Intl.NumberFormat's units joined by Intl.ListFormat.
 */

export type DurationStyle = 'long' | 'short' | 'narrow' | 'digital';

/** A duration by units, as Intl.DurationFormat takes it; a unit left out is not written. */
export interface Duration {
  weeks?: number;
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
}

const UNITS = ['weeks', 'days', 'hours', 'minutes', 'seconds'] as const;

interface DurationFormatter {
  format(duration: Duration): string;
}
type DurationFormatOptions = { style: DurationStyle; secondsDisplay?: 'always' | 'auto' };
type DurationFormatConstructor = new (locale: string, options: DurationFormatOptions) => DurationFormatter;

const nativeDurationFormat = (): DurationFormatConstructor | undefined =>
  (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;

/** Whether this runtime writes durations itself (else the browser loads the polyfill). */
export const hasDurationFormat = (): boolean => nativeDurationFormat() !== undefined;

/**
 * Seconds as days, hours, minutes and seconds, the units that are zero left out: 5400 ->
 * { hours: 1, minutes: 30 }; 0 -> { seconds: 0 }. Weeks are written only when asked for by name.
 */
export function durationOf(totalSeconds: number): Duration {
  let rest = Math.round(Math.abs(totalSeconds));
  const parts: Duration = {};
  for (const [unit, size] of [['days', 86_400], ['hours', 3_600], ['minutes', 60]] as const) {
    if (rest >= size) parts[unit] = Math.floor(rest / size);
    rest %= size;
  }
  if (rest > 0 || Object.keys(parts).length === 0) parts.seconds = rest;
  return parts;
}

/** The seconds a duration lasts (a week is 7 days, a day 24 hours). */
export const durationSeconds = (duration: Duration): number =>
  ((((duration.weeks ?? 0) * 7 + (duration.days ?? 0)) * 24 + (duration.hours ?? 0)) * 60 + (duration.minutes ?? 0)) * 60 + (duration.seconds ?? 0);

const formatters = new Map<string, DurationFormatter>();
function durationFormatter(DurationFormat: DurationFormatConstructor, locale: string, style: DurationStyle, zero: boolean): DurationFormatter {
  const key = `${locale} ${style} ${zero}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // A zero duration still says '0 seconds' rather than nothing.
    formatter = new DurationFormat(locale, zero ? { style, secondsDisplay: 'always' } : { style });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A duration in the language's words: seconds (split into days, hours, minutes, seconds) or units
 * by name ({ hours: 24 }, { weeks: 6 }). 'long' for sentences ('5 minutes'), 'short' for labels and
 * tables ('5 min'), 'narrow' where room is scarce ('5m'), 'digital' as a clock ('0:05:00').
 */
export function formatDuration(value: Duration | number, language: string, style: DurationStyle = 'long'): string {
  const duration = typeof value === 'number' ? durationOf(value) : value;
  const zero = UNITS.every((unit) => !duration[unit]);
  const locale = intlLocale(language);
  const DurationFormat = nativeDurationFormat();
  if (DurationFormat) return durationFormatter(DurationFormat, locale, style, zero).format(zero ? { seconds: 0 } : duration);
  return fallbackFormat(duration, locale, style, zero);
}

/** The units as Intl.NumberFormat writes them, joined as a list of units; digital: 'h:mm:ss'. */
function fallbackFormat(duration: Duration, locale: string, style: DurationStyle, zero: boolean): string {
  if (style === 'digital') {
    const seconds = durationSeconds(duration);
    const two = (n: number) => new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(n);
    return `${new Intl.NumberFormat(locale).format(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  }
  const units = zero ? (['seconds'] as const) : UNITS.filter((unit) => duration[unit]);
  const words = units.map((unit) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: unit.slice(0, -1), unitDisplay: style }).format(duration[unit] ?? 0),
  );
  return new Intl.ListFormat(locale, { type: 'unit', style }).format(words);
}
