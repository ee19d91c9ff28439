import { sql as raw } from 'kysely';
import type {
  WebhookAttempt,
  WebhookDeliveredType,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEventType,
} from '../../../shared/webhooks.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The webhook queries (decision 035): typed from schema.generated.ts. */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'secretHint',
  'createdAt',
  'updatedAt',
  'secretRotatedAt',
] as const;

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secretHint: string;
  createdAt: Date;
  updatedAt: Date;
  secretRotatedAt: Date | null;
};

const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  ...r,
  events: r.events as WebhookEventType[],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  secretRotatedAt: iso(r.secretRotatedAt),
});

export async function listEndpoints(q: Queryable): Promise<WebhookEndpoint[]> {
  const rows = await typed(q).selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).orderBy('createdAt').orderBy('id').execute();
  return rows.map(toEndpoint);
}

export async function getEndpoint(q: Queryable, id: string, lock = false): Promise<WebhookEndpoint | null> {
  let query = typed(q).selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toEndpoint(row) : null;
}

export async function countEndpoints(q: Queryable): Promise<number> {
  const row = await typed(q)
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(
  q: Queryable,
  e: {
    url: string;
    description: string;
    events: WebhookEventType[];
    enabled: boolean;
    secretEncrypted: string;
    secretHint: string;
    createdBy: string;
  },
): Promise<WebhookEndpoint> {
  const row = await typed(q).insertInto('webhook_endpoints').values(e).returning(ENDPOINT_COLUMNS).executeTakeFirstOrThrow();
  return toEndpoint(row);
}

export async function updateEndpoint(
  q: Queryable,
  id: string,
  set: Partial<{
    url: string;
    description: string;
    events: WebhookEventType[];
    enabled: boolean;
    secretEncrypted: string;
    secretHint: string;
  }>,
  rotated = false,
): Promise<WebhookEndpoint> {
  const row = await typed(q)
    .updateTable('webhook_endpoints')
    .set({ ...set, updatedAt: raw<Date>`now()`, ...(rotated ? { secretRotatedAt: raw<Date>`now()` } : {}) })
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toEndpoint(row);
}

/** Enabled endpoints subscribed to a type (the test event: one endpoint by id). */
export async function subscribedEndpoints(q: Queryable, type: WebhookEventType): Promise<string[]> {
  const rows = await typed(q)
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('enabled', '=', true)
    .where(raw<boolean>`${type} = ANY(events)`)
    .execute();
  return rows.map((r) => r.id);
}

/** The event and one queued delivery per endpoint, in the caller's transaction. */
export async function insertEvent(
  q: Queryable,
  type: WebhookDeliveredType,
  body: string,
  id: string,
  endpointIds: string[],
): Promise<string[]> {
  await typed(q).insertInto('webhook_events').values({ id, type, body }).execute();
  if (endpointIds.length === 0) return [];
  const rows = await typed(q)
    .insertInto('webhook_deliveries')
    .values(endpointIds.map((endpointId) => ({ endpointId, eventId: id })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  attempts: number;
}

/** How long a server may hold a claimed delivery before another takes it over (it died). */
export const CLAIM_LEASE_SECONDS = 60;

/**
 * Claims up to `limit` due deliveries: queued ones whose time has come, and ones another server
 * claimed but did not finish within its lease. Rows locked by a concurrent claim are skipped, so
 * each delivery attempt is made by one server.
 */
export async function claimDue(q: Queryable, limit: number): Promise<ClaimedDelivery[]> {
  const k = typed(q);
  return k
    .updateTable('webhook_deliveries')
    .set({
      status: 'sending',
      attempts: raw<number>`attempts + 1`,
      lockedUntil: raw<Date>`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
    })
    .where(
      'id',
      'in',
      k
        .selectFrom('webhook_deliveries')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', raw<Date>`now()`)]),
            eb.and([eb('status', '=', 'sending'), eb('lockedUntil', '<', raw<Date>`now()`)]),
          ]),
        )
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'endpointId', 'eventId', 'attempts'])
    .execute();
}

/** What an attempt sends: the endpoint's address and secret (encrypted), the event's type and body. */
export async function deliveryTarget(
  q: Queryable,
  deliveryId: string,
): Promise<{ url: string; secretEncrypted: string; enabled: boolean; type: string; body: string } | undefined> {
  return typed(q)
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpointId')
    .innerJoin('webhook_events as v', 'v.id', 'd.eventId')
    .select(['e.url', 'e.secretEncrypted', 'e.enabled', 'v.type', 'v.body'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

export async function recordAttempt(
  q: Queryable,
  a: {
    deliveryId: string;
    attempt: number;
    startedAt: Date;
    durationMs: number;
    responseCode: number | null;
    excerpt: string | null;
    error: string | null;
  },
): Promise<void> {
  await typed(q)
    .insertInto('webhook_attempts')
    .values({
      deliveryId: a.deliveryId,
      attempt: a.attempt,
      startedAt: a.startedAt,
      durationMs: a.durationMs,
      responseCode: a.responseCode,
      responseExcerpt: a.excerpt,
      error: a.error?.slice(0, 1000) ?? null,
    })
    .execute();
}

/** The attempt's outcome: delivered, queued again after `delaySeconds`, or failed for good. */
export async function settleDelivery(
  q: Queryable,
  id: string,
  outcome: { status: 'delivered' | 'queued' | 'failed'; responseCode: number | null; error: string | null; delaySeconds: number },
): Promise<void> {
  await typed(q)
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      lockedUntil: null,
      lastResponseCode: outcome.responseCode,
      lastError: outcome.error?.slice(0, 1000) ?? null,
      ...(outcome.status === 'delivered' ? { deliveredAt: raw<Date>`now()` } : {}),
      ...(outcome.status === 'queued' ? { nextAttemptAt: raw<Date>`now() + make_interval(secs => ${outcome.delaySeconds})` } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Queues a finished delivery again (attempts from zero). Conditional: of many parallel requests
 * one finds it delivered or failed and queues it; the others find it queued and get nothing.
 */
export async function requeueDelivery(q: Queryable, id: string): Promise<boolean> {
  const rows = await typed(q)
    .updateTable('webhook_deliveries')
    .set({ status: 'queued', attempts: 0, nextAttemptAt: raw<Date>`now()`, lockedUntil: null })
    .where('id', '=', id)
    .where('status', 'in', ['delivered', 'failed'])
    .returning('id')
    .execute();
  return rows.length === 1;
}

export async function deliveryEndpoint(q: Queryable, id: string): Promise<string | null> {
  const row = await typed(q).selectFrom('webhook_deliveries').select('endpointId').where('id', '=', id).executeTakeFirst();
  return row?.endpointId ?? null;
}

/** An endpoint's deliveries, the latest first, each with its attempts. */
export async function listDeliveries(
  q: Queryable,
  endpointId: string,
  opts: { id?: string; limit?: number } = {},
): Promise<WebhookDelivery[]> {
  let query = typed(q)
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.eventId')
    .select([
      'd.id',
      'd.eventId',
      'v.type',
      'd.status',
      'd.attempts',
      'd.createdAt',
      'd.nextAttemptAt',
      'd.deliveredAt',
      'd.lastResponseCode',
      'd.lastError',
    ])
    .where('d.endpointId', '=', endpointId)
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .limit(opts.limit ?? 50);
  if (opts.id) query = query.where('d.id', '=', opts.id);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const attempts = await typed(q)
    .selectFrom('webhook_attempts')
    .select(['deliveryId', 'attempt', 'startedAt', 'responseCode', 'durationMs', 'error'])
    .where(
      'deliveryId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id', 'desc')
    .execute();
  const byDelivery = new Map<string, WebhookAttempt[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.deliveryId) ?? [];
    list.push({
      attempt: a.attempt,
      at: a.startedAt.toISOString(),
      responseCode: a.responseCode,
      durationMs: a.durationMs,
      error: a.error,
    });
    byDelivery.set(a.deliveryId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    event: r.type as WebhookDeliveredType,
    status: r.status as WebhookDeliveryStatus,
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.status === 'queued' ? r.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(r.deliveredAt),
    lastResponseCode: r.lastResponseCode,
    lastError: r.lastError,
    log: byDelivery.get(r.id) ?? [],
  }));
}
