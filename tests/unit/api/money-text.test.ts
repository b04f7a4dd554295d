import { expect, test } from 'vitest';
import { moneyFromText, moneyTextSchema, normalizeMoneyText, toCents } from '../../../src/api/contract/money';
import { amountError } from '../../../src/machines/money-flow/amount-rules';
import { stakeError } from '../../../src/machines/betSlip/bet-rules';

test('an amount is read the same with either decimal separator and with spaced thousands', () => {
  for (const [typed, canonical] of [
    ['10,5', '10.5'],
    ['10.5', '10.5'],
    ['10,50', '10.50'],
    [' 7 ', '7'],
    ['1 000,25', '1000.25'],
    ['1\u00a0000.25', '1000.25'],
    ['1\u202f000 000', '1000000'],
    ['0,01', '0.01'],
  ] as const) {
    expect(normalizeMoneyText(typed), typed).toBe(canonical);
  }
  expect(moneyFromText('10,5')).toBe(10.5);
  expect(toCents('10,5')).toBe(1050);
});

test('what is not money stays refused: a comma is never a thousands separator', () => {
  for (const typed of ['1,000', '10,505', '10.5.1', '10,5,1', '1,2.3', '-5', '1e3', '10 5', '12 34', ',5', '5,', 'abc', '']) {
    expect(normalizeMoneyText(typed), typed).toBeNull();
    expect(moneyFromText(typed), typed).toBeNull();
  }
});

test('every amount check (schema, money forms, bet slip) accepts the same texts', () => {
  for (const typed of ['10,5', '10.5']) {
    expect(moneyTextSchema.safeParse(typed).success).toBe(true);
    expect(amountError(typed, { min: 1, max: 100 })).toBeNull();
    expect(stakeError(typed, null, 100)).toBeNull();
  }
  expect(moneyTextSchema.safeParse('10,505').success).toBe(false);
  expect(amountError('10,505', { min: 1, max: 100 })?.key).toBe('money.amount.error.invalid');
  expect(stakeError('10,505', null, 100)?.key).toBe('trading.slip.error.amount_invalid');
});
