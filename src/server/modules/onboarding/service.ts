import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  assessClassification,
  CLASSIFICATION_EVIDENCE_MAX_FILES,
  type ClassificationAnswers,
  type ClassificationApplication,
  type ClassificationEvidence,
  type ClassificationQueue,
  type ClassificationState,
  classificationCurrent,
  type classificationDecisionInput,
  classificationReviewDue,
  type MyClassification,
  RETAIL_NOTICE_VERSION,
} from '../../../shared/dfsa-classification.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { holdFileCommitLock } from '../../storage/consistency.ts';
import { MIME_TYPES } from '../../storage/content.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { ReceivedFile } from '../../storage/upload.ts';
import { logActivity } from '../activity/service.ts';
import { insertItem, updateItemColumns } from '../compliance/repository.ts';
import { assertInvestorQuota } from '../security/quota.ts';
import { companyDayIn } from '../settings/clock.ts';
import { subscriptionEligibility } from './eligibility.ts';
import {
  allClassifications,
  attachEvidence,
  type ClassificationRow,
  decidedClassification,
  deleteUnattachedEvidence,
  evidenceOf,
  findClassification,
  findEvidence,
  insertClassification,
  insertEvidence,
  investorName,
  latestClassification,
  lockInvestorProfile,
  markDecided,
  openReviewItems,
  unattachedEvidence,
} from './repository.ts';

type EvidenceRow = Awaited<ReturnType<typeof unattachedEvidence>>[number];

const toEvidence = (e: EvidenceRow): ClassificationEvidence => ({
  id: e.id,
  name: e.originalName,
  extension: e.extension,
  byteSize: Number(e.byteSize),
  uploadedAt: new Date(e.uploadedAt).toISOString(),
});

function toApplication(r: ClassificationRow, evidence: EvidenceRow[]): ClassificationApplication {
  const answers = r.answers as unknown as ClassificationAnswers;
  return {
    id: r.id,
    investorId: r.investorId,
    investorName: r.investorName,
    investorEmail: r.investorEmail,
    investorType: r.investorType,
    status: r.status,
    answers,
    assessment: assessClassification(answers),
    noticeVersion: r.noticeVersion,
    noticeAcknowledgedAt: new Date(r.noticeAcknowledgedAt).toISOString(),
    submittedAt: new Date(r.submittedAt).toISOString(),
    decision: r.decision,
    reasons: r.reasons,
    decidedByName: r.decidedByName,
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    reviewDue: r.reviewDue,
    evidence: evidence.filter((e) => e.classificationId === r.id).map(toEvidence),
  };
}

async function withEvidence(q: Queryable, rows: ClassificationRow[]): Promise<ClassificationApplication[]> {
  const evidence = await evidenceOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toApplication(r, evidence));
}

/** The investor's classification in force and its state on `today` (the company's day). */
export async function classificationStatus(
  q: Queryable,
  investorId: string,
  today: string,
): Promise<{ state: ClassificationState; row: ClassificationRow | undefined; expired: boolean; pending: boolean }> {
  const latest = await latestClassification(q, investorId);
  const decided = latest?.status === 'decided' ? latest : await decidedClassification(q, investorId);
  const pending = latest?.status === 'submitted';
  if (!decided) return { state: pending ? 'pending' : 'none', row: undefined, expired: false, pending };
  const expired = decided.decision !== 'retail' && !classificationCurrent(decided.reviewDue, today);
  return { state: decided.decision as ClassificationState, row: decided, expired, pending };
}

/** GET /api/investor/classification. */
export async function myClassification(q: Queryable, investorId: string): Promise<MyClassification> {
  const { today } = await companyDayIn(q);
  const status = await classificationStatus(q, investorId, today);
  const latestRow = await latestClassification(q, investorId);
  const [latest] = latestRow ? await withEvidence(q, [latestRow]) : [];
  const pendingEvidence = (await unattachedEvidence(q, investorId)).map(toEvidence);
  return {
    state: status.state,
    basis: status.row?.basis ?? null,
    decidedAt: status.row?.decidedAt ? new Date(status.row.decidedAt).toISOString() : null,
    reviewDue: status.row?.reviewDue ?? null,
    expired: status.expired,
    reasons: status.row?.reasons ?? null,
    latest: latest ?? null,
    pendingEvidence,
    noticeVersion: RETAIL_NOTICE_VERSION,
    blocking: await subscriptionEligibility(q, investorId, today),
  };
}

/**
 * Stores one evidence file for the investor's next application. At most
 * CLASSIFICATION_EVIDENCE_MAX_FILES wait at a time; the storage quota counts them.
 */
