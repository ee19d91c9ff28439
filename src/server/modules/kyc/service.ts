import { randomBytes } from 'node:crypto';
import {
  completionOf,
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_LABELS,
  type KycApplication,
  type KycCounters,
  type KycDetail,
  type KycDocumentKind,
  type KycList,
  type KycStatus,
} from '../../../shared/kyc.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { holdFileCommitLock } from '../../storage/consistency.ts';
import { MIME_TYPES } from '../../storage/content.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { ReceivedFile } from '../../storage/upload.ts';
import { logActivity } from '../activity/service.ts';
import { notifyKycDecision, notifyKycSubmitted } from '../email/notify.ts';
import { assertInvestorQuota } from '../security/quota.ts';

interface AppRow {
  id: string;
  investor_id: string;
  investor_name: string;
  email: string;
  investor_user_type: KycApplication['type'];
  status: KycStatus;
  kinds: KycDocumentKind[] | null;
  submitted_at: Date | null;
  reviewed_by: string | null;
  reviewed_by_name: string | null;
  reviewed_at: Date | null;
  review_note: string | null;
  suitability_review_required: boolean;
}

/**
 * Whether the investor's latest suitability review fails the professional-client criteria
 * (failedProfessionalCriteria in src/shared/portal.ts, in SQL).
 */
const SUITABILITY_REVIEW_REQUIRED_SQL = (
  investorId: string,
) => `coalesce((SELECT (sr.answers->>'netWorthBand' = 'under_1m' OR sr.answers->>'experience' = 'none')
      FROM suitability_reviews sr WHERE sr.investor_id = ${investorId} ORDER BY sr.completed_at DESC LIMIT 1), false)`;

const SELECT = `SELECT k.id, k.investor_id, p.name AS investor_name, p.email, p.investor_user_type, k.status,
    (SELECT array_agg(d.kind) FROM kyc_documents d WHERE d.application_id = k.id) AS kinds,
    k.submitted_at, k.reviewed_by, r.name AS reviewed_by_name, k.reviewed_at, k.review_note,
    ${SUITABILITY_REVIEW_REQUIRED_SQL('k.investor_id')} AS suitability_review_required
  FROM kyc_applications k JOIN profiles p ON p.id = k.investor_id LEFT JOIN profiles r ON r.id = k.reviewed_by`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toApplication(r: AppRow): KycApplication {
  const flags = Object.fromEntries(KYC_DOCUMENT_KINDS.map((k) => [k, (r.kinds ?? []).includes(k)])) as Record<KycDocumentKind, boolean>;
  return {
    id: r.id,
    investorId: r.investor_id,
    investorName: r.investor_name,
    email: r.email,
    type: r.investor_user_type,
    status: r.status,
    completionPercentage: completionOf(flags),
    flags,
    submittedAt: iso(r.submitted_at),
    reviewedBy: r.reviewed_by,
    reviewedByName: r.reviewed_by_name,
    reviewedAt: iso(r.reviewed_at),
    reviewNote: r.review_note,
    suitabilityReviewRequired: r.suitability_review_required,
  };
}

/** Opens a pending application for a new investor (called in the transaction that creates the account). */
export async function openKycApplication(q: Queryable, investorId: string): Promise<void> {
  const rows = await sql<{ id: string }>('INSERT INTO kyc_applications (investor_id) VALUES ($1) RETURNING id').all(q, [investorId]);
  await q.query("INSERT INTO kyc_history (application_id, to_status, note) VALUES ($1, 'pending', 'Application opened')", [rows[0]?.id]);
}

export async function listKyc(q: Queryable): Promise<KycList> {
  const rows = await sql<AppRow>(`${SELECT} ORDER BY coalesce(k.submitted_at, k.created_at) DESC, k.id`).all(q);
  const applications = rows.map(toApplication);
  const counters: KycCounters = { total: applications.length, pending: 0, in_review: 0, approved: 0, rejected: 0 };
  for (const a of applications) counters[a.status]++;
  return { applications, counters };
}

