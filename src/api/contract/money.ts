import { z } from 'zod';

/**
 * Money travels as a number of USD with at most two decimals. Anything else (more decimals,
 * negatives, NaN, digit strings with junk) is rejected, never rounded: the server stores cents.
 */
const MONEY_TEXT = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

/** Cents of a valid money value, or null. Works on numbers (JSON) and strings (forms, multipart). */
export function toCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  if (!MONEY_TEXT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents to the wire number (2 decimals at most). */
export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** A positive amount of money as a JSON number. */
export const moneySchema = z
  .number({ error: 'validation.money' })
  .refine((v) => toCents(v) !== null && v > 0, { error: 'validation.money' });

/** A positive amount of money as typed into a form or sent in multipart: '12.50'. */
export const moneyTextSchema = z
  .string({ error: 'validation.money' })
  .refine((v) => { const c = toCents(v); return c !== null && c > 0; }, { error: 'validation.money' });

/** A balance as the server reports it (may be zero). */
export const balanceSchema = z.number().nonnegative();

/** '1234.5' -> '1,234.50' style text in the given locale, always 2 decimals, USD. */
// Making a NumberFormat costs far more than using one: a settlement formats thousands of amounts.
const usdFormats = new Map<string, Intl.NumberFormat>();

export function formatUsd(amount: number, locale: string): string {
  const tag = locale === 'ru' ? 'ru-RU' : 'en-US';
  let format = usdFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    usdFormats.set(tag, format);
  }
  return format.format(amount);
}
