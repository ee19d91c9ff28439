import { type ExpressionBuilder, sql as kysql } from 'kysely';
import type { EvidenceScope } from '../../../shared/evidence.ts';
import type { Queryable } from '../../db/client.ts';
import type { DB } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';
import { CHAIN_ROW_COLUMNS } from '../audit/repository.ts';

/** The evidence pack's queries (decisions 035, 052): the packs, and each category of records by scope. */

const packSelect = (q: Queryable) =>
  typed(q)
    .selectFrom('evidence_packs as e')
    .leftJoin('jobs as j', 'j.id', 'e.jobId')
    .leftJoin('profiles as c', 'c.id', 'e.createdBy')
    .select([
      'e.id',
      'e.scope',
      'e.subjectId',
      'e.jobId',
      'e.filePath',
      'e.byteSize',
      'e.sha256',
      'e.fileCount',
      'e.headSeq',
      'e.headHash',
      'e.createdAt',
      'e.completedAt',
      'j.status as jobStatus',
      'j.progress as jobProgress',
      'j.error as jobError',
      'c.name as createdBy',
      'e.periodFrom',
      'e.periodTo',
      kysql<string | null>`CASE e.scope WHEN 'investor' THEN (SELECT name FROM profiles p WHERE p.id = e.subject_id)
        WHEN 'deal' THEN (SELECT title FROM deals d WHERE d.id = e.subject_id) END`.as('subjectName'),
    ]);

/** A pack with its job's state, its creator's name and its subject's. */
export type PackRow = Awaited<ReturnType<ReturnType<typeof packSelect>['execute']>>[number];

export async function listPacks(q: Queryable, limit: number): Promise<PackRow[]> {
  return packSelect(q).orderBy('e.createdAt', 'desc').orderBy('e.id').limit(limit).execute();
}

export async function packById(q: Queryable, id: string): Promise<PackRow | null> {
  return (await packSelect(q).where('e.id', '=', id).executeTakeFirst()) ?? null;
}