async function appRow(q: Queryable, where: 'k.id' | 'k.investor_id', value: string): Promise<AppRow> {
  const row = await sql<AppRow>(`${SELECT} WHERE ${where} = $1`).first(q, [value]);
  if (!row) throw notFound('KYC application not found');
  return row;
}

export async function kycDetail(q: Queryable, by: { id?: string; investorId?: string }): Promise<KycDetail> {
  const row = by.id ? await appRow(q, 'k.id', by.id) : await appRow(q, 'k.investor_id', by.investorId as string);
  const docs = await sql<{ kind: KycDocumentKind; original_name: string; extension: string; byte_size: number; uploaded_at: Date }>(
    'SELECT kind, original_name, extension, byte_size, uploaded_at FROM kyc_documents WHERE application_id = $1 ORDER BY kind',
  ).all(q, [row.id]);
  const history = await sql<{
    id: number;
    from_status: KycStatus | null;
    to_status: KycStatus;
    actor_id: string | null;
    name: string | null;
    note: string | null;
    created_at: Date;
  }>(`SELECT h.id, h.from_status, h.to_status, h.actor_id, p.name, h.note, h.created_at
       FROM kyc_history h LEFT JOIN profiles p ON p.id = h.actor_id WHERE h.application_id = $1 ORDER BY h.created_at, h.id`).all(q, [
    row.id,
  ]);
  return {
    ...toApplication(row),
    documents: docs.map((d) => ({
      kind: d.kind,
      originalName: d.original_name,
      extension: d.extension,
      byteSize: d.byte_size,
      uploadedAt: new Date(d.uploaded_at).toISOString(),
    })),
    history: history.map((h) => ({
      id: h.id,
      fromStatus: h.from_status,
      toStatus: h.to_status,
      actorId: h.actor_id,
      actorName: h.name,
      note: h.note,
      createdAt: new Date(h.created_at).toISOString(),
    })),
  };
}

/** Moves an application between statuses (409 from any other status) and records the history entry. */
async function transition(
  q: Queryable,
  id: string,
  from: KycStatus[],
  to: KycStatus,
  actorId: string,
  note: string | null,
): Promise<KycStatus> {
  const current = await sql<{ status: KycStatus }>('SELECT status FROM kyc_applications WHERE id = $1 FOR UPDATE').first(q, [id]);
  if (!current) throw notFound('KYC application not found');
  if (!from.includes(current.status)) {
    throw conflict(
      `This application is ${current.status.replace('_', ' ')}; it cannot move to ${to.replace('_', ' ')}`,
      'INVALID_TRANSITION',
    );
  }
  await q.query('UPDATE kyc_applications SET status = $2, updated_at = now() WHERE id = $1', [id, to]);
  await q.query('INSERT INTO kyc_history (application_id, from_status, to_status, actor_id, note) VALUES ($1, $2, $3, $4, $5)', [
    id,
    current.status,
    to,
    actorId,
    note,
  ]);
  return current.status;
}

/** Investor submits a complete application: pending or rejected -> in_review. */
export async function submitKyc(db: Db, investorId: string, ip: string): Promise<void> {
  await db.tx(async (q) => {
    const row = await appRow(q, 'k.investor_id', investorId);
    const app = toApplication(row);
    if (app.completionPercentage < 100) {
      throw conflict('Upload all four documents before submitting', 'INCOMPLETE');
    }
    await transition(q, row.id, ['pending', 'rejected'], 'in_review', investorId, null);
    await q.query(
      'UPDATE kyc_applications SET submitted_at = now(), reviewed_by = NULL, reviewed_at = NULL, review_note = NULL WHERE id = $1',
      [row.id],
    );
    await logActivity(q, { type: 'kyc_submitted', userId: investorId, targetUserId: investorId, details: { applicationId: row.id }, ip });
    await notifyKycSubmitted(q, investorId);
  });
}

