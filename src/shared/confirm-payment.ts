import { z } from 'zod';
import { isoDate } from './date-schema.ts';

/**
 * Confirm Payment's body (issue 26): the day the money went out, optional (the scheduled payment
 * date, or today when that is still ahead). The server refuses a day after the company's today.
 */
export const confirmPaymentInput = z.object({
  paidOn: z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate('Enter the day the payment was made').optional()),
});
