import { z } from 'zod';
import { daysUntil, isoDate } from './dates.ts';
import { moneyInput } from './deals.ts';

export const SPV_STATUSES = ['Active', 'Dormant', 'Dissolved'] as const;
export type SpvStatus = (typeof SPV_STATUSES)[number];

export interface Spv {
  id: string;
  name: string;
  jurisdiction: string;
  /** ISO date (YYYY-MM-DD). */
  annualReturnDue: string;
  bankBalance: string;
  advisoryFeeFlow: string | null;
  status: SpvStatus;
  createdAt: string;
}

export const spvInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  jurisdiction: z.string({ error: 'Jurisdiction is required' }).trim().min(1, 'Jurisdiction is required').max(100),
  annualReturnDue: isoDate('Annual return due date is required'),
  bankBalance: moneyInput('Bank balance'),
  advisoryFeeFlow: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(300).nullable().optional(),
  ),
  status: z.enum(SPV_STATUSES, { error: 'Choose a valid status' }).default('Active'),
});
export type SpvInput = z.input<typeof spvInput>;
/** PATCH body: any field; no defaults, so an omitted field is left as it is. */
export const spvUpdateInput = spvInput.extend({ status: z.enum(SPV_STATUSES, { error: 'Choose a valid status' }) }).partial();

/** Flag an SPV whose annual return is overdue or due within 30 days. */
export function spvReturnFlag(annualReturnDue: string, now: Date = new Date()): 'overdue' | 'due_soon' | null {
  const days = daysUntil(annualReturnDue, now);
  if (days < 0) return 'overdue';
  if (days <= 30) return 'due_soon';
  return null;
}

/** Kept for the screens that import it with the SPV rules: the date module's day count. */
export { daysUntil } from './dates.ts';
