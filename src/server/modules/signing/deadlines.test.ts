import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '../../../shared/api/contract.ts';
import type { Deal } from '../../../shared/deals.ts';
import type { Envelope } from '../../../shared/signing.ts';
import { type ApiCall, injectApi } from '../../testing/api-client.ts';
import { approveForSubscribing, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { completeSubscriptionSigned, ensureSubscriptionPack } from '../../testing/signing.ts';
import { runSigningDeadlines } from './reminders.ts';

/**
 * Issue 30: "the pack expires after the deal's close date or a configurable number of days, with
 * reminders through the e-mail outbox" (decision 036, second 27 Nov section). The company's zone
 * is Asia/Dubai (UTC+4, no daylight saving), so a company day starts at 20:00 UTC the day before.
 * Every reference instant below is worked by hand from that offset.
 */
describe('signing deadlines: expiry at the end of the last company day, scheduled reminders (issue 30)', () => {
  let ctx: TestContext;
  let clock = new Date('2026-12-01T19:30:00Z');
  let founder: { id: string; email: string; password: string };
  const at = (iso: string) => {
    clock = new Date(iso);
  };

  const api = injectApi(() => ctx.app);
  /** A route called as `user`, with a fresh session at the test clock's moment (the clock jumps weeks between steps). */
  const as = async <K extends RouteKey>(key: K, user: { email: string; password: string }, call: ApiCall<K> = {}) =>
    api(key, { ...call, cookie: await signIn(ctx, user.email, user.password) });

  const investor = async () => {
    const name = `Investor ${Math.random().toString(36).slice(2, 7)} Deadline`;
    const u = await createUser(ctx, { role: 'investor', name });
    await approveForSubscribing(ctx, u.id);
    return { ...u, name };
  };

  const activeDeal = async (): Promise<Deal> => {
    const res = await as('POST /api/deals', founder, {
      body: {
        title: `Deadline deal ${Math.random().toString(36).slice(2, 7)}`,
        type: 'PPP',
        targetAmount: '5000000',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().deal;
    expect((await as('PATCH /api/deals/:id', founder, { params: { id: deal.id }, body: { status: 'Active' } })).statusCode).toBe(200);
    await ensureSubscriptionPack(ctx, deal.id);
    return deal;
  };

  const subscribeAndOpen = async (inv: { email: string; password: string }, dealId: string) => {
    const s = await as('POST /api/investor/subscriptions', inv, { body: { dealId, amount: '1000' } });
    expect(s.statusCode, s.body).toBe(201);
    const sub = s.json().subscription;
    const e = await as('POST /api/investor/subscriptions/:id/envelope', inv, { params: { id: sub.id }, body: {} });
    expect(e.statusCode, e.body).toBe(200);
    return { sub, env: e.json().envelope };
  };

  const reminders = async (userId: string) =>
    (await ctx.db.query(
      `SELECT kind, subject, text_body FROM email_outbox WHERE user_id = $1 AND kind LIKE 'signing_%' ORDER BY created_at, id`,
      [userId],
    )) as { kind: string; subject: string; text_body: string }[];

  const events = async (envelopeId: string) =>
    (await ctx.db.query(
      `SELECT kind, actor_id, details->>'stage' AS stage, details->>'by' AS by, details->>'reason' AS reason
         FROM signing_events WHERE envelope_id = $1 ORDER BY seq`,
      [envelopeId],
    )) as { kind: string; actor_id: string | null; stage: string | null; by: string | null; reason: string | null }[];

  beforeAll(async () => {
    ctx = await createTestContext({}, { settings: { timezone: 'UTC+4' }, now: () => clock });
    founder = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Deadline Founder' });
  }, 60_000);
  afterAll(() => ctx?.close());

  let deal: Deal;
  let first: { id: string; email: string; password: string; name: string };
  let second: { id: string; email: string; password: string; name: string };
  let env1: Envelope;
  let env2: Envelope;

  it('an envelope is signable through the company day 30 days after it was opened and expires at the midnight ending it', async () => {
    deal = await activeDeal();
    first = await investor();
    second = await investor();
    // 19:30 UTC on 1 Dec is 23:30 in Dubai, still 1 Dec: last day 1 Dec + 30 = 31 Dec, which ends
    // at 1 Jan 00:00 Dubai = 31 Dec 20:00 UTC.
    at('2026-12-01T19:30:00Z');
    env1 = (await subscribeAndOpen(first, deal.id)).env;
    expect(env1.expiresAt).toBe('2026-12-31T20:00:00.000Z');
    // 20:00 UTC on 1 Dec is midnight in Dubai, 2 Dec: last day 1 Jan, ending 1 Jan 20:00 UTC.
    at('2026-12-01T20:00:00Z');
    env2 = (await subscribeAndOpen(second, deal.id)).env;
    expect(env2.expiresAt).toBe('2027-01-01T20:00:00.000Z');
  }, 60_000);

  it('the 7-day reminder goes out at the first moment of the seventh-last company day, once, with its event', async () => {
    // env1's last day 31 Dec: 7 days left on 24 Dec, which starts 23 Dec 20:00 UTC.
    at('2026-12-23T19:59:59Z');
    expect(await runSigningDeadlines(ctx.db, clock)).toEqual({ expired: 0, reminded: 0 });
    expect(await reminders(first.id)).toEqual([]);
    at('2026-12-23T20:00:00Z');
    // Only env1: env2 (last day 1 Jan) has 7 days left from 25 Dec.
    expect(await runSigningDeadlines(ctx.db, clock)).toEqual({ expired: 0, reminded: 1 });
    expect(await runSigningDeadlines(ctx.db, clock)).toEqual({ expired: 0, reminded: 0 });
    const mail = await reminders(first.id);
    expect(mail.map((m) => m.kind)).toEqual(['signing_deadline_reminder']);
    expect(mail[0]?.subject).toContain(deal.title);
    expect(mail[0]?.text_body).toMatch(/Please sign by 31 Dec(ember)? 2026/);
    expect(await reminders(second.id)).toEqual([]);
    const trail = await events(env1.id);
    expect(trail.at(-1)).toEqual({ kind: 'reminder_sent', actor_id: null, stage: '7', by: 'schedule', reason: null });
  }, 60_000);

  it('30 parallel runs on the day before the last send each due reminder exactly once', async () => {
    // 30 Dec in Dubai (29 Dec 20:00 UTC): env1 has 1 day left (the 1-day stage), env2 2 days
    // (inside the 7-day window, whose reminder it never had).
    at('2026-12-29T20:00:00Z');
    const results = await Promise.all(Array.from({ length: 30 }, () => runSigningDeadlines(ctx.db, clock)));
    expect(results.reduce((n, r) => n + r.reminded, 0)).toBe(2);
    expect((await reminders(first.id)).map((m) => m.kind)).toEqual(['signing_deadline_reminder', 'signing_deadline_reminder']);
    expect((await reminders(second.id)).map((m) => m.kind)).toEqual(['signing_deadline_reminder']);
    expect((await events(env1.id)).filter((e) => e.kind === 'reminder_sent').map((e) => e.stage)).toEqual(['7', '1']);
    expect((await events(env2.id)).filter((e) => e.kind === 'reminder_sent').map((e) => e.stage)).toEqual(['7']);
  }, 120_000);

  it('expires at the end of the last company day: the trail says so, signing is refused, the investor sees it', async () => {
    // 23:59:59 on 31 Dec in Dubai: env1 still open; env2 (last day 1 Jan) has 1 day left: its 1-day reminder.
    at('2026-12-31T19:59:59Z');
    expect(await runSigningDeadlines(ctx.db, clock)).toEqual({ expired: 0, reminded: 1 });
    // Midnight in Dubai: env1 expires, nothing more is due for env2.
    at('2026-12-31T20:00:00Z');
    expect(await runSigningDeadlines(ctx.db, clock)).toEqual({ expired: 1, reminded: 0 });
    expect((await events(env1.id)).at(-1)).toMatchObject({ kind: 'expired', actor_id: null });
    const sign = await as('POST /api/investor/envelopes/:id/sign', first, {
      params: { id: env1.id },
      body: {
        consent: true,
        method: 'typed',
        typedName: first.name,
        password: first.password,
      },
    });
    expect(sign.statusCode, sign.body).toBe(409);
    expect(sign.json()).toMatchObject({ code: 'ENVELOPE_STATE', message: 'This agreement has expired. Ask the firm to send a new one.' });
    const seen = await as('GET /api/investor/envelopes/:id', first, { params: { id: env1.id } });
    expect(seen.statusCode).toBe(200);
    const trail = seen.json().envelope.events.map((e) => e.kind);
    expect(trail).toEqual(['created', 'reminder_sent', 'reminder_sent', 'expired']);
    // No reminder after expiry.
    expect(await runSigningDeadlines(ctx.db, clock)).toEqual({ expired: 0, reminded: 0 });
  }, 60_000);

  it('a closed deal ends its open envelopes (expired, reason in the trail) and opens no new one', async () => {
    at('2027-01-01T10:00:00Z');
    expect((await as('PATCH /api/deals/:id', founder, { params: { id: deal.id }, body: { status: 'Closed' } })).statusCode).toBe(200);
    expect(await runSigningDeadlines(ctx.db, clock)).toEqual({ expired: 1, reminded: 0 });
    expect((await events(env2.id)).at(-1)).toMatchObject({ kind: 'expired', reason: 'deal closed' });
    const again = await as('POST /api/investor/subscriptions/:id/envelope', second, { params: { id: env2.subscriptionId }, body: {} });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DEAL_CLOSED',
      message: 'This deal is closed: its subscription agreements can no longer be signed.',
    });
    const n = (await ctx.db.query('SELECT count(*)::int AS n FROM signing_envelopes WHERE subscription_id = $1', [
      env2.subscriptionId,
    ])) as {
      n: number;
    }[];
    expect(n[0]?.n).toBe(1);
    // An executed agreement of a closed deal is still there for its investor.
    const third = await investor();
    expect((await as('PATCH /api/deals/:id', founder, { params: { id: deal.id }, body: { status: 'Active' } })).statusCode).toBe(200);
    const { sub: s3 } = await subscribeAndOpen(third, deal.id);
    await completeSubscriptionSigned(ctx, s3.id);
    expect((await as('PATCH /api/deals/:id', founder, { params: { id: deal.id }, body: { status: 'Closed' } })).statusCode).toBe(200);
    const kept = await as('POST /api/investor/subscriptions/:id/envelope', third, { params: { id: s3.id }, body: {} });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().envelope.status).toBe('executed');
  }, 120_000);
});
