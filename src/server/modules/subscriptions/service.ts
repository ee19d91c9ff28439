import type { z } from 'zod';
import { failedProfessionalCriteria, SUITABILITY_BLOCK_MESSAGE, type SuitabilityAnswers } from '../../../shared/investor-compliance.ts';
import { toCents } from '../../../shared/money.ts';
import {
  type createSubscriptionInput,
  SUBSCRIPTION_PROGRESS,
  type Subscription,
  type SubscriptionStatus,
} from '../../../shared/subscriptions.ts';
import { SUITABILITY_EXPIRED_MESSAGE, SUITABILITY_MISSING_MESSAGE, suitabilityReviewCurrent } from '../../../shared/suitability.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifySubscriptionSubmitted } from '../email/notify.ts';
import { postEntry } from '../ledger/service.ts';
import { subscriptionEligibility } from '../onboarding/eligibility.ts';
import { screeningBlock } from '../screening/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { requireCompletePack, requireExecuted, voidLiveEnvelopes } from './agreement-gates.ts';

interface SubRow {
  id: string;
  investor_id: string;
  investor_name: string;
  investor_email: string;
  deal_id: string;
  deal_title: string;
  deal_type: string;
  amount: string;
  status: SubscriptionStatus;
  progress: number;
  rejection_reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  completed_at: Date | null;
  signs_agreement: boolean;
  agreement_status: Subscription['agreementStatus'];
}

const SELECT = `SELECT s.id, s.investor_id, p.name AS investor_name, p.email AS investor_email, s.deal_id, d.title AS deal_title,
    d.type AS deal_type, s.amount, s.status, s.progress, s.rejection_reason, s.created_at, s.reviewed_at, s.completed_at,
    EXISTS (SELECT 1 FROM subscription_packs k WHERE k.deal_id = s.deal_id) AS signs_agreement,
    (SELECT e.status FROM signing_envelopes e WHERE e.subscription_id = s.id ORDER BY e.created_at DESC, e.id DESC LIMIT 1) AS agreement_status
  FROM subscriptions s JOIN profiles p ON p.id = s.investor_id JOIN deals d ON d.id = s.deal_id`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toSub = (r: SubRow): Subscription => ({
  id: r.id,
  investorId: r.investor_id,
  investorName: r.investor_name,
  investorEmail: r.investor_email,
  dealId: r.deal_id,
  dealTitle: r.deal_title,
  dealType: r.deal_type,
  amount: r.amount,
  status: r.status,
  progress: r.progress,
  rejectionReason: r.rejection_reason,
  createdAt: new Date(r.created_at).toISOString(),
  reviewedAt: iso(r.reviewed_at),
  completedAt: iso(r.completed_at),
  signsAgreement: r.signs_agreement === true,
  agreementStatus: r.agreement_status ?? null,
});

export async function listSubscriptions(q: Queryable, investorId?: string): Promise<Subscription[]> {
  const rows = investorId
    ? await sql<SubRow>(`${SELECT} WHERE s.investor_id = $1 ORDER BY s.created_at DESC, s.id`).all(q, [investorId])
    : await sql<SubRow>(`${SELECT} ORDER BY s.created_at DESC, s.id`).all(q);
  return rows.map(toSub);
}

async function getSub(q: Queryable, id: string, lock = false): Promise<SubRow> {
  const row = await sql<SubRow>(`${SELECT} WHERE s.id = $1${lock ? ' FOR UPDATE OF s' : ''}`).first(q, [id]);
  if (!row) throw notFound('Subscription not found');
  return row;
}

/**
 * SQL for a deal's (alias `d`) capacity left: target minus Completed and reserved (Pending, Under
 * Review) amounts. Private to this module: other modules ask the functions below (issue 17).
 */
const REMAINING_SQL = `(d.target_amount - coalesce((SELECT sum(x.amount) FROM subscriptions x
    WHERE x.deal_id = d.id AND x.status IN ('Pending', 'Under Review', 'Completed')), 0))`;

