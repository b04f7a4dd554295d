import { expect, test } from 'vitest';
import { formatUsd as contractFormatUsd } from '../../src/api/contract/money';
import { createI18n, addMessages } from '../../src/i18n/i18n';
import { timeZoneOptions } from '../../src/routes/settings/time-zones';
import { MINUS, formatClock, formatDateInput, formatDateTime, formatDateTimeInput, parseDateTimeInput, formatNumber, formatPayout, formatPercent, formatRatePercent, formatScaleNumber, formatSignedPercent, formatSignedUsd, formatUsd, parseDateInput, setDisplayTimeZone } from '../../src/shared/format';
import { formatUsd as uiFormatUsd } from '../../src/ui/format';
import { indicatorTitle } from '../../src/ui/chart/indicators/catalogue';
import { chartNumbers } from '../../src/ui/chart/engine/chart-numbers';
import { newIndicatorSettings } from '../../src/shared/chart-indicators';
import { formatRate } from '../../src/ui/trading/format';

const nbsp = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(nbsp, ' ');

test('one money format per language, with the real minus sign', () => {
  expect(plain(formatUsd(1000, 'ru'))).toBe('1 000,00 $');
  expect(formatUsd(1000, 'en')).toBe('$1,000.00');
  expect(plain(formatUsd(-10, 'ru'))).toBe(`${MINUS}10,00 $`);
  expect(formatUsd(-10, 'en')).toBe(`${MINUS}$10.00`);
  expect(formatUsd(-0.001, 'en')).toBe('$0.00');
  expect(formatSignedUsd(8.5, 'en')).toBe('+$8.50');
  expect(formatSignedUsd(-8.5, 'en')).toBe(`${MINUS}$8.50`);
  expect(formatSignedUsd(0, 'en')).toBe('$0.00');
  expect(formatNumber(-1.5, 'ru', 1)).toBe(`${MINUS}1,5`);
  expect(plain(formatPayout(88, 'ru'))).toBe('+88 %');
  expect(formatPayout(88, 'en')).toBe('+88%');
  // In Arabic the plus stays before the number: Intl sets it in left-to-right marks.
  expect(formatPayout(88, 'ar')).toBe('\u200e+88\u200e%\u200e');
  // The screens (src/ui) and the server (through the contract) write money with the same function.
  expect(uiFormatUsd).toBe(formatUsd);
  expect(contractFormatUsd).toBe(formatUsd);
});

test('every language writes the dollar as $, Arabic included, its digits and order unchanged', () => {
  for (const language of ['ru', 'en', 'pt-BR', 'es', 'tr', 'id', 'vi', 'hi', 'ar', 'zh-CN']) {
    const text = formatUsd(10000, language);
    expect(text, language).toContain('$');
    expect(text, language).not.toMatch(/US\$|USD/);
  }
  // Arabic: Latin digits, the right-to-left mark first, the amount before the symbol, as before.
  expect(plain(formatUsd(10000, 'ar'))).toBe('\u200f10,000.00 $');
  expect(plain(formatUsd(-5.5, 'ar'))).toBe(`${MINUS}\u200f5.50 $`);
  expect(plain(formatSignedUsd(8.5, 'ar'))).toBe('+\u200f8.50 $');
});

test('dates and times: one 24-hour format per language', () => {
  const at = new Date(2026, 10, 23, 14, 5, 9);
  expect(formatDateTime(at, 'ru')).toBe('23.11.2026, 14:05:09');
  expect(formatDateTime(at, 'en')).toBe('23/11/2026, 14:05:09');
  expect(formatDateTime('junk', 'en')).toBe('—');
  expect(formatClock(at, 'en')).toBe('14:05');
  expect(formatClock(at, 'ru')).toBe('14:05');
});

test("dates and times in the trader's time zone; none or an unknown one follows the device's", () => {
  const at = Date.UTC(2026, 10, 23, 14, 5, 9);
  try {
    setDisplayTimeZone('Asia/Kolkata');
    expect(formatDateTime(at, 'en')).toBe('23/11/2026, 19:35:09');
    setDisplayTimeZone('America/Sao_Paulo');
    expect(formatClock(at, 'ru')).toBe('11:05');
    setDisplayTimeZone('Mars/Olympus');
    expect(formatClock(at, 'en')).toBe(formatClock(new Date(at), 'en'));
  } finally {
    setDisplayTimeZone(null);
  }
  expect(formatDateTime(at, 'en')).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23' }).format(at));
});

test('the time zones to choose: the device\'s first, then by offset and name, a stored alias kept', () => {
  const at = new Date(Date.UTC(2026, 10, 23));
  // Intl lists India under its older name (Asia/Calcutta): a trader's stored Asia/Kolkata joins the list.
  const options = timeZoneOptions('This device', 'Asia/Kolkata', 'en', at);
  expect(options[0]).toEqual({ value: '', label: 'This device' });
  const values = options.map((option) => option.value);
  expect(values).toContain('Asia/Kolkata');
  expect(values.indexOf('America/Sao_Paulo')).toBeLessThan(values.indexOf('UTC'));
  expect(values.indexOf('UTC')).toBeLessThan(values.indexOf('Europe/Moscow'));
  expect(values.indexOf('Europe/Moscow')).toBeLessThan(values.indexOf('Asia/Kolkata'));
  expect(options.find((option) => option.value === 'Asia/Kolkata')?.label).toBe('Asia/Kolkata (GMT+05:30)');
  expect(options.find((option) => option.value === 'America/Sao_Paulo')?.label).toBe('America/Sao Paulo (GMT-03:00)');
  expect(new Set(values).size).toBe(values.length);
});

