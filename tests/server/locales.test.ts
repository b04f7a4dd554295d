import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ERROR_STATUS } from '../../src/api/contract/errors';
import { allMessages, localesDir, translate } from '../../server/src/i18n';

/**
 * The translations are complete: every namespace file exists in ru and en with the same keys, each
 * key belongs to its file's namespace, and every key the server and the contract produce exists.
 */
const languages = ['ru', 'en'] as const;
const filesOf = (code: string) => readdirSync(path.join(localesDir, code)).filter((f) => f.endsWith('.json')).sort();
const read = (code: string, file: string) => JSON.parse(readFileSync(path.join(localesDir, code, file), 'utf8')) as Record<string, unknown>;
/** Each `{{name}}` or `{{name, format}}` as 'name' / 'name,format': a format must match too. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g)].map((m) => (m[2] ? `${m[1]},${m[2]}` : m[1])).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The message a key belongs to: a plural form (`…_few` beside a `…_other`) belongs to its base. */
function messageOf(messages: Record<string, unknown>, key: string): string {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
  return base !== key && `${base}_other` in messages ? base : key;
}

describe('locale files', () => {
  test('ru and en have the same namespace files', () => {
    expect(filesOf('en')).toEqual(filesOf('ru'));
  });

  test.each(filesOf('ru'))('%s: same keys in ru and en, all in the namespace, all non-empty text', (file) => {
    const namespace = file.replace(/\.json$/, '');
    const ru = read('ru', file);
    const en = read('en', file);
    // Plural forms differ by language (Russian has few and many): a count message counts once.
    const messagesOf = (messages: Record<string, unknown>) => [...new Set(Object.keys(messages).map((key) => messageOf(messages, key)))].sort();
    expect(messagesOf(en)).toEqual(messagesOf(ru));
    for (const [code, messages] of [['ru', ru], ['en', en]] as const) {
      for (const [key, text] of Object.entries(messages)) {
        expect(key.startsWith(`${namespace}.`), `${code}/${file}: ${key}`).toBe(true);
        expect(typeof text === 'string' && text.trim().length > 0, `${code}/${file}: ${key} is empty`).toBe(true);
      }
    }
  });

  test.each(filesOf('ru'))('%s: the same {{placeholders}} in both languages', (file) => {
    const ru = read('ru', file);
    const en = read('en', file);
    for (const key of Object.keys(ru)) {
      const english = en[key] ?? en[`${messageOf(ru, key)}_other`];
      expect(placeholders(String(english ?? '')), `${file}: ${key}`).toEqual(placeholders(String(ru[key])));
    }
  });
});

describe('texts the server writes', () => {
  test('write money the way the web app does, in the reader language, never "1000.00 USD"', () => {
    const ru = translate('ru', 'money.notice.deposit_credited', { amount: 1000 }).replace(/[\u00a0\u202f]/g, ' ');
    expect(ru).toBe('Пополнение на 1 000,00 $ зачислено на основной счёт');
    expect(translate('en', 'money.error.amount_min', { min: 10 })).toBe('The minimum amount is $10.00');
    // A plain placeholder stays plain.
    expect(translate('en', 'validation.too_short', { min: 8 })).toContain('8');
  });

  test('write durations the way the web app does: seconds in words, in the reader language', () => {
    expect(translate('ru', 'trading.error.close_cutoff', { seconds: 10 })).toBe('Ставку нельзя закрыть, когда до окончания остаётся 10 секунд или меньше');
    expect(translate('en', 'trading.error.end_time_too_soon', { seconds: 90 })).toBe('The end time must be at least 1 minute, 30 seconds away');
    expect(translate('zh-CN', 'limits.refused.session_minutes', { limit: 1800 })).toBe('已达到30分钟的会话限额：请重新登录后继续交易');
    expect(translate('ar', 'trading.error.close_cutoff', { seconds: 10 }).replace(/[\u00a0\u202f]/g, ' ')).toBe('لا يمكن إغلاق الصفقة في آخر 10 ثوان');
  });
});

describe('keys the server uses exist', () => {
  test('errors.<code> for every error code, plus the messages the server picks itself', () => {
    const keys = [
      ...Object.keys(ERROR_STATUS).map((code) => `errors.${code}`),
      'errors.malformed', 'errors.csrf', 'errors.no_route', 'errors.not_found', 'errors.invalid_credentials',
    ];
    for (const code of languages) {
      const missing = keys.filter((key) => !(key in allMessages()[code]));
      expect(missing, code).toEqual([]);
    }
  });

  test("every 'validation.*' key written in the contract and the server is translated", () => {
    const root = path.resolve(localesDir, '../../..');
    const files = [...sourceFiles(path.join(root, 'src/api/contract')), ...sourceFiles(path.join(root, 'server/src'))];
    const used = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'(validation\.[a-z_.]+[a-z_])'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    for (const code of languages) {
      expect([...used].filter((key) => !(key in allMessages()[code])), code).toEqual([]);
    }
  });
});
