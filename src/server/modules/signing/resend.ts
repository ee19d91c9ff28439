import type { AppUser } from '../../../shared/auth.ts';
import {
  ENVELOPE_STATE_MESSAGES,
  type Envelope,
  lastSigningDay,
  RESEND_REMINDER_GAP_MINUTES,
  SIGNING_MESSAGES,
} from '../../../shared/signing.ts';
import type { AppContext } from '../../context.ts';
import { typed } from '../../db/typed.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifySigningEnvelope } from '../email/notify.ts';
import { companyDayIn } from '../settings/clock.ts';
import { addEvent, envelopeRow, liveEnvelopeOf } from './repository.ts';
import { getEnvelope, openEnvelope } from './service.ts';

/**
 * An admin's "resend" of a subscription agreement (issue 30, decision record 036, 2026-11-27):
 * - an envelope still waiting for the investor's signature: a reminder e-mail through the outbox
 *   and a `reminder_sent` event (at most one per RESEND_REMINDER_GAP_MINUTES: 409 before);
 * - a voided, declined or expired envelope of a subscription still open: a fresh envelope for the
 *   same subscription (the agreement generated again from the deal's latest complete pack, same
 *   subscribing entity), its `created` event naming the admin, and an e-mail to the investor in
 *   the same transaction. Parallel resends make one envelope: the others get 409.
 * A signed or executed envelope is not resent (409 with its state's message).
 */
export async function resendEnvelope(ctx: AppContext, actor: AppUser, id: string, ip: string): Promise<Envelope> {
  const row = await envelopeRow(ctx.db, id);
  if (!row) throw notFound(SIGNING_MESSAGES.envelopeNotFound);
  if (row.status === 'signed' || row.status === 'executed') throw conflict(ENVELOPE_STATE_MESSAGES[row.status], 'ENVELOPE_STATE');
  if (row.status === 'sent') return remind(ctx, actor, id, ip);

  const live = await liveEnvelopeOf(ctx.db, row.subscriptionId);
  if (live) throw conflict(SIGNING_MESSAGES.newerEnvelope, 'NEWER_ENVELOPE');
  let created: string | null = null;
  const fresh = await openEnvelope(ctx, { id: row.investorId }, row.subscriptionId, { entity: row.entity ?? undefined }, ip, {
    actorId: actor.id,
    onCreated: async (q, newId) => {
      created = newId;
      const env = await typed(q).selectFrom('signing_envelopes').select('expiresAt').where('id', '=', newId).executeTakeFirstOrThrow();
      await notifySigningEnvelope(q, row.investorId, {
        deal: row.dealTitle,
        kind: 'resent',
        reason: null,
        subscriptionId: row.subscriptionId,
        expires: lastSigningDay(env.expiresAt, (await companyDayIn(q)).zone),
      });
      await logActivity(q, {
        type: 'subscription_agreement_resent',
        userId: actor.id,
        targetUserId: row.investorId,
        details: {
          envelopeId: newId,
          previousEnvelopeId: id,
          subscriptionId: row.subscriptionId,
          dealId: row.dealId,
          title: row.dealTitle,
        },
        ip,
      });
    },
  });
  // Another request made the new envelope first: this one changed nothing.
  if (created !== fresh.id) throw conflict(SIGNING_MESSAGES.newerEnvelope, 'NEWER_ENVELOPE');
  return getEnvelope(ctx.db, fresh.id);
}

async function remind(ctx: AppContext, actor: AppUser, id: string, ip: string): Promise<Envelope> {
  return ctx.db.tx(async (q) => {
    const row = await envelopeRow(q, id, true);
    if (!row) throw notFound(SIGNING_MESSAGES.envelopeNotFound);
    if (row.status !== 'sent') throw conflict(ENVELOPE_STATE_MESSAGES[row.status], 'ENVELOPE_STATE');
    const now = ctx.now ? ctx.now() : new Date();
    if (new Date(row.expiresAt) <= now) throw conflict(ENVELOPE_STATE_MESSAGES.expired, 'ENVELOPE_EXPIRED');
    const recent = await typed(q)
      .selectFrom('signing_events')
      .select('createdAt')
      .where('envelopeId', '=', id)
      .where('kind', '=', 'reminder_sent')
      .where('createdAt', '>', new Date(now.getTime() - RESEND_REMINDER_GAP_MINUTES * 60_000))
      .executeTakeFirst();
    if (recent) throw conflict(SIGNING_MESSAGES.reminderTooSoon, 'REMINDER_TOO_SOON');
    const sent = await notifySigningEnvelope(q, row.investorId, {
      deal: row.dealTitle,
      kind: 'reminder',
      reason: null,
      subscriptionId: row.subscriptionId,
      expires: lastSigningDay(row.expiresAt, (await companyDayIn(q)).zone),
    });
    if (!sent) throw conflict(SIGNING_MESSAGES.investorInactive, 'INVESTOR_INACTIVE');
    await addEvent(q, { envelopeId: id, kind: 'reminder_sent', actorId: actor.id, ip, details: { by: 'admin' }, at: now });
    await logActivity(q, {
      type: 'subscription_agreement_reminded',
      userId: actor.id,
      targetUserId: row.investorId,
      details: { envelopeId: id, subscriptionId: row.subscriptionId, dealId: row.dealId, title: row.dealTitle },
      ip,
    });
    return getEnvelope(q, id);
  });
}
