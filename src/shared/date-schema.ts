import { z } from 'zod';
import { isCalendarDate } from './dates.ts';

/**
 * An ISO date (YYYY-MM-DD) that is a real calendar day: the schema half of the date module,
 * apart from src/shared/dates.ts so that the web's first chunk (which formats dates) does not
 * pull zod into the landing page (issue 16, page weight).
 */
export const isoDate = (requiredMessage = 'Date is required') =>
  z
    .string({ error: requiredMessage })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
    .refine(isCalendarDate, 'Enter a valid date');
