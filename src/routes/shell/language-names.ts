import type { Locale } from '../../api/contract/envelope';

/** Each language under its own name, as a language menu shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  ru: 'Русский',
  en: 'English',
  'pt-BR': 'Português (Brasil)',
  es: 'Español',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
  vi: 'Tiếng Việt',
  hi: 'हिन्दी',
  ar: 'العربية',
  'zh-CN': '简体中文',
};
