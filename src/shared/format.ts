/**
 * The one way numbers, money, dates and times are written, per language, for every screen and for
 * the texts the server writes (it reaches this module through the contract's money helpers). A
 * language has one Intl locale for all of them, and a negative amount carries the real minus sign.
 */

/** The real minus sign (U+2212), never the hyphen. */
export const MINUS = '\u2212';

/**
 * The Intl locale of each language: one per language, for numbers, money, dates and times alike.
 * Arabic keeps Latin digits (`nu-latn`), as Arabic trading screens and the chart's price axis do.
 */
const INTL_LOCALES: Record<string, string> = {
  ru: 'ru-RU',
  en: 'en-GB',
  'pt-BR': 'pt-BR',
  es: 'es-419',
  tr: 'tr-TR',
  id: 'id-ID',
  vi: 'vi-VN',
  hi: 'hi-IN',
  ar: 'ar-u-nu-latn',
  'zh-CN': 'zh-CN',
};

/** The Intl locale of a language (English's for an unknown one). */
export function intlLocale(language: string): string {
  return INTL_LOCALES[language] ?? 'en-GB';
}

/**
 * The trader's time zone (an IANA name), which every date and time is written in; undefined
 * follows the browser's. The app sets it from the trader's setting (src/routes/shell).
 */
let displayTimeZone: string | undefined;
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayTimeZone = zone && isTimeZone(zone) ? zone : undefined;
}

/** Whether Intl knows an IANA time zone name ('Europe/Moscow', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Intl formatters, made once per language and options and kept: making one costs far more than
 * formatting with it (tenths of a millisecond each, several times that on a slow phone), and a
 * screen writes hundreds of numbers and times per render, the chart a dozen labels every frame.
 * A date formatter's key holds the time zone it writes in, so a change of zone makes new ones.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>();
function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/**
 * A store of written texts by key, for the formatters whose writing is itself slow (formatToParts,
 * Intl.DurationFormat: a tenth of a millisecond each, more on a phone) and that a render calls again
 * and again with the same few values (balances, payouts, the time choices, countdown seconds).
 * Bounded: emptied when it grows past what a session plausibly needs.
 */
export function writtenTexts(limit = 5000): (key: string, write: () => string) => string {
  const texts = new Map<string, string>();
  return (key, write) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = write();
      if (texts.size >= limit) texts.clear();
      texts.set(key, text);
    }
    return text;
  };
}

const moneyFormat = (language: string) =>
  kept(`money ${intlLocale(language)}`, () =>
    new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'never',
    }),
  );

/**
 * USD with exactly 2 decimals: '$1,250.50' / '1 250,50 $'; a negative amount with '−'. Every
 * language writes the dollar as '$': the narrow symbol gives it for most, but Arabic's is 'US$'
 * even so, so the currency part is replaced; digits, separators and order stay the language's.
 */
const writtenUsd = writtenTexts();
export function formatUsd(amount: number, language: string): string {
  const cents = Math.round(amount * 100);
  return writtenUsd(`${language} ${cents}`, () => {
    const text = moneyFormat(language)
      .formatToParts(Math.abs(cents) / 100)
      .map((part) => (part.type === 'currency' ? '$' : part.value))
      .join('');
    return cents < 0 ? `${MINUS}${text}` : text;
  });
}
/** A change of money, its sign always shown: '+$8.50' / '−$10.00' / '$0.00'. */
export function formatSignedUsd(amount: number, language: string): string {
  if (Math.round(amount * 100) === 0) return formatUsd(0, language);
  return `${amount > 0 ? '+' : MINUS}${formatUsd(Math.abs(amount), language)}`;
}

/** A plain number in the language's digits and separators: '1 000,5' / '1,000.5'. */
export function formatNumber(value: number, language: string, fractionDigits?: number): string {
  const options: Intl.NumberFormatOptions =
    fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  const text = kept(`number ${intlLocale(language)} ${fractionDigits}`, () =>
    new Intl.NumberFormat(intlLocale(language), { ...options, signDisplay: 'never' }),
  ).format(Math.abs(value));
  return value < 0 ? `${MINUS}${text}` : text;
}

/** A text of the translations in the reader's language, its parameters filled in. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A file's size, as the trader's support thread and the operators' back office both write it:
 * '47 КБ' / '1,4 МБ' (support.file.size_kb, support.file.size_mb: the unit is each language's).
 */
