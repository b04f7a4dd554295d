import type { Decorator } from '@storybook/react-vite';
import { cloneElement, isValidElement } from 'react';
import { LOCALES, type Locale } from '../../src/api/contract/envelope';
import { storyI18n } from '../../.storybook/i18n';
import { SHARED_FIXTURE_KEYS, SHARED_FIXTURE_TEXTS } from './shared-fixture-texts';

/** A fixture's text in each language the app has. */
export type FixtureTexts = Readonly<Record<Locale, string>>;

/** Every fixture text a story gave per language, by its Russian. */
const byRussian = new Map<string, FixtureTexts>();

/**
 * A text a story's args carry (a name, a message, a title, an error the server would have sent),
 * written in every language. It gives back the Russian, so the args, the play functions (they run
 * in Russian) and the Russian baselines stay as they are; the workbench shows it in the toolbar's
 * language (withFixtureLanguage below).
 */
export function fixtureText(texts: FixtureTexts): string {
  byRussian.set(texts.ru, texts);
  return texts.ru;
}

/** A fixture text each language writes its own way (a duration, an amount in its format). */
export function fixtureFor(write: (locale: Locale) => string): string {
  return fixtureText(Object.fromEntries(LOCALES.map((locale) => [locale, write(locale)])) as FixtureTexts);
}

/** The same for a text that is the app's own (a server's error, a label): its key's translations. */
export function fixtureKey(key: string, options?: Record<string, unknown>): string {
  return fixtureFor((locale) => storyI18n.getFixedT(locale)(key, options));
}

/** A fixture text made of another in each language (repeated to be long, followed by a link). */
export function fixtureFrom(texts: FixtureTexts, make: (text: string) => string): string {
  return fixtureFor((locale) => make(texts[locale]));
}

/** The languages of a fixture text given before (a shared fixture's), by its Russian. */
export function textsOf(russian: string): FixtureTexts {
  const texts = byRussian.get(russian);
  if (!texts) throw new Error(`"${russian}" is not a fixture text: give it with fixtureText first`);
  return texts;
}

for (const texts of SHARED_FIXTURE_TEXTS) fixtureText(texts);
for (const key of SHARED_FIXTURE_KEYS) fixtureKey(key);

const isPlainObject = (value: object): value is Record<string, unknown> => [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * The value with every fixture text in it in `locale`: strings, arrays, plain objects and the
 * props of React elements are looked into; anything else (files, dates, mock functions) is kept.
 * What has no fixture text in it is given back as it is, so nothing re-renders for nothing.
 */
export function inLanguage<T>(value: T, locale: Locale): T {
  if (typeof value === 'string') return (byRussian.get(value)?.[locale] ?? value) as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => inLanguage(item, locale));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (isValidElement<Record<string, unknown>>(value)) {
    const props = inLanguage(value.props, locale);
    return (props === value.props ? value : cloneElement(value, props)) as T;
  }
  if (value && typeof value === 'object' && isPlainObject(value)) {
    const entries = Object.entries(value).map(([name, item]) => [name, inLanguage(item, locale)] as const);
    return (entries.some(([name, item]) => item !== value[name]) ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}

/**
 * The story's args with their fixture texts in the toolbar's language, at each render: switching
 * the language re-renders the story with them. Russian (and the tests) get the args untouched.
 */
export const withFixtureLanguage: Decorator = (Story, context) => {
  const locale = LOCALES.find((code) => code === context.globals.locale);
  if (!locale || locale === 'ru') return <Story />;
  return <Story args={inLanguage(context.args, locale)} />;
};
