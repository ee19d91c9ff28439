import type { AppUser } from '../../../shared/auth.ts';
import {
  type PurgeResult,
  RETENTION_POLICY_EDITORS,
  RETENTION_RULES,
  type RecordKind,
  type RetentionOverview,
  type RetentionPolicy,
  type RetentionPurge,
  type RetentionReason,
  retainedUntil,
} from '../../../shared/retention.ts';
import { destroyUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { typed } from '../../db/typed.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { logActivity } from '../activity/service.ts';
import { holdKeeping } from '../legal-holds/repository.ts';
import { anonymiseInvestor, eraseFreeData, recordPresence, relationshipDates } from '../records/repository.ts';
import { companyDayIn } from '../settings/clock.ts';
import { upsertSettings } from '../settings/repository.ts';
import { RETENTION_POLICY_KEY, retentionPolicy } from '../settings/retention-policy.ts';
import {
  decidePurge,
  deleteRecords,
  endedInvestors,
  insertProposal,
  listCandidates,
  listPurges,
  lockPurge,
  packInProgress,
  purgeById,
  replaceCandidates,
} from './repository.ts';

/**
 * Retention (issue 33, decision 054): the firm's policy per record kind, the periodic listing of
 * investors whose records are all past retention, and the four-eyes purge (one admin proposes,
 * another approves), which a legal hold stops.
 */

export interface Actor {
  id: string;
  ip: string | null;
}

/** How often the periodic 'retention-review' job lists what has passed retention. */
export const RETENTION_REVIEW_EVERY_MS = 24 * 60 * 60 * 1000;
export const PURGES_LIMIT = 200;

export const POLICY_EDITORS_ONLY = 'Only a founder or the legal and compliance admin can change the retention policy';
export const NOT_AN_INVESTOR = 'Investor not found';
export const PURGE_NOT_FOUND = 'Purge not found';
export const ALREADY_PROPOSED = 'A purge of this investor is already proposed';
export const ALREADY_DECIDED = 'This purge was already decided';
export const OWN_PROPOSAL = 'Another admin must approve this purge: you proposed it (four eyes)';
export const NOT_PAST_RETENTION = 'The records of this investor are not all past their retention period';
export const PACK_IN_PROGRESS = 'An evidence pack about this investor is being produced; approve once it is ready';

const canEditPolicy = (user: Pick<AppUser, 'userType'>) => (RETENTION_POLICY_EDITORS as readonly string[]).includes(user.userType ?? '');

export async function saveRetentionPolicy(db: Db, user: AppUser, policy: RetentionPolicy, ip: string | null): Promise<RetentionPolicy> {
  if (!canEditPolicy(user)) {
    await logActivity(db, { type: 'admin_action_refused', userId: user.id, details: { action: 'retention_policy' }, ip });
    throw forbidden(POLICY_EDITORS_ONLY, 'RETENTION_POLICY_EDITORS_ONLY');
  }
  return db.tx(async (q) => {
    const before = await retentionPolicy(q);
    await upsertSettings(q, RETENTION_POLICY_KEY, policy, user.id);
    await logActivity(q, { type: 'retention_policy_changed', userId: user.id, details: { before, after: policy }, ip });
    return policy;
  });
}

/** A hold in words, for the 409: "Under legal hold since 2026-11-02: DFSA enquiry" (a deal's hold names the deal first). */
function holdMessage(h: { subjectKind: string; reason: string; placedOn: string; dealTitle: string | null }): string {
  if (h.subjectKind === 'investor') return `Under legal hold since ${h.placedOn}: ${h.reason}`;
  const what = `${h.dealTitle ?? ''}: ${h.reason}`;
  return `Under legal hold through a deal since ${h.placedOn}: ${what}`;
}

/**
 * The investor's record kinds and where each stands: the kinds present (KYC and screening,
 * classification, transactions and communications), each from the end of the relationship (the
 * day the account was closed or the last transaction, whichever is later). While the account is
 * open the relationship has not ended: nothing is past retention. The product keeps no complaint
 * records, so 'complaints' never applies here.
 */
export async function investorRetention(
  q: Queryable,
  investorId: string,
  policy: RetentionPolicy,
  zone: string,
  today: string,
): Promise<{ reasons: RetentionReason[]; allPassed: boolean }> {
  const present = await recordPresence(q, investorId);
  const kinds: RecordKind[] = [];
  if (present.kyc) kinds.push('kyc_aml');
  if (present.classification) kinds.push('classification');
  if (present.investments || present.messages) kinds.push('transactions');
  const dates = await relationshipDates(q, investorId, zone);
  if (kinds.length === 0 || !dates || dates.status !== 'suspended' || dates.suspendedOn === null) return { reasons: [], allPassed: false };
  const end = [dates.suspendedOn, dates.lastTransaction ?? ''].sort().at(-1) as string;
  const reasons = kinds.map((kind) => ({
    kind,
    from: RETENTION_RULES[kind].from,
    startOn: end,
    years: policy[kind],
    retainedUntil: retainedUntil(end, policy[kind]),
  }));
  // Kept through the last day (in the company's zone), purgeable the day after.
  return { reasons, allPassed: reasons.every((r) => today > r.retainedUntil) };
}

/**
 * The periodic job's pass (and the admin's "review now"): lists every investor whose records are
 * all past retention and who is under no legal hold, replacing the previous list.
 */
export async function reviewRetention(db: Db, now: Date = new Date()): Promise<number> {
  return db.tx(async (q) => {
    const { zone, today } = await companyDayIn(q, now);
    const policy = await retentionPolicy(q);
    const listed: { investorId: string; reasons: RetentionReason[] }[] = [];
    for (const inv of await endedInvestors(q)) {
      if (await holdKeeping(q, inv.id)) continue;
      const r = await investorRetention(q, inv.id, policy, zone, today);
      if (r.allPassed) listed.push({ investorId: inv.id, reasons: r.reasons });
    }
    await replaceCandidates(q, listed);
    return listed.length;
  });
}

export async function retentionOverview(db: Db, user: AppUser): Promise<RetentionOverview> {
  const { candidates, reviewedAt } = await listCandidates(db);
  return {
    policy: await retentionPolicy(db),
    canEditPolicy: canEditPolicy(user),
    reviewedAt,
    candidates,
    purges: await listPurges(db, PURGES_LIMIT),
  };
}

/** Re-checks, inside the transaction, that the investor may be purged now: no hold, every kind past retention. */
async function assertPurgeable(q: Queryable, investorId: string, now: Date): Promise<RetentionReason[]> {
  const hold = await holdKeeping(q, investorId);
  if (hold) throw conflict(holdMessage(hold), 'LEGAL_HOLD');
  const { zone, today } = await companyDayIn(q, now);
  const r = await investorRetention(q, investorId, await retentionPolicy(q), zone, today);
  if (!r.allPassed) throw conflict(NOT_PAST_RETENTION, 'NOT_PAST_RETENTION');
  return r.reasons;
}

/** The investor's profile row, locked against a hold being placed meanwhile (legal_holds' KEY SHARE waits for it). */
async function lockInvestor(q: Queryable, investorId: string): Promise<boolean> {
  const r = await typed(q)
    .selectFrom('profiles')
    .select('id')
    .where('id', '=', investorId)
    .where('role', '=', 'investor')
    .forUpdate()
    .executeTakeFirst();
  return r !== undefined;
}

/** One admin proposes purging an investor whose records are all past retention (the first pair of eyes). */
export async function proposePurge(db: Db, investorId: string, actor: Actor, now: Date = new Date()): Promise<RetentionPurge> {
  try {
    const id = await db.tx(async (q) => {
      if (!(await lockInvestor(q, investorId))) throw notFound(NOT_AN_INVESTOR);
      const reasons = await assertPurgeable(q, investorId, now);
      const purgeId = await insertProposal(q, { investorId, reasons, by: actor.id });
      await logActivity(q, {
        type: 'retention_purge_proposed',
        userId: actor.id,
        targetUserId: investorId,
        details: { purgeId, kinds: reasons.map((r) => r.kind) },
        ip: actor.ip,
      });
      return purgeId;
    });
    return (await purgeById(db, id)) as RetentionPurge;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_PROPOSED, 'ALREADY_PROPOSED');
    throw err;
  }
}

