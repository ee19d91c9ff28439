import type { Insertable, Updateable } from 'kysely';
import type { VaultDocument } from '../../../shared/documents.ts';
import type { Queryable } from '../../db/client.ts';
import type { DocumentsTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/** The document vault's queries (decision 035): typed from schema.generated.ts, columns read in camelCase. */

/** documents d with its deal's title, its uploader's and its investor's names. */
const withNames = (q: Queryable) =>
  typed(q)
    .selectFrom('documents as d')
    .leftJoin('deals', 'deals.id', 'd.dealId')
    .leftJoin('profiles as p', 'p.id', 'd.uploadedBy')
    .leftJoin('profiles as inv', 'inv.id', 'd.investorId')
    .select([
      'd.id',
      'd.name',
      'd.type',
      'd.filePath',
      'd.extension',
      'd.mimeType',
      'd.fileSize',
      'd.byteSize',
      'd.sha256',
      'd.expirationDate',
      'd.dealId',
      'deals.title as dealTitle',
      'd.uploadedBy',
      'p.name as uploadedByName',
      'd.investorVisible',
      'd.investorId',
      'inv.name as investorName',
      'd.uploadDate',
    ]);

export type DocumentRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

export const toDocument = (r: DocumentRow): VaultDocument => ({
  id: r.id,
  name: r.name,
  type: r.type,
  extension: r.extension,
  fileSize: r.fileSize,
  byteSize: r.byteSize,
  sha256: r.sha256,
  expirationDate: r.expirationDate,
  dealId: r.dealId,
  dealTitle: r.dealTitle,
  uploadedBy: r.uploadedBy,
  uploadedByName: r.uploadedByName,
  uploadDate: r.uploadDate.toISOString(),
  investorVisible: r.investorVisible,
  investorId: r.investorId,
  investorName: r.investorName,
});

/** Every document, or a deal's, newest first. */
export function documentRows(q: Queryable, dealId?: string): Promise<DocumentRow[]> {
  return withNames(q)
    .$if(dealId !== undefined, (qb) => qb.where('d.dealId', '=', dealId as string))
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

export function documentRow(q: Queryable, id: string): Promise<DocumentRow | undefined> {
  return withNames(q).where('d.id', '=', id).executeTakeFirst();
}

export async function isInvestor(q: Queryable, id: string): Promise<boolean> {
  const row = await typed(q).selectFrom('profiles').select('id').where('id', '=', id).where('role', '=', 'investor').executeTakeFirst();
  return row !== undefined;
}

export async function dealExists(q: Queryable, id: string): Promise<boolean> {
  return (await typed(q).selectFrom('deals').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export type NewDocument = Omit<Insertable<DocumentsTable>, 'id' | 'uploadDate' | 'createdAt'>;

/** Inserts a document's row and returns its id. */
export async function insertDocument(q: Queryable, doc: NewDocument): Promise<string> {
  return (await typed(q).insertInto('documents').values(doc).returning('id').executeTakeFirstOrThrow()).id;
}

export type DocumentChanges = Pick<Updateable<DocumentsTable>, 'investorVisible' | 'expirationDate' | 'investorId'>;

export async function updateDocumentColumns(q: Queryable, id: string, changes: DocumentChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await typed(q).updateTable('documents').set(changes).where('id', '=', id).execute();
}

/** Deletes the row; its file path, name and deal, or undefined when there was none. */
export function deleteDocumentRow(q: Queryable, id: string) {
  return typed(q).deleteFrom('documents').where('id', '=', id).returning(['filePath', 'name', 'dealId']).executeTakeFirst();
}