export async function reviewKyc(
  db: Db,
  id: string,
  decision: 'approved' | 'rejected',
  actorId: string,
  note: string | null,
  ip: string,
): Promise<void> {
  await db.tx(async (q) => {
    await transition(q, id, ['in_review'], decision, actorId, note);
    await q.query('UPDATE kyc_applications SET reviewed_by = $2, reviewed_at = now(), review_note = $3 WHERE id = $1', [id, actorId, note]);
    const investor = await sql<{ investor_id: string }>('SELECT investor_id FROM kyc_applications WHERE id = $1').first(q, [id]);
    await logActivity(q, {
      type: decision === 'approved' ? 'kyc_approved' : 'kyc_rejected',
      userId: actorId,
      targetUserId: investor?.investor_id ?? null,
      details: { applicationId: id, ...(note ? { reason: note } : {}) },
      ip,
    });
    if (investor) await notifyKycDecision(q, investor.investor_id, decision === 'approved', note);
  });
}

/**
 * Stores or replaces one KYC document atomically. Only while the application is pending or
 * rejected (an application under review or approved is frozen). The old file is removed
 * after the new row commits.
 */
export async function storeKycDocument(
  db: Db,
  files: FileStore,
  investorId: string,
  kind: KycDocumentKind,
  file: ReceivedFile,
  /** The investor's upload through the API is logged in the same transaction as the row. */
  log?: { ip: string },
): Promise<void> {
  const key = `kyc/${investorId}/${kind}-${Date.now()}-${randomBytes(4).toString('hex')}.${file.extension}`;
  let committed = false;
  let oldKey: string | undefined;
  try {
    oldKey = await db.tx(async (q) => {
      const app = await sql<{ id: string; status: KycStatus }>(
        'SELECT id, status FROM kyc_applications WHERE investor_id = $1 FOR UPDATE',
      ).first(q, [investorId]);
      if (!app) throw notFound('KYC application not found');
      if (app.status !== 'pending' && app.status !== 'rejected') {
        throw conflict(`Documents cannot be changed while the application is ${app.status.replace('_', ' ')}`, 'FROZEN');
      }
      const old = await sql<{ file_path: string }>(
        'DELETE FROM kyc_documents WHERE application_id = $1 AND kind = $2 RETURNING file_path',
      ).first(q, [app.id, kind]);
      await q.query(
        `INSERT INTO kyc_documents (application_id, kind, file_path, original_name, extension, mime_type, byte_size, sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          app.id,
          kind,
          key,
          file.filename.slice(0, 200),
          file.extension,
          MIME_TYPES[file.extension] ?? 'application/octet-stream',
          file.temp.size,
          file.temp.sha256,
        ],
      );
      await assertInvestorQuota(q, investorId, file.temp.size);
      await q.query('UPDATE kyc_applications SET updated_at = now() WHERE id = $1', [app.id]);
      if (log) {
        await logActivity(q, {
          type: 'kyc_document_uploaded',
          userId: investorId,
          targetUserId: investorId,
          details: { kind, label: KYC_DOCUMENT_LABELS[kind] },
          ip: log.ip,
        });
      }
      await holdFileCommitLock(q);
      await files.commit(file.temp, key);
      committed = true;
      return old?.file_path;
    });
  } catch (err) {
    if (committed) await files.delete(key).catch(() => {});
    await files.discard(file.temp).catch(() => {});
    throw err;
  }
  if (oldKey) await files.delete(oldKey).catch(() => {});
}

export async function kycFile(q: Queryable, where: { applicationId?: string; investorId?: string }, kind: KycDocumentKind) {
  const rows = await sql<{
    file_path: string;
    extension: string;
    byte_size: number;
    investor_id: string;
  }>(`SELECT d.file_path, d.extension, d.byte_size, k.investor_id FROM kyc_documents d JOIN kyc_applications k ON k.id = d.application_id
      WHERE ${where.applicationId ? 'k.id' : 'k.investor_id'} = $1 AND d.kind = $2`).all(q, [
    where.applicationId ?? where.investorId,
    kind,
  ]);
  if (!rows[0]) throw notFound('Document not found');
  return rows[0];
}
