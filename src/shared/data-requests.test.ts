import { describe, expect, it } from 'vitest';
import { dataRequestDueOn, dataRequestInput } from './data-requests.ts';

describe('data-subject request due date (one month, DIFC DPL 2020)', () => {
  it("is the same day next month, or that month's last day when it has no such day (figures by calendar)", () => {
    expect(dataRequestDueOn('2026-11-27')).toBe('2026-12-27');
    expect(dataRequestDueOn('2026-12-15')).toBe('2027-01-15'); // across the year
    expect(dataRequestDueOn('2026-01-31')).toBe('2026-02-28'); // common year
    expect(dataRequestDueOn('2028-01-31')).toBe('2028-02-29'); // leap year
    expect(dataRequestDueOn('2026-03-31')).toBe('2026-04-30');
    expect(dataRequestDueOn('2026-02-28')).toBe('2026-03-28');
  });
  it('a correction needs details; the other kinds do not', () => {
    expect(dataRequestInput.safeParse({ kind: 'rectification', details: '  ' }).success).toBe(false);
    expect(dataRequestInput.parse({ kind: 'erasure' })).toEqual({ kind: 'erasure', details: '' });
  });
});
