import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUSD, formatUSDExact } from './format.ts';

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

describe('formatDate', () => {
  it("formats as '05 Mar 2026'", () => {
    expect(formatDate('2026-03-05T12:00:00Z')).toBe('05 Mar 2026');
    expect(formatDate(new Date(Date.UTC(2024, 6, 15)), 'UTC')).toBe('15 Jul 2024');
  });

  it('formats date-only strings (database dates) on their own day', () => {
    expect(formatDate('2024-07-15')).toBe('15 Jul 2024');
    expect(formatDate('2024-12-31')).toBe('31 Dec 2024');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate(new Date(Number.NaN))).toBe('—');
  });

  it('formatDateTime includes the date and a time, or a dash', () => {
    expect(formatDateTime('2026-03-05T12:00:00Z')).toMatch(/\d{2} Mar 2026.*\d{2}:\d{2}/);
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('garbage')).toBe('—');
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
