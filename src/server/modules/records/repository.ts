import { sql as kysql } from 'kysely';
import type { DataRequest, DataRequestKind, DataRequestOutcome, ErasureResult } from '../../../shared/data-requests.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** Data-subject requests' queries (decision 035, 051). */

function requests(q: Queryable) {
  return typed(q)
    .selectFrom('data_subject_requests as r')
    .innerJoin('profiles as i', 'i.id', 'r.investorId')
    .leftJoin('profiles as a', 'a.id', 'r.answeredBy')
    .select([
      'r.id',
      'r.investorId',
      'i.name as investorName',
      'r.kind',
      'r.details',
      'r.status',
      'r.receivedAt',
      'r.dueOn',
      'r.answeredAt',
      'a.name as answeredBy',
      'r.answer',
      'r.outcome',
      'r.erasure',
    ])
    .select((eb) => eb('r.archive', 'is not', null).$castTo<boolean>().as('hasArchive'));
}

type Row = Awaited<ReturnType<ReturnType<typeof requests>['execute']>>[number];
const toRequest = (r: Row): DataRequest => ({
  id: r.id,
  investorId: r.investorId,
  investorName: r.investorName,
  kind: r.kind,
  details: r.details,
  status: r.status,
  receivedAt: r.receivedAt.toISOString(),
  dueOn: r.dueOn,
  answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
  answeredBy: r.answeredBy,
  answer: r.answer,
  outcome: r.outcome,
  erasure: (r.erasure as ErasureResult | null) ?? null,
  hasArchive: r.hasArchive,
});

