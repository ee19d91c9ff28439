import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { documentUpdateInput, uploadFields, VaultDocument } from '../../../shared/documents.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { holdFileCommitLock } from '../../storage/consistency.ts';
import { MIME_TYPES } from '../../storage/content.ts';
import type { FileStore, TempFile } from '../../storage/file-store.ts';
import { logActivity } from '../activity/service.ts';
import { notifyDocument } from '../email/notify.ts';

interface DocumentRow {
  id: string;
  name: string;
  type: VaultDocument['type'];
  file_path: string;
  extension: string;
  mime_type: string;
  file_size: string;
  byte_size: number;
  sha256: string;
  expiration_date: string | null;
  deal_id: string | null;
  deal_title: string | null;
  uploaded_by: string | null;
  uploaded_by_name: string | null;
  investor_visible: boolean;
  investor_id: string | null;
  investor_name: string | null;
  upload_date: Date;
}

const COLUMNS = `d.id, d.name, d.type, d.file_path, d.extension, d.mime_type, d.file_size, d.byte_size, d.sha256,
  to_char(d.expiration_date, 'YYYY-MM-DD') AS expiration_date, d.deal_id, deals.title AS deal_title, d.uploaded_by,
  p.name AS uploaded_by_name, d.investor_visible, d.investor_id, inv.name AS investor_name, d.upload_date`;
const FROM = `FROM documents d LEFT JOIN deals ON deals.id = d.deal_id LEFT JOIN profiles p ON p.id = d.uploaded_by
  LEFT JOIN profiles inv ON inv.id = d.investor_id`;

const toDocument = (r: DocumentRow): VaultDocument => ({
  id: r.id,
  name: r.name,
  type: r.type,
  extension: r.extension,
  fileSize: r.file_size,
  byteSize: r.byte_size,
  sha256: r.sha256,
  expirationDate: r.expiration_date,
  dealId: r.deal_id,
  dealTitle: r.deal_title,
  uploadedBy: r.uploaded_by,
  uploadedByName: r.uploaded_by_name,
  uploadDate: new Date(r.upload_date).toISOString(),
  investorVisible: r.investor_visible,
  investorId: r.investor_id,
  investorName: r.investor_name,
});

export async function listDocuments(q: Queryable, filter: { dealId?: string } = {}): Promise<VaultDocument[]> {
  const rows = filter.dealId
    ? await sql<DocumentRow>(`SELECT ${COLUMNS} ${FROM} WHERE d.deal_id = $1 ORDER BY d.created_at DESC, d.id DESC`).all(q, [filter.dealId])
    : await sql<DocumentRow>(`SELECT ${COLUMNS} ${FROM} ORDER BY d.created_at DESC, d.id DESC`).all(q);
  return rows.map(toDocument);
}

export async function getDocumentRow(q: Queryable, id: string): Promise<DocumentRow> {
  const row = await sql<DocumentRow>(`SELECT ${COLUMNS} ${FROM} WHERE d.id = $1`).first(q, [id]);
  if (!row) throw notFound('Document not found');
  return row;
}

export async function getDocument(q: Queryable, id: string): Promise<VaultDocument> {
  return toDocument(await getDocumentRow(q, id));
}

async function assertInvestor(q: Queryable, investorId: string | null | undefined): Promise<void> {
  if (!investorId) return;
  if ((await q.query("SELECT 1 FROM profiles WHERE id = $1 AND role = 'investor'", [investorId])).length === 0) {
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
      if (input.dealId && (await q.query('SELECT 1 FROM deals WHERE id = $1', [input.dealId])).length === 0) {
        throw badRequest('Deal not found', { dealId: 'Deal not found' });
      }
      await assertInvestor(q, input.investorId);
      const rows = await sql<{
        id: string;
      }>(`INSERT INTO documents (name, type, file_path, extension, mime_type, file_size, byte_size, sha256, expiration_date, deal_id, uploaded_by,
                                investor_visible, investor_id, statement_from, statement_to, statement_job_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`).all(q, [
        input.name,
        input.type,
        key,
        extension,
        MIME_TYPES[extension] ?? 'application/octet-stream',
        sizeInKb(file.size),
        file.size,
        file.sha256,
        input.expirationDate ?? null,
        input.dealId ?? null,
        userId,
        input.investorVisible,
        input.investorId ?? null,
        statement?.from ?? null,
        statement?.to ?? null,
        statement?.jobId ?? null,
      ]);
      const docId = rows[0]?.id as string;
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
  if (input.investorVisible !== undefined)
    await q.query('UPDATE documents SET investor_visible = $2 WHERE id = $1', [id, input.investorVisible]);
  if (input.expirationDate !== undefined)
    await q.query('UPDATE documents SET expiration_date = $2 WHERE id = $1', [id, input.expirationDate]);
  if (input.investorId !== undefined) {
    await assertInvestor(q, input.investorId);
    await q.query('UPDATE documents SET investor_id = $2 WHERE id = $1', [id, input.investorId]);
  }
  return getDocument(q, id);
}

/** Deletes the row, then the file (a crash in between leaves an orphan file that the start-up sweep removes). */
export async function deleteDocument(db: Db, files: FileStore, id: string, userId: string, ip: string): Promise<void> {
  const row = await db.tx(async (q) => {
    const r = await sql<{ file_path: string; name: string; deal_id: string | null }>(
      'DELETE FROM documents WHERE id = $1 RETURNING file_path, name, deal_id',
    ).first(q, [id]);
    if (!r) throw notFound('Document not found');
    await logActivity(q, { type: 'document_deleted', userId, details: { documentId: id, name: r.name, dealId: r.deal_id }, ip });
    return r;
  });
  await files.delete(row.file_path);
}
