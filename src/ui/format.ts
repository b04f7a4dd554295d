import type { MenuItem } from './types';

/** Money, numbers, dates: the one formatter of every language (src/shared/format.ts). */
export { formatPayout, formatRatePercent, formatUsd } from '../shared/format';

/** Menus arrive unordered; every menu is shown by `order`. */
export const byOrder = <T extends Pick<MenuItem, 'order'>>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.order - b.order);

/** A menu url ('home', '/support', 'https://…') as a link target: in-app paths get one leading slash. */
export function menuHref(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `/${url.replace(/^\/+/, '')}`;
}