export async function insertPack(
  q: Queryable,
  p: { scope: EvidenceScope; subjectId: string | null; from: string | null; to: string | null; createdBy: string },
): Promise<string> {
  const r = await typed(q)
    .insertInto('evidence_packs')
    .values({ scope: p.scope, subjectId: p.subjectId, periodFrom: p.from, periodTo: p.to, createdBy: p.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setPackJob(q: Queryable, id: string, jobId: string): Promise<void> {
  await typed(q).updateTable('evidence_packs').set({ jobId }).where('id', '=', id).execute();
}

export async function completePack(
  q: Queryable,
  id: string,
  done: { filePath: string; byteSize: number; sha256: string; fileCount: number; headSeq: number; headHash: string },
): Promise<boolean> {
  const r = await typed(q)
    .updateTable('evidence_packs')
    .set({ ...done, completedAt: kysql<Date>`now()` })
    .where('id', '=', id)
    .where('completedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** The investor's or deal's name (undefined: no such investor or deal). */
export async function subjectName(q: Queryable, scope: 'investor' | 'deal', id: string): Promise<string | undefined> {
  if (scope === 'investor') {
    const r = await typed(q).selectFrom('profiles').select('name').where('id', '=', id).where('role', '=', 'investor').executeTakeFirst();
    return r?.name;
  }
  const r = await typed(q).selectFrom('deals').select('title').where('id', '=', id).executeTakeFirst();
  return r?.title;
}

/** The investors with a subscription or a ledger entry in a deal. */
export async function investorsOfDeal(q: Queryable, dealId: string): Promise<string[]> {
  const k = typed(q);
  const rows = await k
    .selectFrom('subscriptions')
    .select('investorId')
    .where('dealId', '=', dealId)
    .union(k.selectFrom('ledger_entries').select('investorId').where('dealId', '=', dealId))
    .execute();
  return rows.map((r) => r.investorId).sort();
}

/** The UTC instants a period of calendar days in the company's zone starts and ends at (end exclusive). */
export async function periodBounds(q: Queryable, from: string, to: string, zone: string): Promise<{ start: Date; end: Date }> {
  const r = await kysql<{ start: Date; end: Date }>`SELECT (${from}::date::timestamp AT TIME ZONE ${zone}) AS start,
      ((${to}::date + 1)::timestamp AT TIME ZONE ${zone}) AS "end"`.execute(typed(q));
  const row = r.rows[0];
  if (!row) throw new Error('period bounds');
  return { start: new Date(row.start), end: new Date(row.end) };
}

/**
 * What a pack covers, resolved: one investor; the investors of one deal and the deal; or every
 * record written in a period (UTC instants; `from`/`to` the calendar days for dated rows).
 */
export type Resolved =
  | { kind: 'investor'; investorIds: string[]; dealId: null }
  | { kind: 'deal'; investorIds: string[]; dealId: string }
  | { kind: 'period'; start: Date; end: Date; from: string; to: string };

type Row = Record<string, unknown>;

/**
 * A filter on a table's investor column (investor and deal scopes) or its time column (period).
 * An empty investor list matches nothing.
 */
function scoped<T extends keyof DB>(s: Resolved, investorCol: string, timeCol: string) {
  return (eb: ExpressionBuilder<DB, T>) => {
    if (s.kind === 'period')
      return eb.and([eb(eb.ref(timeCol as never), '>=', s.start as never), eb(eb.ref(timeCol as never), '<', s.end as never)]);
    if (s.investorIds.length === 0) return eb.val(false) as never;
    return eb(eb.ref(investorCol as never), 'in', s.investorIds as never);
  };
}

export async function profilesOf(q: Queryable, s: Resolved): Promise<Row[]> {
  return typed(q)
    .selectFrom('profiles')
    .select(['id', 'name', 'email', 'role', 'investorUserType', 'status', 'language', 'dateOfBirth', 'nationality', 'pepDeclared'])
    .select(['pepApprovedBy', 'pepApprovedAt', 'lastLogin', 'createdAt'])
    .where('role', '=', 'investor')
    .where(scoped<'profiles'>(s, 'id', 'createdAt'))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function dealsOf(q: Queryable, s: Resolved): Promise<Row[]> {
  const k = typed(q).selectFrom('deals').selectAll();
  if (s.kind === 'deal') return k.where('id', '=', s.dealId).execute();
  if (s.kind === 'period') return k.where('createdAt', '>=', s.start).where('createdAt', '<', s.end).orderBy('createdAt').execute();
  if (s.investorIds.length === 0) return [];
  return k
    .where('id', 'in', typed(q).selectFrom('subscriptions').select('dealId').where('investorId', 'in', s.investorIds))
    .orderBy('createdAt')
    .execute();
}

export const classificationsOf = (q: Queryable, s: Resolved) =>
  typed(q)
    .selectFrom('client_classifications')
    .selectAll()
    .where(scoped<'client_classifications'>(s, 'investorId', 'submittedAt'))
    .orderBy('submittedAt')
    .orderBy('id')
    .execute();

export const classificationEvidenceOf = (q: Queryable, s: Resolved) =>
  typed(q)
    .selectFrom('classification_evidence')
    .selectAll()
    .where(scoped<'classification_evidence'>(s, 'investorId', 'uploadedAt'))
    .orderBy('uploadedAt')
    .orderBy('id')
    .execute();

export const kycApplicationsOf = (q: Queryable, s: Resolved) =>
  typed(q)
    .selectFrom('kyc_applications')
    .selectAll()
    .where(scoped<'kyc_applications'>(s, 'investorId', 'createdAt'))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();

export async function kycHistoryOf(q: Queryable, s: Resolved, applicationIds: string[]): Promise<Row[]> {
  const k = typed(q).selectFrom('kyc_history').selectAll().orderBy('createdAt').orderBy('id');
  if (s.kind === 'period') return k.where('createdAt', '>=', s.start).where('createdAt', '<', s.end).execute();
  return applicationIds.length === 0 ? [] : k.where('applicationId', 'in', applicationIds).execute();
}

export async function kycDocumentsOf(q: Queryable, s: Resolved, applicationIds: string[]) {
  const k = typed(q).selectFrom('kyc_documents').selectAll().orderBy('uploadedAt').orderBy('id');
  if (s.kind === 'period') return k.where('uploadedAt', '>=', s.start).where('uploadedAt', '<', s.end).execute();
  return applicationIds.length === 0 ? [] : k.where('applicationId', 'in', applicationIds).execute();
}

export const screenedPersonsOf = (q: Queryable, s: Resolved) =>
  typed(q)
    .selectFrom('screened_persons')
    .selectAll()
    .where(scoped<'screened_persons'>(s, 'investorId', 'createdAt'))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();

export const screeningHitsOf = (q: Queryable, s: Resolved) =>
  typed(q)
    .selectFrom('screening_hits')
    .selectAll()
    .where(scoped<'screening_hits'>(s, 'investorId', 'createdAt'))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();

export const suitabilityOf = (q: Queryable, s: Resolved) =>
  typed(q)
    .selectFrom('suitability_reviews')
    .selectAll()
    .where(scoped<'suitability_reviews'>(s, 'investorId', 'completedAt'))
    .orderBy('completedAt')
    .orderBy('id')
    .execute();

export async function subscriptionsOf(q: Queryable, s: Resolved): Promise<Row[]> {
  const k = typed(q).selectFrom('subscriptions').selectAll().orderBy('createdAt').orderBy('id');
  if (s.kind === 'deal') return k.where('dealId', '=', s.dealId).execute();
  return k.where(scoped<'subscriptions'>(s, 'investorId', 'createdAt')).execute();
}

/** The envelopes (without their claim token, a live credential of the signing step). */
export async function envelopesOf(q: Queryable, s: Resolved) {
  const k = typed(q)
    .selectFrom('signing_envelopes')
    .select([
      'id',
      'subscriptionId',
      'packId',
      'investorId',
      'status',
      'language',
      'expiresAt',
      'documentPath',
      'documentSha256',
      'documentBytes',
      'investorSignature',
      'gpSignature',
      'executedPath',
      'executedSha256',
      'executedBytes',
      'entity',
      'reason',
      'viewedAt',
      'signedAt',
      'executedAt',
      'closedAt',
      'createdAt',
      'updatedAt',
    ])
    .orderBy('createdAt')
    .orderBy('id');
  if (s.kind === 'deal')
    return k.where('subscriptionId', 'in', typed(q).selectFrom('subscriptions').select('id').where('dealId', '=', s.dealId)).execute();
  return k.where(scoped<'signing_envelopes'>(s, 'investorId', 'createdAt')).execute();
}

export async function signingEventsOf(q: Queryable, s: Resolved, envelopeIds: string[]): Promise<Row[]> {
  const k = typed(q).selectFrom('signing_events').selectAll().orderBy('envelopeId').orderBy('seq');
  if (s.kind === 'period') return k.where('createdAt', '>=', s.start).where('createdAt', '<', s.end).execute();
  return envelopeIds.length === 0 ? [] : k.where('envelopeId', 'in', envelopeIds).execute();
}

export async function ledgerOf(q: Queryable, s: Resolved): Promise<Row[]> {
  const k = typed(q)
    .selectFrom('ledger_entries')
    .selectAll()
    .orderBy('ledger_entries.entryDate')
    .orderBy('ledger_entries.createdAt')
    .orderBy('ledger_entries.id');
  if (s.kind === 'deal') return k.where('ledger_entries.dealId', '=', s.dealId).execute();
  if (s.kind === 'period') return k.where('ledger_entries.entryDate', '>=', s.from).where('ledger_entries.entryDate', '<=', s.to).execute();
  return s.investorIds.length === 0 ? [] : k.where('ledger_entries.investorId', 'in', s.investorIds).execute();
}

/** Vault documents: addressed to the investor (statements); of the deal; or uploaded in the period. */
export async function documentsOf(q: Queryable, s: Resolved) {
  const k = typed(q).selectFrom('documents').selectAll().orderBy('uploadDate').orderBy('id');
  if (s.kind === 'deal') return k.where('dealId', '=', s.dealId).execute();
  if (s.kind === 'period') return k.where('uploadDate', '>=', s.start).where('uploadDate', '<', s.end).execute();
  return s.investorIds.length === 0 ? [] : k.where('investorId', 'in', s.investorIds).execute();
}

/** Message threads: the investor's, or those with a message in the period (a deal has none of its own). */
export async function threadsOf(q: Queryable, s: Resolved) {
  const k = typed(q).selectFrom('message_threads').selectAll().orderBy('createdAt').orderBy('id');
  if (s.kind === 'deal') return [];
  if (s.kind === 'period')
    return k
      .where(
        'id',
        'in',
        typed(q).selectFrom('messages').select('threadId').where('createdAt', '>=', s.start).where('createdAt', '<', s.end),
      )
      .execute();
  return k.where('investorId', '=', s.investorIds[0] ?? '00000000-0000-0000-0000-000000000000').execute();
}

export async function messagesOf(q: Queryable, s: Resolved, threadIds: string[]) {
  if (threadIds.length === 0) return [];
  const k = typed(q).selectFrom('messages').selectAll().where('threadId', 'in', threadIds).orderBy('createdAt').orderBy('id');
  if (s.kind === 'period') return k.where('createdAt', '>=', s.start).where('createdAt', '<', s.end).execute();
  return k.execute();
}

export async function holdsOf(q: Queryable, s: Resolved): Promise<Row[]> {
  const k = typed(q).selectFrom('legal_holds').selectAll().orderBy('placedAt').orderBy('id');
  if (s.kind === 'deal') return k.where('dealId', '=', s.dealId).execute();
  if (s.kind === 'period') return k.where('placedAt', '>=', s.start).where('placedAt', '<', s.end).execute();
  return s.investorIds.length === 0 ? [] : k.where('investorId', 'in', s.investorIds).execute();
}

/** A chained activity-log row with its columns as the text its hash covers (decision 042). */
export type ExtractRow = Awaited<ReturnType<typeof extractPage>>[number];

/**
 * One window of the audit extract: chained rows after `afterSeq` up to `maxSeq` that concern the scope
 * (investor: by, about or naming the investor; deal: naming the deal; period: written in it).
 */
export async function extractPage(q: Queryable, s: Resolved, afterSeq: number, maxSeq: number) {
  // The window first (OFFSET 0 keeps the planner from merging it into the filter): the chain_seq
  // index bounds each query to WINDOW rows, whatever the filter's own selectivity or statistics.
  const window = typed(q)
    .selectFrom('activity_logs')
    .selectAll()
    .where('chainSeq', '>', afterSeq)
    .where('chainSeq', '<=', maxSeq)
    .offset(0)
    .as('a');
  let k = typed(q)
    .selectFrom(window)
    .select(['a.chainSeq as seq', ...CHAIN_ROW_COLUMNS])
    .$narrowType<{ seq: number }>();
  if (s.kind === 'period') k = k.where('a.createdAt', '>=', s.start).where('a.createdAt', '<', s.end);
  else if (s.kind === 'deal') k = k.where(kysql<boolean>`strpos(a.details::text, ${s.dealId}) > 0`);
  else {
    const id = s.investorIds[0] ?? '';
    k = k.where((eb) =>
      eb.or([eb('a.userId', '=', id), eb('a.targetUserId', '=', id), eb(kysql<number>`strpos(a.details::text, ${id})`, '>', 0)]),
    );
  }
  const rows = await k.orderBy('a.chainSeq').execute();
  return rows.map((r) => ({ ...r, prevHash: r.prevHash ?? '', rowHash: r.rowHash ?? '' }));
}

/** The chain's links (position, previous hash, own hash) after `afterSeq` up to `maxSeq`, in order (a bounded window). */
export async function linkPage(q: Queryable, afterSeq: number, maxSeq: number) {
  const rows = await typed(q)
    .selectFrom('activity_logs')
    .select(['chainSeq', 'prevHash', 'rowHash'])
    .where('chainSeq', '>', afterSeq)
    .where('chainSeq', '<=', maxSeq)
    .orderBy('chainSeq')
    .$narrowType<{ chainSeq: number }>()
    .execute();
  return rows.map((r) => ({ seq: r.chainSeq, prevHash: r.prevHash ?? '', rowHash: r.rowHash ?? '' }));
}
