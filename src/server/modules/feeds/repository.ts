import { sql as kysql } from 'kysely';
import type { CalendarFeedStatus } from '../../../shared/feeds.ts';
import type { NoticeEntry } from '../../../shared/ilpa.ts';
import type { BaseKind, EntryKind } from '../../../shared/ledger.ts';
import { toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The feeds' queries (decision 035): typed from schema.generated.ts. */

/**
 * Investors' ledgers in ledger order (value date, then the order recorded), grouped investor ->
 * deal, with what ties an entry to a notice. A distribution entry (or its reversal) carries its
 * investor's Return of Capital tier, as FACT_COLUMNS does for every balance (decision 023).
 */
export async function noticeLedgers(q: Queryable, investorIds: string[]): Promise<Map<string, Map<string, NoticeEntry[]>>> {
  const out = new Map<string, Map<string, NoticeEntry[]>>();
  if (investorIds.length === 0) return out;
  const rows = await typed(q)
    .selectFrom('ledger_entries as e')
    .select([
      'e.investorId',
      'e.dealId',
      'e.kind',
      'e.reversedKind',
      'e.amount',
      'e.entryDate as date',
      'e.distributionType',
      'e.callId',
      'e.distributionEventId',
      kysql<string | null>`CASE WHEN e.kind = 'distribution' OR e.reversed_kind = 'distribution' THEN
        (SELECT x.return_of_capital::text FROM distributions x
          WHERE x.investor_id = e.investor_id
            AND x.event_id = coalesce(e.distribution_event_id, (SELECT o.distribution_event_id FROM ledger_entries o WHERE o.id = e.reverses_id))
          LIMIT 1)
      END`.as('capital'),
    ])
    .where('e.investorId', 'in', investorIds)
    .orderBy('e.entryDate')
    .orderBy('e.createdAt')
    .orderBy('e.id')
    .execute();
  for (const r of rows) {
    const byDeal = out.get(r.investorId) ?? new Map<string, NoticeEntry[]>();
    out.set(r.investorId, byDeal);
    const list = byDeal.get(r.dealId) ?? [];
    byDeal.set(r.dealId, list);
    list.push({
      kind: r.kind as EntryKind,
      cents: toCents(r.amount),
      date: r.date,
      reversedKind: r.reversedKind as BaseKind | null,
      distributionType: r.distributionType,
      callId: r.callId,
      distributionEventId: r.distributionEventId,
      capitalCents: r.capital === null ? null : toCents(r.capital),
    });
  }
  return out;
}

/** Distribution lines (one investor's share of one event), of an investor or of an event. */
export async function distributionLines(q: Queryable, where: { investorId?: string; eventId?: string }) {
  let query = typed(q)
    .selectFrom('distributions as x')
    .innerJoin('distribution_events as v', 'v.id', 'x.eventId')
    .innerJoin('deals as d', 'd.id', 'x.dealId')
    .innerJoin('profiles as p', 'p.id', 'x.investorId')
    .select([
      'x.eventId',
      'x.dealId',
      'd.title as dealTitle',
      'x.spvEntity',
      'x.investorId',
      'p.name as investorName',
      'x.type',
      'x.amount',
      'x.paymentDate',
      'v.recordDate',
      'x.returnOfCapital',
      'x.feeDeducted',
    ])
    .select((eb) => eb('x.paidAt', 'is not', null).$castTo<boolean>().as('paid'))
    .where('x.amount', '>', '0');
  if (where.investorId) query = query.where('x.investorId', '=', where.investorId);
  if (where.eventId) query = query.where('x.eventId', '=', where.eventId);
  return query.orderBy('x.paymentDate').orderBy('x.eventId').orderBy('p.name').execute();
}

export type DistributionLine = Awaited<ReturnType<typeof distributionLines>>[number];

/** The SPV each deal names (the notice's investment vehicle). */
export async function dealVehicles(q: Queryable, dealIds: string[]): Promise<Map<string, string | null>> {
  if (dealIds.length === 0) return new Map();
  const rows = await typed(q).selectFrom('deals').select(['id', 'spvEntity']).where('id', 'in', dealIds).execute();
  return new Map(rows.map((r) => [r.id, r.spvEntity]));
}

export async function investorName(q: Queryable, investorId: string): Promise<string | null> {
  const row = await typed(q)
    .selectFrom('profiles')
    .select('name')
    .where('id', '=', investorId)
    .where('role', '=', 'investor')
    .executeTakeFirst();
  return row?.name ?? null;
}

// The calendar feed ---------------------------------------------------------------------------

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export async function liveFeed(q: Queryable, userId: string): Promise<CalendarFeedStatus> {
  const row = await typed(q)
    .selectFrom('calendar_feeds')
    .select(['hint', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return row
    ? { active: true, hint: row.hint, createdAt: row.createdAt.toISOString(), lastUsedAt: iso(row.lastUsedAt) }
    : { active: false, hint: null, createdAt: null, lastUsedAt: null };
}

/** Locks the user's profile row: regenerations of one user's feed run one at a time. */
export async function lockProfile(q: Queryable, userId: string): Promise<void> {
  await typed(q).selectFrom('profiles').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** Revokes the user's live feed; the number revoked (0 or 1). */
export async function revokeFeeds(q: Queryable, userId: string): Promise<number> {
  const rows = await typed(q)
    .updateTable('calendar_feeds')
    .set({ revokedAt: kysql<Date>`now()` })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

export async function insertFeed(q: Queryable, userId: string, tokenHash: string, hint: string): Promise<void> {
  await typed(q).insertInto('calendar_feeds').values({ userId, tokenHash, hint }).execute();
}

/** The live feed with this hash and its investor (active accounts only), or null. */
export async function feedOwner(q: Queryable, tokenHash: string): Promise<{ feedId: string; userId: string; name: string } | null> {
  const row = await typed(q)
    .selectFrom('calendar_feeds as f')
    .innerJoin('profiles as p', 'p.id', 'f.userId')
    .select(['f.id as feedId', 'p.id as userId', 'p.name', 'p.status', 'p.role'])
    .where('f.tokenHash', '=', tokenHash)
    .where('f.revokedAt', 'is', null)
    .executeTakeFirst();
  if (row?.status !== 'active' || row.role !== 'investor') return null;
  return { feedId: row.feedId, userId: row.userId, name: row.name };
}

/** Records the feed's last use, at most once a minute. */
export async function touchFeed(q: Queryable, feedId: string): Promise<void> {
  await typed(q)
    .updateTable('calendar_feeds')
    .set({ lastUsedAt: kysql<Date>`now()` })
    .where('id', '=', feedId)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', kysql<Date>`now() - interval '1 minute'`)]))
    .execute();
}

/** One more request for a key in a window; the window's count after it (atomic on both engines). */
export async function countFeedRequest(q: Queryable, key: string, windowStart: Date): Promise<number> {
  const row = await typed(q)
    .insertInto('feed_rate_counters')
    .values({ key, windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'windowStart']).doUpdateSet({ count: kysql<number>`feed_rate_counters.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Forgets the counters of windows that have ended. */
export async function deleteFeedWindowsBefore(q: Queryable, windowStart: Date): Promise<void> {
  await typed(q).deleteFrom('feed_rate_counters').where('windowStart', '<', windowStart).execute();
}