test("the web app's translations write {{x, money}} with the same format", () => {
  const i18n = createI18n();
  addMessages(i18n, 'ru', { 'k.min': 'Минимум: {{min, money}}' });
  addMessages(i18n, 'en', { 'k.min': 'The minimum is {{min, money}}' });
  expect(plain(i18n.t('k.min', { min: 1000 }))).toBe('Минимум: 1 000,00 $');
  expect(i18n.t('k.min', { min: 1000, lng: 'en' })).toBe('The minimum is $1,000.00');
});

test('a date field writes and reads the day, month and year in the language order', () => {
  expect(formatDateInput('2026-12-31', 'ru')).toBe('31.12.2026');
  expect(formatDateInput('2026-12-31', 'en')).toBe('31/12/2026');
  expect(formatDateInput('2026-12-31', 'zh-CN')).toBe('2026/12/31');
  expect(formatDateInput('', 'ru')).toBe('');
  for (const language of ['ru', 'en', 'pt-BR', 'es', 'tr', 'id', 'vi', 'hi', 'ar', 'zh-CN']) {
    expect(parseDateInput(formatDateInput('2026-02-03', language), language)).toBe('2026-02-03');
  }
  expect(parseDateInput('3.2.2026', 'ru')).toBe('2026-02-03');
  // Year first is year, month, day whatever the language's order.
  expect(parseDateInput('2026-02-03', 'ru')).toBe('2026-02-03');
  expect(parseDateInput('2026-02-03', 'en')).toBe('2026-02-03');
  // Not yet a date: incomplete, a two-digit year, a day the month does not have.
  expect(parseDateInput('03.02', 'ru')).toBeNull();
  expect(parseDateInput('03.02.26', 'ru')).toBeNull();
  expect(parseDateInput('31.02.2026', 'ru')).toBeNull();
});

test("the chart's and the tables' prices, changes and scale values are written in the language, not with a decimal point in Russian", () => {
  const ru = chartNumbers(5, 'ru');
  expect(ru.price(1.088)).toBe('1,08800');
  expect(chartNumbers(5, 'en').price(1.088)).toBe('1.08800');
  expect(plain(ru.percent(1.25))).toBe('+1,25 %');
  expect(plain(ru.percent(-0.5))).toBe(`${MINUS}0,50 %`);
  expect(ru.plain(0.618)).toBe('0,618');
  expect(formatRate(150.1234, 3, 'ru')).toBe('150,123');
  expect(formatRate(null, 3, 'ru')).toBe('—');
  expect(formatScaleNumber(0.000123, 'ru')).toBe('0,00012');
  expect(formatScaleNumber(-35.5, 'ru')).toBe(`${MINUS}35,50`);
  expect(formatScaleNumber(250.4, 'en')).toBe('250');
  expect(plain(formatScaleNumber(12_345, 'ru'))).toBe('12,3 тыс.');
  expect(formatSignedPercent(0, 'en')).toBe('+0.00%');
  expect(plain(formatPercent(55.56, 'ru', 1))).toBe('55,6 %');
  expect(formatPercent(88, 'en')).toBe('88%');
  expect(formatPercent(88, 'tr')).toBe('%88');
});

test("a payment system's fee keeps the decimals it was set with, in the language's own way", () => {
  expect(plain(formatRatePercent(0.5, 'ru'))).toBe('0,5 %');
  expect(plain(formatRatePercent(2, 'ru'))).toBe('2 %');
  expect(formatRatePercent(1.25, 'en')).toBe('1.25%');
  expect(formatRatePercent(0.5, 'tr')).toBe('%0,5');
});

test("an indicator's title writes its numbers in the language, separated so a decimal comma stays readable", () => {
  const bands = { ...newIndicatorSettings('bollinger', [], '#fff'), periods: [20], multiplier: 1.5 };
  expect(indicatorTitle(bands, 'Bollinger', 'en')).toBe('Bollinger 20, 1.5');
  expect(indicatorTitle(bands, 'Боллинджер', 'ru')).toBe('Боллинджер 20; 1,5');
});

test("a date and time typed in the language's order or year first is read to the minute, and a wrong one is not", () => {
  for (const language of ['ru', 'en', 'pt-BR', 'es', 'tr', 'id', 'vi', 'hi', 'ar', 'zh-CN']) {
    expect(parseDateTimeInput(formatDateTimeInput('2026-02-03T09:05', language), language)).toBe('2026-02-03T09:05');
  }
  expect(formatDateTimeInput('2026-12-31T18:00', 'ru')).toBe('31.12.2026 18:00');
  expect(formatDateTimeInput('2026-12-31T18:00', 'zh-CN')).toBe('2026/12/31 18:00');
  expect(formatDateTimeInput('31.12.2026', 'ru')).toBe('');
  expect(parseDateTimeInput('3.2.2026 9:05', 'ru')).toBe('2026-02-03T09:05');
  expect(parseDateTimeInput('03/02/2026, 09:05', 'en')).toBe('2026-02-03T09:05');
  // Year first, as the browser's own field and the API write it, in every language.
  expect(parseDateTimeInput('2026-02-03T09:05', 'ru')).toBe('2026-02-03T09:05');
  expect(parseDateTimeInput('2026-02-03 09:05', 'en')).toBe('2026-02-03T09:05');
  expect(parseDateTimeInput('31.13.2026 18:00', 'ru')).toBeNull();
  expect(parseDateTimeInput('31.02.2026 18:00', 'ru')).toBeNull();
  expect(parseDateTimeInput('31.12.2026 24:00', 'ru')).toBeNull();
  expect(parseDateTimeInput('31.12.2026 18:60', 'ru')).toBeNull();
  expect(parseDateTimeInput('31.12.2026', 'ru')).toBeNull();
  expect(parseDateTimeInput('18:00', 'ru')).toBeNull();
  expect(parseDateTimeInput('tomorrow', 'en')).toBeNull();
});
