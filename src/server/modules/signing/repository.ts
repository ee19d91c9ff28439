import { sql as kysql } from 'kysely';
import {
  type Envelope,
  type EnvelopeStatus,
  missingKinds,
  PACK_STATUS_OF,
  type PackStatusRow,
  type PlacedField,
  type SigningEvent,
  type SubscriptionPack,
} from '../../../shared/signing.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The signing module's queries (decision 035), typed from schema.generated.ts. */

const PACK_COLUMNS = ['id', 'dealId', 'version', 'filePath', 'fileName', 'byteSize', 'sha256', 'pageCount', 'fields', 'createdAt'] as const;

const selectPacks = (q: Queryable) => typed(q).selectFrom('subscription_packs').select(PACK_COLUMNS);

/** A pack version, its placed fields read as such (jsonb, written by insertPack only). */
export type PackRow = Omit<Awaited<ReturnType<ReturnType<typeof selectPacks>['executeTakeFirstOrThrow']>>, 'fields'> & {
  fields: PlacedField[];
};

export async function latestPack(q: Queryable, dealId: string): Promise<PackRow | undefined> {
  const row = await selectPacks(q).where('dealId', '=', dealId).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row ? { ...row, fields: row.fields as unknown as PlacedField[] } : undefined;
}

export async function packById(q: Queryable, id: string): Promise<PackRow> {
  const row = await selectPacks(q).where('id', '=', id).executeTakeFirstOrThrow();
  return { ...row, fields: row.fields as unknown as PlacedField[] };
}

export const toPack = (r: PackRow): SubscriptionPack => ({
  id: r.id,
  dealId: r.dealId,
  version: r.version,
  fileName: r.fileName,
  byteSize: r.byteSize,
  sha256: r.sha256,
  pageCount: r.pageCount,
  fields: r.fields,
  createdAt: r.createdAt.toISOString(),
  missing: missingKinds(r.fields),
});

