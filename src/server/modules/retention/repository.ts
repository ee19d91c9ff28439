import { sql as kysql } from 'kysely';
import type { PurgeResult, RecordKind, RetentionCandidate, RetentionPurge, RetentionReason } from '../../../shared/retention.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** Retention's queries (decision 035, 054): the policy, the reviewable list, the purges. */

/** Investors whose relationship has ended (account suspended) and who were not purged yet. */
export async function endedInvestors(q: Queryable): Promise<{ id: string; name: string }[]> {
  return typed(q)
    .selectFrom('profiles as p')
    .select(['p.id', 'p.name'])
    .where('p.role', '=', 'investor')
    .where('p.status', '=', 'suspended')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('retention_purges as r').select('r.id').whereRef('r.investorId', '=', 'p.id').where('r.status', '=', 'purged')),
      ),
    )
    .orderBy('p.id')
    .execute();
}

/** Replaces the reviewable list with the job's new one (in the job's transaction). */
export async function replaceCandidates(q: Queryable, rows: { investorId: string; reasons: RetentionReason[] }[]): Promise<void> {
  await typed(q).deleteFrom('retention_candidates').execute();
  const values = rows.flatMap((r) =>
    r.reasons.map((x) => ({
      investorId: r.investorId,
      kind: x.kind,
      startBasis: x.from,
      startOn: x.startOn,
      years: x.years,
      retainedUntil: x.retainedUntil,
    })),
  );
  for (let i = 0; i < values.length; i += 500)
    await typed(q)
      .insertInto('retention_candidates')
      .values(values.slice(i, i + 500))
      .execute();
}

const reasonOf = (r: {
  kind: RecordKind;
  startBasis: RetentionReason['from'];
  startOn: string;
  years: number;
  retainedUntil: string;
}): RetentionReason => ({
  kind: r.kind,
  from: r.startBasis,
  startOn: r.startOn,
  years: r.years,
  retainedUntil: r.retainedUntil,
});

