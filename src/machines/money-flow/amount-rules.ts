import { fromCents, toCents } from '../../api/contract/money';

/** A translation key with its values: the UI translates it (`t(key, params)`). */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

export interface AmountLimits {
  /** USD, inclusive. */
  min: number;
  max: number;
  /** What the wallet can give; absent for deposits. */
  available?: number;
}

/**
 * What is wrong with an amount typed into a money form, or null. Mirrors the server: money with at
 * most two decimals, within the payment system's limits and, for withdrawals, the available balance.
 * Limits are compared in cents so 0.1 + 0.2 never decides anything.
 */
export function amountError(text: string, limits: AmountLimits): Message | null {
  if (text.trim() === '') return { key: 'money.amount.error.required' };
  const cents = toCents(text);
  if (cents === null || cents <= 0) return { key: 'money.amount.error.invalid' };
  const min = toCents(limits.min) ?? 0;
  const max = toCents(limits.max) ?? Number.MAX_SAFE_INTEGER;
  if (cents < min) return { key: 'money.amount.error.min', params: { min: fromCents(min) } };
  if (cents > max) return { key: 'money.amount.error.max', params: { max: fromCents(max) } };
  if (limits.available !== undefined) {
    const available = toCents(limits.available) ?? 0;
    if (cents > available) {
      return { key: 'money.amount.error.balance', params: { available: fromCents(available) } };
    }
  }
  return null;
}