/** A deal (alias `d`) is open for investment when Active, in Sourcing or Execution, and (with a target) not full. */
const OPEN_SQL = `(d.status = 'Active' AND d.stage IN ('Sourcing', 'Execution') AND (d.target_amount IS NULL OR ${REMAINING_SQL} > 0))`;

/** The investor ($1) holds the deal (alias `d`): a Completed subscription of theirs. */
const HELD_SQL = `EXISTS (SELECT 1 FROM subscriptions s WHERE s.deal_id = d.id AND s.investor_id = $1 AND s.status = 'Completed')`;

/** A deal of an investor's Deal Vault, with its capacity left (never below zero; null without a target). */
export interface VaultDealRow {
  id: string;
  title: string;
  type: string;
  stage: string;
  status: string;
  target_amount: string | null;
  remaining: string | null;
  expected_irr: string | null;
  risk_score: string | null;
  spv_entity: string | null;
  description: string | null;
  open: boolean;
  held: boolean;
}

const vaultDeals = sql<VaultDealRow, [investorId: string]>(`SELECT d.id, d.title, d.type, d.stage, d.status, d.target_amount,
            greatest(${REMAINING_SQL}, 0)::numeric(15, 2) AS remaining, d.expected_irr, d.risk_score,
            d.spv_entity, d.description, ${OPEN_SQL} AS open, ${HELD_SQL} AS held
       FROM deals d
      WHERE ${OPEN_SQL} OR ${HELD_SQL}
      ORDER BY d.created_at DESC`);

/** The deals an investor sees in the Deal Vault: open for investment, or held by them; newest first. One statement. */
export async function openOrHeldDeals(q: Queryable, investorId: string): Promise<VaultDealRow[]> {
  return vaultDeals.all(q, [investorId]);
}

const dealOpenOrHeldSql = sql<{ visible: boolean }, [investorId: string, dealId: string]>(
  `SELECT ${OPEN_SQL} OR ${HELD_SQL} AS visible FROM deals d WHERE d.id = $2`,
);

/** Whether a deal is open for investment or held by the investor (its general documents are theirs to see). */
export async function dealOpenOrHeld(q: Queryable, dealId: string, investorId: string): Promise<boolean> {
  return (await dealOpenOrHeldSql.first(q, [investorId, dealId]))?.visible === true;
}

const openDealSql = sql<{ id: string; title: string; type: string; target_amount: string | null; open: boolean }, [dealId: string]>(
  `SELECT d.id, d.title, d.type, d.target_amount, ${OPEN_SQL} AS open FROM deals d WHERE d.id = $1`,
);

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
  const d = await openDealSql.first(q, [dealId]);
  return d?.open ? { id: d.id, title: d.title, type: d.type, targetAmount: d.target_amount } : undefined;
}

const latestReview = sql<{ answers: SuitabilityAnswers; next_due: string }, [investorId: string]>(
  `SELECT answers, to_char(next_due, 'YYYY-MM-DD') AS next_due FROM suitability_reviews
    WHERE investor_id = $1 ORDER BY completed_at DESC LIMIT 1`,
);

/**
 * A subscription needs a completed, current suitability review that meets the professional-client
 * criteria (issue 27, decision record 029): none, or past its due day in the company's zone,
 * answers 409 with a message the web links to the review; failing the criteria, 403 (on hold).
 */
