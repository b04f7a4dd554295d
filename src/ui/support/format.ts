import type { TFunction } from 'i18next';

/** '12 KB' / '1.4 MB' in the reader's language. */
export function formatFileSize(size: number, t: TFunction): string {
  if (size < 1024 * 1024) return t('support.file.size_kb', { size: Math.max(1, Math.round(size / 1024)) });
  return t('support.file.size_mb', { size: (size / (1024 * 1024)).toFixed(1) });
}

/** The local date and time a message was written. */
export function formatMessageTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}
