import { sql as kysql } from 'kysely';
import type { z } from 'zod';
import { dayInZone } from '../../../shared/dates.ts';
import type { EligibilityReason } from '../../../shared/dfsa-classification.ts';
import {
  type AdminInvestorRisk,
  type KycRefreshQueueItem,
  type KycRefreshState,
  type kycRefreshInput,
  REFRESH_OVERDUE_MESSAGE,
  REFRESH_PENDING_MESSAGE,
  type RiskAssessment,
  type RiskRating,
  ratingOf,
  refreshDue,
  refreshOverdue,
  refreshReminderStage,
  riskContributions,
  type riskOverrideInput,
} from '../../../shared/risk-rating.ts';
import { companyZone } from '../../../shared/settings.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { typed } from '../../db/typed.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { insertItem, updateItemColumns } from '../compliance/repository.ts';
import { notifyKycRefreshReminder } from '../email/notify.ts';
import { screeningStatus } from '../screening/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { getSettings } from '../settings/service.ts';
import { changeResidence } from '../tax/service.ts';

/**
 * Customer risk rating and periodic KYC refresh (issue 31 part 4, decision record 050). The
 * rating is computed from the investor's records each time it is read (so it follows every
 * change of a factor at once); an admin's override, the latest row of `risk_overrides`, takes its
 * place. The refresh is due the rating's interval after the last approved refresh (or the KYC
 * approval), in the company's zone.
 */

