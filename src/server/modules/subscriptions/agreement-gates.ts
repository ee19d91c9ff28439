import { sql as kysql } from 'kysely';
import { missingKinds, type PlacedField, packMissingMessage, SIGNING_MESSAGES, type SigningEventKind } from '../../../shared/signing.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';
import { conflict } from '../../http/errors.ts';

/**
 * The subscription path's gates of issue 30 (decision record 036), here so the subscriptions
 * module needs nothing of the signing module (which builds on it): every deal takes
 * subscriptions only with a complete subscription pack, completes them only with an executed
 * agreement, and a cancelled or rejected subscription voids its open envelope. The signing
 * module appends its events with the same function.
 */

async function latestFields(q: Queryable, dealId: string): Promise<PlacedField[] | undefined> {
  const row = await typed(q)
    .selectFrom('subscription_packs')
    .select('fields')
    .where('dealId', '=', dealId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (row.fields as unknown as PlacedField[]) : undefined;
}

/**
 * Every deal takes subscriptions through the signed agreement (issue 30; decision 036, amended
 * 27 Nov 2026): its latest subscription pack must exist and be complete, else 409 naming what is
 * missing (no pack at all: PACK_MISSING; fields missing: PACK_INCOMPLETE).
 */
export async function requireCompletePack(q: Queryable, dealId: string): Promise<void> {
  const fields = await latestFields(q, dealId);
  if (!fields) throw conflict(packMissingMessage(null), 'PACK_MISSING');
  const missing = missingKinds(fields);
  if (missing.length > 0) throw conflict(packMissingMessage(missing), 'PACK_INCOMPLETE');
}

/**
 * The completion gate (issue 30): every subscription completes only with a fully executed
 * agreement (409 otherwise); the countersignature is what completes it.
 */
export async function requireExecuted(q: Queryable, subscriptionId: string): Promise<void> {
  const executed = await typed(q)
    .selectFrom('signing_envelopes')
    .select('id')
    .where('subscriptionId', '=', subscriptionId)
    .where('status', '=', 'executed')
    .executeTakeFirst();
  if (!executed) throw conflict(SIGNING_MESSAGES.notExecuted, 'AGREEMENT_NOT_EXECUTED');
}

/** Appends an event; the caller holds the envelope's row lock (the sequence is max + 1). */
export async function addEvent(
  q: Queryable,
  e: {
    envelopeId: string;
    kind: SigningEventKind;
    actorId: string | null;
    ip: string | null;
    details?: Record<string, unknown>;
    at?: Date;
  },
): Promise<void> {
  const last = await typed(q)
    .selectFrom('signing_events')
    .select((eb) => eb.fn.coalesce(eb.fn.max('seq'), kysql<number>`0`).as('s'))
    .where('envelopeId', '=', e.envelopeId)
    .executeTakeFirstOrThrow();
  await typed(q)
    .insertInto('signing_events')
    .values({
      envelopeId: e.envelopeId,
      seq: Number(last.s) + 1,
      kind: e.kind,
      actorId: e.actorId,
      ipAddress: e.ip,
      details: JSON.stringify(e.details ?? {}),
      ...(e.at ? { createdAt: e.at } : {}),
    })
    .execute();
}

/**
 * Closes a subscription's live (sent or signed) envelope when the subscription itself is
 * cancelled or rejected: voided, with the reason, and its event.
 */
export async function voidLiveEnvelopes(q: Queryable, subscriptionId: string, actorId: string, ip: string, reason: string): Promise<void> {
  const live = await typed(q)
    .selectFrom('signing_envelopes')
    .select('id')
    .where('subscriptionId', '=', subscriptionId)
    .where('status', 'in', ['sent', 'signed'])
    .forUpdate()
    .execute();
  for (const env of live) {
    await typed(q)
      .updateTable('signing_envelopes')
      .set({ status: 'voided', reason, closedAt: kysql<Date>`now()`, updatedAt: kysql<Date>`now()`, claimToken: null, claimedUntil: null })
      .where('id', '=', env.id)
      .execute();
    await addEvent(q, { envelopeId: env.id, kind: 'voided', actorId, ip, details: { reason } });
  }
}
