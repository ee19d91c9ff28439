import { z } from 'zod';
import { moneyInput } from './money-input.ts';

// Subscriptions: statuses, the records, and the inputs of subscribing and reviewing (split out of the former shared/portal.ts, issue 28).

export const SUBSCRIPTION_STATUSES = ['Pending', 'Under Review', 'Completed', 'Rejected', 'Cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Progress shown for each status (0-100). */
export const SUBSCRIPTION_PROGRESS: Record<SubscriptionStatus, number> = {
  Pending: 25,
  'Under Review': 60,
  Completed: 100,
  Rejected: 0,
  Cancelled: 0,
};
export const subscriptionTone = (s: SubscriptionStatus) =>
  s === 'Completed' ? 'success' : s === 'Under Review' ? 'info' : s === 'Pending' ? 'warning' : s === 'Rejected' ? 'danger' : 'neutral';

export interface Subscription {
  id: string;
  investorId: string;
  investorName: string;
  investorEmail: string;
  dealId: string;
  dealTitle: string;
  dealType: string;
  amount: string;
  status: SubscriptionStatus;
  progress: number;
  rejectionReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
  completedAt: string | null;
  /** Issue 30: the deal has a subscription pack, so this subscription completes by a signed agreement. */
  signsAgreement: boolean;
  /**
   * Issue 30: the state of the subscription's latest agreement (envelope), null before the
   * investor opens one. 'signed' waits for an authorised admin's countersignature, which is the
   * only way a subscription completes.
   */
  agreementStatus: 'sent' | 'signed' | 'executed' | 'declined' | 'voided' | 'expired' | null;
}

export const createSubscriptionInput = z.object({
  dealId: z.uuid('Choose a deal'),
  amount: moneyInput('Amount').refine((v) => Number(v) > 0, 'Enter an amount above zero'),
});
/** The Idempotency-Key header of POST /api/investor/subscriptions: optional, 8 to 100 visible characters. */
export const idempotencyKeyHeader = z
  .string({ error: 'Idempotency-Key must be a single value' })
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits or . _ : -')
  .optional();
export const rejectSubscriptionInput = z.object({
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(2000),
});