export async function storeEvidence(db: Db, files: FileStore, investorId: string, file: ReceivedFile, ip: string): Promise<void> {
  const key = `classification/${investorId}/${Date.now()}-${randomBytes(6).toString('hex')}.${file.extension}`;
  let committed = false;
  try {
    await db.tx(async (q) => {
      // The quota check locks the profile row: uploads by one investor are counted one at a time.
      await lockInvestorProfile(q, investorId);
      if ((await unattachedEvidence(q, investorId)).length >= CLASSIFICATION_EVIDENCE_MAX_FILES) {
        throw conflict(
          `You can attach at most ${CLASSIFICATION_EVIDENCE_MAX_FILES} evidence files to one classification. Remove one first.`,
          'TOO_MANY_FILES',
        );
      }
      await insertEvidence(q, {
        investorId,
        filePath: key,
        originalName: file.filename.slice(0, 200),
        extension: file.extension,
        mimeType: MIME_TYPES[file.extension] ?? 'application/octet-stream',
        byteSize: file.temp.size,
        sha256: file.temp.sha256,
      });
      await assertInvestorQuota(q, investorId, file.temp.size);
      await logActivity(q, {
        type: 'classification_evidence_uploaded',
        userId: investorId,
        targetUserId: investorId,
        details: { name: file.filename.slice(0, 200) },
        ip,
      });
      await holdFileCommitLock(q);
      await files.commit(file.temp, key);
      committed = true;
    });
  } catch (err) {
    if (committed) await files.delete(key).catch(() => {});
    await files.discard(file.temp).catch(() => {});
    throw err;
  }
}

/** Removes an evidence file not yet part of a submitted application (the investor's own only). */
export async function removeEvidence(db: Db, files: FileStore, investorId: string, id: string): Promise<void> {
  const key = await db.tx((q) => deleteUnattachedEvidence(q, investorId, id));
  if (!key) throw notFound('Evidence file not found');
  await files.delete(key).catch(() => {});
}

/** An evidence file: the investor's own, or any for an admin. */
export async function evidenceFile(q: Queryable, id: string, investorId?: string) {
  const row = await findEvidence(q, id);
  if (!row || (investorId !== undefined && row.investorId !== investorId)) throw notFound('Evidence file not found');
  return row;
}

/**
 * The investor submits their answers with the evidence uploaded so far: the notice acknowledged
 * (its version and the time) is stored with them. One application waits at a time.
 */
export async function submitClassification(q: Queryable, investorId: string, answers: ClassificationAnswers, ip: string): Promise<void> {
  await lockInvestorProfile(q, investorId);
  const latest = await latestClassification(q, investorId);
  if (latest?.status === 'submitted') {
    throw conflict(
      'Your classification is already with our compliance team. You can submit a new one after their decision.',
      'ALREADY_SUBMITTED',
    );
  }
  if ((await unattachedEvidence(q, investorId)).length === 0) {
    const message = 'Upload at least one evidence file (for example financial statements or a bank letter)';
    throw conflict(message, 'EVIDENCE_REQUIRED', { file: message });
  }
  const id = await insertClassification(q, { investorId, answers, noticeVersion: answers.noticeVersion });
  const count = await attachEvidence(q, investorId, id);
  await logActivity(q, {
    type: 'classification_submitted',
    userId: investorId,
    targetUserId: investorId,
    details: { classificationId: id, basis: answers.basis, evidence: count, noticeVersion: answers.noticeVersion },
    ip,
  });
}

/** The admins' review queue. */
export async function classificationQueue(q: Queryable): Promise<ClassificationQueue> {
  const applications = await withEvidence(q, await allClassifications(q));
  return {
    applications,
    counts: {
      submitted: applications.filter((a) => a.status === 'submitted').length,
      decided: applications.filter((a) => a.status === 'decided').length,
    },
  };
}

export async function classificationApplication(q: Queryable, id: string): Promise<ClassificationApplication> {
  const row = await findClassification(q, id);
  if (!row) throw notFound('Classification not found');
  const [app] = await withEvidence(q, [row]);
  return app as ClassificationApplication;
}

/**
 * An admin records the decision with reasons. A Professional or Market Counterparty decision is
 * due for review a year later (company day): a compliance-calendar item ('kyc_refresh') carries
 * that date, so the calendar and the daily compliance digest remind the admins; the earlier
 * classification's item is completed. Deciding twice is a 409 (the row is locked: of parallel
 * decisions one wins).
 */
export async function decideClassification(
  q: Queryable,
  id: string,
  input: z.output<typeof classificationDecisionInput>,
  adminId: string,
  ip: string,
): Promise<void> {
  const row = await findClassification(q, id, true);
  if (!row) throw notFound('Classification not found');
  if (row.status !== 'submitted') throw conflict('This classification has already been decided', 'ALREADY_DECIDED');
  const { today } = await companyDayIn(q);
  const reviewDue = classificationReviewDue(today);
  let complianceItemId: string | null = null;
  for (const itemId of await openReviewItems(q, row.investorId, id)) {
    await updateItemColumns(q, itemId, { workflowState: 'completed' }, true);
  }
  if (input.decision !== 'retail') {
    const investor = await investorName(q, row.investorId);
    complianceItemId = await insertItem(q, {
      type: 'kyc_refresh',
      title: `Client classification review: ${investor?.name ?? row.investorName}`,
      description: `Annual review of the DFSA client classification (${input.decision === 'professional' ? 'Professional Client' : 'Market Counterparty'}) decided on ${today}.`,
      dueDate: reviewDue,
      priority: 'medium',
    });
  }
  await markDecided(q, id, { decision: input.decision, reasons: input.reasons, decidedBy: adminId, reviewDue, complianceItemId });
  await logActivity(q, {
    type: 'classification_decided',
    userId: adminId,
    targetUserId: row.investorId,
    details: { classificationId: id, decision: input.decision, basis: row.basis, reasons: input.reasons, reviewDue },
    ip,
  });
}
