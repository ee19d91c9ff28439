import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { documentUpdateInput, uploadFields, VaultDocument } from '../../../shared/documents.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { holdFileCommitLock } from '../../storage/consistency.ts';
import { MIME_TYPES } from '../../storage/content.ts';
import type { FileStore, TempFile } from '../../storage/file-store.ts';
import { logActivity } from '../activity/service.ts';
import { notifyDocument } from '../email/notify.ts';
import {
  type DocumentChanges,
  type DocumentRow,
  dealExists,
  deleteDocumentRow,
  documentRow,
  documentRows,
  insertDocument,
  isInvestor,
  toDocument,
  updateDocumentColumns,
} from './repository.ts';

export async function listDocuments(q: Queryable, filter: { dealId?: string } = {}): Promise<VaultDocument[]> {
  return (await documentRows(q, filter.dealId || undefined)).map(toDocument);
}

/** The document's row (its file path for the download routes), or 404. */
export async function getDocumentRow(q: Queryable, id: string): Promise<DocumentRow> {
  const row = await documentRow(q, id);
  if (!row) throw notFound('Document not found');
  return row;
}

export async function getDocument(q: Queryable, id: string): Promise<VaultDocument> {
  return toDocument(await getDocumentRow(q, id));
}

async function assertInvestor(q: Queryable, investorId: string | null | undefined): Promise<void> {
  if (!investorId) return;
  if (!(await isInvestor(q, investorId))) {
    throw badRequest('Choose an investor', { investorId: 'Choose an investor' });
  }
}

/** The spec's size text: kilobytes, rounded up so a small file never shows 0 KB. */
export const sizeInKb = (bytes: number) => String(Math.max(1, Math.ceil(bytes / 1024)));

/**
 * Stores a validated upload atomically: the row and the file commit together. The temp
 * file is moved into place inside the transaction; if anything fails, both are removed.
 */
export async function storeDocument(
  db: Db,
  files: FileStore,
  input: z.output<typeof uploadFields>,
  file: TempFile,
  extension: string,
  userId: string | null,
  ip: string | null,
  /** A generated capital account statement's period (listed on the investor's Statements screen, not under compliance). */
  statement: { from: string; to: string; jobId?: string } | null = null,
): Promise<VaultDocument> {
  const key = `deal-documents/${input.dealId ?? 'general'}/${Date.now()}-${randomBytes(4).toString('hex')}.${extension}`;
  let committed = false;
  let id: string;
  try {
    id = await db.tx(async (q) => {
      if (input.dealId && !(await dealExists(q, input.dealId))) {
        throw badRequest('Deal not found', { dealId: 'Deal not found' });
      }
      await assertInvestor(q, input.investorId);
      const docId = await insertDocument(q, {
        name: input.name,
        type: input.type,
        filePath: key,
        extension,
        mimeType: MIME_TYPES[extension] ?? 'application/octet-stream',
        fileSize: sizeInKb(file.size),
        byteSize: file.size,
        sha256: file.sha256,
        expirationDate: input.expirationDate ?? null,
        dealId: input.dealId ?? null,
        uploadedBy: userId,
        investorVisible: input.investorVisible,
        investorId: input.investorId ?? null,
        statementFrom: statement?.from ?? null,
        statementTo: statement?.to ?? null,
        statementJobId: statement?.jobId ?? null,
      });
      await logActivity(q, {
        type: 'document_uploaded',
        userId,
        details: { documentId: docId, name: input.name, type: input.type, dealId: input.dealId ?? null, size: file.size },
        ip,
      });
      await notifyDocument(q, docId);
      await holdFileCommitLock(q);
      await files.commit(file, key);
      committed = true;
      return docId;
    });
  } catch (err) {
    if (committed) await files.delete(key).catch(() => {});
    await files.discard(file).catch(() => {});
    throw err;
  }
  return getDocument(db, id);
}

export async function updateDocument(q: Queryable, id: string, input: z.output<typeof documentUpdateInput>): Promise<VaultDocument> {
  await getDocumentRow(q, id);
  // In the caller's transaction: a refused investor leaves nothing written.
  if (input.investorId !== undefined) await assertInvestor(q, input.investorId);
  const changes: DocumentChanges = {};
  if (input.investorVisible !== undefined) changes.investorVisible = input.investorVisible;
  if (input.expirationDate !== undefined) changes.expirationDate = input.expirationDate;
  if (input.investorId !== undefined) changes.investorId = input.investorId;
  await updateDocumentColumns(q, id, changes);
  return getDocument(q, id);
}

/** Deletes the row, then the file (a crash in between leaves an orphan file that the start-up sweep removes). */
export async function deleteDocument(db: Db, files: FileStore, id: string, userId: string, ip: string): Promise<void> {
  const row = await db.tx(async (q) => {
    const r = await deleteDocumentRow(q, id);
    if (!r) throw notFound('Document not found');
    await logActivity(q, { type: 'document_deleted', userId, details: { documentId: id, name: r.name, dealId: r.dealId }, ip });
    return r;
  });
  await files.delete(row.filePath);
}
