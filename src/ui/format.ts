import type { MenuItem } from './types';

/** USD with exactly 2 decimals in the reader's language: '$1,250.50' / '1 250,50 $'. */
export function formatUsd(amount: number, language: string): string {
  return new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** Menus arrive unordered; every menu is shown by `order`. */
export const byOrder = <T extends Pick<MenuItem, 'order'>>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.order - b.order);

/** A menu url ('home', '/support', 'https://…') as a link target: in-app paths get one leading slash. */
export function menuHref(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `/${url.replace(/^\/+/, '')}`;
}