export function formatFileSize(size: number, t: Translate, language: string): string {
  if (size < 1024 * 1024) return t('support.file.size_kb', { size: Math.max(1, Math.round(size / 1024)) });
  return t('support.file.size_mb', { size: formatNumber(size / (1024 * 1024), language, 1) });
}

/** A share in percent, unsigned, with Intl placing the sign where the language does: '55,6 %' / '55.6%' / '%55,6'. */
export function formatPercent(percent: number, language: string, fractionDigits = 0): string {
  return kept(`percent ${intlLocale(language)} ${fractionDigits}`, () =>
    new Intl.NumberFormat(intlLocale(language), { style: 'percent', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  ).format(percent / 100);
}

/**
 * A rate as it was set (a payment system's fee of 2 or 0.5 percent), with the decimals it has, up
 * to two: '2 %', '0,5 %' / '0.5%'.
 */
export function formatRatePercent(percent: number, language: string): string {
  const decimals = [0, 1].find((digits) => Math.abs(Math.round(percent * 10 ** digits) - percent * 10 ** digits) < 1e-9) ?? 2;
  return formatPercent(percent, language, decimals);
}

/**
 * A change in percent with its sign, to two decimals: '+1,25 %' / '−0.50%' (the chart's price
 * range, its summary for screen readers); Intl places the percent sign where the language does.
 */
export function formatSignedPercent(percent: number, language: string): string {
  return `${percent < 0 ? MINUS : '+'}${formatPercent(Math.abs(percent), language, 2)}`;
}

/**
 * A number on an indicator's scale, as short as it can be read: compact from 10 000 ('12 тыс.',
 * '12K'), whole from 100, two decimals from 1, two significant digits below ('0,00012').
 */
export function formatScaleNumber(value: number, language: string): string {
  const abs = Math.abs(value);
  const [key, options]: [string, Intl.NumberFormatOptions] =
    abs >= 10_000
      ? ['compact', { notation: 'compact', maximumFractionDigits: 1 }]
      : abs >= 100
        ? ['whole', { maximumFractionDigits: 0 }]
        : abs >= 1
          ? ['hundredths', { minimumFractionDigits: 2, maximumFractionDigits: 2 }]
          : ['significant', { maximumSignificantDigits: 2 }];
  const text = kept(`scale ${intlLocale(language)} ${key}`, () =>
    new Intl.NumberFormat(intlLocale(language), { ...options, signDisplay: 'never' }),
  ).format(abs);
  return value < 0 ? `${MINUS}${text}` : text;
}

/**
 * A payout given in percent, with its sign: 88 -> '+88 %' / '+88%'. Intl places the sign, so in
 * Arabic it stays before the number (with the marks that keep it there), not after it.
 */
export function formatPayout(percent: number, language: string): string {
  return kept(`payout ${intlLocale(language)}`, () =>
    new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 2, signDisplay: 'always' }),
  ).format(percent / 100);
}

const toDate = (at: string | number | Date): Date | null => {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Day, month, year and the time (24-hour), to the minute or to the second. */
const dateTimeFormat = (language: string, seconds: boolean) =>
  kept(`date-time ${intlLocale(language)} ${seconds} ${displayTimeZone ?? ''}`, () =>
    new Intl.DateTimeFormat(intlLocale(language), {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' as const } : {}),
      hourCycle: 'h23',
      timeZone: displayTimeZone,
    }),
  );

/** Date and time with seconds: '23.11.2026, 10:15:30' / '23/11/2026, 10:15:30'; '—' for no date. */
export function formatDateTime(at: string | number | Date | undefined | null, language: string): string {
  const date = at === undefined || at === null ? null : toDate(at);
  return date ? dateTimeFormat(language, true).format(date) : '—';
}

/** Date and time to the minute: '23.11.2026, 10:15'. */
export function formatShortDateTime(at: string | number | Date, language: string): string {
  const date = toDate(at);
  return date ? dateTimeFormat(language, false).format(date) : '—';
}

/** The time of day: '10:15'. */
export function formatClock(at: string | number | Date, language: string): string {
  const date = toDate(at);
  if (!date) return '—';
  return formatAxisTime(date, language, 'minutes');
}

/**
 * Day, month and year in digits, in the language's order: the date fields' writing. A calendar date
 * has no time of day, so it is written in UTC whatever the trader's zone.
 */
const numericDate = (language: string) =>
  kept(`numeric-date|${language}`, () => new Intl.DateTimeFormat(intlLocale(language), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }));

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (yyyy-mm-dd, as forms and the API carry it) as the language writes it: '31.12.2026', '31/12/2026', '2026/12/31'; '' for none. */
export function formatDateInput(iso: string, language: string): string {
  const match = ISO_DATE.exec(iso);
  return match ? numericDate(language).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : '';
}

