import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { CLAIM_LEASE_SECONDS, claimDue, enqueueEmails, markFailed, markSent, releaseAbandoned } from './outbox.ts';

/**
 * The outbox's claims on the typed layer (decision 035): many transactions claiming at once never
 * hand one e-mail to two senders (FOR UPDATE SKIP LOCKED on PostgreSQL, the one connection on
 * PGlite), a lease that ran out is taken over, and a failure is rescheduled or given up. Runs on
 * both engines (TEST_DB=postgres).
 */
describe('e-mail outbox claims', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.query('DELETE FROM email_outbox');
  });

  const queue = (n: number) =>
    enqueueEmails(
      ctx.db,
      Array.from({ length: n }, (_, i) => ({
        kind: 'test',
        to: `claim${i}@test.example.com`,
        userId: null,
        subject: `Claim ${i}`,
        text: `Body ${i}`,
        html: `<p>Body ${i}</p>`,
        unsubscribePath: i % 2 ? `/unsubscribe#token=t${i}&topic=kyc` : null,
      })),
    );
  const row = (id: number) =>
    sql<{ status: string; attempts: number; wait: number; locked: boolean; last_error: string | null; smtp_response: string | null }>(
      `SELECT status, attempts, extract(epoch FROM next_attempt_at - now())::float AS wait, locked_until IS NOT NULL AS locked,
              last_error, smtp_response FROM email_outbox WHERE id = $1`,
    ).first(ctx.db, [id]);

  it('of 24 parallel claims of up to 5, each of 60 e-mails goes to exactly one, with its columns', async () => {
    await queue(60);
    const batches = await Promise.all(Array.from({ length: 24 }, () => ctx.db.tx((q) => claimDue(q, 5))));
    const claimed = batches.flat();
    // What parallel claims skipped (rows locked by another claim) the next passes take.
    for (let more = await ctx.db.tx((q) => claimDue(q, 5)); more.length > 0; more = await ctx.db.tx((q) => claimDue(q, 5)))
      claimed.push(...more);
    const ids = claimed.map((e) => e.id);
    // 60 queued, each claimed once: 60 distinct ids, no repeats.
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    expect(batches.every((b) => b.length <= 5)).toBe(true);
    const first = claimed.find((e) => e.toAddress === 'claim1@test.example.com');
    expect(first).toMatchObject({
      kind: 'test',
      subject: 'Claim 1',
      textBody: 'Body 1',
      htmlBody: '<p>Body 1</p>',
      unsubscribePath: '/unsubscribe#token=t1&topic=kyc',
      attempts: 1,
    });
    expect(claimed.find((e) => e.toAddress === 'claim0@test.example.com')?.unsubscribePath).toBeNull();
    const counts = await sql<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM email_outbox GROUP BY status').all(
      ctx.db,
    );
    expect(counts).toEqual([{ status: 'sending', n: 60 }]);
  });

  it('takes over an e-mail whose lease ran out, reschedules a failure with backoff, gives up on a permanent one', async () => {
    await queue(3);
    const [a, b, c] = await ctx.db.tx((q) => claimDue(q, 10));
    if (!a || !b || !c) throw new Error('three e-mails claimed');
    // Within the lease nobody else takes them.
    expect(await ctx.db.tx((q) => claimDue(q, 10))).toEqual([]);
    // The lease is CLAIM_LEASE_SECONDS (120 s) from the claim.
    const lease = await sql<{ left: number }>(
      'SELECT extract(epoch FROM locked_until - now())::float AS left FROM email_outbox WHERE id = $1',
    ).first(ctx.db, [a.id]);
    expect(lease?.left).toBeGreaterThan(CLAIM_LEASE_SECONDS - 10);
    expect(lease?.left).toBeLessThanOrEqual(CLAIM_LEASE_SECONDS);
    // a: its instance died; once the lease is over another claim takes it (second attempt).
    await ctx.db.query("UPDATE email_outbox SET locked_until = now() - interval '1 second' WHERE id = $1", [a.id]);
    const again = await ctx.db.tx((q) => claimDue(q, 10));
    expect(again.map((e) => [e.id, e.attempts])).toEqual([[a.id, 2]]);
    await markSent(ctx.db, a.id, '250 OK');
    expect(await row(a.id)).toMatchObject({ status: 'sent', locked: false, last_error: null, smtp_response: '250 OK' });

    // b: a temporary failure on attempt 1 of 3 with base 30 s waits 30 * 2^0 = 30 s.
    expect(await markFailed(ctx.db, b.id, '421 busy', { attempts: 1, maxAttempts: 3, baseSeconds: 30, permanent: false })).toBe('queued');
    const waiting = await row(b.id);
    expect(waiting).toMatchObject({ status: 'queued', locked: false, last_error: '421 busy' });
    expect(waiting?.wait).toBeGreaterThan(25);
    expect(waiting?.wait).toBeLessThanOrEqual(30);
    // c: a permanent refusal gives up at once and keeps its due time.
    const dueBefore = (await row(c.id))?.wait ?? 0;
    expect(await markFailed(ctx.db, c.id, '550 no such user', { attempts: 1, maxAttempts: 3, baseSeconds: 30, permanent: true })).toBe(
      'failed',
    );
    const failed = await row(c.id);
    expect(failed).toMatchObject({ status: 'failed', locked: false, last_error: '550 no such user' });
    expect(failed?.wait).toBeLessThanOrEqual(dueBefore);
    // Nothing left 'sending' to release; a claimed one would be queued again.
    expect(await releaseAbandoned(ctx.db)).toBe(0);
  });
});
