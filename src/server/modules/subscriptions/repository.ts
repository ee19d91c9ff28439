import { type ExpressionBuilder, sql as kysql } from 'kysely';
import type { SuitabilityAnswers } from '../../../shared/investor-compliance.ts';
import type { SubscriptionStatus } from '../../../shared/subscriptions.ts';
import type { Queryable } from '../../db/client.ts';
import type { DB, DealsTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/** The subscription queries (decision 035): typed from schema.generated.ts, columns read in camelCase. */

/** A query over `deals as d`: the expressions below are written against that alias. */
type DealScope = ExpressionBuilder<DB & { d: DealsTable }, 'd'>;

/** The statuses whose amounts take a deal's capacity: reserved (Pending, Under Review) or Completed. */
const TAKING_CAPACITY = ['Pending', 'Under Review', 'Completed'] as const;

/**
 * A deal's (alias `d`) capacity left: target minus Completed and reserved (Pending, Under Review)
 * amounts; null without a target. Private to this module: other modules ask the functions below (issue 17).
 */
const remaining = (eb: DealScope) =>
  eb(
    'd.targetAmount',
    '-',
    eb.fn.coalesce(
      eb
        .selectFrom('subscriptions as x')
        .select((e) => e.fn.sum<string>('x.amount').as('taken'))
        .whereRef('x.dealId', '=', 'd.id')
        .where('x.status', 'in', TAKING_CAPACITY),
      kysql<string>`0`,
    ),
  );

/** A deal (alias `d`) is open for investment when Active, in Sourcing or Execution, and (with a target) not full. */
const open = (eb: DealScope) =>
  eb.and([
    eb('d.status', '=', 'Active'),
    eb('d.stage', 'in', ['Sourcing', 'Execution']),
    eb.or([eb('d.targetAmount', 'is', null), eb(remaining(eb), '>', kysql<string>`0`)]),
  ]);

/** The investor holds the deal (alias `d`): a Completed subscription of theirs. */
const held = (eb: DealScope, investorId: string) =>
  eb.exists(
    eb
      .selectFrom('subscriptions as s')
      .select(kysql.lit(1).as('one'))
      .whereRef('s.dealId', '=', 'd.id')
      .where('s.investorId', '=', investorId)
      .where('s.status', '=', 'Completed'),
  );

/** Subscriptions with their investor, deal, whether the deal signs agreements, and the latest agreement's state. */
const selectSubscriptions = (q: Queryable) =>
  typed(q)
    .selectFrom('subscriptions as s')
    .innerJoin('profiles as p', 'p.id', 's.investorId')
    .innerJoin('deals as d', 'd.id', 's.dealId')
    .select((eb) => [
      's.id',
      's.investorId',
      'p.name as investorName',
      'p.email as investorEmail',
      's.dealId',
      'd.title as dealTitle',
      'd.type as dealType',
      's.amount',
      's.status',
      's.progress',
      's.rejectionReason',
      's.createdAt',
      's.reviewedAt',
      's.completedAt',
      eb
        .exists(eb.selectFrom('subscription_packs as k').select(kysql.lit(1).as('one')).whereRef('k.dealId', '=', 's.dealId'))
        .$castTo<boolean>()
        .as('signsAgreement'),
      eb
        .selectFrom('signing_envelopes as e')
        .select('e.status')
        .whereRef('e.subscriptionId', '=', 's.id')
        .orderBy('e.createdAt', 'desc')
        .orderBy('e.id', 'desc')
        .limit(kysql.lit(1))
        .as('agreementStatus'),
    ]);

export type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof selectSubscriptions>['executeTakeFirstOrThrow']>>;

/** Every subscription (or one investor's), newest first. */
export function subscriptions(q: Queryable, investorId?: string): Promise<SubscriptionRow[]> {
  return selectSubscriptions(q)
    .$if(investorId !== undefined, (qb) => qb.where('s.investorId', '=', investorId as string))
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id')
    .execute();
}

/** One subscription, its row (not its deal's or investor's) locked until the transaction ends with `lock`. */
export function findSubscription(q: Queryable, id: string, lock = false): Promise<SubscriptionRow | undefined> {
  return selectSubscriptions(q)
    .where('s.id', '=', id)
    .$if(lock, (qb) => qb.forUpdate('s'))
    .executeTakeFirst();
}

/** The deals an investor sees in the Deal Vault: open for investment, or held by them; newest first. */
export function openOrHeldDeals(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('deals as d')
    .select((eb) => [
      'd.id',
      'd.title',
      'd.type',
      'd.stage',
      'd.status',
      'd.targetAmount',
      kysql<string | null>`greatest(${remaining(eb)}, 0)::numeric(15, 2)`.as('remaining'),
      'd.expectedIrr',
      'd.riskScore',
      'd.spvEntity',
      'd.description',
      open(eb).$castTo<boolean>().as('open'),
      held(eb, investorId).$castTo<boolean>().as('held'),
    ])
    .where((eb) => eb.or([open(eb), held(eb, investorId)]))
    .orderBy('d.createdAt', 'desc')
    .execute();
}

/** Whether the deal is open for investment or held by the investor; false when there is no such deal. */
export async function dealOpenOrHeld(q: Queryable, dealId: string, investorId: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('deals as d')
    .select((eb) =>
      eb
        .or([open(eb), held(eb, investorId)])
        .$castTo<boolean>()
        .as('visible'),
    )
    .where('d.id', '=', dealId)
    .executeTakeFirst();
  return row?.visible === true;
}

/** A deal with whether it is open for investment and its capacity left (null without a target). */
export function dealOpenness(q: Queryable, dealId: string) {
  return typed(q)
    .selectFrom('deals as d')
    .select((eb) => [
      'd.id',
      'd.title',
      'd.type',
      'd.targetAmount',
      open(eb).$castTo<boolean>().as('open'),
      remaining(eb).$castTo<string | null>().as('remaining'),
    ])
    .where('d.id', '=', dealId)
    .executeTakeFirst();
}

/** The investor's latest suitability review: its answers and next due day ('YYYY-MM-DD'). */
export async function latestSuitabilityReview(
  q: Queryable,
  investorId: string,
): Promise<{ answers: SuitabilityAnswers; nextDue: string } | undefined> {
  const row = await typed(q)
    .selectFrom('suitability_reviews')
    .select(['answers', 'nextDue'])
    .where('investorId', '=', investorId)
    .orderBy('completedAt', 'desc')
    .limit(kysql.lit(1))
    .executeTakeFirst();
  // The answers are stored as the questionnaire wrote them (jsonb, parsed by the client).
  return row && { answers: row.answers as unknown as SuitabilityAnswers, nextDue: row.nextDue };
}

/** The status of the investor's KYC application; undefined without one. */
export async function kycStatus(q: Queryable, investorId: string): Promise<string | undefined> {
  return (await typed(q).selectFrom('kyc_applications').select('status').where('investorId', '=', investorId).executeTakeFirst())?.status;
}

/** Locks the deal's row until the transaction ends; false when there is no such deal. */
export async function lockDeal(q: Queryable, dealId: string): Promise<boolean> {
  return (
    (await typed(q).selectFrom('deals').select(kysql.lit(1).as('one')).where('id', '=', dealId).forUpdate().executeTakeFirst()) !==
    undefined
  );
}

/** The investor's subscription made with this idempotency key, and whether it was for this deal and amount. */
export function subscriptionByIdempotencyKey(q: Queryable, investorId: string, key: string, dealId: string, amount: string) {
  return typed(q)
    .selectFrom('subscriptions')
    .select((eb) => [
      'id',
      eb
        .and([eb('dealId', '=', dealId), eb('amount', '=', kysql<string>`${amount}::numeric`)])
        .$castTo<boolean>()
        .as('same'),
    ])
    .where('investorId', '=', investorId)
    .where('idempotencyKey', '=', key)
    .executeTakeFirst();
}

export interface NewSubscription {
  investorId: string;
  dealId: string;
  /** Decimal string. */
  amount: string;
  status: SubscriptionStatus;
  progress: number;
  idempotencyKey: string | null;
}

/** Inserts a subscription and returns its id. */
export async function insertSubscription(q: Queryable, subscription: NewSubscription): Promise<string> {
  return (await typed(q).insertInto('subscriptions').values(subscription).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Sets the deal's committed amount to the sum of its Completed subscriptions, computed by the
 * database (exact numeric). The caller holds the deal's lock, taken in an earlier statement.
 */
export async function setCommittedFromCompleted(q: Queryable, dealId: string): Promise<void> {
  await typed(q)
    .updateTable('deals')
    .set((eb) => ({
      committedAmount: eb.fn.coalesce(
        eb
          .selectFrom('subscriptions')
          .select((e) => e.fn.sum<string>('amount').as('committed'))
          .where('dealId', '=', dealId)
          .where('status', '=', 'Completed'),
        kysql<string>`0`,
      ),
      updatedAt: kysql<Date>`now()`,
    }))
    .where('id', '=', dealId)
    .execute();
}

export interface StatusChange {
  status: SubscriptionStatus;
  progress: number;
  rejectionReason: string | null;
  /** Stamp reviewed_at with now() (kept otherwise). */
  reviewed: boolean;
  /** Stamp completed_at with now() (kept otherwise). */
  completed: boolean;
}

/** Moves a subscription to a status (updated_at now). */
export async function setSubscriptionStatus(q: Queryable, id: string, change: StatusChange): Promise<void> {
  const now = kysql<Date>`now()`;
  await typed(q)
    .updateTable('subscriptions')
    .set({
      status: change.status,
      progress: change.progress,
      rejectionReason: change.rejectionReason,
      updatedAt: now,
      ...(change.reviewed ? { reviewedAt: now } : {}),
      ...(change.completed ? { completedAt: now } : {}),
    })
    .where('id', '=', id)
    .execute();
}
