import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { LOCALES } from '../../src/api/contract/envelope';

/**
 * Every language says everything: each key English has is present in every other language,
 * written (not empty, not the English text left in place), with the same placeholders, and a
 * count message has every plural form the language's Intl.PluralRules asks for. The articles
 * (company pages, strategies) exist in every language too.
 */
const root = path.resolve(__dirname, '../../server/content');
const SOURCE = 'en';
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Keys whose text is a name, an abbreviation or a symbol, which a language may keep as English
 * writes it (checked present, not different): the brand, the indicators' names, IBAN, Email, the
 * languages' own names.
 */
const SAME_IN_EVERY_LANGUAGE = new Set<string>([
  'common.app_name',
  'shell.brand',
  'money.checkout.merchant_name',
  'common.email',
  'shell.email',
  'support.backoffice.sign_in.email',
  'money.field.iban',
  'common.language.ru',
  'common.language.en',
  'trading.chart.indicators.sources.ohlc4',
]);
/** The indicators' names (Ichimoku, Parabolic SAR, RSI...) are their authors' names everywhere. */
const NAMED = (key: string) => key.startsWith('trading.chart.indicators.kind.');

/** Texts that are units, symbols or names everywhere: 'min', 'KB', a chart style's Japanese name. */
const SAME_TEXTS = ['{{count}} d', '{{count}} h', '{{count}} min', '{{count}} s', '{{minutes}} min', '{{size}} KB', '{{size}} MB', 'Heikin-Ashi', 'USDT TRC-20 (test)'];

/** Words a language writes exactly as English does (its own loanwords and cognates), per language. */
const SAME_WORDS: Partial<Record<string, readonly string[]>> = {
  'pt-BR': ['Chat', 'Chats', 'Demo', 'Menu', 'Real', 'Status', 'Ticks', 'Trader', 'Trader {{account}}', 'Traders'],
  es: ['Chat', 'Chats', 'Demo', 'No', 'Real', 'Ticks', 'Trader', 'Trader {{account}}', 'Traders'],
  tr: ['Demo', 'Limit', 'No.'],
  id: ['Area', 'Demo', 'Deposit', 'File', 'File {{n}}', 'Menu', 'Merchant', 'No.', 'Operator', 'Profit', 'Status', 'Trader', 'Trader {{account}}', 'profit {{percent}}'],
  vi: ['Demo', 'Menu'],
};

function namespaces(code: string): string[] {
  const dir = path.join(root, 'locales', code);
  return existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.json')).sort() : [];
}

function messages(code: string, file: string): Record<string, string> {
  const full = path.join(root, 'locales', code, file);
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as Record<string, string>) : {};
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}/g)].map((m) => m[0].replace(/\s/g, '')).sort();
/** A text with no letter of any script (an amount pattern, a symbol) reads the same everywhere. */
const hasLetters = (text: string) => /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));

/** The problems of one language against English, one line each. */
function problemsOf(code: string): string[] {
  const problems: string[] = [];
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  for (const file of namespaces(SOURCE)) {
    const source = messages(SOURCE, file);
    const target = messages(code, file);
    // A plural form is a key whose English has the `_other` form too (`…error.too_many` alone is a plain key).
    const isPluralForm = (key: string) => PLURAL.test(key) && `${key.replace(PLURAL, '')}_other` in source;
    const pluralBases = new Set(Object.keys(source).filter(isPluralForm).map((key) => key.replace(PLURAL, '')));
    for (const [key, english] of Object.entries(source)) {
      if (isPluralForm(key)) continue;
      problems.push(...problemsOfText(code, file, key, english, target[key], false));
    }
    for (const base of pluralBases) {
      const english = source[`${base}_other`] ?? '';
      for (const category of categories) problems.push(...problemsOfText(code, file, `${base}_${category}`, english, target[`${base}_${category}`], true));
    }
  }
  for (const article of readdirSync(path.join(root, 'articles', SOURCE))) {
    const own = path.join(root, 'articles', code, article);
    if (!existsSync(own)) problems.push(`articles/${code}/${article}: missing`);
    else if (readFileSync(own, 'utf8') === readFileSync(path.join(root, 'articles', SOURCE, article), 'utf8')) problems.push(`articles/${code}/${article}: the English text`);
  }
  return problems;
}

function problemsOfText(code: string, file: string, key: string, english: string, text: string | undefined, pluralForm: boolean): string[] {
  const where = `${code}/${file} ${key}`;
  if (text === undefined) return [`${where}: missing`];
  if (!text.trim()) return [`${where}: empty`];
  const problems: string[] = [];
  const mayStay = SAME_IN_EVERY_LANGUAGE.has(pluralForm ? key.replace(PLURAL, '') : key) || NAMED(key) || SAME_TEXTS.includes(english) || (SAME_WORDS[code] ?? []).includes(english);
  if (text === english && hasLetters(english) && !mayStay) problems.push(`${where}: the English text`);
  // A plural form may leave the count out ("a result" for one), never add or rename a placeholder.
  const own = placeholders(text);
  const wanted = placeholders(english);
  const fits = pluralForm ? own.every((p) => wanted.includes(p)) : own.join() === wanted.join();
  if (!fits) problems.push(`${where}: placeholders ${own.join(' ')} instead of ${wanted.join(' ')}`);
  return problems;
}

describe('translations', () => {
  for (const code of LOCALES.filter((candidate) => candidate !== SOURCE)) {
    test(`${code}: every key present, written and with its placeholders`, () => {
      expect(namespaces(code), `server/content/locales/${code}`).toEqual(namespaces(SOURCE));
      expect(problemsOf(code)).toEqual([]);
    });
  }
});