/**
 * Another admin approves, and the purge is carried out in the same transaction: the KYC,
 * screening and classification records and the evidence packs about the investor are deleted,
 * the person is anonymised ("Former investor #<id>"); the ledger and subscriptions keep their
 * amounts. The stored files go once the rows are gone (after the commit): never a row pointing to
 * a missing file; a file whose deletion fails is an orphan the hourly storage sweep removes.
 */
export async function approvePurge(
  ctx: Pick<AppContext, 'db' | 'files'>,
  id: string,
  actor: Actor,
  now: Date = new Date(),
  log?: (line: string) => void,
): Promise<RetentionPurge> {
  const { files } = await ctx.db.tx(async (q) => {
    const p = await lockPurge(q, id);
    if (!p) throw notFound(PURGE_NOT_FOUND);
    if (p.status !== 'proposed') throw conflict(ALREADY_DECIDED, 'ALREADY_DECIDED');
    if (p.proposedBy === actor.id) throw forbidden(OWN_PROPOSAL, 'FOUR_EYES');
    await lockInvestor(q, p.investorId);
    const reasons = await assertPurgeable(q, p.investorId, now);
    if (await packInProgress(q, p.investorId)) throw conflict(PACK_IN_PROGRESS, 'PACK_IN_PROGRESS');
    const removed = await deleteRecords(q, p.investorId);
    await eraseFreeData(q, p.investorId);
    await anonymiseInvestor(q, p.investorId);
    await destroyUserSessions(q, p.investorId);
    const result: PurgeResult = { rows: removed.rows, files: removed.files.length };
    await decidePurge(q, id, { status: 'purged', by: actor.id, result });
    await typed(q).deleteFrom('retention_candidates').where('investorId', '=', p.investorId).execute();
    await logActivity(q, {
      type: 'retention_purged',
      userId: actor.id,
      targetUserId: p.investorId,
      details: { purgeId: id, proposedBy: p.proposedBy, kinds: reasons.map((r) => r.kind), rows: result.rows, files: result.files },
      ip: actor.ip,
    });
    return removed;
  });
  await deleteFiles(ctx.files, files, log);
  return (await purgeById(ctx.db, id)) as RetentionPurge;
}

async function deleteFiles(store: FileStore, keys: string[], log?: (line: string) => void) {
  for (const key of keys) {
    await store
      .delete(key)
      .catch((err: Error) => log?.(`retention purge: could not delete ${key} (${err.message}); the storage sweep removes it`));
  }
}

/** Either admin withdraws an open proposal (nothing is purged). */
export async function withdrawPurge(db: Db, id: string, actor: Actor): Promise<RetentionPurge> {
  await db.tx(async (q) => {
    const p = await lockPurge(q, id);
    if (!p) throw notFound(PURGE_NOT_FOUND);
    if (p.status !== 'proposed') throw conflict(ALREADY_DECIDED, 'ALREADY_DECIDED');
    await decidePurge(q, id, { status: 'withdrawn', by: actor.id, result: null });
    await logActivity(q, {
      type: 'retention_purge_withdrawn',
      userId: actor.id,
      targetUserId: p.investorId,
      details: { purgeId: id },
      ip: actor.ip,
    });
  });
  return (await purgeById(db, id)) as RetentionPurge;
}
