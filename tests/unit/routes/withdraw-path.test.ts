import { describe, expect, test } from 'vitest';
import { withdrawInputOf } from '../../../src/routes/money/withdraw-route';
import { validWithdrawPath } from '../../../src/routes/money/withdraw-path';

describe('withdraw paths', () => {
  test('the params the flow writes are valid, others show the 404 page', () => {
    expect(validWithdrawPath({})).toBe(true);
    expect(validWithdrawPath({ id: '3' })).toBe(true);
    expect(validWithdrawPath({ id: '3', form: 'confirm' })).toBe(true);
    expect(validWithdrawPath({ id: '0' })).toBe(false);
    expect(validWithdrawPath({ id: 'abc' })).toBe(false);
    expect(validWithdrawPath({ id: '3', form: 'payout' })).toBe(false);
  });

  test('the path says where the flow starts', () => {
    expect(withdrawInputOf('/withdraw')).toEqual({});
    expect(withdrawInputOf('/withdraw/form/2')).toEqual({ systemId: 2 });
    expect(withdrawInputOf('/withdraw/form/2/confirm')).toEqual({ systemId: 2 });
    expect(withdrawInputOf('/withdraw/41/cancel')).toEqual({ cancelId: 41 });
    expect(withdrawInputOf('/withdraw/cancel')).toEqual({});
  });
});