export async function insertPack(
  q: Queryable,
  p: Omit<PackRow, 'id' | 'version' | 'createdAt'> & { createdBy: string | null },
): Promise<PackRow> {
  const next = await typed(q)
    .selectFrom('subscription_packs')
    .select((eb) => eb.fn.coalesce(eb.fn.max('version'), kysql<number>`0`).as('v'))
    .where('dealId', '=', p.dealId)
    .executeTakeFirstOrThrow();
  const row = await typed(q)
    .insertInto('subscription_packs')
    .values({
      dealId: p.dealId,
      version: Number(next.v) + 1,
      filePath: p.filePath,
      fileName: p.fileName,
      byteSize: p.byteSize,
      sha256: p.sha256,
      pageCount: p.pageCount,
      fields: JSON.stringify(p.fields),
      createdBy: p.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return packById(q, row.id);
}

export { addEvent } from '../subscriptions/agreement-gates.ts';

function envelopeQuery(q: Queryable) {
  return typed(q)
    .selectFrom('signing_envelopes as e')
    .innerJoin('subscriptions as s', 's.id', 'e.subscriptionId')
    .innerJoin('deals as d', 'd.id', 's.dealId')
    .innerJoin('profiles as p', 'p.id', 'e.investorId')
    .innerJoin('subscription_packs as k', 'k.id', 'e.packId')
    .selectAll('e')
    .select([
      'd.id as dealId',
      'd.title as dealTitle',
      'd.status as dealStatus',
      'p.name as investorName',
      'p.email as investorEmail',
      's.amount',
      's.status as subscriptionStatus',
      'k.version as packVersion',
      'k.pageCount',
    ]);
}

/**
 * An envelope with its deal, investor, subscription and pack version. `dealStatus` is Pending,
 * Active, On Hold or Closed: a closed deal's open envelopes expire (decision 036).
 */
export type EnvelopeRow = Awaited<ReturnType<ReturnType<typeof envelopeQuery>['executeTakeFirstOrThrow']>>;

export async function envelopeRow(q: Queryable, id: string, lock = false): Promise<EnvelopeRow | undefined> {
  let qb = envelopeQuery(q).where('e.id', '=', id);
  if (lock) qb = qb.forUpdate('e');
  return qb.executeTakeFirst();
}

export async function liveEnvelopeOf(q: Queryable, subscriptionId: string): Promise<EnvelopeRow | undefined> {
  return envelopeQuery(q)
    .where('e.subscriptionId', '=', subscriptionId)
    .where('e.status', 'in', ['sent', 'signed', 'executed'])
    .executeTakeFirst();
}

export async function envelopeRows(
  q: Queryable,
  filter: { investorId?: string; status?: EnvelopeStatus; dealId?: string },
): Promise<EnvelopeRow[]> {
  let qb = envelopeQuery(q);
  if (filter.investorId) qb = qb.where('e.investorId', '=', filter.investorId);
  if (filter.status) qb = qb.where('e.status', '=', filter.status);
  if (filter.dealId) qb = qb.where('d.id', '=', filter.dealId);
  return qb.orderBy('e.createdAt', 'desc').orderBy('e.id').execute();
}

export async function eventsOf(q: Queryable, envelopeIds: string[]): Promise<Map<string, SigningEvent[]>> {
  const out = new Map<string, SigningEvent[]>();
  if (envelopeIds.length === 0) return out;
  const rows = await typed(q)
    .selectFrom('signing_events as v')
    .leftJoin('profiles as p', 'p.id', 'v.actorId')
    .select(['v.envelopeId', 'v.seq', 'v.kind', 'p.name as actorName', 'v.ipAddress', 'v.createdAt', 'v.details'])
    .where('v.envelopeId', 'in', envelopeIds)
    .orderBy('v.envelopeId')
    .orderBy('v.seq')
    .execute();
  for (const r of rows) {
    const list = out.get(r.envelopeId) ?? [];
    list.push({
      seq: r.seq,
      kind: r.kind,
      actorName: r.actorName,
      ip: r.ipAddress,
      at: r.createdAt.toISOString(),
      details: (r.details ?? {}) as Record<string, unknown>,
    });
    out.set(r.envelopeId, list);
  }
  return out;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEnvelope(r: EnvelopeRow, events: SigningEvent[]): Envelope {
  return {
    id: r.id,
    subscriptionId: r.subscriptionId,
    dealId: r.dealId,
    dealTitle: r.dealTitle,
    investorId: r.investorId,
    investorName: r.investorName,
    investorEmail: r.investorEmail,
    amount: r.amount,
    status: r.status,
    packVersion: r.packVersion,
    pageCount: r.pageCount,
    documentSha256: r.documentSha256,
    executedSha256: r.executedSha256,
    expiresAt: r.expiresAt.toISOString(),
    signedAt: iso(r.signedAt),
    executedAt: iso(r.executedAt),
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    events,
  };
}

/** Every subscription to the deal with its latest envelope's status (not started without one). */
export async function packStatusRows(q: Queryable, dealId: string): Promise<PackStatusRow[]> {
  const rows = await typed(q)
    .selectFrom('subscriptions as s')
    .innerJoin('profiles as p', 'p.id', 's.investorId')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('signing_envelopes')
          .distinctOn('subscriptionId')
          .select(['id', 'subscriptionId', 'status', 'createdAt', 'signedAt', 'executedAt', 'closedAt'])
          .orderBy('subscriptionId')
          .orderBy('createdAt', 'desc')
          .as('e'),
      (join) => join.onRef('e.subscriptionId', '=', 's.id'),
    )
    .select([
      's.id as subscriptionId',
      'p.name as investorName',
      'p.email as investorEmail',
      's.amount',
      'e.id as envelopeId',
      'e.status as envelopeStatus',
      'e.createdAt',
      'e.signedAt',
      'e.executedAt',
      'e.closedAt',
    ])
    .where('s.dealId', '=', dealId)
    .orderBy('p.name')
    .orderBy('s.createdAt')
    .execute();
  return rows.map((r) => ({
    subscriptionId: r.subscriptionId,
    investorName: r.investorName,
    investorEmail: r.investorEmail,
    amount: r.amount,
    status: r.envelopeStatus ? PACK_STATUS_OF[r.envelopeStatus as EnvelopeStatus] : 'not_started',
    envelopeId: r.envelopeId,
    createdAt: iso(r.createdAt),
    signedAt: iso(r.signedAt),
    executedAt: iso(r.executedAt),
    closedAt: iso(r.closedAt),
  }));
}

/** An investor's executed agreements on these deals (the Deal Vault lists them with the deal's documents). */
export async function executedAgreementsOf(
  q: Queryable,
  investorId: string,
  dealIds: readonly string[],
): Promise<{ envelopeId: string; dealId: string; executedAt: Date; executedBytes: number | null }[]> {
  if (dealIds.length === 0) return [];
  return typed(q)
    .selectFrom('signing_envelopes as e')
    .innerJoin('subscriptions as s', 's.id', 'e.subscriptionId')
    .select(['e.id as envelopeId', 's.dealId as dealId', 'e.executedAt as executedAt', 'e.executedBytes as executedBytes'])
    .where('e.investorId', '=', investorId)
    .where('e.status', '=', 'executed')
    .where('s.dealId', 'in', dealIds)
    .orderBy('e.executedAt', 'desc')
    .execute() as Promise<{ envelopeId: string; dealId: string; executedAt: Date; executedBytes: number | null }[]>;
}
