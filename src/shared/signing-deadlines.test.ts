import { describe, expect, it } from 'vitest';
import { dayStartInZone } from './dates.ts';
import { envelopeExpiresAt, lastSigningDay, reminderStageDue } from './signing.ts';

/**
 * Issue 30's deadline rules (decision 036): reference instants worked by hand from each zone's
 * offset (Dubai +4 all year; London +0 in winter, +1 in summer; New York -5 in winter).
 */
describe('signing deadlines in the company zone', () => {
  it('a day starts at its midnight in the zone', () => {
    expect(dayStartInZone('2026-12-10', 'Asia/Dubai').toISOString()).toBe('2026-12-09T20:00:00.000Z');
    expect(dayStartInZone('2026-12-10', 'UTC').toISOString()).toBe('2026-12-10T00:00:00.000Z');
    expect(dayStartInZone('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(dayStartInZone('2026-12-10', 'America/New_York').toISOString()).toBe('2026-12-10T05:00:00.000Z');
    // The day London's clocks go forward (29 Mar 2026, 01:00 -> 02:00): midnight is still +0.
    expect(dayStartInZone('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(dayStartInZone('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });

  it('an envelope opened on day D is signable through D + days and expires when that day ends', () => {
    // 1 Dec + 30 = 31 Dec; it ends at 1 Jan 00:00 Dubai = 31 Dec 20:00 UTC.
    const at = envelopeExpiresAt('2026-12-01', 30, 'Asia/Dubai');
    expect(at.toISOString()).toBe('2026-12-31T20:00:00.000Z');
    expect(lastSigningDay(at, 'Asia/Dubai')).toBe('2026-12-31');
    expect(lastSigningDay('2027-01-01T00:00:00.000Z', 'UTC')).toBe('2026-12-31');
  });

  it('reminders: 7 days before, then 1 day before; one stage at a time; none after the last day', () => {
    expect(reminderStageDue('2026-12-31', '2026-12-23', [])).toBeNull(); // 8 days left
    expect(reminderStageDue('2026-12-31', '2026-12-24', [])).toBe(7); // 7 left
    expect(reminderStageDue('2026-12-31', '2026-12-25', [7])).toBeNull(); // 6 left, 7 sent
    expect(reminderStageDue('2026-12-31', '2026-12-30', [7])).toBe(1); // 1 left
    expect(reminderStageDue('2026-12-31', '2026-12-31', [7, 1])).toBeNull(); // the last day, both sent
    expect(reminderStageDue('2026-12-31', '2026-12-31', [])).toBe(1); // first seen on the last day: only the 1-day one
    expect(reminderStageDue('2026-12-31', '2027-01-01', [])).toBeNull(); // past
  });
});