async function investorRow(q: Queryable, investorId: string, lock = false) {
  const row = await typed(q)
    .selectFrom('profiles')
    .select(['id', 'name', 'residenceCountry', 'nationality', 'investorUserType'])
    .where('id', '=', investorId)
    .where('role', '=', 'investor')
    .$if(lock, (b) => b.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound('Investor not found');
  return row;
}

export async function riskAssessment(q: Queryable, investorId: string): Promise<RiskAssessment> {
  const p = await investorRow(q, investorId);
  const screening = await screeningStatus(q, investorId);
  const sof = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM kyc_documents d JOIN kyc_applications k ON k.id = d.application_id
      WHERE k.investor_id = $1 AND d.kind = 'source_of_funds'`,
  ).first(q, [investorId]);
  const contributions = riskContributions({
    residenceCountry: p.residenceCountry,
    nationality: p.nationality,
    investorType: p.investorUserType as 'hni' | 'family_office' | 'offshore_fund' | null,
    pep: screening.pep,
    sanctionsMatch: screening.frozen,
    openHits: screening.openHits,
    sourceOfFundsDocumented: Number(sof?.n ?? 0) > 0,
  });
  const { rating: computed, points } = ratingOf(contributions);
  const o = await typed(q)
    .selectFrom('risk_overrides as r')
    .leftJoin('profiles as a', 'a.id', 'r.createdBy')
    .select(['r.rating', 'r.reason', 'r.createdAt', 'a.name as byName'])
    .where('r.investorId', '=', investorId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const override = o
    ? { rating: o.rating as RiskRating, reason: o.reason, byName: o.byName, at: new Date(o.createdAt).toISOString() }
    : null;
  return { computed, points, contributions, override, rating: override?.rating ?? computed };
}

/**
 * Records an admin's override. The investor's row is locked and the rating in force must still be
 * the one the admin saw (`expected`): of parallel overrides exactly one is recorded, the others
 * are 409 (the rating has changed: reload).
 */
export async function overrideRating(
  q: Queryable,
  investorId: string,
  input: z.output<typeof riskOverrideInput>,
  adminId: string,
  ip: string,
): Promise<void> {
  await investorRow(q, investorId, true);
  const now = await riskAssessment(q, investorId);
  if (now.rating !== input.expected)
    throw conflict('The risk rating has changed since you opened it; reload and try again', 'RATING_CHANGED');
  if (now.rating === input.rating) throw conflict('The rating is already that; choose a different one', 'RATING_UNCHANGED');
  await typed(q)
    .insertInto('risk_overrides')
    .values({ investorId, rating: input.rating, computedRating: now.computed, reason: input.reason, createdBy: adminId })
    .execute();
  await logActivity(q, {
    type: 'risk_rating_overridden',
    userId: adminId,
    targetUserId: investorId,
    details: { from: now.rating, to: input.rating, computed: now.computed, reason: input.reason },
    ip,
  });
  await syncRefreshItem(q, investorId);
}

// ---- the KYC refresh ----

export async function refreshState(q: Queryable, investorId: string, today?: string): Promise<KycRefreshState> {
  const settings = await getSettings(q);
  const zone = companyZone(settings);
  const months = { high: settings.kycRefreshMonthsHigh, medium: settings.kycRefreshMonthsMedium, low: settings.kycRefreshMonthsLow };
  const { rating } = await riskAssessment(q, investorId);
  const last = await typed(q)
    .selectFrom('kyc_refreshes')
    .select(['decidedDay', 'decidedAt'])
    .where('investorId', '=', investorId)
    .where('status', '=', 'approved')
    .orderBy('decidedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const kyc = await typed(q)
    .selectFrom('kyc_applications')
    .select(['reviewedAt'])
    .where('investorId', '=', investorId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  const baseDay = last?.decidedDay
    ? String(last.decidedDay).slice(0, 10)
    : kyc?.reviewedAt
      ? dayInZone(new Date(kyc.reviewedAt), zone)
      : null;
  const dueDate = baseDay ? refreshDue(baseDay, rating, months) : null;
  const day = today ?? dayInZone(new Date(), zone);
  const pending = await typed(q)
    .selectFrom('kyc_refreshes')
    .select(['id', 'submittedAt', 'residenceCountry', 'changes'])
    .where('investorId', '=', investorId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return {
    dueDate,
    overdue: dueDate !== null && refreshOverdue(dueDate, day),
    intervalMonths: months[rating],
    pending: pending
      ? {
          id: pending.id,
          submittedAt: new Date(pending.submittedAt).toISOString(),
          residenceCountry: pending.residenceCountry,
          changes: pending.changes,
        }
      : null,
    lastApprovedAt: last?.decidedAt ? new Date(last.decidedAt).toISOString() : null,
  };
}

/**
 * The refresh's condition of the subscription gate (called from onboarding's
 * `subscriptionEligibility`): an overdue refresh blocks new subscriptions, with what to do.
 * Distributions and calls owed are not subscriptions and never pass here.
 */
export async function kycRefreshEligibility(q: Queryable, investorId: string, today?: string): Promise<EligibilityReason[]> {
  const state = await refreshState(q, investorId, today);
  if (!state.overdue) return [];
  return [
    state.pending
      ? { code: 'KYC_REFRESH_PENDING', message: REFRESH_PENDING_MESSAGE }
      : { code: 'KYC_REFRESH_OVERDUE', message: REFRESH_OVERDUE_MESSAGE },
  ];
}

export async function adminInvestorRisk(q: Queryable, investorId: string): Promise<AdminInvestorRisk> {
  return { risk: await riskAssessment(q, investorId), refresh: await refreshState(q, investorId) };
}

/** The investor re-confirms their details; one refresh waits at a time (409 for a second). */
export async function submitRefresh(q: Queryable, investorId: string, input: z.output<typeof kycRefreshInput>, ip: string): Promise<void> {
  await investorRow(q, investorId, true);
  const waiting = await typed(q)
    .selectFrom('kyc_refreshes')
    .select('id')
    .where('investorId', '=', investorId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  if (waiting) throw conflict('Your KYC refresh is already waiting for review', 'REFRESH_PENDING');
  await typed(q)
    .insertInto('kyc_refreshes')
    .values({ investorId, residenceCountry: input.residenceCountry, changes: input.changes })
    .execute();
  await logActivity(q, {
    type: 'kyc_refresh_submitted',
    userId: investorId,
    targetUserId: investorId,
    details: { residenceCountry: input.residenceCountry, changes: input.changes },
    ip,
  });
}

/**
 * An admin approves a waiting refresh: one conditional UPDATE (`status = 'submitted'`), so of
 * parallel approvals exactly one succeeds (the rest 409). The confirmed residence goes on the
 * profile (the rating follows), and the due date restarts from today in the company's zone.
 */
export async function approveRefresh(q: Queryable, id: string, note: string, adminId: string, ip: string): Promise<string> {
  const settings = await getSettings(q);
  const today = dayInZone(new Date(), companyZone(settings));
  const row = await typed(q)
    .updateTable('kyc_refreshes')
    .set({ status: 'approved', decidedBy: adminId, decidedAt: kysql<Date>`now()`, decidedDay: today, note })
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .returning(['investorId', 'residenceCountry'])
    .executeTakeFirst();
  if (!row) {
    const exists = await typed(q).selectFrom('kyc_refreshes').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound('KYC refresh not found');
    throw conflict('This KYC refresh has already been approved', 'ALREADY_DECIDED');
  }
  const before = await typed(q)
    .selectFrom('profiles')
    .select(['residenceCountry', 'residenceAddress'])
    .where('id', '=', row.investorId)
    .executeTakeFirst();
  // A different country of residence is a change of circumstances for tax too (decision 049): the
  // same path as the investor's own change, so a new FATCA/CRS self-certification falls due.
  if (before?.residenceCountry && before.residenceCountry !== row.residenceCountry)
    await changeResidence(q, row.investorId, { residenceCountry: row.residenceCountry, address: before.residenceAddress ?? '' }, ip);
  else await typed(q).updateTable('profiles').set({ residenceCountry: row.residenceCountry }).where('id', '=', row.investorId).execute();
  await logActivity(q, {
    type: 'kyc_refresh_approved',
    userId: adminId,
    targetUserId: row.investorId,
    details: { refreshId: id, note },
    ip,
  });
  await syncRefreshItem(q, row.investorId);
  return row.investorId;
}

export async function refreshQueue(q: Queryable): Promise<KycRefreshQueueItem[]> {
  const rows = await typed(q)
    .selectFrom('kyc_refreshes as r')
    .innerJoin('profiles as p', 'p.id', 'r.investorId')
    .select(['r.id', 'r.investorId', 'p.name', 'r.submittedAt', 'r.residenceCountry', 'r.changes'])
    .where('r.status', '=', 'submitted')
    .orderBy('r.submittedAt')
    .execute();
  const out: KycRefreshQueueItem[] = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      investorId: r.investorId,
      investorName: r.name,
      submittedAt: new Date(r.submittedAt).toISOString(),
      residenceCountry: r.residenceCountry,
      changes: r.changes,
      dueDate: (await refreshState(q, r.investorId)).dueDate,
    });
  }
  return out;
}

const REFRESH_ITEM_PREFIX = 'KYC refresh: ';

/**
 * The refresh's compliance-calendar item (type `kyc_refresh`, found by its title): one open item
 * per investor at the current due date, so the calendar, the tracker and the daily digest (7 days
 * ahead and overdue, to the admins) remind. Called after an approval and an override (the due
 * date moves with the rating).
 */
export async function syncRefreshItem(q: Queryable, investorId: string): Promise<void> {
  const p = await investorRow(q, investorId);
  const { dueDate } = await refreshState(q, investorId);
  const title = `${REFRESH_ITEM_PREFIX}${p.name}`;
  const open = await typed(q)
    .selectFrom('compliance_items')
    .select(['id'])
    .where('type', '=', 'kyc_refresh')
    .where('title', '=', title)
    .where('workflowState', '<>', 'completed')
    .execute();
  if (!dueDate) return;
  const [first, ...rest] = open;
  for (const r of rest) await updateItemColumns(q, r.id, { workflowState: 'completed' }, true);
  if (first) await updateItemColumns(q, first.id, { dueDate });
  else
    await insertItem(q, {
      type: 'kyc_refresh',
      title,
      description: `Periodic KYC refresh of ${p.name} (risk-based interval, decision 050).`,
      dueDate,
      priority: 'medium',
    });
}

/**
 * The daily reminders to investors whose periodic KYC refresh falls due (decision 050): 30 days
 * before and on the due day (`refreshReminderStage`), not while a refresh they sent waits for
 * approval. Each is claimed in `kyc_refresh_reminders` with ON CONFLICT DO NOTHING in the same
 * transaction as its e-mail, so two servers send it once. Returns how many were queued.
 */
export async function enqueueKycRefreshReminders(q: Queryable, now: Date = new Date()): Promise<number> {
  const { today } = await companyDayIn(q, now);
  const investors = await sql<{ id: string }>(
    `SELECT p.id FROM profiles p JOIN kyc_applications k ON k.investor_id = p.id AND k.status = 'approved'
      WHERE p.role = 'investor' AND p.status = 'active' ORDER BY p.id`,
  ).all(q);
  let queued = 0;
  for (const { id } of investors) {
    const state = await refreshState(q, id, today);
    if (!state.dueDate || state.pending) continue;
    const stage = refreshReminderStage(state.dueDate, today);
    if (!stage) continue;
    const claimed = await q.query(
      `INSERT INTO kyc_refresh_reminders (investor_id, due_date, stage, sent_on) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING investor_id`,
      [id, state.dueDate, stage, today],
    );
    if (claimed.length === 0) continue;
    if (await notifyKycRefreshReminder(q, id, state.dueDate, stage)) queued++;
  }
  return queued;
}
