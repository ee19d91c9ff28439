import { badRequest } from '../../http/errors.ts';

const NUL_MESSAGE = 'Text may not contain NUL characters';
const DATE_MESSAGE = 'Enter a valid date';

/** A real calendar day PostgreSQL accepts (Date.parse lets '2025-02-30' and year 0 through). */
export function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1 && d.toISOString().slice(0, 10) === s;
}

/**
 * Refuses, as a 400, values the shared schemas accept but PostgreSQL cannot store (which
 * would otherwise surface as a 500): NUL characters in text and impossible calendar dates.
 */
export function assertStorable<T extends Record<string, unknown>>(input: T, dateFields: readonly string[] = []): T {
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' && value.includes('\0')) throw badRequest(NUL_MESSAGE, { [key]: NUL_MESSAGE });
  }
  for (const key of dateFields) {
    const value = input[key];
    if (typeof value === 'string' && !isCalendarDate(value)) throw badRequest(DATE_MESSAGE, { [key]: DATE_MESSAGE });
  }
  return input;
}
