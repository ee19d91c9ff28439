import { describe, expect, it } from 'vitest';
import { formatIrr, formatMoic } from './format';

describe('performance formats', () => {
  it('shows IRR (a fraction) as a percentage with one decimal', () => {
    expect(formatIrr(0.164)).toBe('16.4%');
    expect(formatIrr(0.1)).toBe('10.0%');
    expect(formatIrr(-0.2265)).toBe('-22.7%');
    expect(formatIrr(-0.0001)).toBe('0.0%');
    expect(formatIrr(null)).toBe('—');
    expect(formatIrr(Number.NaN)).toBe('—');
  });
  it('shows MOIC as a multiple with two decimals', () => {
    expect(formatMoic(1.1345)).toBe('1.13x');
    expect(formatMoic(0.9)).toBe('0.90x');
    expect(formatMoic(null)).toBe('—');
  });
});
