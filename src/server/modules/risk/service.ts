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
  ratingOf,
  refreshDue,
  refreshOverdue,
  refreshReminderStage,
  riskContributions,
  type riskOverrideInput,
} from '../../../shared/risk-rating.ts';
import { companyZone } from '../../../shared/settings.ts';
import type { Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { insertItem, updateItemColumns } from '../compliance/repository.ts';
import { notifyKycRefreshReminder } from '../email/notify.ts';
import { screeningStatus } from '../screening/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { getSettings } from '../settings/service.ts';
import { changeResidence } from '../tax/service.ts';
import {
  approvedInvestorIds,
  approvedKyc,
  approveWaitingRefresh,
  claimRefreshReminder,
  hasPendingRefresh,
  hasSourceOfFunds,
  insertOverride,
  insertRefresh,
  investorFactors,
  lastApprovedRefresh,
  latestOverride,
  openRefreshItems,
  pendingRefresh,
  profileResidence,
  refreshExists,
  setResidenceCountry,
  waitingRefreshes,
} from './repository.ts';

/**
 * Customer risk rating and periodic KYC refresh (issue 31 part 4, decision record 050). The
 * rating is computed from the investor's records each time it is read (so it follows every
 * change of a factor at once); an admin's override, the latest row of `risk_overrides`, takes its
 * place. The refresh is due the rating's interval after the last approved refresh (or the KYC
 * approval), in the company's zone.
 */

async function investorRow(q: Queryable, investorId: string, lock = false) {
  const row = await investorFactors(q, investorId, lock);
  if (!row) throw notFound('Investor not found');
  return row;
}

export async function riskAssessment(q: Queryable, investorId: string): Promise<RiskAssessment> {
  const p = await investorRow(q, investorId);
  const screening = await screeningStatus(q, investorId);
  const contributions = riskContributions({
    residenceCountry: p.residenceCountry,
    nationality: p.nationality,
    investorType: p.investorUserType as 'hni' | 'family_office' | 'offshore_fund' | null,
    pep: screening.pep,
    sanctionsMatch: screening.frozen,
    openHits: screening.openHits,
    sourceOfFundsDocumented: await hasSourceOfFunds(q, investorId),
  });
  const { rating: computed, points } = ratingOf(contributions);
  const o = await latestOverride(q, investorId);
  const override = o ? { rating: o.rating, reason: o.reason, byName: o.byName, at: o.createdAt.toISOString() } : null;
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
  await insertOverride(q, { investorId, rating: input.rating, computedRating: now.computed, reason: input.reason, createdBy: adminId });
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
  const last = await lastApprovedRefresh(q, investorId);
  const kyc = await approvedKyc(q, investorId);
  const baseDay = last?.decidedDay ? last.decidedDay : kyc?.reviewedAt ? dayInZone(kyc.reviewedAt, zone) : null;
  const dueDate = baseDay ? refreshDue(baseDay, rating, months) : null;
  const day = today ?? dayInZone(new Date(), zone);
  const pending = await pendingRefresh(q, investorId);
  return {
    dueDate,
    overdue: dueDate !== null && refreshOverdue(dueDate, day),
    intervalMonths: months[rating],
    pending: pending
      ? {
          id: pending.id,
          submittedAt: pending.submittedAt.toISOString(),
          residenceCountry: pending.residenceCountry,
          changes: pending.changes,
        }
      : null,
    lastApprovedAt: last?.decidedAt ? last.decidedAt.toISOString() : null,
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
  if (await hasPendingRefresh(q, investorId)) throw conflict('Your KYC refresh is already waiting for review', 'REFRESH_PENDING');
  await insertRefresh(q, { investorId, residenceCountry: input.residenceCountry, changes: input.changes });
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
  const row = await approveWaitingRefresh(q, id, { by: adminId, day: today, note });
  if (!row) {
    if (!(await refreshExists(q, id))) throw notFound('KYC refresh not found');
    throw conflict('This KYC refresh has already been approved', 'ALREADY_DECIDED');
  }
  const before = await profileResidence(q, row.investorId);
  // A different country of residence is a change of circumstances for tax too (decision 049): the
  // same path as the investor's own change, so a new FATCA/CRS self-certification falls due.
  if (before?.residenceCountry && before.residenceCountry !== row.residenceCountry)
    await changeResidence(q, row.investorId, { residenceCountry: row.residenceCountry, address: before.residenceAddress ?? '' }, ip);
  else await setResidenceCountry(q, row.investorId, row.residenceCountry);
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
  const rows = await waitingRefreshes(q);
  const out: KycRefreshQueueItem[] = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      investorId: r.investorId,
      investorName: r.name,
      submittedAt: r.submittedAt.toISOString(),
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
  const open = await openRefreshItems(q, title);
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
  const investors = await approvedInvestorIds(q);
  let queued = 0;
  for (const id of investors) {
    const state = await refreshState(q, id, today);
    if (!state.dueDate || state.pending) continue;
    const stage = refreshReminderStage(state.dueDate, today);
    if (!stage) continue;
    if (!(await claimRefreshReminder(q, { investorId: id, dueDate: state.dueDate, stage, sentOn: today }))) continue;
    if (await notifyKycRefreshReminder(q, id, state.dueDate, stage)) queued++;
  }
  return queued;
}
