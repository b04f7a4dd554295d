import { describe, expect, it } from 'vitest';
import { BET_STATUSES } from '../../src/api/contract/bets';
import { kycDocumentSchema } from '../../src/api/contract/limits';
import { PAYMENT_CHECK_STATUSES, WITHDRAWAL_STATUSES } from '../../src/api/contract/payments';
import { AA_TEXT, contrastRatio } from '../../src/ui/contrast';
import { STATUS_MEANING } from '../../src/ui/status-meaning';
import { colorValue, TOKEN_PAIRS } from '../../src/ui/token-pairs';

describe('colour tokens', () => {
  it('primary, danger, up, down and success each have a value of their own', () => {
    const meanings = ['primary', 'danger', 'up', 'down', 'success'] as const;
    const values = meanings.map((token) => colorValue(token).toLowerCase());
    expect(new Set(values).size).toBe(meanings.length);
    const texts = meanings.map((token) => colorValue(`${token}Text`).toLowerCase());
    expect(new Set(texts).size).toBe(meanings.length);
  });

  it('warning keeps its own value too', () => {
    expect(['primary', 'danger', 'up', 'down', 'success'].map((token) => colorValue(token as 'primary'))).not.toContain(
      colorValue('warning'),
    );
  });

  it.each(TOKEN_PAIRS)('$text on $background meets WCAG AA', ({ text, background }) => {
    expect(contrastRatio(colorValue(text), colorValue(background))).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('status meanings', () => {
  it('every status of the contract has one meaning', () => {
    expect(Object.keys(STATUS_MEANING.bet).sort()).toEqual([...BET_STATUSES].sort());
    const payment = new Set([...PAYMENT_CHECK_STATUSES, 'cancelled', ...WITHDRAWAL_STATUSES]);
    expect(Object.keys(STATUS_MEANING.payment).sort()).toEqual([...payment].sort());
    expect(Object.keys(STATUS_MEANING.kyc).sort()).toEqual([...kycDocumentSchema.shape.status.options].sort());
  });

  it('a refusal, a failure or a cancellation is never a success', () => {
    const all = Object.values(STATUS_MEANING).flatMap((group) => Object.entries(group));
    for (const [status, meaning] of all) {
      if (/rejected|failed|cancelled|lost/.test(status)) expect(meaning, status).not.toBe('success');
    }
  });
});
