import { z } from 'zod';

/** A real calendar day within a sane range ('2025-02-30' and year 0 are not). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
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
