import type { z } from 'zod';
import {
  type answerDataRequestInput,
  CATEGORY_RETENTION,
  type DataRequest,
  type DataRequestOutcome,
  dataRequestDueOn,
  type dataRequestInput,
  type ErasureResult,
  type KeptCategory,
  type PersonalDataCategory,
} from '../../../shared/data-requests.ts';
import { RETENTION_RULES, retainedUntil } from '../../../shared/retention.ts';
import { destroyUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { insertItem, updateItemColumns } from '../compliance/repository.ts';
import { holdKeeping } from '../legal-holds/repository.ts';
import { companyDayIn } from '../settings/clock.ts';
import { retentionPolicy } from '../settings/retention-policy.ts';
import {
  anonymiseInvestor,
  archiveOf,
  eraseFreeData,
  insertRequest,
  investorRequests,
  listRequests,
  lockRequest,
  markAnswered,
  recordPresence,
  relationshipDates,
  requestById,
} from './repository.ts';
import { buildSubjectArchive } from './subject-archive.ts';

/** Data-subject requests (issue 33, decision 051): filed by the investor, answered once by an admin. */

export interface Actor {
  id: string;
  ip: string | null;
}

export const QUEUE_LIMIT = 500;
export const ALREADY_OPEN = 'You already have an open request of this kind';
export const ALREADY_ANSWERED = 'This request has already been answered';

const KIND_TITLES = { access: 'copy of data', rectification: 'rectification', erasure: 'erasure' } as const;

export const dataRequestQueue = (db: Db): Promise<DataRequest[]> => listRequests(db, QUEUE_LIMIT);
export const myDataRequests = (db: Db, investorId: string): Promise<DataRequest[]> => investorRequests(db, investorId);

export async function fileDataRequest(
  db: Db,
  investor: { id: string; name: string },
  input: z.output<typeof dataRequestInput>,
  ip: string | null,
  now: Date = new Date(),
): Promise<DataRequest> {
  try {
    const id = await db.tx(async (q) => {
      const { today } = await companyDayIn(q, now);
      const dueOn = dataRequestDueOn(today);
      const complianceItemId = await insertItem(q, {
        type: 'other',
        title: `Data-subject request (${KIND_TITLES[input.kind]}): ${investor.name}`,
        description: `Received on ${today}; the answer is due by ${dueOn} (DIFC Data Protection Law 2020). Answer it in Data Requests.`,
        dueDate: dueOn,
        priority: 'high',
      });
      const requestId = await insertRequest(q, {
        investorId: investor.id,
        kind: input.kind,
        details: input.details,
        dueOn,
        complianceItemId,
      });
      await logActivity(q, {
        type: 'data_request_filed',
        userId: investor.id,
        targetUserId: investor.id,
        details: { requestId, kind: input.kind, dueOn },
        ip,
      });
      return requestId;
    });
    return (await requestById(db, id)) as DataRequest;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_OPEN, 'ALREADY_OPEN');
    throw err;
  }
}

/**
 * What an erasure may erase now and what must be kept, with the rule and until when. A legal hold
 * keeps everything; a category under a retention duty is kept through the last day of its period,
 * counted from the end of the relationship (while the account is active it has not ended: kept
 * until six years after it does). Categories no duty covers are erased.
 */
