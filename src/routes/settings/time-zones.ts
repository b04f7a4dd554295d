import type { SelectOption } from '../../ui/primitives/Field';
import { intlLocale } from '../../shared/format';

/** The zone's offset now, as the language writes it ('GMT+03:00'); empty when Intl has none. */
function offsetOf(zone: string, language: string, at: Date): string {
  const part = new Intl.DateTimeFormat(intlLocale(language), { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** The device's own zone (an IANA name). */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The time zones a trader can choose, by offset then name ('Europe/Moscow (GMT+03:00)'), after
 * the first choice: the device's own, stored as none. A stored zone the browser does not list (an
 * older alias) stays in the list so the form shows it.
 */
export function timeZoneOptions(deviceLabel: string, stored: string | null, language: string, at = new Date()): SelectOption[] {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  if (stored) names.add(stored);
  const zones = [...names].map((zone) => {
    const offset = offsetOf(zone, language, at);
    return { zone, offset, minutes: offsetMinutes(offset) };
  });
  zones.sort((a, b) => a.minutes - b.minutes || a.zone.localeCompare(b.zone));
  return [
    { value: '', label: deviceLabel },
    ...zones.map(({ zone, offset }) => ({ value: zone, label: `${zone.replaceAll('_', ' ')} (${offset})` })),
  ];
}

/** 'GMT+05:30' -> 330, 'GMT' -> 0. */
function offsetMinutes(offset: string): number {
  const match = /([+\u2212-])(\d{1,2}):?(\d{2})?/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '+' ? minutes : -minutes;
}
