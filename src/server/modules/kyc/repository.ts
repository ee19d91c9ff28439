import { type Insertable, sql as kysql } from 'kysely';
import type { KycDocumentKind, KycStatus } from '../../../shared/kyc.ts';
import type { Queryable } from '../../db/client.ts';
import type { KycDocumentsTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/** The KYC queries (decision 035), typed from schema.generated.ts. */

export async function insertApplication(q: Queryable, investorId: string): Promise<string> {
  return (await typed(q).insertInto('kyc_applications').values({ investorId }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertHistory(
  q: Queryable,
  entry: { applicationId: string; fromStatus?: KycStatus | null; toStatus: KycStatus; actorId?: string | null; note: string | null },
): Promise<void> {
  await typed(q).insertInto('kyc_history').values(entry).execute();
}

/**
 * Whether the investor's latest suitability review fails the professional-client criteria
 * (failedProfessionalCriteria in src/shared/investor-compliance.ts, in SQL).
 */
const suitabilityReviewRequired = kysql<boolean>`coalesce((SELECT (sr.answers->>'netWorthBand' = 'under_1m' OR sr.answers->>'experience' = 'none')
      FROM suitability_reviews sr WHERE sr.investor_id = ${kysql.ref('k.investorId')} ORDER BY sr.completed_at DESC LIMIT 1), false)`;

const selectApplications = (q: Queryable) =>
  typed(q)
    .selectFrom('kyc_applications as k')
    .innerJoin('profiles as p', 'p.id', 'k.investorId')
    .leftJoin('profiles as r', 'r.id', 'k.reviewedBy')
    .select((eb) => [
      'k.id',
      'k.investorId',
      'p.name as investorName',
      'p.email',
      'p.investorUserType',
      'k.status',
      eb
        .selectFrom('kyc_documents as d')
        .select(kysql<KycDocumentsTable['kind'][]>`array_agg(${kysql.ref('d.kind')})`.as('kinds'))
        .whereRef('d.applicationId', '=', 'k.id')
        .as('kinds'),
      'k.submittedAt',
      'k.reviewedBy',
      'r.name as reviewedByName',
      'k.reviewedAt',
      'k.reviewNote',
      suitabilityReviewRequired.as('suitabilityReviewRequired'),
    ]);

export type ApplicationRow = Awaited<ReturnType<ReturnType<typeof selectApplications>['executeTakeFirstOrThrow']>>;

/** Every application, the latest submitted (or opened) first. */
export function allApplications(q: Queryable): Promise<ApplicationRow[]> {
  return selectApplications(q)
    .orderBy(kysql`coalesce(${kysql.ref('k.submittedAt')}, ${kysql.ref('k.createdAt')})`, 'desc')
    .orderBy('k.id')
    .execute();
}

/** The application by its id or its investor's. */
export function findApplication(q: Queryable, by: 'id' | 'investorId', value: string): Promise<ApplicationRow | undefined> {
  return selectApplications(q).where(`k.${by}`, '=', value).executeTakeFirst();
}

export function applicationDocuments(q: Queryable, applicationId: string) {
  return typed(q)
    .selectFrom('kyc_documents')
    .select(['kind', 'originalName', 'extension', 'byteSize', 'uploadedAt'])
    .where('applicationId', '=', applicationId)
    .orderBy('kind')
    .execute();
}

export function applicationHistory(q: Queryable, applicationId: string) {
  return (
    typed(q)
      .selectFrom('kyc_history as h')
      .leftJoin('profiles as p', 'p.id', 'h.actorId')
      .select(['h.id', 'h.fromStatus', 'h.toStatus', 'h.actorId', 'p.name', 'h.note', 'h.createdAt'])
      .where('h.applicationId', '=', applicationId)
      .orderBy('h.createdAt')
      .orderBy('h.id')
      // kyc_history's statuses are written only by insertHistory, from KycStatus values.
      .$narrowType<{ fromStatus: KycStatus | null; toStatus: KycStatus }>()
      .execute()
  );
}

/** The application (by id or investor), locked until the transaction ends. */
export function lockApplication(q: Queryable, by: 'id' | 'investorId', value: string) {
  return typed(q).selectFrom('kyc_applications').select(['id', 'status']).where(by, '=', value).forUpdate().executeTakeFirst();
}

const now = kysql<Date>`now()`;

export async function setStatus(q: Queryable, id: string, status: KycStatus): Promise<void> {
  await typed(q).updateTable('kyc_applications').set({ status, updatedAt: now }).where('id', '=', id).execute();
}

/** Submitted now: any earlier review is cleared. */
export async function markSubmitted(q: Queryable, id: string): Promise<void> {
  await typed(q)
    .updateTable('kyc_applications')
    .set({ submittedAt: now, reviewedBy: null, reviewedAt: null, reviewNote: null })
    .where('id', '=', id)
    .execute();
}

/** Records the review; the application's investor, or undefined when there is no such application. */
export async function markReviewed(q: Queryable, id: string, reviewerId: string, note: string | null): Promise<string | undefined> {
  const row = await typed(q)
    .updateTable('kyc_applications')
    .set({ reviewedBy: reviewerId, reviewedAt: now, reviewNote: note })
    .where('id', '=', id)
    .returning('investorId')
    .executeTakeFirst();
  return row?.investorId;
}

export async function touchApplication(q: Queryable, id: string): Promise<void> {
  await typed(q).updateTable('kyc_applications').set({ updatedAt: now }).where('id', '=', id).execute();
}

/** Removes the application's document of this kind; its file's key, if there was one. */
export async function deleteDocument(q: Queryable, applicationId: string, kind: KycDocumentKind): Promise<string | undefined> {
  const row = await typed(q)
    .deleteFrom('kyc_documents')
    .where('applicationId', '=', applicationId)
    .where('kind', '=', kind)
    .returning('filePath')
    .executeTakeFirst();
  return row?.filePath;
}

export async function insertDocument(
  q: Queryable,
  doc: Pick<
    Insertable<KycDocumentsTable>,
    'applicationId' | 'kind' | 'filePath' | 'originalName' | 'extension' | 'mimeType' | 'byteSize' | 'sha256'
  >,
): Promise<void> {
  await typed(q).insertInto('kyc_documents').values(doc).execute();
}

/** One stored document of an application (by its id or its investor's). */
export function findDocument(q: Queryable, by: 'id' | 'investorId', value: string, kind: KycDocumentKind) {
  return typed(q)
    .selectFrom('kyc_documents as d')
    .innerJoin('kyc_applications as k', 'k.id', 'd.applicationId')
    .select(['d.filePath', 'd.extension', 'd.byteSize', 'k.investorId'])
    .where(`k.${by}`, '=', value)
    .where('d.kind', '=', kind)
    .executeTakeFirst();
}