async function requireCurrentSuitabilityReview(q: Queryable, investorId: string): Promise<void> {
  const latest = await latestReview.first(q, [investorId]);
  if (!latest) throw conflict(SUITABILITY_MISSING_MESSAGE, 'SUITABILITY_REVIEW_MISSING');
  const { today } = await companyDayIn(q);
  if (!suitabilityReviewCurrent(latest.next_due, today)) throw conflict(SUITABILITY_EXPIRED_MESSAGE, 'SUITABILITY_REVIEW_EXPIRED');
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
  const kyc = await sql<{ status: string }>('SELECT status FROM kyc_applications WHERE investor_id = $1').first(q, [investorId]);
  if (kyc?.status !== 'approved') {
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
  if ((await q.query('SELECT 1 FROM deals WHERE id = $1 FOR UPDATE', [input.dealId])).length === 0) throw notFound('Deal not found');
  if (idempotencyKey) {
    // After the deal lock: a parallel identical request waits for the first one to commit, then sees its row.
    const earlier = await sql<{ id: string; same: boolean }>(
      'SELECT id, (deal_id = $3 AND amount = $4::numeric) AS same FROM subscriptions WHERE investor_id = $1 AND idempotency_key = $2',
    ).first(q, [investorId, idempotencyKey, input.dealId, input.amount]);
    if (earlier) {
      if (!earlier.same)
        throw conflict('This request was already used for another subscription. Reload the page and try again.', 'IDEMPOTENCY_KEY_REUSED');
      return { subscription: toSub(await getSub(q, earlier.id)), replayed: true };
    }
  }
  const deal = await sql<{ id: string; open: boolean; remaining: string | null; title: string }>(
    `SELECT d.id, d.title, ${OPEN_SQL} AS open, ${REMAINING_SQL} AS remaining FROM deals d WHERE d.id = $1`,
  ).first(q, [input.dealId]);
  if (!deal) throw notFound('Deal not found');
  if (!deal.open) throw conflict('This deal is not open for investment', 'DEAL_CLOSED');
  // Every deal takes subscriptions only with a complete subscription pack (issue 30).
  await requireCompletePack(q, input.dealId);
  if (deal.remaining !== null && toCents(input.amount) > toCents(deal.remaining)) {
    throw badRequest(`The amount is above the remaining capacity of this deal`, {
      amount: 'The amount is above the remaining capacity of this deal',
    });
  }
  const rows = await sql<{ id: string }>(`INSERT INTO subscriptions (investor_id, deal_id, amount, status, progress, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`).all(q, [
    investorId,
    input.dealId,
    input.amount,
    'Pending',
    SUBSCRIPTION_PROGRESS.Pending,
    idempotencyKey ?? null,
  ]);
  const id = rows[0]?.id as string;
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
  await q.query('SELECT 1 FROM deals WHERE id = $1 FOR UPDATE', [dealId]);
  await q.query(
    `UPDATE deals SET committed_amount = coalesce((SELECT sum(amount) FROM subscriptions WHERE deal_id = $1 AND status = 'Completed'), 0),
            updated_at = now() WHERE id = $1`,
    [dealId],
  );
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
  if (actor.role === 'investor' && row.investor_id !== actor.id) throw notFound('Subscription not found');
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
  await q.query(
    `UPDATE subscriptions SET status = $2, progress = $3, rejection_reason = $4, updated_at = now(),
       reviewed_at = CASE WHEN $2 IN ('Under Review', 'Rejected') THEN now() ELSE reviewed_at END,
       completed_at = CASE WHEN $2 = 'Completed' THEN now() ELSE completed_at END
     WHERE id = $1`,
    [id, t.to, SUBSCRIPTION_PROGRESS[t.to], action === 'reject' ? (reason ?? null) : null],
  );
  // Committed amounts change in the same transaction as the subscription that moves them.
  if (t.to === 'Completed' || row.status === 'Completed') await recomputeCommitted(q, row.deal_id);
  // A completed subscription is the investor's commitment in the capital-account ledger.
  if (t.to === 'Completed') {
    await postEntry(q, {
      investorId: row.investor_id,
      dealId: row.deal_id,
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
      dealId: row.deal_id,
      dealTitle: row.deal_title,
      investorId: row.investor_id,
      amount: row.amount,
      completedAt: new Date().toISOString(),
    });
  await logActivity(q, {
    type: 'subscription_updated',
    userId: actor.id,
    targetUserId: row.investor_id,
    details: {
      subscriptionId: id,
      dealId: row.deal_id,
      title: row.deal_title,
      from: row.status,
      to: t.to,
      amount: row.amount,
      ...(reason ? { reason } : {}),
    },
    ip,
  });
  return toSub(await getSub(q, id));
}
