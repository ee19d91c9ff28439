import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import { moneyInput } from './money-input.ts';

// Distributions: types, events with their allocations, and the investor calendar (split out of the former shared/portal.ts, issue 28).

export type DistributionStatus = 'Paid' | 'Scheduled' | 'Pending';
export const distributionTone = (s: DistributionStatus) => (s === 'Paid' ? 'success' : s === 'Scheduled' ? 'info' : 'warning');

export interface DistributionItem {
  id: string;
  dealId: string;
  dealName: string;
  type: string;
  status: DistributionStatus;
  amount: string;
  paymentDate: string;
  spv: string | null;
  /** This investor's part of each investors' tier (null for distributions recorded before the waterfall). */
  tiers: { returnOfCapital: string; preferredReturn: string; catchUp: string; carriedInterest: string } | null;
  /** Accrued management fees taken from this amount (decision 009); the investor is paid amount - feeDeducted. */
  feeDeducted: string;
  /** Its ILPA-template notice's id (the distribution event's, decision 048); null when this investor's share is zero (no notice). */
  noticeId: string | null;
}

export interface DistributionCalendar {
  upcoming: DistributionItem[];
  history: DistributionItem[];
  upcomingTotal: string;
  nextPaymentDate: string | null;
  pastYearTotal: string;
}

export const DISTRIBUTION_TYPES = ['Income', 'Return of Capital', 'Interest', 'Dividend', 'Capital Gain'] as const;

export const recordDistributionInput = z.object({
  dealId: z.uuid('Choose a deal'),
  type: z.enum(DISTRIBUTION_TYPES, { error: 'Choose a distribution type' }),
  totalAmount: moneyInput('Total amount').refine((v) => Number(v) > 0, 'Enter an amount above zero'),
  paymentDate: isoDate('Payment date is required'),
  /** Holders and shares are taken as of this day (contributed capital); today when omitted. */
  recordDate: isoDate('Record date is required').optional(),
  /** The deal's final distribution: it releases the carry held in escrow (decision record 039). */
  final: z.boolean({ error: 'Final must be true or false' }).optional(),
});

export interface DistributionEvent {
  id: string;
  dealId: string;
  dealTitle: string;
  type: string;
  totalAmount: string;
  paymentDate: string;
  recordDate: string;
  status: DistributionStatus;
  spvEntity: string | null;
  allocations: { investorId: string; investorName: string; amount: string }[];
  createdAt: string;
  /** The waterfall it was recorded with (null for distributions recorded before terms existed). */
  waterfall: {
    termsVersion: number | null;
    termsSummary: string;
    tiers: { returnOfCapital: string; preferredReturn: string; catchUp: string; carriedInterestLp: string; carriedInterestGp: string };
    lpTotal: string;
    gp: string;
    carry: { name: string; amount: string }[];
  } | null;
}
