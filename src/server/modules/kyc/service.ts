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
import { conflict, notFound } from '../../http/errors.ts';
import { holdFileCommitLock } from '../../storage/consistency.ts';
import { MIME_TYPES } from '../../storage/content.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { ReceivedFile } from '../../storage/upload.ts';
import { logActivity } from '../activity/service.ts';
import { notifyKycDecision, notifyKycSubmitted } from '../email/notify.ts';
import { assertInvestorQuota } from '../security/quota.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import {
  type ApplicationRow,
  allApplications,
  applicationDocuments,
  applicationHistory,
  deleteDocument,
  findApplication,
  findDocument,
  insertApplication,
  insertDocument,
  insertHistory,
  lockApplication,
  markReviewed,
  markSubmitted,
  setStatus,
  touchApplication,
} from './repository.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toApplication(r: ApplicationRow): KycApplication {
  const flags = Object.fromEntries(KYC_DOCUMENT_KINDS.map((k) => [k, (r.kinds ?? []).includes(k)])) as Record<KycDocumentKind, boolean>;
  return {
    id: r.id,
    investorId: r.investorId,
    investorName: r.investorName,
    email: r.email,
    type: r.investorUserType,
    status: r.status,
    completionPercentage: completionOf(flags),
    flags,
    submittedAt: iso(r.submittedAt),
    reviewedBy: r.reviewedBy,
    reviewedByName: r.reviewedByName,
    reviewedAt: iso(r.reviewedAt),
    reviewNote: r.reviewNote,
    suitabilityReviewRequired: r.suitabilityReviewRequired,
  };
}

/** Opens a pending application for a new investor (called in the transaction that creates the account). */
export async function openKycApplication(q: Queryable, investorId: string): Promise<void> {
  const applicationId = await insertApplication(q, investorId);
  await insertHistory(q, { applicationId, toStatus: 'pending', note: 'Application opened' });
}

export async function listKyc(q: Queryable): Promise<KycList> {
  const rows = await allApplications(q);
  const applications = rows.map(toApplication);
  const counters: KycCounters = { total: applications.length, pending: 0, in_review: 0, approved: 0, rejected: 0 };
  for (const a of applications) counters[a.status]++;
  return { applications, counters };
}

async function appRow(q: Queryable, by: 'id' | 'investorId', value: string): Promise<ApplicationRow> {
  const row = await findApplication(q, by, value);
  if (!row) throw notFound('KYC application not found');
  return row;
}

export async function kycDetail(q: Queryable, by: { id?: string; investorId?: string }): Promise<KycDetail> {
  const row = by.id ? await appRow(q, 'id', by.id) : await appRow(q, 'investorId', by.investorId as string);
  const docs = await applicationDocuments(q, row.id);
  const history = await applicationHistory(q, row.id);
  return {
    ...toApplication(row),
    documents: docs.map((d) => ({ ...d, uploadedAt: d.uploadedAt.toISOString() })),
    history: history.map(({ name, ...h }) => ({ ...h, actorName: name, createdAt: h.createdAt.toISOString() })),
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
  const current = await lockApplication(q, 'id', id);
  if (!current) throw notFound('KYC application not found');
  if (!from.includes(current.status)) {
    throw conflict(
      `This application is ${current.status.replace('_', ' ')}; it cannot move to ${to.replace('_', ' ')}`,
      'INVALID_TRANSITION',
    );
  }
  await setStatus(q, id, to);
  await insertHistory(q, { applicationId: id, fromStatus: current.status, toStatus: to, actorId, note });
  return current.status;
}

/** Investor submits a complete application: pending or rejected -> in_review. */
export async function submitKyc(db: Db, investorId: string, ip: string): Promise<void> {
  await db.tx(async (q) => {
    const row = await appRow(q, 'investorId', investorId);
    const app = toApplication(row);
    if (app.completionPercentage < 100) {
      throw conflict('Upload all four documents before submitting', 'INCOMPLETE');
    }
    await transition(q, row.id, ['pending', 'rejected'], 'in_review', investorId, null);
    await markSubmitted(q, row.id);
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
    const investorId = await markReviewed(q, id, actorId, note);
    await logActivity(q, {
      type: decision === 'approved' ? 'kyc_approved' : 'kyc_rejected',
      userId: actorId,
      targetUserId: investorId ?? null,
      details: { applicationId: id, ...(note ? { reason: note } : {}) },
      ip,
    });
    if (investorId) await notifyKycDecision(q, investorId, decision === 'approved', note);
    await emitWebhookEvent(q, 'kyc.decided', { applicationId: id, investorId: investorId ?? null, decision });
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
      const app = await lockApplication(q, 'investorId', investorId);
      if (!app) throw notFound('KYC application not found');
      if (app.status !== 'pending' && app.status !== 'rejected') {
        throw conflict(`Documents cannot be changed while the application is ${app.status.replace('_', ' ')}`, 'FROZEN');
      }
      const old = await deleteDocument(q, app.id, kind);
      await insertDocument(q, {
        applicationId: app.id,
        kind,
        filePath: key,
        originalName: file.filename.slice(0, 200),
        extension: file.extension,
        mimeType: MIME_TYPES[file.extension] ?? 'application/octet-stream',
        byteSize: file.temp.size,
        sha256: file.temp.sha256,
      });
      await assertInvestorQuota(q, investorId, file.temp.size);
      await touchApplication(q, app.id);
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
      return old;
    });
  } catch (err) {
    if (committed) await files.delete(key).catch(() => {});
    await files.discard(file.temp).catch(() => {});
    throw err;
  }
  if (oldKey) await files.delete(oldKey).catch(() => {});
}

/** A stored document's file (the route serves it): its path, extension, size and investor. */
export async function kycFile(q: Queryable, where: { applicationId?: string; investorId?: string }, kind: KycDocumentKind) {
  const row = where.applicationId
    ? await findDocument(q, 'id', where.applicationId, kind)
    : await findDocument(q, 'investorId', where.investorId as string, kind);
  if (!row) throw notFound('Document not found');
  return row;
}
