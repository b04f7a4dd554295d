import type { TFunction } from 'i18next';
import { formatNumber, formatSignedUsd, formatUsd } from '../../shared/format';

export { formatClock, formatDateTime } from '../../shared/format';
export { formatDuration } from '../../shared/duration';

/** '+$8.50' / '−$10.00' / '$0.00': the sign always shown, so a profit reads at a glance. */
export const formatProfit = formatSignedUsd;

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

/** A price with the pair's decimals, in the language's writing ('1,08800' / '1.08800'). */
export const formatRate = (value: number | null | undefined, digits: number, language: string) =>
  value === null || value === undefined ? '—' : formatNumber(value, language, digits);

/** Digits of a symbol shown in tables: JPY pairs quote 3 decimals, others 5. */
export const digitsOfSymbol = (symbol: string) => (symbol.includes('JPY') ? 3 : 5);

/** What an open bet is, as its row, its close button and the room's C key name it ("EUR/USD, up, $10.00"). */
export const openBetLabel = (t: TFunction, bet: { symbol: string; direction: 'up' | 'down'; amount: number }, language: string): string =>
  t('trading.open.row', { symbol: bet.symbol, direction: t(`trading.direction.${bet.direction}`), amount: formatUsd(bet.amount, language) });
