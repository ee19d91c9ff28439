import { describe, expect, it } from 'vitest';
import { addDays, daysUntil, formatDate, formatDateTime, isCalendarDate, isoInDays, relativeDay, todayIso } from './dates.ts';

const now = new Date('2025-03-01T23:30:00Z');

describe('day arithmetic (UTC calendar days)', () => {
  it('counts whole days from today, by the UTC day of a timestamp', () => {
    expect(todayIso(now)).toBe('2025-03-01');
    expect(daysUntil('2025-03-01', now)).toBe(0);
    expect(daysUntil('2025-03-11', now)).toBe(10);
    expect(daysUntil('2025-02-27', now)).toBe(-2);
    expect(daysUntil('2025-03-02T01:00:00Z', now)).toBe(1);
    // Across a leap day and a year end.
    expect(daysUntil('2024-03-01', new Date('2024-02-28T12:00:00Z'))).toBe(2);
    expect(daysUntil('2026-01-01', new Date('2025-12-31T00:00:00Z'))).toBe(1);
  });

  it('adds days to a day and to today', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(isoInDays(30, now)).toBe('2025-03-31');
    expect(isoInDays(-1, now)).toBe('2025-02-28');
  });

  it('names days relative to today', () => {
    expect(relativeDay('2025-03-01', now)).toBe('Today');
    expect(relativeDay('2025-03-02', now)).toBe('Tomorrow');
    expect(relativeDay('2025-02-28', now)).toBe('Yesterday');
    expect(relativeDay('2025-03-11', now)).toBe('In 10 days');
    expect(relativeDay('2025-02-26', now)).toBe('3 days ago');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
  });
});

describe('formatDate and formatDateTime agree on the day of an instant', () => {
  const instant = '2026-03-05T23:30:00Z';

  it('a calendar day is that day in every time zone', () => {
    expect(formatDate('2026-03-05', 'America/Los_Angeles')).toBe('05 Mar 2026');
    expect(formatDate('2026-03-05', 'Asia/Tokyo')).toBe('05 Mar 2026');
  });

  it("an instant is shown on the viewer's day, the day its date-time shows", () => {
    expect(formatDate(instant, 'UTC')).toBe('05 Mar 2026');
    expect(formatDate(instant, 'Asia/Dubai')).toBe('06 Mar 2026');
    expect(formatDateTime(instant, 'Asia/Dubai')).toMatch(/^06 Mar 2026, 03:30$/);
    expect(formatDate(instant, 'America/Los_Angeles')).toBe('05 Mar 2026');
    expect(formatDateTime(instant, 'America/Los_Angeles')).toMatch(/^05 Mar 2026, 15:30$/);
    for (const tz of ['UTC', 'Asia/Dubai', 'Africa/Nairobi', 'America/New_York', 'Pacific/Auckland']) {
      expect(formatDateTime(instant, tz).startsWith(formatDate(instant, tz))).toBe(true);
    }
  });
});
