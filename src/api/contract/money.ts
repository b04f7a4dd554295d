import { z } from 'zod';

/**
 * Money travels as a number of USD with at most two decimals. Anything else (more decimals,
 * negatives, NaN, digit strings with junk) is rejected, never rounded: the server stores cents.
 */
const MONEY_TEXT = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;
/** Digits grouped by thousands with a space ('1 000', '1 000 000'), as Russian writes them. */
const GROUPED = /^\d{1,3}( \d{3})+(?=[.,]|$)/;

/**
 * The one reading of an amount a person typed, for every amount field: either decimal separator
 * ('10,5' as Russian writes it, '10.5' as English does), thousands grouped by spaces (any kind a
 * keyboard or a copied number brings), at most two decimals. Answers the canonical text ('10.5',
 * '1000') or null; a comma is never read as a thousands separator, so '1,000' is not money.
 */
export function normalizeMoneyText(typed: string): string | null {
  let text = typed.trim().replace(/[\u00a0\u202f\u2009]/g, ' ');
  if (GROUPED.test(text)) text = text.replace(/ /g, '');
  text = text.replace(',', '.');
  return MONEY_TEXT.test(text) ? text : null;
}

/** Cents of a valid money value, or null. Works on numbers (JSON) and strings (forms, multipart). */
export function toCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    const normalized = normalizeMoneyText(value);
    if (normalized === null) return null;
    text = normalized;
  } else {
    return null;
  }
  if (!MONEY_TEXT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents to the wire number (2 decimals at most). */
export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** A typed amount as the wire number, or null when it is not money (see `normalizeMoneyText`). */
export function moneyFromText(typed: string): number | null {
  const cents = toCents(typed);
  return cents === null ? null : fromCents(cents);
}

/** A positive amount of money as a JSON number. */
export const moneySchema = z
  .number({ error: 'validation.money' })
  .refine((v) => toCents(v) !== null && v > 0, { error: 'validation.money' });

/** A positive amount of money as typed into a form or sent in multipart: '12.50' or '12,50'. */
export const moneyTextSchema = z
  .string({ error: 'validation.money' })
  .refine((v) => { const c = toCents(v); return c !== null && c > 0; }, { error: 'validation.money' });

/** A balance as the server reports it (may be zero). */
export const balanceSchema = z.number().nonnegative();

/** The server writes money the way the screens do: the one formatter (src/shared/format.ts). */
export { formatUsd } from '../../shared/format';
