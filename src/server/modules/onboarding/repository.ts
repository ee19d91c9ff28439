import type { Insertable } from 'kysely';
import type { ClassificationAnswers, ClassificationDecision } from '../../../shared/dfsa-classification.ts';
import type { Queryable } from '../../db/client.ts';
import type { ClassificationEvidenceTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/** The client-classification queries (decision 035, issue 31 part A). */

const selectClassifications = (q: Queryable) =>
  typed(q)
    .selectFrom('client_classifications as c')
    .innerJoin('profiles as p', 'p.id', 'c.investorId')
    .leftJoin('profiles as d', 'd.id', 'c.decidedBy')
    .select([
      'c.id',
      'c.investorId',
      'p.name as investorName',
      'p.email as investorEmail',
      'p.investorUserType as investorType',
      'c.status',
      'c.basis',
      'c.answers',
      'c.noticeVersion',
      'c.noticeAcknowledgedAt',
      'c.submittedAt',
      'c.decision',
      'c.reasons',
      'd.name as decidedByName',
      'c.decidedAt',
      'c.reviewDue',
      'c.complianceItemId',
    ]);

export type ClassificationRow = Awaited<ReturnType<ReturnType<typeof selectClassifications>['executeTakeFirstOrThrow']>>;

/** The review queue: waiting applications first (oldest first), then decided ones (newest first). */
/**
 * Locks the investor's profile row (NO KEY UPDATE: without conflicting with the KEY SHARE locks of
 * inserts that reference it): the investor's uploads and submissions are decided one at a time.
 */
export async function lockInvestorProfile(q: Queryable, investorId: string): Promise<void> {
  await typed(q).selectFrom('profiles').select('id').where('id', '=', investorId).forNoKeyUpdate().execute();
}

export function allClassifications(q: Queryable): Promise<ClassificationRow[]> {
  return selectClassifications(q).orderBy('c.status', 'desc').orderBy('c.submittedAt', 'asc').orderBy('c.id').execute();
}

export function findClassification(q: Queryable, id: string, lock = false): Promise<ClassificationRow | undefined> {
  const query = selectClassifications(q).where('c.id', '=', id);
  return (lock ? query.forUpdate('c') : query).executeTakeFirst();
}

/** The investor's latest application (a waiting one, else the latest decided). */
export function latestClassification(q: Queryable, investorId: string): Promise<ClassificationRow | undefined> {
  return selectClassifications(q)
    .where('c.investorId', '=', investorId)
    .orderBy('c.status', 'desc')
    .orderBy('c.decidedAt', 'desc')
    .orderBy('c.submittedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The investor's classification in force: the latest decided application. */
export function decidedClassification(q: Queryable, investorId: string): Promise<ClassificationRow | undefined> {
  return selectClassifications(q)
    .where('c.investorId', '=', investorId)
    .where('c.status', '=', 'decided')
    .orderBy('c.decidedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertClassification(
  q: Queryable,
  row: { investorId: string; answers: ClassificationAnswers; noticeVersion: string },
): Promise<string> {
  return (
    await typed(q)
      .insertInto('client_classifications')
      .values({
        investorId: row.investorId,
        basis: row.answers.basis,
        answers: JSON.stringify(row.answers),
        noticeVersion: row.noticeVersion,
        noticeAcknowledgedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function markDecided(
  q: Queryable,
  id: string,
  d: { decision: ClassificationDecision; reasons: string; decidedBy: string; reviewDue: string; complianceItemId: string | null },
): Promise<void> {
  await typed(q)
    .updateTable('client_classifications')
    .set({
      status: 'decided',
      decision: d.decision,
      reasons: d.reasons,
      decidedBy: d.decidedBy,
      decidedAt: new Date(),
      reviewDue: d.reviewDue,
      complianceItemId: d.complianceItemId,
    })
    .where('id', '=', id)
    .execute();
}

/** The calendar items of the investor's earlier classifications that are still open (closed by a new decision). */
export async function openReviewItems(q: Queryable, investorId: string, except: string): Promise<string[]> {
  const rows = await typed(q)
    .selectFrom('client_classifications as c')
    .innerJoin('compliance_items as i', 'i.id', 'c.complianceItemId')
    .select('i.id')
    .where('c.investorId', '=', investorId)
    .where('c.id', '<>', except)
    .where('i.workflowState', '<>', 'completed')
    .execute();
  return rows.map((r) => r.id);
}

const evidenceColumns = [
  'id',
  'classificationId',
  'originalName',
  'extension',
  'byteSize',
  'uploadedAt',
  'filePath',
  'investorId',
] as const;

export function evidenceOf(q: Queryable, classificationIds: string[]) {
  if (classificationIds.length === 0) return Promise.resolve([]);
  return typed(q)
    .selectFrom('classification_evidence')
    .select(evidenceColumns)
    .where('classificationId', 'in', classificationIds)
    .orderBy('uploadedAt')
    .execute();
}

export function unattachedEvidence(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('classification_evidence')
    .select(evidenceColumns)
    .where('investorId', '=', investorId)
    .where('classificationId', 'is', null)
    .orderBy('uploadedAt')
    .execute();
}

export function findEvidence(q: Queryable, id: string) {
  return typed(q).selectFrom('classification_evidence').select(evidenceColumns).where('id', '=', id).executeTakeFirst();
}

export async function insertEvidence(q: Queryable, row: Insertable<ClassificationEvidenceTable>): Promise<void> {
  await typed(q).insertInto('classification_evidence').values(row).execute();
}

export async function deleteUnattachedEvidence(q: Queryable, investorId: string, id: string): Promise<string | undefined> {
  const row = await typed(q)
    .deleteFrom('classification_evidence')
    .where('id', '=', id)
    .where('investorId', '=', investorId)
    .where('classificationId', 'is', null)
    .returning('filePath')
    .executeTakeFirst();
  return row?.filePath;
}

export async function attachEvidence(q: Queryable, investorId: string, classificationId: string): Promise<number> {
  const rows = await typed(q)
    .updateTable('classification_evidence')
    .set({ classificationId })
    .where('investorId', '=', investorId)
    .where('classificationId', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

export function investorName(q: Queryable, investorId: string) {
  return typed(q).selectFrom('profiles').select(['name', 'role']).where('id', '=', investorId).executeTakeFirst();
}
