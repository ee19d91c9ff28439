/**
 * Whom a capital call asks, and how its amount is split (issue 26, decision record 024): the whole
 * deal, one close (the investors whose first commitment in the deal is dated that day) or named
 * investors; pro rata to their unfunded commitment (the default: a later closer can be called
 * once earlier investors are fully called) or to their commitment. The preview and the call use
 * the same plan, so the amounts shown before issuing are the amounts issued.
 */
import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import { createCallInput } from './ledger.ts';

export const CALL_TARGETS = ['all', 'close', 'investors'] as const;
export type CallTarget = (typeof CALL_TARGETS)[number];
export const CALL_WEIGHTINGS = ['unfunded', 'commitment'] as const;
export type CallWeighting = (typeof CALL_WEIGHTINGS)[number];

export const callTargetInput = z
  .object({
    target: z.enum(CALL_TARGETS, { error: 'Choose whom the call asks' }).optional(),
    weighting: z.enum(CALL_WEIGHTINGS, { error: 'Choose how the call is split' }).default('unfunded'),
    closeDate: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Choose a close').optional()),
    investorIds: z.array(z.uuid('Choose committed investors')).max(1000, 'Choose at most 1,000 investors').optional(),
  })
  .transform((v) => ({ ...v, target: v.target ?? (v.investorIds && v.investorIds.length > 0 ? 'investors' : 'all') }) as const)
  .superRefine((v, ctx) => {
    if (v.target === 'close' && !v.closeDate) ctx.addIssue({ code: 'custom', path: ['closeDate'], message: 'Choose a close' });
    if (v.target === 'investors' && (!v.investorIds || v.investorIds.length === 0))
      ctx.addIssue({ code: 'custom', path: ['investorIds'], message: 'Choose at least one investor' });
  });

/** The body of POST /api/capital-calls and of its preview. */
export const newCallInput = z.intersection(createCallInput, callTargetInput);

/** One investor's part of a planned call. */
export interface CallPlanLine {
  investorId: string;
  investorName: string;
  /** The day of the investor's first commitment in the deal (their close). */
  closeDate: string;
  committed: string;
  unfunded: string;
  amount: string;
}

/** A call before it is issued (POST /api/capital-calls/preview). */
export interface CallPlan {
  dealId: string;
  target: CallTarget;
  weighting: CallWeighting;
  totalAmount: string;
  lines: CallPlanLine[];
  /** The deal's closes, oldest first: each day with its investors (for the form's choices). */
  closes: { date: string; investorIds: string[] }[];
}

/** A deal's committed investors and closes (GET /api/deals/:id/call-choices), for the New Capital Call form. */
export interface CallChoices {
  dealId: string;
  investors: Omit<CallPlanLine, 'amount'>[];
  closes: CallPlan['closes'];
  /** Why a call cannot be issued yet (the SPV's payment details), or null. */
  paymentDetailsMissing: string | null;
}