export async function planErasure(q: Queryable, investorId: string, now: Date): Promise<ErasureResult & { anonymise: boolean }> {
  const { zone, today } = await companyDayIn(q, now);
  // An investor's own hold, or one on a deal they are in: the same rule as the retention purge.
  const hold = await holdKeeping(q, investorId);
  const present = await recordPresence(q, investorId);
  const has: Record<PersonalDataCategory, boolean> = {
    notification_choices: true,
    api_tokens: true,
    identity_kyc: true,
    classification: present.classification,
    investments: present.investments || present.messages,
  };
  const anyRelationship = present.kyc || present.classification || present.investments || present.messages;
  if (hold) {
    const rule =
      hold.subjectKind === 'investor'
        ? `Legal hold placed on ${hold.placedOn}: ${hold.reason}`
        : `Legal hold placed on ${hold.placedOn} on ${hold.dealTitle ?? 'a deal'}: ${hold.reason}`;
    const kept: KeptCategory[] = (Object.keys(has) as PersonalDataCategory[])
      .filter((c) => has[c])
      .map((category) => ({ category, rule, keptUntil: null }));
    return { erased: [], kept, anonymise: false };
  }
  if (!anyRelationship) {
    return { erased: ['notification_choices', 'api_tokens', 'identity_kyc'], kept: [], anonymise: true };
  }
  const policy = await retentionPolicy(q);
  const dates = await relationshipDates(q, investorId, zone);
  // The relationship ends with the account (suspended) or, later, its last transaction.
  const ended = dates?.status === 'suspended' && dates.suspendedOn !== null;
  const end = ended ? ([dates.suspendedOn as string, dates.lastTransaction ?? ''].sort().at(-1) as string) : null;
  const kept: KeptCategory[] = [];
  let stillKept = false;
  for (const category of ['identity_kyc', 'classification', 'investments'] as const) {
    if (!has[category]) continue;
    const kind = CATEGORY_RETENTION[category] ?? 'kyc_aml';
    const until = end === null ? null : retainedUntil(end, policy[kind]);
    if (until === null || today <= until) stillKept = true;
    kept.push({ category, rule: RETENTION_RULES[kind].rule, keptUntil: until });
  }
  if (!stillKept) {
    // Every period is over: the person can go (the ledger keeps its amounts under the anonymous name).
    return { erased: ['notification_choices', 'api_tokens', ...kept.map((k) => k.category)], kept: [], anonymise: true };
  }
  return { erased: ['notification_choices', 'api_tokens'], kept, anonymise: false };
}

export async function answerDataRequest(
  ctx: Pick<AppContext, 'db' | 'cipher'>,
  id: string,
  input: z.output<typeof answerDataRequestInput>,
  actor: Actor,
  now: Date = new Date(),
): Promise<DataRequest> {
  await ctx.db.tx(async (q) => {
    const r = await lockRequest(q, id);
    if (!r) throw notFound('Data request not found');
    if (r.status !== 'open') throw conflict(ALREADY_ANSWERED, 'ALREADY_ANSWERED');
    let outcome: DataRequestOutcome = input.refuse ? 'refused' : 'fulfilled';
    let erasure: ErasureResult | null = null;
    let archive: unknown | null = null;
    if (r.kind === 'access') {
      outcome = 'fulfilled';
      archive = await buildSubjectArchive({ db: q, cipher: ctx.cipher }, r.investorId, now);
    } else if (r.kind === 'erasure') {
      const plan = await planErasure(q, r.investorId, now);
      erasure = { erased: plan.erased, kept: plan.kept };
      outcome = plan.kept.length === 0 ? 'fulfilled' : plan.erased.length === 0 ? 'refused' : 'partly_refused';
      if (plan.erased.length > 0) await eraseFreeData(q, r.investorId);
      if (plan.anonymise) {
        await anonymiseInvestor(q, r.investorId);
        await destroyUserSessions(q, r.investorId);
      }
    }
    await markAnswered(q, id, { by: actor.id, answer: input.answer, outcome, erasure, archive });
    if (r.complianceItemId) await updateItemColumns(q, r.complianceItemId, { workflowState: 'completed' }, true);
    await logActivity(q, {
      type: 'data_request_answered',
      userId: actor.id,
      targetUserId: r.investorId,
      details: {
        requestId: id,
        kind: r.kind,
        outcome,
        ...(erasure ? { erased: erasure.erased, kept: erasure.kept.map((k) => k.category) } : {}),
      },
      ip: actor.ip,
    });
  });
  return (await requestById(ctx.db, id)) as DataRequest;
}

/** The archive of the investor's own answered access request (404 for anyone else's). */
export async function myArchive(db: Db, id: string, investorId: string) {
  const a = await archiveOf(db, id, investorId);
  if (!a) throw notFound('Data request not found');
  return a;
}
