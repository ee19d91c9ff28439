import { describe, expect, it } from 'vitest';
import { formatUSD, formatUSDExact } from './format.ts';

describe('formatUSD (USD, no decimals)', () => {
  it('formats numbers without decimals', () => {
    expect(formatUSD(1_250_000)).toBe('$1,250,000');
    expect(formatUSD(0)).toBe('$0');
    expect(formatUSD(1234.4)).toBe('$1,234');
    expect(formatUSD(1234.5)).toBe('$1,235');
    expect(formatUSD(-500)).toBe('-$500');
  });

  it('formats decimal strings as the API sends them', () => {
    expect(formatUSD('1500000.00')).toBe('$1,500,000');
    expect(formatUSD('5000000')).toBe('$5,000,000');
    expect(formatUSD('999.99')).toBe('$1,000');
  });

  it('shows a dash for missing or unparseable values', () => {
    expect(formatUSD(null)).toBe('—');
    expect(formatUSD(undefined)).toBe('—');
    expect(formatUSD('')).toBe('—');
    expect(formatUSD('abc')).toBe('—');
    expect(formatUSD(Number.NaN)).toBe('—');
  });
});

describe('formatUSDExact', () => {
  it('shows cents when there are any, from the decimal string', () => {
    expect(formatUSDExact('10000.00')).toBe('$10,000');
    expect(formatUSDExact('10000.01')).toBe('$10,000.01');
    expect(formatUSDExact('1234.5')).toBe('$1,234.50');
    expect(formatUSDExact('999999999999999.99')).toBe('$999,999,999,999,999.99');
    expect(formatUSDExact('-25.10')).toBe('-$25.10');
    expect(formatUSDExact('0')).toBe('$0');
    expect(formatUSDExact('abc')).toBe('—');
  });
});
