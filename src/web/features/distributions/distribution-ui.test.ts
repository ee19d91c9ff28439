import { describe, expect, it } from 'vitest';
import { daysFromToday, formatUSDExact, relativeDay, splitPaymentDate } from './distribution-ui';

describe('distribution formats', () => {
  it('splits a payment date into the card value and its year', () => {
    expect(splitPaymentDate('2025-12-16')).toEqual({ monthDay: 'Dec 16', year: '2025' });
    expect(splitPaymentDate('2024-07-15')).toEqual({ monthDay: 'Jul 15', year: '2024' });
  });
  it('formats allocations exactly to the cent', () => {
    expect(formatUSDExact('33333.34')).toBe('$33,333.34');
    expect(formatUSDExact('0.01')).toBe('$0.01');
  });
  it("counts whole days from the company's today", () => {
    const now = '2025-03-01';
    expect(daysFromToday('2025-03-01', now)).toBe(0);
    expect(daysFromToday('2025-03-11', now)).toBe(10);
    expect(relativeDay('2025-03-02', now)).toBe('Tomorrow');
    expect(relativeDay('2025-03-11', now)).toBe('In 10 days');
    expect(relativeDay('2025-02-26', now)).toBe('3 days ago');
  });
});
