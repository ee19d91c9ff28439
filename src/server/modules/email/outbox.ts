import { EventEmitter } from 'node:events';
import type { OutboxEntry, OutboxPage, OutboxStatus } from '../../../shared/email.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { conflict, notFound } from '../../http/errors.ts';
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

/** Many e-mails in one statement (a notification to every investor). */
export async function enqueueEmails(q: Queryable, list: NewEmail[]): Promise<void> {
  if (list.length === 0) return;
  await q.query(
    `INSERT INTO email_outbox (kind, to_address, user_id, subject, text_body, html_body, unsubscribe_path)
     SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[])`,
    [
      list.map((e) => e.kind),
      list.map((e) => e.to),
      list.map((e) => e.userId),
      list.map((e) => e.subject),
      list.map((e) => e.text),
      list.map((e) => e.html),
      list.map((e) => e.unsubscribePath ?? null),
    ],
  );
  setTimeout(() => outboxSignal.emit('enqueued'), 50).unref();
}

export async function enqueueEmail(q: Queryable, e: NewEmail): Promise<number> {
  const rows = await sql<{
    id: number;
  }>(`INSERT INTO email_outbox (kind, to_address, user_id, subject, text_body, html_body, unsubscribe_path)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`).all(q, [
    e.kind,
    e.to,
    e.userId,
    e.subject,
    e.text,
    e.html,
    e.unsubscribePath ?? null,
  ]);
  // The transaction commits after this returns; give it a moment before looking.
  setTimeout(() => outboxSignal.emit('enqueued'), 50).unref();
  return (rows[0] as { id: number }).id;
}

export interface ClaimedEmail {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  unsubscribe_path: string | null;
  attempts: number;
}

/** How long an instance may hold a claimed e-mail before another instance takes it over. */
export const CLAIM_LEASE_SECONDS = 120;

/**
 * Claims up to `limit` due e-mails for this instance: queued ones whose time has come, and ones
 * another instance claimed but did not finish within its lease (it died). Rows locked by a
 * concurrent claim are skipped, so each e-mail is claimed by one instance.
 */
export async function claimDue(q: Queryable, limit: number): Promise<ClaimedEmail[]> {
  return sql<ClaimedEmail>(`UPDATE email_outbox SET status = 'sending', attempts = attempts + 1,
            locked_until = now() + make_interval(secs => $2)
      WHERE id IN (SELECT id FROM email_outbox
                    WHERE (status = 'queued' AND next_attempt_at <= now())
                       OR (status = 'sending' AND locked_until < now())
                    ORDER BY next_attempt_at, id
                    LIMIT $1
                    FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, to_address, subject, text_body, html_body, unsubscribe_path, attempts`).all(q, [limit, CLAIM_LEASE_SECONDS]);
}

/**
 * E-mails left 'sending' by a process that died. Only for the embedded database, where the
 * DATA_DIR lock guarantees this is the only server: with PostgreSQL another instance may be
 * sending them right now, and their lease decides instead.
 */
export async function releaseAbandoned(q: Queryable): Promise<number> {
  const rows = await q.query(
    `UPDATE email_outbox SET status = 'queued', locked_until = NULL, next_attempt_at = now() WHERE status = 'sending' RETURNING id`,
  );
  return rows.length;
}

export async function markSent(q: Queryable, id: number, response: string): Promise<void> {
  await q.query(
    `UPDATE email_outbox SET status = 'sent', sent_at = now(), smtp_response = $2, last_error = NULL, locked_until = NULL
      WHERE id = $1 AND status = 'sending'`,
    [id, response.slice(0, 500)],
  );
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
  await q.query(
    `UPDATE email_outbox SET status = $2, last_error = $3, locked_until = NULL,
            next_attempt_at = CASE WHEN $2 = 'queued' THEN now() + make_interval(secs => $4) ELSE next_attempt_at END
      WHERE id = $1 AND status = 'sending'`,
    [id, giveUp ? 'failed' : 'queued', error.slice(0, 1000), delay],
  );
  return giveUp ? 'failed' : 'queued';
}

interface OutboxRow {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  smtp_response: string | null;
  created_at: Date;
  sent_at: Date | null;
}

const toEntry = (r: OutboxRow): OutboxEntry => ({
  id: r.id,
  kind: r.kind,
  to: r.to_address,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === 'queued' && r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
  lastError: r.last_error,
  smtpResponse: r.smtp_response,
  createdAt: new Date(r.created_at).toISOString(),
  sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
});

export async function listOutbox(q: Queryable, opts: { status?: OutboxStatus; limit: number }): Promise<Omit<OutboxPage, 'server'>> {
  const rows =
    await sql<OutboxRow>(`SELECT id, kind, to_address, subject, status, attempts, next_attempt_at, last_error, smtp_response, created_at, sent_at
       FROM email_outbox WHERE ($1::text IS NULL OR status = $1) ORDER BY id DESC LIMIT $2`).all(q, [opts.status ?? null, opts.limit]);
  const counts = await sql<{ status: OutboxStatus; n: number }>('SELECT status, count(*)::int AS n FROM email_outbox GROUP BY status').all(
    q,
  );
  const c: Record<OutboxStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of counts) c[r.status] = r.n;
  return { entries: rows.map(toEntry), counts: c };
}

/** "Retry now": a failed or waiting e-mail is due at once (one more attempt for a failed one). */
export async function retryNow(q: Queryable, id: number): Promise<OutboxEntry> {
  const rows = await sql<OutboxRow>(`UPDATE email_outbox SET status = 'queued', next_attempt_at = now()
      WHERE id = $1 AND status IN ('queued', 'failed')
      RETURNING id, kind, to_address, subject, status, attempts, next_attempt_at, last_error, smtp_response, created_at, sent_at`).all(q, [
    id,
  ]);
  if (!rows[0]) {
    const exists = await sql<{ status: string }>('SELECT status FROM email_outbox WHERE id = $1').all(q, [id]);
    if (!exists[0]) throw notFound('E-mail not found');
    throw conflict(
      exists[0].status === 'sent' ? 'This e-mail has already been sent' : 'This e-mail is being sent right now',
      'INVALID_STATE',
    );
  }
  setTimeout(() => outboxSignal.emit('enqueued'), 50).unref();
  return toEntry(rows[0]);
}
