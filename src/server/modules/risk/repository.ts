import { sql as kysql } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The risk rating's and the KYC refresh's queries (decision 035, 050). */

/** The investor's rating factors (locked FOR UPDATE when `lock`); undefined when there is no such investor. */
export async function investorFactors(q: Queryable, investorId: string, lock: boolean) {
  return typed(q)
    .selectFrom('profiles')
    .select(['id', 'name', 'residenceCountry', 'nationality', 'investorUserType'])
    .where('id', '=', investorId)
    .where('role', '=', 'investor')
    .$if(lock, (b) => b.forUpdate())
    .executeTakeFirst();
}

/** Whether the investor's KYC holds a source-of-funds document. */
export async function hasSourceOfFunds(q: Queryable, investorId: string): Promise<boolean> {
  const r = await typed(q)
    .selectFrom('kyc_documents as d')
    .innerJoin('kyc_applications as k', 'k.id', 'd.applicationId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('k.investorId', '=', investorId)
    .where('d.kind', '=', 'source_of_funds')
    .executeTakeFirst();
  return Number(r?.n ?? 0) > 0;
}

/** The admin's latest override of the investor's rating, with who made it. */
export async function latestOverride(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('risk_overrides as r')
    .leftJoin('profiles as a', 'a.id', 'r.createdBy')
    .select(['r.rating', 'r.reason', 'r.createdAt', 'a.name as byName'])
    .where('r.investorId', '=', investorId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type RiskLevel = 'low' | 'medium' | 'high';

export async function insertOverride(
  q: Queryable,
  o: { investorId: string; rating: RiskLevel; computedRating: RiskLevel; reason: string; createdBy: string },
): Promise<void> {
  await typed(q).insertInto('risk_overrides').values(o).execute();
}

/** The investor's latest approved refresh. */
export async function lastApprovedRefresh(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('kyc_refreshes')
    .select(['decidedDay', 'decidedAt'])
    .where('investorId', '=', investorId)
    .where('status', '=', 'approved')
    .orderBy('decidedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** When the investor's KYC application was approved (undefined when it is not). */
export async function approvedKyc(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('kyc_applications')
    .select(['reviewedAt'])
    .where('investorId', '=', investorId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
}

/** The investor's refresh waiting for review. */
export async function pendingRefresh(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('kyc_refreshes')
    .select(['id', 'submittedAt', 'residenceCountry', 'changes'])
    .where('investorId', '=', investorId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
}

/** Whether a refresh of the investor waits for review. */
export async function hasPendingRefresh(q: Queryable, investorId: string): Promise<boolean> {
  const r = await typed(q)
    .selectFrom('kyc_refreshes')
    .select('id')
    .where('investorId', '=', investorId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return r !== undefined;
}

export async function insertRefresh(q: Queryable, r: { investorId: string; residenceCountry: string; changes: string }): Promise<void> {
  await typed(q).insertInto('kyc_refreshes').values(r).execute();
}

/** Approves a waiting refresh (one conditional UPDATE); undefined when it was not waiting. */
export async function approveWaitingRefresh(q: Queryable, id: string, d: { by: string; day: string; note: string }) {
  return typed(q)
    .updateTable('kyc_refreshes')
    .set({ status: 'approved', decidedBy: d.by, decidedAt: kysql<Date>`now()`, decidedDay: d.day, note: d.note })
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .returning(['investorId', 'residenceCountry'])
    .executeTakeFirst();
}

export async function refreshExists(q: Queryable, id: string): Promise<boolean> {
  return (await typed(q).selectFrom('kyc_refreshes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function profileResidence(q: Queryable, investorId: string) {
  return typed(q).selectFrom('profiles').select(['residenceCountry', 'residenceAddress']).where('id', '=', investorId).executeTakeFirst();
}

export async function setResidenceCountry(q: Queryable, investorId: string, residenceCountry: string): Promise<void> {
  await typed(q).updateTable('profiles').set({ residenceCountry }).where('id', '=', investorId).execute();
}

/** The refreshes waiting for review, oldest first, with the investor's name. */
export async function waitingRefreshes(q: Queryable) {
  return typed(q)
    .selectFrom('kyc_refreshes as r')
    .innerJoin('profiles as p', 'p.id', 'r.investorId')
    .select(['r.id', 'r.investorId', 'p.name', 'r.submittedAt', 'r.residenceCountry', 'r.changes'])
    .where('r.status', '=', 'submitted')
    .orderBy('r.submittedAt')
    .execute();
}

/** The ids of the open `kyc_refresh` compliance items with this title. */
export async function openRefreshItems(q: Queryable, title: string) {
  return typed(q)
    .selectFrom('compliance_items')
    .select(['id'])
    .where('type', '=', 'kyc_refresh')
    .where('title', '=', title)
    .where('workflowState', '<>', 'completed')
    .execute();
}

/** The active investors with an approved KYC application, by id. */
export async function approvedInvestorIds(q: Queryable): Promise<string[]> {
  const rows = await typed(q)
    .selectFrom('profiles as p')
    .innerJoin('kyc_applications as k', (j) => j.onRef('k.investorId', '=', 'p.id').on('k.status', '=', 'approved'))
    .select('p.id')
    .where('p.role', '=', 'investor')
    .where('p.status', '=', 'active')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Claims the reminder of a refresh stage; false when it was claimed already (ON CONFLICT DO NOTHING). */
export async function claimRefreshReminder(
  q: Queryable,
  r: { investorId: string; dueDate: string; stage: 'before' | 'due'; sentOn: string },
): Promise<boolean> {
  const rows = await typed(q)
    .insertInto('kyc_refresh_reminders')
    .values(r)
    .onConflict((oc) => oc.doNothing())
    .returning('investorId')
    .execute();
  return rows.length > 0;
}
