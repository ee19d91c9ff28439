import { afterEach, describe, expect, it } from 'vitest';
import { complianceStatus } from './compliance.ts';
import {
  addDays,
  daysUntil,
  formatDate,
  formatDateTime,
  formatDateTimeZoned,
  getDefaultZone,
  isCalendarDate,
  isoInDays,
  lastQuarter,
  relativeDay,
  setDefaultZone,
  todayIso,
  zoneAbbreviation,
} from './dates.ts';
import { companyZone, TIMEZONES, ZONE_OF_SETTING } from './settings.ts';
import { spvReturnFlag } from './spvs.ts';

/** An instant given as local wall time in a zone ('2026-07-03T23:30' in Dubai). */
function localAt(wall: string, zone: string): Date {
  // Find the UTC instant whose wall time in `zone` is `wall` (zones here have whole-hour offsets).
  for (let h = -14; h <= 14; h++) {
    const d = new Date(Date.parse(`${wall}:00Z`) - h * 3_600_000);
    const shown = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(d);
    if (shown.replace(' ', 'T') === wall) return d;
  }
  throw new Error(`no instant for ${wall} in ${zone}`);
}

describe('the company time zone decides today', () => {
  it('maps every General-tab offset to an IANA zone', () => {
    expect(TIMEZONES.map((t) => ZONE_OF_SETTING[t])).toEqual(['Asia/Dubai', 'UTC', 'America/New_York', 'America/Los_Angeles']);
    expect(companyZone({ timezone: 'UTC+4' })).toBe('Asia/Dubai');
  });

  it('in Dubai (UTC+4): 23:30 is still the day, 00:30 is the next, whatever UTC says', () => {
    const before = localAt('2026-07-03T23:30', 'Asia/Dubai'); // 19:30 UTC on 3 Jul
    const after = localAt('2026-07-04T00:30', 'Asia/Dubai'); // 20:30 UTC on 3 Jul: UTC still says the 3rd
    expect(before.toISOString()).toBe('2026-07-03T19:30:00.000Z');
    expect(todayIso('Asia/Dubai', before)).toBe('2026-07-03');
    expect(todayIso('Asia/Dubai', after)).toBe('2026-07-04');
    expect(todayIso('UTC', after)).toBe('2026-07-03');
    // A filing due on 3 Jul: due today at 23:30, overdue at 00:30.
    expect(complianceStatus('in_progress', '2026-07-03', todayIso('Asia/Dubai', before))).toBe('due_soon');
    expect(complianceStatus('in_progress', '2026-07-03', todayIso('Asia/Dubai', after))).toBe('overdue');
    expect(relativeDay('2026-07-04', todayIso('Asia/Dubai', before))).toBe('Tomorrow');
    expect(relativeDay('2026-07-04', todayIso('Asia/Dubai', after))).toBe('Today');
  });

  it('in New York (west of UTC, summer time): 23:30 is still the day although UTC has moved on', () => {
    const before = localAt('2026-07-03T23:30', 'America/New_York'); // 03:30 UTC on 4 Jul
    const after = localAt('2026-07-04T00:30', 'America/New_York');
    expect(before.toISOString()).toBe('2026-07-04T03:30:00.000Z');
    expect(todayIso('America/New_York', before)).toBe('2026-07-03');
    expect(todayIso('UTC', before)).toBe('2026-07-04');
    expect(todayIso('America/New_York', after)).toBe('2026-07-04');
    expect(complianceStatus('not_started', '2026-07-03', todayIso('America/New_York', before))).toBe('due_soon');
    expect(complianceStatus('not_started', '2026-07-03', todayIso('America/New_York', after))).toBe('overdue');
    expect(spvReturnFlag('2026-07-03', todayIso('America/New_York', before))).toBe('due_soon');
    expect(spvReturnFlag('2026-07-03', todayIso('America/New_York', after))).toBe('overdue');
  });

  it('in New York in winter (UTC-5) too', () => {
    const before = localAt('2026-01-15T23:30', 'America/New_York');
    expect(before.toISOString()).toBe('2026-01-16T04:30:00.000Z');
    expect(todayIso('America/New_York', before)).toBe('2026-01-15');
    expect(todayIso('America/New_York', localAt('2026-01-16T00:30', 'America/New_York'))).toBe('2026-01-16');
  });

  it('the default zone (the web sets the company zone) is used when none is named', () => {
    const at = new Date('2026-07-03T20:30:00Z');
    expect(getDefaultZone()).toBe('UTC');
    expect(todayIso(undefined, at)).toBe('2026-07-03');
    setDefaultZone('Asia/Dubai');
    expect(todayIso(undefined, at)).toBe('2026-07-04');
    setDefaultZone('Not/AZone'); // ignored
    expect(getDefaultZone()).toBe('Asia/Dubai');
  });
  afterEach(() => setDefaultZone('UTC'));
});

