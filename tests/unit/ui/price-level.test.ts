import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { usePriceLevel } from '../../../src/ui/trading/price-level';

describe('a level field', () => {
  test('is empty before the first tick, then follows the price', () => {
    const { result, rerender } = renderHook(({ price }: { price: number | null }) => usePriceLevel(price), { initialProps: { price: null as number | null } });
    expect(result.current[0]).toBe('');
    rerender({ price: 1.08512 });
    expect(result.current[0]).toBe('1.08512');
    rerender({ price: 1.08519 });
    expect(result.current[0]).toBe('1.08519');
  });

  test('keeps what the trader typed while the price moves on', () => {
    const { result, rerender } = renderHook(({ price }: { price: number | null }) => usePriceLevel(price), { initialProps: { price: 1.08512 } });
    act(() => result.current[1]('1,0875'));
    rerender({ price: 1.08601 });
    expect(result.current[0]).toBe('1,0875');
    act(() => result.current[1](''));
    expect(result.current[0]).toBe('');
  });
});
