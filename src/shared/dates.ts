import { z } from 'zod';

/**
 * The one date module (decision record 014). Two kinds of value, never mixed:
 * - a calendar day, 'YYYY-MM-DD' (due dates, payment dates, valuation dates): the same day for
 *   everyone; the server and the status rules count days in UTC, so "today" is the UTC day;
 * - an instant, an ISO timestamp (uploaded at, created at): shown in the viewer's time zone,
 *   date and time alike.
 */

export const DAY_MS = 86_400_000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day within a sane range ('2025-02-30' and year 0 are not). */
export function isCalendarDate(s: string): boolean {
  if (!ISO_DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  const year = d.getUTCFullYear();
  return !Number.isNaN(d.getTime()) && year >= 1900 && year <= 2200 && d.toISOString().slice(0, 10) === s;
}

/** An ISO date (YYYY-MM-DD) that is a real calendar day. */
export const isoDate = (requiredMessage = 'Date is required') =>
  z
    .string({ error: requiredMessage })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
    .refine(isCalendarDate, 'Enter a valid date');

/** Today as an ISO date in UTC (the day every due date is compared with). */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The ISO day `days` after today (UTC); negative for days before. */
export const isoInDays = (days: number, now: Date = new Date()) => todayIso(new Date(now.getTime() + days * DAY_MS));

/** The ISO day `days` after an ISO day. */
export const addDays = (isoDay: string, days: number) => todayIso(new Date(Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`) + days * DAY_MS));

/** Whole days from today (UTC) to an ISO day (a timestamp counts by its UTC day); negative when past. */
export function daysUntil(isoDay: string, now: Date = new Date()): number {
  const today = Date.parse(`${todayIso(now)}T00:00:00Z`);
  return Math.round((Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`) - today) / DAY_MS);
}

/** 'Today', 'Tomorrow', 'In 12 days', 'Yesterday', '3 days ago'. */
export function relativeDay(isoDay: string, now: Date = new Date()): string {
  const d = daysUntil(isoDay, now);
  if (d === 0) return 'Today';
  if (d === 1) return 'Tomorrow';
  if (d === -1) return 'Yesterday';
  return d > 0 ? `In ${d} days` : `${-d} days ago`;
}

const dayFmt = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
const localDateFmt = (timeZone?: string) => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone });
const localDateTimeFmt = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone });
const localDate = localDateFmt();
const localDateTime = localDateTimeFmt();

/**
 * One date format app-wide: '05 Mar 2026'. A calendar day ('YYYY-MM-DD') is shown as that day; an
 * instant (timestamp or Date) as its day in the viewer's time zone, the day formatDateTime shows.
 * `timeZone` is for tests.
 */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '—';
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? '—' : dayFmt.format(d);
  }
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '—';
  return (timeZone ? localDateFmt(timeZone) : localDate).format(d);
}

/** An instant with its time, in the viewer's time zone: '05 Mar 2026, 14:30'. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '—';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '—';
  return (timeZone ? localDateTimeFmt(timeZone) : localDateTime).format(d);
}
