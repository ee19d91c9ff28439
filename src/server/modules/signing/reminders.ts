import { sql as kysql } from 'kysely';
import { lastSigningDay, reminderStageDue } from '../../../shared/signing.ts';
import type { Db } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';
import { notifySigningEnvelope } from '../email/notify.ts';
import { companyDayIn } from '../settings/clock.ts';
import { addEvent, envelopeRow } from './repository.ts';
import { expiredNow, markExpired } from './service.ts';

/** How often the periodic 'signing-deadlines' job runs (decision 041): expiry is seen within minutes. */
export const SIGNING_DEADLINES_EVERY_MS = 10 * 60_000;

/**
 * The scheduled side of an envelope's deadline (issue 30, decision 036): every open envelope past
 * its expiry, or on a closed deal, is marked expired with an `expired` event; every envelope still
 * waiting for the investor gets the reminder e-mail due for how many company days are left
 * (SIGNING_REMINDER_DAYS_BEFORE), through the outbox, with a `reminder_sent` event. Each envelope
 * is handled in its own transaction under its row lock, and the stage sent is read from its
 * trail under that lock, so parallel runs (two servers, or a run and a retry) send each reminder
 * once. Returns what was done.
 */
export async function runSigningDeadlines(db: Db, now: Date = new Date()): Promise<{ expired: number; reminded: number }> {
  const { zone, today } = await companyDayIn(db, now);
  const open = await typed(db)
    .selectFrom('signing_envelopes as e')
    .innerJoin('subscriptions as s', 's.id', 'e.subscriptionId')
    .innerJoin('deals as d', 'd.id', 's.dealId')
    .select(['e.id', 'e.status', 'e.expiresAt', 'd.status as dealStatus'])
    .where('e.status', 'in', ['sent', 'signed'])
    .orderBy('e.expiresAt')
    .orderBy('e.id')
    .execute();
  let expired = 0;
  let reminded = 0;
  for (const candidate of open) {
    const due = expiredNow(candidate, now);
    if (!due && candidate.status !== 'sent') continue;
    if (!due && reminderStageDue(lastSigningDay(candidate.expiresAt, zone), today, []) === null) continue;
    const outcome = await db.tx(async (q) => {
      const row = await envelopeRow(q, candidate.id, true);
      if (!row) return null;
      // Someone is signing it this moment: leave it to their request (which checks expiry itself).
      if (row.claimedUntil && new Date(row.claimedUntil) > now) return null;
      if (expiredNow(row, now)) {
        await markExpired(q, row);
        return 'expired' as const;
      }
      if (row.status !== 'sent') return null;
      const lastDay = lastSigningDay(row.expiresAt, zone);
      const sent = await typed(q)
        .selectFrom('signing_events')
        .select(kysql<string | null>`details->>'stage'`.as('stage'))
        .where('envelopeId', '=', row.id)
        .where('kind', '=', 'reminder_sent')
        .execute();
      const stage = reminderStageDue(
        lastDay,
        today,
        sent.map((s) => Number(s.stage)).filter((n) => Number.isFinite(n) && n > 0),
      );
      if (stage === null) return null;
      const queued = await notifySigningEnvelope(q, row.investorId, {
        deal: row.dealTitle,
        kind: 'deadline_reminder',
        reason: null,
        subscriptionId: row.subscriptionId,
        expires: lastDay,
      });
      if (!queued) return null;
      await addEvent(q, {
        envelopeId: row.id,
        kind: 'reminder_sent',
        actorId: null,
        ip: null,
        details: { by: 'schedule', stage, lastDay },
        at: now,
      });
      return 'reminded' as const;
    });
    if (outcome === 'expired') expired++;
    if (outcome === 'reminded') reminded++;
  }
  return { expired, reminded };
}
