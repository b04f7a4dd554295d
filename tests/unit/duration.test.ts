import { expect, test } from 'vitest';
import { formatDuration as contractFormatDuration } from '../../src/api/contract/duration';
import { addMessages, createI18n } from '../../src/i18n/i18n';
import { durationOf, durationSeconds, formatDuration } from '../../src/shared/duration';
import { TIMEOUT_PERIODS } from '../../src/shared/time-outs';
import { formatDuration as uiFormatDuration } from '../../src/ui/trading/format';

const LANGUAGES = ['ru', 'en', 'pt-BR', 'es', 'tr', 'id', 'vi', 'hi', 'ar', 'zh-CN'] as const;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test('seconds split into days, hours, minutes and seconds, zero units left out', () => {
  expect(durationOf(5400)).toEqual({ hours: 1, minutes: 30 });
  expect(durationOf(90)).toEqual({ minutes: 1, seconds: 30 });
  expect(durationOf(86_400)).toEqual({ days: 1 });
  expect(durationOf(0)).toEqual({ seconds: 0 });
  expect(durationSeconds({ weeks: 6 })).toBe(42 * 86_400);
  expect(durationSeconds(TIMEOUT_PERIODS.timeout_24h)).toBe(86_400);
});

test('the test setup provides Intl.DurationFormat, as the server entry does on Node 20', () => {
  expect('DurationFormat' in Intl).toBe(true);
  // The screens and the server (through the contract) write durations with the same function.
  expect(uiFormatDuration).toBe(formatDuration);
  expect(contractFormatDuration).toBe(formatDuration);
});

test('each language writes a duration in its own words and plural forms', () => {
  expect(formatDuration(300, 'ru')).toBe('5 минут');
  expect(formatDuration(60, 'ru')).toBe('1 минута');
  expect(formatDuration(120, 'ru')).toBe('2 минуты');
  expect(formatDuration(5400, 'ru')).toBe('1 час 30 минут');
  expect(plain(formatDuration(30, 'ru', 'short'))).toBe('30 с');
  expect(formatDuration(300, 'en')).toBe('5 minutes');
  expect(formatDuration(5400, 'en')).toBe('1 hour, 30 minutes');
  expect(formatDuration(300, 'en', 'narrow')).toBe('5m');
  expect(plain(formatDuration(300, 'ar'))).toBe('5 دقائق');
  expect(plain(formatDuration(30, 'ar', 'short'))).toBe('30 ث');
  expect(formatDuration(300, 'zh-CN')).toBe('5分钟');
  expect(formatDuration(5400, 'zh-CN')).toBe('1小时30分钟');
  expect(plain(formatDuration(300, 'hi'))).toBe('5 मिनट');
  expect(plain(formatDuration(86_400, 'hi'))).toBe('1 दिन');
  expect(plain(formatDuration(300, 'tr'))).toBe('5 dakika');
  expect(plain(formatDuration(300, 'pt-BR'))).toBe('5 minutos');
  expect(plain(formatDuration(300, 'es'))).toBe('5 minutos');
  expect(plain(formatDuration(300, 'id'))).toBe('5 menit');
  expect(plain(formatDuration(300, 'vi'))).toBe('5 phút');
  for (const language of LANGUAGES) {
    for (const style of ['long', 'short', 'narrow'] as const) {
      const text = formatDuration(3 * 3600 + 15 * 60, language, style);
      // Arabic keeps Latin digits, like every number on its screens.
      expect(text, `${language} ${style}`).toMatch(/3\D+15\D/);
    }
  }
});

test('units named by the caller stay as named: the time-outs read 24 hours, 7 days, 6 weeks', () => {
  expect(['timeout_24h', 'timeout_7d', 'timeout_6w'].map((kind) => formatDuration(TIMEOUT_PERIODS[kind as keyof typeof TIMEOUT_PERIODS], 'ru'))).toEqual([
    '24 часа',
    '7 дней',
    '6 недель',
  ]);
  expect(formatDuration({ weeks: 6 }, 'en')).toBe('6 weeks');
  expect(formatDuration({ hours: 24 }, 'zh-CN')).toBe('24小时');
});

test('a zero duration says so, and digital style writes a clock', () => {
  expect(formatDuration(0, 'en')).toBe('0 seconds');
  expect(formatDuration(0, 'ru')).toBe('0 секунд');
  expect(formatDuration(75, 'en', 'digital')).toBe('0:01:15');
});

test('`{{seconds, duration}}` in a message writes seconds as a duration in the reader\'s language', () => {
  const i18n = createI18n();
  addMessages(i18n, 'ru', { 'x.wait': 'До следующей попытки: {{seconds, duration}}.' });
  addMessages(i18n, 'en', { 'x.wait': 'Try again in {{seconds, duration}}.' });
  expect(i18n.getFixedT('ru')('x.wait', { seconds: 300 })).toBe('До следующей попытки: 5 минут.');
  expect(i18n.getFixedT('en')('x.wait', { seconds: 90 })).toBe('Try again in 1 minute, 30 seconds.');
});
