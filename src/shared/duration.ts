import { intlLocale, writtenTexts } from './format';

/**
 * The one way a length of time is written ('5 минут', '1 h 30 min', '5分钟'), per language, for the
 * screens and for the texts the server writes: Intl.DurationFormat in the language's Intl locale.
 * Current browsers have it; Node 20 gets it from @formatjs/intl-durationformat, loaded by the
 * server's translations (server/src/i18n.ts) and the unit tests' setup, and an older browser loads
 * that polyfill, a chunk of its own, before the app's first render (src/main.tsx).
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

interface DurationFormatter {
  format(duration: Duration): string;
}
type DurationFormatConstructor = new (locale: string, options: { style: DurationStyle; secondsDisplay?: 'always' }) => DurationFormatter;

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
const writtenDurations = writtenTexts();

/**
 * A duration in the language's words: seconds (split into days, hours, minutes, seconds) or units
 * by name ({ hours: 24 }, { weeks: 6 }). 'long' for sentences ('5 minutes'), 'short' for labels and
 * tables ('5 min'), 'narrow' where room is scarce ('5m'), 'digital' as a clock ('0:05:00').
 */
export function formatDuration(value: Duration | number, language: string, style: DurationStyle = 'long'): string {
  const duration = typeof value === 'number' ? durationOf(value) : value;
  // A zero duration says '0 seconds' rather than nothing.
  const zero = durationSeconds(duration) === 0;
  const locale = intlLocale(language);
  const key = `${locale} ${style} ${zero}`;
  const textKey = `${key} ${duration.weeks ?? ''} ${duration.days ?? ''} ${duration.hours ?? ''} ${duration.minutes ?? ''} ${duration.seconds ?? ''}`;
  return writtenDurations(textKey, () => {
    let formatter = formatters.get(key);
    if (!formatter) {
      const { DurationFormat } = Intl as unknown as { DurationFormat: DurationFormatConstructor };
      formatter = new DurationFormat(locale, zero ? { style, secondsDisplay: 'always' } : { style });
      formatters.set(key, formatter);
    }
    return formatter.format(zero ? { seconds: 0 } : duration);
  });
}
