import { describe, expect, it } from 'vitest';
import { addMonths, monthWeeks, todayIso } from '../../../shared/dates';
import { currentMonth } from './calendar-tab';

describe("the compliance calendar opens on the company's month", () => {
  it('at 00:30 in Dubai on the 1st it is already the new month (UTC is still on the 31st)', () => {
    const now = new Date('2026-07-31T20:30:00Z'); // 00:30 on 1 Aug in Dubai (UTC+4)
    expect(currentMonth(todayIso('Asia/Dubai', now))).toBe('2026-08-01');
    expect(currentMonth(todayIso('UTC', now))).toBe('2026-07-01');
  });
  it('at 23:30 in Dubai on the last day it is still that month', () => {
    const now = new Date('2026-07-31T19:30:00Z'); // 23:30 on 31 Jul in Dubai
    expect(currentMonth(todayIso('Asia/Dubai', now))).toBe('2026-07-01');
  });
  it('at 23:30 in New York on the 31st it is still that month, while UTC is on the 1st', () => {
    const now = new Date('2026-01-01T04:30:00Z'); // 23:30 on 31 Dec in New York (UTC-5)
    expect(currentMonth(todayIso('America/New_York', now))).toBe('2025-12-01');
    expect(currentMonth(todayIso('UTC', now))).toBe('2026-01-01');
  });
});

describe('month arithmetic and the month grid (Monday first)', () => {
  it('steps months across years', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
    expect(addMonths('2025-12-01', 1)).toBe('2026-01-01');
    expect(addMonths('2026-03-01', -14)).toBe('2025-01-01');
    expect(addMonths('2026-03-01', 24)).toBe('2028-03-01');
  });
  it('covers the month in whole weeks from Monday to Sunday', () => {
    // August 2026 starts on a Saturday and ends on a Monday: six rows.
    const weeks = monthWeeks('2026-08-01');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual(['2026-07-27', '2026-07-28', '2026-07-29', '2026-07-30', '2026-07-31', '2026-08-01', '2026-08-02']);
    expect(weeks.at(-1)?.[0]).toBe('2026-08-31');
    expect(weeks.at(-1)?.[6]).toBe('2026-09-06');
    // February 2027 starts on a Monday and has 28 days: exactly four rows.
    const feb = monthWeeks('2027-02-14');
    expect(feb).toHaveLength(4);
    expect(feb[0]?.[0]).toBe('2027-02-01');
    expect(feb[3]?.[6]).toBe('2027-02-28');
    // A leap February.
    expect(monthWeeks('2028-02-01').flat()).toContain('2028-02-29');
  });
});
