import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents, parseAmountCents } from './amount';

describe('subscription amounts', () => {
  it('parses typed amounts to exact cents', () => {
    expect(parseAmountCents('250,000')).toBe(25_000_000n);
    expect(parseAmountCents('$1,000.5')).toBe(100_050n);
    expect(parseAmountCents(' 0.01 ')).toBe(1n);
    expect(parseAmountCents('850000.00')).toBe(85_000_000n);
  });

  it('refuses what is not an amount with at most 2 decimals', () => {
    for (const bad of ['', 'abc', '1.234', '-5', '1e6', '12345678901234']) expect(parseAmountCents(bad)).toBeNull();
  });

  it('compares against the API remaining capacity without float error', () => {
    expect(parseAmountCents('850000.01') ?? 0n).toBeGreaterThan(decimalToCents('850000.00'));
    expect(parseAmountCents('850000') ?? 0n).toBe(decimalToCents('850000.00'));
    expect(decimalToCents('0.1') + decimalToCents('0.2')).toBe(decimalToCents('0.30'));
  });

  it('formats cents back for the API', () => {
    expect(centsToDecimal(25_000_000n)).toBe('250000');
    expect(centsToDecimal(100_050n)).toBe('1000.50');
    expect(centsToDecimal(7n)).toBe('0.07');
  });
});
