import { sql as kysql } from 'kysely';
import type { LegalHold, LegalHoldSubject } from '../../../shared/legal-hold.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** Legal holds' queries (decision 035, 042). */

function holds(q: Queryable) {
  return typed(q)
    .selectFrom('legal_holds as h')
    .leftJoin('profiles as i', 'i.id', 'h.investorId')
    .leftJoin('deals as d', 'd.id', 'h.dealId')
    .leftJoin('profiles as pb', 'pb.id', 'h.placedBy')
    .leftJoin('profiles as lb', 'lb.id', 'h.liftedBy')
    .select([
      'h.id',
      'h.subjectKind',
      kysql<string>`coalesce(h.investor_id, h.deal_id)::text`.as('subjectId'),
      kysql<string>`coalesce(i.name, d.title, '')`.as('subjectName'),
      'h.reason',
      'pb.name as placedBy',
      'h.placedAt',
      'lb.name as liftedBy',
      'h.liftedAt',
      'h.liftReason',
    ]);
}

type HoldRow = Awaited<ReturnType<ReturnType<typeof holds>['execute']>>[number];
const toHold = (r: HoldRow): LegalHold => ({
  id: r.id,
  subjectKind: r.subjectKind,
  subjectId: r.subjectId,
  subjectName: r.subjectName,
  reason: r.reason,
  placedBy: r.placedBy,
  placedAt: r.placedAt.toISOString(),
  liftedBy: r.liftedBy,
  liftedAt: r.liftedAt ? r.liftedAt.toISOString() : null,
  liftReason: r.liftReason,
});

/** Active holds first (newest first), then the lifted ones (most recently lifted first), at most `limit`. */
export async function listHolds(q: Queryable, limit: number): Promise<LegalHold[]> {
  const rows = await holds(q)
    .orderBy(kysql`h.lifted_at IS NOT NULL`)
    .orderBy(kysql`coalesce(h.lifted_at, h.placed_at)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map(toHold);
}

export async function holdById(q: Queryable, id: string): Promise<LegalHold | undefined> {
  const r = await holds(q).where('h.id', '=', id).executeTakeFirst();
  return r ? toHold(r) : undefined;
}

/** The subject's name, locking its row against a delete meanwhile (KEY SHARE); undefined when it does not exist. */
export async function subjectName(q: Queryable, kind: LegalHoldSubject, id: string): Promise<string | undefined> {
  if (kind === 'investor') {
    const r = await typed(q)
      .selectFrom('profiles')
      .select('name')
      .where('id', '=', id)
      .where('role', '=', 'investor')
      .forKeyShare()
      .executeTakeFirst();
    return r?.name;
  }
  const r = await typed(q).selectFrom('deals').select('title').where('id', '=', id).forKeyShare().executeTakeFirst();
  return r?.title;
}

export async function insertHold(
  q: Queryable,
  h: { kind: LegalHoldSubject; subjectId: string; reason: string; placedBy: string },
): Promise<string> {
  const r = await typed(q)
    .insertInto('legal_holds')
    .values({
      subjectKind: h.kind,
      investorId: h.kind === 'investor' ? h.subjectId : null,
      dealId: h.kind === 'deal' ? h.subjectId : null,
      reason: h.reason,
      placedBy: h.placedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Lifts an active hold; false when it was not active (already lifted, or never existed). */
export async function liftHold(q: Queryable, id: string, by: string, reason: string): Promise<boolean> {
  const r = await typed(q)
    .updateTable('legal_holds')
    .set({ liftedBy: by, liftedAt: kysql`now()`, liftReason: reason })
    .where('id', '=', id)
    .where('liftedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Whether an investor or a deal is under an active hold (for purge and erasure). */
export async function isHeld(q: Queryable, kind: LegalHoldSubject, id: string): Promise<boolean> {
  const r = await typed(q)
    .selectFrom('legal_holds')
    .select('id')
    .where(kind === 'investor' ? 'investorId' : 'dealId', '=', id)
    .where('liftedAt', 'is', null)
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * The active hold that keeps an investor's records: on the investor, or on a deal they subscribed
 * to or have ledger entries in (the deal's records include theirs). The investor's own first.
 */
export async function holdKeeping(q: Queryable, investorId: string) {
  const r = await kysql<{ id: string; subjectKind: string; reason: string; placedOn: string; dealTitle: string | null }>`
    SELECT h.id, h.subject_kind, h.reason, (h.placed_at AT TIME ZONE 'UTC')::date::text AS placed_on, d.title AS deal_title
    FROM legal_holds h LEFT JOIN deals d ON d.id = h.deal_id
    WHERE h.lifted_at IS NULL AND (
      h.investor_id = ${investorId}
      OR h.deal_id IN (SELECT deal_id FROM subscriptions WHERE investor_id = ${investorId}
                       UNION SELECT deal_id FROM ledger_entries WHERE investor_id = ${investorId}))
    ORDER BY h.subject_kind = 'investor' DESC, h.placed_at
    LIMIT 1
  `.execute(typed(q));
  return r.rows[0];
}
