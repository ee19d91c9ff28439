import { EventEmitter } from 'node:events';
import type { OutboxEntry, OutboxPage, OutboxStatus } from '../../../shared/email.ts';
import type { Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  type ClaimedEmail,
  claimDueEmails,
  insertEmail,
  insertEmails,
  markEmailFailed,
  markEmailSent,
  type OutboxInsert,
  type OutboxRow,
  outboxCounts,
  outboxRows,
  outboxStatus,
  requeueNow,
  requeueSending,
} from './repository.ts';
import type { Rendered } from './templates.ts';

/**
 * The durable outbox. `enqueueEmail` takes the caller's transaction, so an e-mail exists if and
 * only if the event that causes it committed; the worker (worker.ts) sends it afterwards.
 */

/** Tells this process's worker that something may be due (another instance finds it by polling). */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(50);

export interface NewEmail extends Rendered {
  kind: string;
  to: string;
  userId: string | null;
}

/** The outbox row of an e-mail (columns in the table's words). */
const row = (e: NewEmail): OutboxInsert => ({
  kind: e.kind,
  toAddress: e.to,
  userId: e.userId,
  subject: e.subject,
  textBody: e.text,
  htmlBody: e.html,
  unsubscribePath: e.unsubscribePath ?? null,
});

/** Many e-mails in one statement (a notification to every investor). */
export async function enqueueEmails(q: Queryable, list: NewEmail[]): Promise<void> {
  if (list.length === 0) return;
  await insertEmails(q, list.map(row));
  setTimeout(() => outboxSignal.emit('enqueued'), 50).unref();
}

export async function enqueueEmail(q: Queryable, e: NewEmail): Promise<number> {
  const id = await insertEmail(q, row(e));
  // The transaction commits after this returns; give it a moment before looking.
  setTimeout(() => outboxSignal.emit('enqueued'), 50).unref();
  return id;
}

export type { ClaimedEmail };

/** How long an instance may hold a claimed e-mail before another instance takes it over. */
export const CLAIM_LEASE_SECONDS = 120;

/**
 * Claims up to `limit` due e-mails for this instance: queued ones whose time has come, and ones
 * another instance claimed but did not finish within its lease (it died). Rows locked by a
 * concurrent claim are skipped, so each e-mail is claimed by one instance.
 */
export async function claimDue(q: Queryable, limit: number): Promise<ClaimedEmail[]> {
  return claimDueEmails(q, limit, CLAIM_LEASE_SECONDS);
}

/**
 * E-mails left 'sending' by a process that died. Only for the embedded database, where the
 * DATA_DIR lock guarantees this is the only server: with PostgreSQL another instance may be
 * sending them right now, and their lease decides instead.
 */
export async function releaseAbandoned(q: Queryable): Promise<number> {
  return requeueSending(q);
}

export async function markSent(q: Queryable, id: number, response: string): Promise<void> {
  await markEmailSent(q, id, response.slice(0, 500));
}

/** Schedules the next attempt (base * 2^(attempts-1) seconds), or gives up after the last one. */
export async function markFailed(
  q: Queryable,
  id: number,
  error: string,
  opts: { attempts: number; maxAttempts: number; baseSeconds: number; permanent: boolean },
): Promise<'queued' | 'failed'> {
  const giveUp = opts.permanent || opts.attempts >= opts.maxAttempts;
  const delay = Math.min(opts.baseSeconds * 2 ** Math.max(0, opts.attempts - 1), 24 * 3600);
  await markEmailFailed(q, id, giveUp ? { status: 'failed' } : { status: 'queued', retrySeconds: delay }, error.slice(0, 1000));
  return giveUp ? 'failed' : 'queued';
}

const toEntry = (r: OutboxRow): OutboxEntry => ({
  id: r.id,
  kind: r.kind,
  to: r.toAddress,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === 'queued' ? new Date(r.nextAttemptAt).toISOString() : null,
  lastError: r.lastError,
  smtpResponse: r.smtpResponse,
  createdAt: new Date(r.createdAt).toISOString(),
  sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
});

export async function listOutbox(q: Queryable, opts: { status?: OutboxStatus; limit: number }): Promise<Omit<OutboxPage, 'server'>> {
  const rows = await outboxRows(q, opts.status, opts.limit);
  const c: Record<OutboxStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of await outboxCounts(q)) c[r.status] = r.n;
  return { entries: rows.map(toEntry), counts: c };
}

/** "Retry now": a failed or waiting e-mail is due at once (one more attempt for a failed one). */
export async function retryNow(q: Queryable, id: number): Promise<OutboxEntry> {
  const entry = await requeueNow(q, id);
  if (!entry) {
    const status = await outboxStatus(q, id);
    if (!status) throw notFound('E-mail not found');
    throw conflict(status === 'sent' ? 'This e-mail has already been sent' : 'This e-mail is being sent right now', 'INVALID_STATE');
  }
  setTimeout(() => outboxSignal.emit('enqueued'), 50).unref();
  return toEntry(entry);
}
