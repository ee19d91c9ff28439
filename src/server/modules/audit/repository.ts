import { sql as kysql } from 'kysely';
import { CHAIN_GENESIS, type ChainHead } from '../../../shared/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/**
 * The columns of an activity-log row as its hash covers them (decision 042), read from a table
 * aliased `a`: the verifier and the evidence pack's audit extract read them the same way.
 */
export const CHAIN_ROW_COLUMNS = [
  'a.prevHash',
  'a.rowHash',
  'a.activityType',
  'a.ipAddress',
  kysql<string>`a.id::text`.as('idText'),
  kysql<string | null>`a.user_id::text`.as('userId'),
  kysql<string | null>`a.target_user_id::text`.as('targetUserId'),
  // The details as PostgreSQL's jsonb text (deterministic).
  kysql<string>`a.details::text`.as('detailsText'),
  // created_at in UTC with microseconds, e.g. 2026-11-27T07:30:00.123456Z.
  kysql<string>`to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('createdUtc'),
] as const;

/** The audit chain's queries (decision 035, 042). */

export async function chainHead(q: Queryable): Promise<ChainHead> {
  const h = await typed(q)
    .selectFrom('audit_chain_heads')
    .select(['seq', 'hash', 'updatedAt'])
    .where('chain', '=', 'activity_logs')
    .executeTakeFirst();
  // No head yet: nothing was ever logged.
  if (!h) return { chain: 'activity_logs', seq: 0, hash: CHAIN_GENESIS, updatedAt: null };
  return { chain: 'activity_logs', seq: h.seq, hash: h.hash, updatedAt: h.updatedAt.toISOString() };
}

/** A chained row with its columns as the text the canonical content is made of. */
export type ChainRow = Awaited<ReturnType<typeof chainPage>>[number];

/** Chained rows after position `afterSeq` up to `maxSeq`, in chain order, at most `limit`. */
export async function chainPage(q: Queryable, afterSeq: number, maxSeq: number, limit: number) {
  return typed(q)
    .selectFrom('activity_logs as a')
    .select(['a.id', 'a.chainSeq', ...CHAIN_ROW_COLUMNS])
    .where('a.chainSeq', '>', afterSeq)
    .where('a.chainSeq', '<=', maxSeq)
    .orderBy('a.chainSeq')
    .limit(limit)
    .$narrowType<{ chainSeq: number }>()
    .execute();
}

/** The first row without a link (inserted around the chain's trigger), by id. */
export async function firstUnchained(q: Queryable): Promise<number | null> {
  const r = await typed(q).selectFrom('activity_logs').select('id').where('chainSeq', 'is', null).orderBy('id').limit(1).executeTakeFirst();
  return r ? r.id : null;
}

/** The hash of the row at a chain position (null when no row holds it). */
export async function hashAt(q: Queryable, seq: number): Promise<string | null> {
  const r = await typed(q).selectFrom('activity_logs').select('rowHash').where('chainSeq', '=', seq).executeTakeFirst();
  return r?.rowHash ?? null;
}

/** The active legal admins (the compliance contacts of a broken chain), by e-mail address. */
export async function activeLegalAdmins(q: Queryable) {
  return typed(q)
    .selectFrom('profiles')
    .select(['id', 'email', 'language'])
    .where('role', '=', 'admin')
    .where('adminUserType', '=', 'legal')
    .where('status', '=', 'active')
    .orderBy('email')
    .execute();
}
