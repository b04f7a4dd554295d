import { formatUsd } from '../format';

/** '+$8.50' / '−$10.00' / '$0.00': the sign always shown, so a profit reads at a glance. */
export function formatProfit(amount: number, language: string): string {
  if (amount === 0) return formatUsd(0, language);
  return `${amount > 0 ? '+' : '−'}${formatUsd(Math.abs(amount), language)}`;
}

/** 75 -> '01:15'; 3725 -> '1:02:05'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const mm = String(minutes).padStart(2, '0');
  const ss = String(rest).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** A price with the pair's decimals. */
export const formatRate = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? '—' : value.toFixed(digits);

/** Local date and time of an ISO instant: '23.11.2026, 10:15:30'. */
export function formatDateTime(iso: string | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
}

/** Local time of an instant: '10:15'. */
export function formatClock(at: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { hour: '2-digit', minute: '2-digit' }).format(
    new Date(at),
  );
}

/** Digits of a symbol shown in tables: JPY pairs quote 3 decimals, others 5. */
export const digitsOfSymbol = (symbol: string) => (symbol.includes('JPY') ? 3 : 5);