/** The queue: open requests first by due date, then answered ones (most recent first). */
export async function listRequests(q: Queryable, limit: number): Promise<DataRequest[]> {
  const rows = await requests(q)
    .orderBy(kysql`r.status = 'answered'`)
    .orderBy(kysql`CASE WHEN r.status = 'open' THEN r.due_on END`)
    .orderBy('r.answeredAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRequest);
}

export async function investorRequests(q: Queryable, investorId: string): Promise<DataRequest[]> {
  const rows = await requests(q).where('r.investorId', '=', investorId).orderBy('r.receivedAt', 'desc').limit(200).execute();
  return rows.map(toRequest);
}

export async function requestById(q: Queryable, id: string): Promise<DataRequest | undefined> {
  const r = await requests(q).where('r.id', '=', id).executeTakeFirst();
  return r ? toRequest(r) : undefined;
}

export async function insertRequest(
  q: Queryable,
  r: { investorId: string; kind: DataRequestKind; details: string; dueOn: string; complianceItemId: string },
): Promise<string> {
  return (await typed(q).insertInto('data_subject_requests').values(r).returning('id').executeTakeFirstOrThrow()).id;
}

/** Locks an open request for its answer; undefined when it does not exist, its status otherwise. */
export async function lockRequest(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('data_subject_requests')
    .select(['id', 'investorId', 'kind', 'status', 'complianceItemId'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markAnswered(
  q: Queryable,
  id: string,
  a: { by: string; answer: string; outcome: DataRequestOutcome; erasure: ErasureResult | null; archive: unknown | null },
): Promise<void> {
  await typed(q)
    .updateTable('data_subject_requests')
    .set({
      status: 'answered',
      answeredBy: a.by,
      answeredAt: kysql<Date>`now()`,
      answer: a.answer,
      outcome: a.outcome,
      erasure: a.erasure === null ? null : JSON.stringify(a.erasure),
      archive: a.archive === null ? null : JSON.stringify(a.archive),
    })
    .where('id', '=', id)
    .execute();
}

/** The archive handed over with an answered access request of this investor (object level: another investor's id finds nothing). */
export async function archiveOf(q: Queryable, id: string, investorId: string): Promise<{ archive: unknown; receivedAt: Date } | undefined> {
  const r = await typed(q)
    .selectFrom('data_subject_requests')
    .select(['archive', 'receivedAt'])
    .where('id', '=', id)
    .where('investorId', '=', investorId)
    .where('archive', 'is not', null)
    .executeTakeFirst();
  return r ? { archive: r.archive, receivedAt: r.receivedAt } : undefined;
}

/** What the investor has in each category kept under a retention duty (an empty KYC draft, opened on the first visit, holds nothing). */
export async function recordPresence(q: Queryable, investorId: string) {
  const r = await kysql<{ kyc: boolean; classification: boolean; investments: boolean; messages: boolean }>`
    SELECT
      EXISTS (SELECT 1 FROM kyc_applications a WHERE a.investor_id = ${investorId}
        AND (a.submitted_at IS NOT NULL OR EXISTS (SELECT 1 FROM kyc_documents d WHERE d.application_id = a.id)))
        OR EXISTS (SELECT 1 FROM screened_persons WHERE investor_id = ${investorId}) AS kyc,
      EXISTS (SELECT 1 FROM client_classifications WHERE investor_id = ${investorId})
        OR EXISTS (SELECT 1 FROM classification_evidence WHERE investor_id = ${investorId})
        OR EXISTS (SELECT 1 FROM suitability_reviews WHERE investor_id = ${investorId}) AS classification,
      EXISTS (SELECT 1 FROM subscriptions WHERE investor_id = ${investorId})
        OR EXISTS (SELECT 1 FROM ledger_entries WHERE investor_id = ${investorId})
        OR EXISTS (SELECT 1 FROM documents WHERE investor_id = ${investorId}) AS investments,
      EXISTS (SELECT 1 FROM message_threads WHERE investor_id = ${investorId}) AS messages
  `.execute(typed(q));
  const row = r.rows[0];
  if (!row) throw new Error('record presence');
  return row;
}

/**
 * The dates the product knows for the end of the relationship: the account's status (and when it
 * was last suspended, from the activity log) and the last transaction (ledger entry or subscription).
 */
export async function relationshipDates(q: Queryable, investorId: string, zone: string) {
  const r = await kysql<{ status: string; suspendedOn: string | null; lastTransaction: string | null }>`
    SELECT p.status,
      (SELECT (max(l.created_at) AT TIME ZONE ${zone})::date::text FROM activity_logs l
        WHERE l.activity_type = 'user_status_change' AND l.target_user_id = p.id AND l.details->>'to' = 'suspended') AS suspended_on,
      greatest(
        (SELECT max(entry_date) FROM ledger_entries WHERE investor_id = p.id),
        (SELECT (max(created_at) AT TIME ZONE ${zone})::date FROM subscriptions WHERE investor_id = p.id)
      )::text AS last_transaction
    FROM profiles p WHERE p.id = ${investorId}
  `.execute(typed(q));
  return r.rows[0];
}

/** Erases the personal data no duty keeps: notification choices and personal access tokens. */
export async function eraseFreeData(q: Queryable, investorId: string): Promise<void> {
  await typed(q).deleteFrom('notification_preferences').where('userId', '=', investorId).execute();
  await typed(q).deleteFrom('api_tokens').where('userId', '=', investorId).execute();
}

/**
 * Anonymises an investor nothing keeps (no records under a retention duty, no hold): the person
 * becomes "Former investor #<id>", the sign-in and contact data go, the account is suspended.
 * Rows that refer to the profile (the activity log) keep referring to the anonymous profile.
 */
export async function anonymiseInvestor(q: Queryable, investorId: string): Promise<void> {
  const short = investorId.slice(0, 8);
  await typed(q)
    .updateTable('profiles')
    .set({
      name: `Former investor #${short}`,
      email: `former-investor-${investorId}@erased.invalid`,
      dateOfBirth: null,
      nationality: null,
      status: 'suspended',
      lastLogin: null,
    })
    .where('id', '=', investorId)
    .execute();
  for (const table of ['credentials', 'two_factor', 'recovery_codes', 'password_reset_tokens', 'email_change_tokens'] as const) {
    await typed(q).deleteFrom(table).where('userId', '=', investorId).execute();
  }
}