/** The reviewable list with each investor's open proposal; when it was last written. */
export async function listCandidates(q: Queryable): Promise<{ candidates: RetentionCandidate[]; reviewedAt: string | null }> {
  const rows = await typed(q)
    .selectFrom('retention_candidates as c')
    .innerJoin('profiles as p', 'p.id', 'c.investorId')
    .leftJoin('retention_purges as r', (j) => j.onRef('r.investorId', '=', 'c.investorId').on('r.status', '=', 'proposed'))
    .leftJoin('profiles as pb', 'pb.id', 'r.proposedBy')
    .select([
      'c.investorId',
      'p.name',
      'c.kind',
      'c.startBasis',
      'c.startOn',
      'c.years',
      'c.retainedUntil',
      'c.listedAt',
      'r.id as proposalId',
      'r.proposedBy',
      'pb.name as proposedByName',
      'r.proposedAt',
    ])
    .orderBy('c.retainedUntil')
    .orderBy('c.investorId')
    .orderBy('c.kind')
    .limit(2000)
    .execute();
  const byInvestor = new Map<string, RetentionCandidate>();
  for (const r of rows) {
    let c = byInvestor.get(r.investorId);
    if (!c) {
      c = {
        investorId: r.investorId,
        investorName: r.name,
        reasons: [],
        listedAt: r.listedAt.toISOString(),
        proposal:
          r.proposalId && r.proposedAt
            ? { id: r.proposalId, proposedBy: r.proposedByName, proposedById: r.proposedBy, proposedAt: r.proposedAt.toISOString() }
            : null,
      };
      byInvestor.set(r.investorId, c);
    }
    c.reasons.push(reasonOf(r));
  }
  const last = await typed(q)
    .selectFrom('retention_candidates')
    .select((eb) => eb.fn.max('listedAt').as('at'))
    .executeTakeFirst();
  const job = await typed(q)
    .selectFrom('jobs')
    .select('finishedAt')
    .where('kind', '=', 'retention-review')
    .where('finishedAt', 'is not', null)
    .orderBy('finishedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const times = [last?.at ?? null, job?.finishedAt ?? null].filter((d): d is Date => d !== null).map((d) => new Date(d).getTime());
  return { candidates: [...byInvestor.values()], reviewedAt: times.length ? new Date(Math.max(...times)).toISOString() : null };
}

function purges(q: Queryable) {
  return typed(q)
    .selectFrom('retention_purges as r')
    .innerJoin('profiles as i', 'i.id', 'r.investorId')
    .leftJoin('profiles as pb', 'pb.id', 'r.proposedBy')
    .leftJoin('profiles as db', 'db.id', 'r.decidedBy')
    .select([
      'r.id',
      'r.investorId',
      'i.name as investorName',
      'r.status',
      'r.reasons',
      'pb.name as proposedByName',
      'r.proposedBy',
      'r.proposedAt',
      'db.name as decidedByName',
      'r.decidedAt',
      'r.result',
    ]);
}
type PurgeRow = Awaited<ReturnType<ReturnType<typeof purges>['execute']>>[number];
const toPurge = (r: PurgeRow): RetentionPurge => ({
  id: r.id,
  investorId: r.investorId,
  investorName: r.investorName,
  status: r.status,
  reasons: r.reasons as unknown as RetentionReason[],
  proposedBy: r.proposedByName,
  proposedById: r.proposedBy,
  proposedAt: r.proposedAt.toISOString(),
  decidedBy: r.decidedByName,
  decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
  result: (r.result as unknown as PurgeResult | null) ?? null,
});

export async function listPurges(q: Queryable, limit: number): Promise<RetentionPurge[]> {
  const rows = await purges(q)
    .orderBy(kysql`r.status = 'proposed'`, 'desc')
    .orderBy(kysql`coalesce(r.decided_at, r.proposed_at)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPurge);
}

export async function purgeById(q: Queryable, id: string): Promise<RetentionPurge | undefined> {
  const r = await purges(q).where('r.id', '=', id).executeTakeFirst();
  return r ? toPurge(r) : undefined;
}

export async function insertProposal(q: Queryable, p: { investorId: string; reasons: RetentionReason[]; by: string }): Promise<string> {
  const r = await typed(q)
    .insertInto('retention_purges')
    .values({ investorId: p.investorId, reasons: JSON.stringify(p.reasons), proposedBy: p.by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Locks a purge for its decision (the approvals queue behind this row lock). */
export async function lockPurge(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('retention_purges')
    .select(['id', 'investorId', 'status', 'proposedBy'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function decidePurge(q: Queryable, id: string, d: { status: 'purged' | 'withdrawn'; by: string; result: PurgeResult | null }) {
  await typed(q)
    .updateTable('retention_purges')
    .set({ status: d.status, decidedBy: d.by, decidedAt: kysql<Date>`now()`, result: d.result === null ? null : JSON.stringify(d.result) })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes the investor's KYC and classification records, the evidence packs about them and the
 * archives handed over on their copy requests; returns the rows removed per table and the stored
 * files to delete once the transaction has committed. The ledger, subscriptions and signed
 * documents stay (the funds' amounts; the person is anonymised by `anonymiseInvestor`).
 */
export async function deleteRecords(q: Queryable, investorId: string): Promise<{ rows: Record<string, number>; files: string[] }> {
  const k = typed(q);
  const rows: Record<string, number> = {};
  const files: string[] = [];
  const count = (table: string, n: number) => {
    if (n > 0) rows[table] = n;
  };
  const apps = k.selectFrom('kyc_applications').select('id').where('investorId', '=', investorId);
  const kycDocs = await k.deleteFrom('kyc_documents').where('applicationId', 'in', apps).returning('filePath').execute();
  files.push(...kycDocs.map((d) => d.filePath));
  count('kyc_documents', kycDocs.length);
  count('kyc_history', (await k.deleteFrom('kyc_history').where('applicationId', 'in', apps).returning('id').execute()).length);
  count('kyc_applications', (await k.deleteFrom('kyc_applications').where('investorId', '=', investorId).returning('id').execute()).length);
  count('screening_hits', (await k.deleteFrom('screening_hits').where('investorId', '=', investorId).returning('id').execute()).length);
  count('screened_persons', (await k.deleteFrom('screened_persons').where('investorId', '=', investorId).returning('id').execute()).length);
  const evidence = await k.deleteFrom('classification_evidence').where('investorId', '=', investorId).returning('filePath').execute();
  files.push(...evidence.map((e) => e.filePath));
  count('classification_evidence', evidence.length);
  count(
    'client_classifications',
    (await k.deleteFrom('client_classifications').where('investorId', '=', investorId).returning('id').execute()).length,
  );
  count(
    'suitability_reviews',
    (await k.deleteFrom('suitability_reviews').where('investorId', '=', investorId).returning('id').execute()).length,
  );
  const packs = await k
    .deleteFrom('evidence_packs')
    .where('scope', '=', 'investor')
    .where('subjectId', '=', investorId)
    .returning('filePath')
    .execute();
  files.push(...packs.flatMap((p) => (p.filePath ? [p.filePath] : [])));
  count('evidence_packs', packs.length);
  const archives = await k
    .updateTable('data_subject_requests')
    .set({ archive: null })
    .where('investorId', '=', investorId)
    .where('archive', 'is not', null)
    .returning('id')
    .execute();
  count('data_subject_requests (archives)', archives.length);
  return { rows, files };
}

/** An evidence pack about the investor still being produced (its job would write a file after the purge). */
export async function packInProgress(q: Queryable, investorId: string): Promise<boolean> {
  const r = await typed(q)
    .selectFrom('evidence_packs as e')
    .innerJoin('jobs as j', 'j.id', 'e.jobId')
    .select('e.id')
    .where('e.scope', '=', 'investor')
    .where('e.subjectId', '=', investorId)
    .where('e.completedAt', 'is', null)
    .where('j.status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return r !== undefined;
}
