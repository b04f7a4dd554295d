import type { TFunction } from 'i18next';
import { formatNumber, formatShortDateTime } from '../../shared/format';

/** '12 KB' / '1.4 MB' in the reader's language. */
export function formatFileSize(size: number, t: TFunction, language: string): string {
  if (size < 1024 * 1024) return t('support.file.size_kb', { size: Math.max(1, Math.round(size / 1024)) });
  return t('support.file.size_mb', { size: formatNumber(size / (1024 * 1024), language, 1) });
}

/** The local date and time a message was written. */
export const formatMessageTime = (iso: string, language: string) => formatShortDateTime(iso, language);
