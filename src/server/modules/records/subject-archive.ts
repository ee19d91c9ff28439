import { sql as kysql } from 'kysely';
import type { MessageCipher } from '../../crypto/cipher.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/**
 * The investor's data export for a data-subject access request (issue 33, decision 051): everything
 * the product holds about one investor as JSON, for machines (portability) and for the readable
 * summary another module may build from it. Amounts are decimal strings as stored (never floats);
 * times are ISO instants in UTC, days 'YYYY-MM-DD'.
 *
 * Not included yet: the files themselves (KYC documents, classification evidence, statements,
 * signed documents are listed with their names, sizes and SHA-256, not attached).
 */
export const SUBJECT_ARCHIVE_VERSION = 1;

export interface SubjectArchive {
  version: typeof SUBJECT_ARCHIVE_VERSION;
  generatedAt: string;
  profile: {
    id: string;
    name: string;
    email: string;
    investorType: string | null;
    status: string;
    createdAt: string;
    lastLogin: string | null;
    language: string | null;
    digits: string;
    dateOfBirth: string | null;
    nationality: string | null;
    pepDeclared: boolean;
  };
  kyc: {
    applications: { id: string; status: string; submittedAt: string | null; reviewedAt: string | null; reviewNote: string | null }[];
    documents: { applicationId: string; kind: string; name: string; byteSize: number; sha256: string; uploadedAt: string }[];
    screenedPersons: {
      relation: string;
      fullName: string;
      aliases: string[];
      dateOfBirth: string | null;
      nationality: string | null;
      pepDeclared: boolean;
    }[];
  };
  classification: {
    applications: {
      id: string;
      basis: string;
      answers: unknown;
      noticeVersion: string;
      noticeAcknowledgedAt: string;
      submittedAt: string;
      decision: string | null;
      reasons: string | null;
      decidedAt: string | null;
      reviewDue: string | null;
    }[];
    evidence: { classificationId: string | null; name: string; byteSize: number; sha256: string; uploadedAt: string }[];
    suitabilityReviews: { answers: unknown; completedAt: string; nextDue: string }[];
  };
  subscriptions: { id: string; deal: string; amount: string; status: string; createdAt: string; completedAt: string | null }[];
  ledger: { id: string; deal: string; kind: string; amount: string; entryDate: string; dueDate: string | null; memo: string | null }[];
  statements: { id: string; name: string; from: string | null; to: string | null; issuedAt: string; sha256: string }[];
  messages: {
    id: string;
    subject: string;
    createdAt: string;
    messages: { from: 'investor' | 'firm'; body: string; attachment: string | null; sentAt: string }[];
  }[];
  consents: {
    /** The retail-treatment notices acknowledged, from the classification applications. */
    classificationNotices: { version: string; acknowledgedAt: string }[];
    /** E-mail topics turned off (every other topic is on). */
    emailTopicsOff: string[];
    language: string | null;
  };
  signIns: { at: string; outcome: 'signed_in' | 'failed'; ip: string | null }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Builds the archive of one investor; undefined when there is no such investor. Pass the app's
 * context (its `db` or a transaction, and the message cipher: messages are stored encrypted).
 */
export async function buildSubjectArchive(
  deps: { db: Queryable; cipher: MessageCipher },
  investorId: string,
  now: Date = new Date(),
): Promise<SubjectArchive | undefined> {
  const k = typed(deps.db);
  const p = await k.selectFrom('profiles').selectAll().where('id', '=', investorId).where('role', '=', 'investor').executeTakeFirst();
  if (!p) return undefined;

  const [kycApps, kycDocs, persons, classes, evidence, suitability, subs, ledger, statements, threads, prefs, signIns] = await Promise.all([
    k
      .selectFrom('kyc_applications')
      .select(['id', 'status', 'submittedAt', 'reviewedAt', 'reviewNote'])
      .where('investorId', '=', investorId)
      .orderBy('createdAt')
      .execute(),
    k
      .selectFrom('kyc_documents as d')
      .innerJoin('kyc_applications as a', 'a.id', 'd.applicationId')
      .select(['d.applicationId', 'd.kind', 'd.originalName', 'd.byteSize', 'd.sha256', 'd.uploadedAt'])
      .where('a.investorId', '=', investorId)
      .orderBy('d.uploadedAt')
      .execute(),
    k
      .selectFrom('screened_persons')
      .select(['relation', 'fullName', 'aliases', 'dateOfBirth', 'nationality', 'pepDeclared'])
      .where('investorId', '=', investorId)
      .orderBy('createdAt')
      .execute(),
    k
      .selectFrom('client_classifications')
      .select([
        'id',
        'basis',
        'answers',
        'noticeVersion',
        'noticeAcknowledgedAt',
        'submittedAt',
        'decision',
        'reasons',
        'decidedAt',
        'reviewDue',
      ])
      .where('investorId', '=', investorId)
      .orderBy('submittedAt')
      .execute(),
    k
      .selectFrom('classification_evidence')
      .select(['classificationId', 'originalName', 'byteSize', 'sha256', 'uploadedAt'])
      .where('investorId', '=', investorId)
      .orderBy('uploadedAt')
      .execute(),
    k
      .selectFrom('suitability_reviews')
      .select(['answers', 'completedAt', 'nextDue'])
      .where('investorId', '=', investorId)
      .orderBy('completedAt')
      .execute(),
    k
      .selectFrom('subscriptions as s')
      .innerJoin('deals as d', 'd.id', 's.dealId')
      .select(['s.id', 'd.title', 's.amount', 's.status', 's.createdAt', 's.completedAt'])
      .where('s.investorId', '=', investorId)
      .orderBy('s.createdAt')
      .execute(),
    k
      .selectFrom('ledger_entries as l')
      .innerJoin('deals as d', 'd.id', 'l.dealId')
      .select(['l.id', 'd.title', 'l.kind', 'l.amount', 'l.entryDate', 'l.dueDate', 'l.memo'])
      .where('l.investorId', '=', investorId)
      .orderBy('l.entryDate')
      .orderBy('l.createdAt')
      .execute(),
    k
      .selectFrom('documents')
      .select(['id', 'name', 'statementFrom', 'statementTo', 'uploadDate', 'sha256'])
      .where('investorId', '=', investorId)
      .orderBy('uploadDate')
      .execute(),
    k
      .selectFrom('message_threads as t')
      .innerJoin('messages as m', 'm.threadId', 't.id')
      .select(['t.id', 't.subject', 't.createdAt', 'm.senderRole', 'm.bodyEnc', 'm.attachmentNameEnc', 'm.createdAt as sentAt'])
      .where('t.investorId', '=', investorId)
      .orderBy('t.createdAt')
      .orderBy('m.createdAt')
      .execute(),
    k.selectFrom('notification_preferences').select('disabledTopics').where('userId', '=', investorId).executeTakeFirst(),
    k
      .selectFrom('activity_logs')
      .select(['activityType', 'createdAt', 'ipAddress'])
      .where((w) =>
        w.or([
          w.and([w('activityType', '=', 'user_login'), w('userId', '=', investorId)]),
          w.and([w('activityType', '=', 'user_login_failed'), w('targetUserId', '=', investorId)]),
        ]),
      )
      .orderBy('createdAt')
      .orderBy(kysql`id`)
      .execute(),
  ]);

  const byThread = new Map<string, SubjectArchive['messages'][number]>();
  for (const m of threads) {
    let t = byThread.get(m.id);
    if (!t) {
      t = { id: m.id, subject: m.subject, createdAt: m.createdAt.toISOString(), messages: [] };
      byThread.set(m.id, t);
    }
    t.messages.push({
      from: m.senderRole === 'investor' ? 'investor' : 'firm',
      body: deps.cipher.decryptText(m.bodyEnc),
      attachment: m.attachmentNameEnc ? deps.cipher.decryptText(m.attachmentNameEnc) : null,
      sentAt: m.sentAt.toISOString(),
    });
  }

  return {
    version: SUBJECT_ARCHIVE_VERSION,
    generatedAt: now.toISOString(),
    profile: {
      id: p.id,
      name: p.name,
      email: p.email,
      investorType: p.investorUserType,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      lastLogin: iso(p.lastLogin),
      language: p.language,
      digits: p.digits,
      dateOfBirth: p.dateOfBirth,
      nationality: p.nationality,
      pepDeclared: p.pepDeclared,
    },
    kyc: {
      applications: kycApps.map((a) => ({
        id: a.id,
        status: a.status,
        submittedAt: iso(a.submittedAt),
        reviewedAt: iso(a.reviewedAt),
        reviewNote: a.reviewNote,
      })),
      documents: kycDocs.map((d) => ({
        applicationId: d.applicationId,
        kind: d.kind,
        name: d.originalName,
        byteSize: Number(d.byteSize),
        sha256: d.sha256,
        uploadedAt: d.uploadedAt.toISOString(),
      })),
      screenedPersons: persons.map((s) => ({ ...s })),
    },
    classification: {
      applications: classes.map((c) => ({
        id: c.id,
        basis: c.basis,
        answers: c.answers,
        noticeVersion: c.noticeVersion,
        noticeAcknowledgedAt: c.noticeAcknowledgedAt.toISOString(),
        submittedAt: c.submittedAt.toISOString(),
        decision: c.decision,
        reasons: c.reasons,
        decidedAt: iso(c.decidedAt),
        reviewDue: c.reviewDue,
      })),
      evidence: evidence.map((e) => ({
        classificationId: e.classificationId,
        name: e.originalName,
        byteSize: Number(e.byteSize),
        sha256: e.sha256,
        uploadedAt: e.uploadedAt.toISOString(),
      })),
      suitabilityReviews: suitability.map((s) => ({ answers: s.answers, completedAt: s.completedAt.toISOString(), nextDue: s.nextDue })),
    },
    subscriptions: subs.map((s) => ({
      id: s.id,
      deal: s.title,
      amount: s.amount,
      status: s.status,
      createdAt: s.createdAt.toISOString(),
      completedAt: iso(s.completedAt),
    })),
    ledger: ledger.map((l) => ({
      id: l.id,
      deal: l.title,
      kind: l.kind,
      amount: l.amount,
      entryDate: l.entryDate,
      dueDate: l.dueDate,
      memo: l.memo,
    })),
    statements: statements.map((d) => ({
      id: d.id,
      name: d.name,
      from: d.statementFrom,
      to: d.statementTo,
      issuedAt: d.uploadDate.toISOString(),
      sha256: d.sha256,
    })),
    messages: [...byThread.values()],
    consents: {
      classificationNotices: classes.map((c) => ({ version: c.noticeVersion, acknowledgedAt: c.noticeAcknowledgedAt.toISOString() })),
      emailTopicsOff: prefs?.disabledTopics ?? [],
      language: p.language,
    },
    signIns: signIns.map((s) => ({
      at: s.createdAt.toISOString(),
      outcome: s.activityType === 'user_login' ? 'signed_in' : 'failed',
      ip: s.ipAddress,
    })),
  };
}