/**
 * A date typed in the language's order of day, month and year (any separators, a four-digit
 * year) as yyyy-mm-dd; null while it is not yet a real date (incomplete, 31.02). A date that
 * starts with its four-digit year (2026-12-31, pasted from elsewhere) is read year, month, day
 * in every language.
 */
export function parseDateInput(text: string, language: string): string | null {
  const numbers = text.match(/\d+/g);
  if (numbers?.length !== 3) return null;
  const order =
    numbers[0]!.length === 4
      ? ['year', 'month', 'day']
      : numericDate(language)
          .formatToParts(0)
          .map((part) => part.type)
          .filter((type) => type === 'day' || type === 'month' || type === 'year');
  const typed = (type: 'day' | 'month' | 'year') => numbers[order.indexOf(type)]!;
  if (typed('year').length !== 4) return null;
  const [year, month, day] = [Number(typed('year')), Number(typed('month')), Number(typed('day'))];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const ISO_MINUTE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * A date and time to the minute (yyyy-mm-ddThh:mm, as a form carries it) as the language writes
 * it in a text field: '31.12.2026 18:00', '31/12/2026 18:00', '2026/12/31 18:00'; '' for none.
 */
export function formatDateTimeInput(isoMinute: string, language: string): string {
  const match = ISO_MINUTE.exec(isoMinute);
  const date = match ? formatDateInput(match[1]!, language) : '';
  return date ? `${date} ${match![2]}:${match![3]}` : '';
}

/**
 * A date and a time of day typed in a text field, the date as `parseDateInput` reads it (the
 * language's order, or year first) and then the 24-hour time after a space, a comma or a T
 * ('31.12.2026 18:00', '2026-12-31T18:00'), as yyyy-mm-ddThh:mm; null while it is not a real one.
 */
export function parseDateTimeInput(text: string, language: string): string | null {
  const match = /^(.*?)[\s,T]+(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const date = parseDateInput(match[1]!, language);
  const [hours, minutes] = [Number(match[2]), Number(match[3])];
  if (!date || hours > 23 || minutes > 59) return null;
  return `${date}T${String(hours).padStart(2, '0')}:${match[3]}`;
}

/** A chart axis label (and the clock): the time of day with seconds, the time, or the day and month. */
export function formatAxisTime(at: Date, language: string, precision: 'seconds' | 'minutes' | 'days'): string {
  return kept(`axis ${intlLocale(language)} ${precision} ${displayTimeZone ?? ''}`, () => {
    const options: Intl.DateTimeFormatOptions =
      precision === 'days'
        ? { day: '2-digit', month: '2-digit' }
        : { hour: '2-digit', minute: '2-digit', ...(precision === 'seconds' ? { second: '2-digit' as const } : {}), hourCycle: 'h23' };
    return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: displayTimeZone });
  }).format(at);
}

/**
 * How a city and its country are written together: "City, Country" in most languages; Arabic
 * has its own comma; Chinese goes from the larger place to the smaller, without a separator.
 */
const PLACE_PATTERNS: Record<string, (city: string, country: string) => string> = {
  ar: (city, country) => `${city}، ${country}`,
  'zh-CN': (city, country) => `${country}${city}`,
};

/**
 * Where an address is, as a trader reads it: the country named in their language by Intl (every
 * language for free), the city (already in their language, from the server) before it:
 * 'Москва, Россия', 'London, United Kingdom', 'Россия'. Null when unknown.
 */
export function formatPlace(place: { country: string; city: string | null } | null, language: string): string | null {
  if (!place) return null;
  const regions = kept(`regions ${intlLocale(language)}`, () => new Intl.DisplayNames(intlLocale(language), { type: 'region', fallback: 'code' }));
  const country = regions.of(place.country) ?? place.country;
  if (!place.city) return country;
  return (PLACE_PATTERNS[language] ?? ((city: string, name: string) => `${city}, ${name}`))(place.city, country);
}