describe('day arithmetic on calendar days', () => {
  it('counts whole days from today', () => {
    expect(daysUntil('2025-03-01', '2025-03-01')).toBe(0);
    expect(daysUntil('2025-03-11', '2025-03-01')).toBe(10);
    expect(daysUntil('2025-02-27', '2025-03-01')).toBe(-2);
    // Across a leap day and a year end.
    expect(daysUntil('2024-03-01', '2024-02-28')).toBe(2);
    expect(daysUntil('2026-01-01', '2025-12-31')).toBe(1);
  });

  it('adds days to a day and to today', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(isoInDays(30, '2025-03-01')).toBe('2025-03-31');
    expect(isoInDays(-1, '2025-03-01')).toBe('2025-02-28');
  });

  it('names days relative to today', () => {
    expect(relativeDay('2025-03-01', '2025-03-01')).toBe('Today');
    expect(relativeDay('2025-03-02', '2025-03-01')).toBe('Tomorrow');
    expect(relativeDay('2025-02-28', '2025-03-01')).toBe('Yesterday');
    expect(relativeDay('2025-03-11', '2025-03-01')).toBe('In 10 days');
    expect(relativeDay('2025-02-26', '2025-03-01')).toBe('3 days ago');
  });

  it('finds the last completed quarter', () => {
    expect(lastQuarter('2026-07-03')).toEqual(['2026-04-01', '2026-06-30']);
    expect(lastQuarter('2026-01-01')).toEqual(['2025-10-01', '2025-12-31']);
    expect(lastQuarter('2026-03-31')).toEqual(['2025-10-01', '2025-12-31']);
  });

  it('knows real calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
  });
});

describe('formatDate and formatDateTime (Intl, "3 Jul 2026")', () => {
  const instant = '2026-03-05T23:30:00Z';

  it('writes a day as "3 Jul 2026", every month three letters', () => {
    expect(formatDate('2026-07-03')).toBe('3 Jul 2026');
    expect(formatDate('2027-09-19')).toBe('19 Sep 2027');
    expect(formatDate('2024-12-31')).toBe('31 Dec 2024');
  });

  it('takes a locale for later (languages)', () => {
    expect(formatDate('2026-07-03', { locale: 'en' })).toBe('3 Jul 2026');
    expect(formatDate('2026-07-03', { locale: 'de-DE' })).toBe('3. Juli 2026');
  });

  it('a calendar day is that day in every time zone', () => {
    expect(formatDate('2026-03-05', { timeZone: 'America/Los_Angeles' })).toBe('5 Mar 2026');
    expect(formatDate('2026-03-05', { timeZone: 'Asia/Tokyo' })).toBe('5 Mar 2026');
  });

  it("an instant is shown on the company zone's day, the day its date-time shows", () => {
    expect(formatDate(instant, { timeZone: 'UTC' })).toBe('5 Mar 2026');
    expect(formatDate(instant, { timeZone: 'Asia/Dubai' })).toBe('6 Mar 2026');
    expect(formatDateTime(instant, { timeZone: 'Asia/Dubai' })).toBe('6 Mar 2026, 03:30');
    expect(formatDateTime(instant, { timeZone: 'America/Los_Angeles' })).toBe('5 Mar 2026, 15:30');
    for (const tz of ['UTC', 'Asia/Dubai', 'Africa/Nairobi', 'America/New_York', 'Pacific/Auckland']) {
      expect(formatDateTime(instant, { timeZone: tz }).startsWith(formatDate(instant, { timeZone: tz }))).toBe(true);
    }
  });

  it('names the zone where it matters', () => {
    expect(formatDateTimeZoned('2026-07-03T10:05:00Z', { timeZone: 'Asia/Dubai' })).toBe('3 Jul 2026, 14:05 GST');
    expect(formatDateTimeZoned('2026-07-03T10:05:00Z', { timeZone: 'UTC' })).toBe('3 Jul 2026, 10:05 UTC');
    expect(zoneAbbreviation('America/New_York', new Date('2026-07-03T12:00:00Z'))).toBe('EDT');
    expect(zoneAbbreviation('America/New_York', new Date('2026-01-03T12:00:00Z'))).toBe('EST');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate(new Date(Number.NaN))).toBe('—');
    expect(formatDateTime('garbage')).toBe('—');
  });
});
