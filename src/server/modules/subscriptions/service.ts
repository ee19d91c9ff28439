import type { z } from 'zod';
import { failedProfessionalCriteria, SUITABILITY_BLOCK_MESSAGE } from '../../../shared/investor-compliance.ts';
import { toCents } from '../../../shared/money.ts';
import {
  type createSubscriptionInput,
  SUBSCRIPTION_PROGRESS,
  type Subscription,
  type SubscriptionStatus,
} from '../../../shared/subscriptions.ts';
import { SUITABILITY_EXPIRED_MESSAGE, SUITABILITY_MISSING_MESSAGE, suitabilityReviewCurrent } from '../../../shared/suitability.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifySubscriptionSubmitted } from '../email/notify.ts';
import { postEntry } from '../ledger/service.ts';
import { subscriptionEligibility } from '../onboarding/eligibility.ts';
import { screeningBlock } from '../screening/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { requireCompletePack, requireExecuted, voidLiveEnvelopes } from './agreement-gates.ts';
import type { SubscriptionRow } from './repository.ts';
import * as repo from './repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toSub = (r: SubscriptionRow): Subscription => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  reviewedAt: iso(r.reviewedAt),
  completedAt: iso(r.completedAt),
  signsAgreement: r.signsAgreement === true,
  agreementStatus: r.agreementStatus ?? null,
});

export async function listSubscriptions(q: Queryable, investorId?: string): Promise<Subscription[]> {
  return (await repo.subscriptions(q, investorId)).map(toSub);
}

async function getSub(q: Queryable, id: string, lock = false): Promise<SubscriptionRow> {
  const row = await repo.findSubscription(q, id, lock);
  if (!row) throw notFound('Subscription not found');
  return row;
}

/** A deal of an investor's Deal Vault, with its capacity left (never below zero; null without a target). */
export type VaultDeal = Awaited<ReturnType<typeof repo.openOrHeldDeals>>[number];

/** The deals an investor sees in the Deal Vault: open for investment, or held by them; newest first. One statement. */
export function openOrHeldDeals(q: Queryable, investorId: string): Promise<VaultDeal[]> {
  return repo.openOrHeldDeals(q, investorId);
}

/** Whether a deal is open for investment or held by the investor (its general documents are theirs to see). */
export async function dealOpenOrHeld(q: Queryable, dealId: string, investorId: string): Promise<boolean> {
  return repo.dealOpenOrHeld(q, dealId, investorId);
}

/** A deal as its deal-open alert names it. */
export interface OpenDeal {
  id: string;
  title: string;
  type: string;
  /** Decimal string; null without a target. */
  targetAmount: string | null;
}

/** The deal when it is open for investment; undefined when it is not (or does not exist). */
export async function openDeal(q: Queryable, dealId: string): Promise<OpenDeal | undefined> {
  const d = await repo.dealOpenness(q, dealId);
  return d?.open ? { id: d.id, title: d.title, type: d.type, targetAmount: d.targetAmount } : undefined;
}

/**
 * A subscription needs a completed, current suitability review that meets the professional-client
 * criteria (issue 27, decision record 029): none, or past its due day in the company's zone,
 * answers 409 with a message the web links to the review; failing the criteria, 403 (on hold).
 */
async function requireCurrentSuitabilityReview(q: Queryable, investorId: string): Promise<void> {
  const latest = await repo.latestSuitabilityReview(q, investorId);
  if (!latest) throw conflict(SUITABILITY_MISSING_MESSAGE, 'SUITABILITY_REVIEW_MISSING');
  const { today } = await companyDayIn(q);
  if (!suitabilityReviewCurrent(latest.nextDue, today)) throw conflict(SUITABILITY_EXPIRED_MESSAGE, 'SUITABILITY_REVIEW_EXPIRED');
  if (failedProfessionalCriteria(latest.answers).length > 0) throw forbidden(SUITABILITY_BLOCK_MESSAGE, 'SUITABILITY_REVIEW_REQUIRED');
}

/**
 * Creates a Pending subscription. With an idempotency key (the Idempotency-Key header), a
 * repeat of the same request (same investor, key, deal and amount) returns the subscription the
 * first one created, with `replayed` true; the same key for another deal or amount is refused.
 */
