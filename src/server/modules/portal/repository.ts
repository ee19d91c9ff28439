import { type ExpressionBuilder, sql as kysql } from 'kysely';
import type { SuitabilityAnswers } from '../../../shared/investor-compliance.ts';
import type { KycDocumentKind } from '../../../shared/kyc.ts';
import type { Queryable } from '../../db/client.ts';
import type { DB } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/** The investor portal's queries (decision 035): typed from schema.generated.ts, columns read in camelCase. */

/**
 * Vault documents (alias `doc`) the investor may see, their deal aside: those addressed to them,
 * and investor-visible documents for everyone. An investor-visible document of a deal is visible
 * only while its deal is open or held by them too (the subscriptions module says which:
 * `openOrHeldDeals`, `dealOpenOrHeld`).
 */
const addressedOrVisible = (eb: ExpressionBuilder<{ doc: DB['documents'] }, 'doc'>, investorId: string) =>
  eb.or([eb('doc.investorId', '=', investorId), eb.and([eb('doc.investorId', 'is', null), eb.ref('doc.investorVisible')])]);

/** A vault document addressed to or visible to the investor (its deal not yet checked), or undefined. */
export function addressedDocument(q: Queryable, investorId: string, documentId: string) {
  return typed(q)
    .selectFrom('documents as doc')
    .select(['doc.filePath', 'doc.name', 'doc.extension', 'doc.byteSize', 'doc.dealId', 'doc.investorId'])
    .where('doc.id', '=', documentId)
    .where((eb) => addressedOrVisible(eb, investorId))
    .executeTakeFirst();
}

/** The documents of these deals the investor may see, newest first (one statement). */
export function dealDocuments(q: Queryable, investorId: string, dealIds: string[]) {
  return typed(q)
    .selectFrom('documents as doc')
    .select(['doc.id', 'doc.dealId', 'doc.name', 'doc.type', 'doc.extension', 'doc.fileSize', 'doc.uploadDate'])
    .where((eb) => eb.and([eb('doc.dealId', '=', eb.fn.any(kysql<string[]>`${dealIds}::uuid[]`)), addressedOrVisible(eb, investorId)]))
    .orderBy('doc.uploadDate', 'desc')
    .execute();
}

/** The deals with ledger entries of the investor, by title. */
export function ledgerDeals(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('deals as d')
    .select(['d.id', 'd.title', 'd.type'])
    .where('d.id', 'in', (eb) => eb.selectFrom('ledger_entries').select('dealId').distinct().where('investorId', '=', investorId))
    .orderBy('d.title')
    .execute();
}

/** Each deal's latest valuation on or before `asOf`: its expected exit and performance status. */
export function latestValuationStatus(q: Queryable, dealIds: string[], asOf: string) {
  return typed(q)
    .selectFrom('valuations')
    .distinctOn('dealId')
    .select(['dealId', 'expectedExit', 'performanceStatus'])
    .where('dealId', '=', (eb) => eb.fn.any(kysql<string[]>`${dealIds}::uuid[]`))
    .where('valuationDate', '<=', kysql<string>`${asOf}::date`)
    .orderBy('dealId')
    .orderBy('valuationDate', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
}

/** The investor's KYC application: its status and how many documents it holds. */
export function kycProgress(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('kyc_applications as k')
    .select((eb) => [
      'k.status',
      eb
        .selectFrom('kyc_documents as d')
        .select(kysql<number>`count(*)::int`.as('n'))
        .whereRef('d.applicationId', '=', 'k.id')
        .$asScalar()
        .as('docs'),
    ])
    .where('k.investorId', '=', investorId)
    .executeTakeFirst();
}

/** Messages in the investor's threads they have not read. */
export async function unreadByInvestor(q: Queryable, investorId: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('messages as m')
    .innerJoin('message_threads as t', 't.id', 'm.threadId')
    .select(kysql<number>`count(*)::int`.as('n'))
    .where('t.investorId', '=', investorId)
    .where((eb) => eb.not(eb.ref('m.readByInvestor')))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The investor's KYC application: its status, the kinds of document it holds and when it was opened. */
export function kycKinds(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('kyc_applications as k')
    .select((eb) => [
      'k.status',
      eb
        .selectFrom('kyc_documents as d')
        .select(kysql<KycDocumentKind[] | null>`array_agg(${kysql.ref('d.kind')})`.as('kinds'))
        .whereRef('d.applicationId', '=', 'k.id')
        .$asScalar()
        .as('kinds'),
      'k.createdAt',
    ])
    .where('k.investorId', '=', investorId)
    .executeTakeFirst();
}

/** The investor's latest suitability review. */
export async function latestSuitabilityReview(q: Queryable, investorId: string) {
  const row = await typed(q)
    .selectFrom('suitability_reviews')
    .select(['answers', 'completedAt', 'nextDue'])
    .where('investorId', '=', investorId)
    .orderBy('completedAt', 'desc')
    .limit(kysql.lit(1))
    .executeTakeFirst();
  // answers is written by insertSuitabilityReview only, from suitabilityInput.
  return row && { ...row, answers: row.answers as unknown as SuitabilityAnswers };
}

export async function accountOpenedAt(q: Queryable, investorId: string): Promise<Date | undefined> {
  return (await typed(q).selectFrom('profiles').select('createdAt').where('id', '=', investorId).executeTakeFirst())?.createdAt;
}

/** Documents addressed to the investor, generated statements aside, newest first. */
export function addressedDocuments(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('documents as doc')
    .select(['doc.id', 'doc.name', 'doc.type', 'doc.uploadDate', 'doc.expirationDate', 'doc.extension'])
    .where('doc.investorId', '=', investorId)
    .where('doc.statementFrom', 'is', null)
    .orderBy('doc.uploadDate', 'desc')
    .execute();
}

export async function insertSuitabilityReview(
  q: Queryable,
  investorId: string,
  answers: SuitabilityAnswers,
  nextDue: string,
): Promise<void> {
  await typed(q)
    .insertInto('suitability_reviews')
    .values({ investorId, answers: JSON.stringify(answers), nextDue })
    .execute();
}
