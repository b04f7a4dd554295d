import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES } from '../src/api/contract/envelope';

/**
 * Stories read the translations straight from the server's content files, merged per language
 * into one flat key -> text map (as GET /i18n/{code} serves them), so no server is needed.
 */
const files = import.meta.glob<Record<string, string>>('../server/content/locales/*/*.json', {
  eager: true,
  import: 'default',
});

const resources: Record<string, { translation: Record<string, string> }> = {};
for (const [path, messages] of Object.entries(files)) {
  const code = /locales\/([^/]+)\//.exec(path)?.[1];
  if (!code) continue;
  resources[code] ??= { translation: {} };
  Object.assign(resources[code].translation, messages);
}

export const storyI18n = i18next.createInstance();
void storyI18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