export async function createSubscription(
  q: Queryable,
  investorId: string,
  input: z.output<typeof createSubscriptionInput>,
  ip: string,
  idempotencyKey?: string,
): Promise<{ subscription: Subscription; replayed: boolean }> {
  if ((await repo.kycStatus(q, investorId)) !== 'approved') {
    throw forbidden('Your KYC application must be approved before you can subscribe to a deal.', 'KYC_NOT_APPROVED');
  }
  await requireCurrentSuitabilityReview(q, investorId);
  // Onboarding's gate (issue 31, decision record 037): client classification, and later checks.
  const [blocked] = await subscriptionEligibility(q, investorId);
  if (blocked) throw conflict(blocked.message, blocked.code);
  await screeningBlock(q, investorId, 'subscription');
  // Lock the deal so concurrent subscriptions cannot both take the last capacity. The lock
  // comes first, in its own statement: under READ COMMITTED a statement that waits for a
  // lock still reads other tables as of its start, so capacity computed in the locking
  // statement would miss a subscription committed while it waited.
  if (!(await repo.lockDeal(q, input.dealId))) throw notFound('Deal not found');
  if (idempotencyKey) {
    // After the deal lock: a parallel identical request waits for the first one to commit, then sees its row.
    const earlier = await repo.subscriptionByIdempotencyKey(q, investorId, idempotencyKey, input.dealId, input.amount);
    if (earlier) {
      if (!earlier.same)
        throw conflict('This request was already used for another subscription. Reload the page and try again.', 'IDEMPOTENCY_KEY_REUSED');
      return { subscription: toSub(await getSub(q, earlier.id)), replayed: true };
    }
  }
  const deal = await repo.dealOpenness(q, input.dealId);
  if (!deal) throw notFound('Deal not found');
  if (!deal.open) throw conflict('This deal is not open for investment', 'DEAL_CLOSED');
  // Every deal takes subscriptions only with a complete subscription pack (issue 30).
  await requireCompletePack(q, input.dealId);
  if (deal.remaining !== null && toCents(input.amount) > toCents(deal.remaining)) {
    throw badRequest(`The amount is above the remaining capacity of this deal`, {
      amount: 'The amount is above the remaining capacity of this deal',
    });
  }
  const id = await repo.insertSubscription(q, {
    investorId,
    dealId: input.dealId,
    amount: input.amount,
    status: 'Pending',
    progress: SUBSCRIPTION_PROGRESS.Pending,
    idempotencyKey: idempotencyKey ?? null,
  });
  await logActivity(q, {
    type: 'subscription_created',
    userId: investorId,
    targetUserId: investorId,
    details: { subscriptionId: id, dealId: input.dealId, title: deal.title, amount: input.amount },
    ip,
  });
  await notifySubscriptionSubmitted(q, id);
  return { subscription: toSub(await getSub(q, id)), replayed: false };
}

/** Recomputes a deal's committed amount: the sum of its Completed subscriptions. */
async function recomputeCommitted(q: Queryable, dealId: string): Promise<void> {
  // Lock first (see createSubscription): the sum below must see completions committed meanwhile.
  await repo.lockDeal(q, dealId);
  await repo.setCommittedFromCompleted(q, dealId);
}

const TRANSITIONS: Record<'cancel' | 'review' | 'complete' | 'reject', { from: SubscriptionStatus[]; to: SubscriptionStatus }> = {
  cancel: { from: ['Pending'], to: 'Cancelled' },
  review: { from: ['Pending'], to: 'Under Review' },
  complete: { from: ['Pending', 'Under Review'], to: 'Completed' },
  reject: { from: ['Pending', 'Under Review'], to: 'Rejected' },
};

export async function transitionSubscription(
  q: Queryable,
  id: string,
  action: keyof typeof TRANSITIONS,
  actor: { id: string; role: 'admin' | 'investor' },
  ip: string,
  reason?: string,
): Promise<Subscription> {
  const row = await getSub(q, id, true);
  if (actor.role === 'investor' && row.investorId !== actor.id) throw notFound('Subscription not found');
  const t = TRANSITIONS[action];
  if (!t.from.includes(row.status))
    throw conflict(`A ${row.status.toLowerCase()} subscription cannot be ${t.to.toLowerCase()}`, 'INVALID_TRANSITION');
  // Issue 30: only a fully executed agreement completes a subscription.
  if (t.to === 'Completed') await requireExecuted(q, id);
  // A cancelled or rejected subscription's agreement can no longer be signed.
  if (t.to === 'Cancelled' || t.to === 'Rejected')
    await voidLiveEnvelopes(
      q,
      id,
      actor.id,
      ip,
      reason ?? (t.to === 'Cancelled' ? 'Subscription cancelled by the investor' : 'Subscription rejected'),
    );
  await repo.setSubscriptionStatus(q, id, {
    status: t.to,
    progress: SUBSCRIPTION_PROGRESS[t.to],
    rejectionReason: action === 'reject' ? (reason ?? null) : null,
    // Reviewed when taken under review or rejected; completed when completed.
    reviewed: t.to === 'Under Review' || t.to === 'Rejected',
    completed: t.to === 'Completed',
  });
  // Committed amounts change in the same transaction as the subscription that moves them.
  if (t.to === 'Completed' || row.status === 'Completed') await recomputeCommitted(q, row.dealId);
  // A completed subscription is the investor's commitment in the capital-account ledger.
  if (t.to === 'Completed') {
    await postEntry(q, {
      investorId: row.investorId,
      dealId: row.dealId,
      kind: 'commitment',
      cents: toCents(row.amount),
      date: (await companyDayIn(q)).today,
      subscriptionId: id,
      createdBy: actor.id,
    });
  }
  // The firm's systems hear of an executed subscription in the same transaction (decision 047).
  if (t.to === 'Completed')
    await emitWebhookEvent(q, 'subscription.executed', {
      subscriptionId: id,
      dealId: row.dealId,
      dealTitle: row.dealTitle,
      investorId: row.investorId,
      amount: row.amount,
      completedAt: new Date().toISOString(),
    });
  await logActivity(q, {
    type: 'subscription_updated',
    userId: actor.id,
    targetUserId: row.investorId,
    details: {
      subscriptionId: id,
      dealId: row.dealId,
      title: row.dealTitle,
      from: row.status,
      to: t.to,
      amount: row.amount,
      ...(reason ? { reason } : {}),
    },
    ip,
  });
  return toSub(await getSub(q, id));
}
