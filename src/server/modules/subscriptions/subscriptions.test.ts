import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/deals.ts';
import type { Subscription } from '../../../shared/subscriptions.ts';
import { sql } from '../../db/sql.ts';
import { type ApiErrorBody, errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import {
  approveForSubscribing,
  certifyTax,
  classifyProfessional,
  createTestContext,
  createUser,
  signIn,
  type TestContext,
} from '../../testing/harness.ts';
import { completeSubscriptionSigned, ensureSubscriptionPack } from '../../testing/signing.ts';

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';

function expectError(res: LightMyRequestResponse, status: number): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

interface Investor {
  id: string;
  cookie: string;
}

// Completions are signed and countersigned (issue 30): a sealed PDF each, slow on a loaded machine.
describe('subscriptions API', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let adminCookie: string;
  let a: Investor;
  let b: Investor;

  const call = (method: InjectOptions['method'], url: string, cookie: string | null, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });

  const investor = async (approved = true): Promise<Investor> => {
    const u = await createUser(ctx, { role: 'investor', name: `Investor ${Math.random().toString(36).slice(2, 7)}` });
    if (approved) await approveForSubscribing(ctx, u.id);
    return { id: u.id, cookie: await signIn(ctx, u.email, u.password) };
  };

  /** A deal created through the API and made Active (open while in Sourcing/Execution). */
  const openDeal = async (targetAmount: string | null, extra: Record<string, unknown> = {}): Promise<Deal> => {
    const res = await api('POST /api/deals', {
      cookie: adminCookie,
      body: { title: `Deal ${Math.random().toString(36).slice(2, 7)}`, type: 'PPP', targetAmount },
    });
    const { id } = okJson(res, 201).deal;
    const patched = await api('PATCH /api/deals/:id', { cookie: adminCookie, params: { id }, rawBody: { status: 'Active', ...extra } });
    expect(patched.statusCode, patched.body).toBe(200);
    // Every deal takes subscriptions only with a complete subscription pack (issue 30).
    await ensureSubscriptionPack(ctx, id);
    return okJson(patched).deal;
  };

  const subscribe = (who: Investor, dealId: string, amount: unknown) =>
    api('POST /api/investor/subscriptions', { cookie: who.cookie, rawBody: { dealId, amount } });
  const subscribeOk = async (who: Investor, dealId: string, amount: string): Promise<Subscription> =>
    okJson(await subscribe(who, dealId, amount), 201).subscription;
  const admin = (action: 'review' | 'complete' | 'reject', id: string, payload?: unknown) =>
    api(`POST /api/subscriptions/:id/${action}`, { cookie: adminCookie, params: { id }, rawBody: payload ?? {} });
  const cancel = (who: Investor, id: string) => api('POST /api/investor/subscriptions/:id/cancel', { cookie: who.cookie, params: { id } });
  const investorDeals = async (who: Investor) => okJson(await api('GET /api/investor/deals', { cookie: who.cookie })).deals;
  const mySubscriptions = async (who: Investor) =>
    okJson(await api('GET /api/investor/subscriptions', { cookie: who.cookie })).subscriptions;
  const allSubscriptions = async () => okJson(await api('GET /api/subscriptions', { cookie: adminCookie })).subscriptions;
  const classification = async (who: Investor) =>
    okJson(await api('GET /api/investor/compliance', { cookie: who.cookie })).regulatory.classification;
  /** Completion is the countersignature of the executed agreement (issue 30); the subscription as it then is. */
  const complete = async (id: string, who?: Investor): Promise<Subscription> => {
    await completeSubscriptionSigned(ctx, id, who ? { investorCookie: who.cookie } : {});
    const found = (await allSubscriptions()).find((s) => s.id === id);
    if (!found) throw new Error(`subscription ${id} is not listed`);
    return found;
  };
  const committed = async (dealId: string) =>
    (await sql<{ committed_amount: string }>('SELECT committed_amount FROM deals WHERE id = $1').first(ctx.db, [dealId]))?.committed_amount;
  const completedSum = async (dealId: string) =>
    (
      await sql<{ s: string }>(
        "SELECT coalesce(sum(amount), 0)::numeric(15, 2)::text AS s FROM subscriptions WHERE deal_id = $1 AND status = 'Completed'",
      ).first(ctx.db, [dealId])
    )?.s;

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Ada Admin' });
    adminCookie = await signIn(ctx, adm.email, adm.password);
    a = await investor();
    b = await investor();
  });
  afterAll(() => ctx.close());

  it('refuses to subscribe while KYC is not approved, with a message saying why', async () => {
    const deal = await openDeal('1000');
    const pending = await investor(false);
    const res = await subscribe(pending, deal.id, '100');
    const body = expectError(res, 403);
    expect(body.code).toBe('KYC_NOT_APPROVED');
    expect(body.message).toMatch(/KYC/);
    await ctx.db.query("UPDATE kyc_applications SET status = 'in_review' WHERE investor_id = $1", [pending.id]);
    expectError(await subscribe(pending, deal.id, '100'), 403);
    await ctx.db.query("UPDATE kyc_applications SET status = 'rejected' WHERE investor_id = $1", [pending.id]);
    expectError(await subscribe(pending, deal.id, '100'), 403);
    expect(await ctx.db.query('SELECT 1 FROM subscriptions WHERE investor_id = $1', [pending.id])).toHaveLength(0);
    // The same investor can look at the open deals.
    expect(await investorDeals(pending)).toContainEqual(expect.objectContaining({ id: deal.id, open: true }));
  });

  it('refuses deals that are not open: Pending status, Post-Investment stage, full; unknown deal is 404', async () => {
    const created = await api('POST /api/deals', {
      cookie: adminCookie,
      body: { title: 'Still pending', type: 'PPP', targetAmount: '1000' },
    });
    const pendingDeal = okJson(created, 201).deal;
    expect(pendingDeal.status).toBe('Pending');
    expect(expectError(await subscribe(a, pendingDeal.id, '100'), 409).code).toBe('DEAL_CLOSED');

    for (const status of ['On Hold', 'Closed']) {
      const d = await openDeal('1000', { status });
      expectError(await subscribe(a, d.id, '100'), 409);
    }
    for (const stage of ['Post-Investment', 'Exit']) {
      const d = await openDeal('1000', { stage });
      expectError(await subscribe(a, d.id, '100'), 409);
    }
    const execution = await openDeal('1000', { stage: 'Execution' });
    await subscribeOk(a, execution.id, '100');

    const full = await openDeal('500');
    await subscribeOk(a, full.id, '500');
    expect(expectError(await subscribe(b, full.id, '1'), 409).code).toBe('DEAL_CLOSED');

    expectError(await subscribe(a, UNKNOWN_ID, '100'), 404);
    const vault = await investorDeals(b);
    expect(vault.map((d) => d.id)).not.toContain(full.id);
    expect(vault.map((d) => d.id)).not.toContain(pendingDeal.id);
  });

  it('validates the amount: positive, at most 2 decimals, a deal id', async () => {
    const deal = await openDeal('1000');
    for (const amount of ['0', '0.00', '-5', 'abc', '1.234', '', null]) {
      const body = expectError(await subscribe(a, deal.id, amount), 400);
      expect(body.fields?.amount, String(amount)).toBeTruthy();
    }
    expect(
      expectError(await call('POST', '/api/investor/subscriptions', a.cookie, { dealId: 'nope', amount: '10' }), 400).fields?.dealId,
    ).toBeTruthy();
    expect(await ctx.db.query('SELECT 1 FROM subscriptions WHERE deal_id = $1', [deal.id])).toHaveLength(0);
  });

  it('caps the amount at the remaining capacity, where Pending and Under Review subscriptions reserve theirs', async () => {
    const deal = await openDeal('1000');
    const s1 = await subscribeOk(a, deal.id, '400'); // Pending: reserves 400
    const s2 = await subscribeOk(b, deal.id, '300');
    expect((await admin('review', s2.id)).statusCode).toBe(200); // Under Review: still reserves 300

    const remaining = async () => (await investorDeals(a)).find((d) => d.id === deal.id)?.remainingCapacity;
    expect(await remaining()).toBe('300.00');

    const over = expectError(await subscribe(a, deal.id, '300.01'), 400);
    expect(over.fields?.amount).toMatch(/remaining capacity/);
    // Cancelling frees the reservation; rejecting frees it too.
    expect((await cancel(a, s1.id)).statusCode).toBe(200);
    expect(await remaining()).toBe('700.00');
    expect((await admin('reject', s2.id, { reason: 'Not eligible' })).statusCode).toBe(200);
    expect(await remaining()).toBe('1000.00');
    expectError(await subscribe(a, deal.id, '1000.01'), 400);
    const s3 = await subscribeOk(a, deal.id, '999.99');
    // Completed subscriptions count against the capacity too.
    expect((await complete(s3.id, a)).status).toBe('Completed');
    expect(await remaining()).toBe('0.01');
    expectError(await subscribe(b, deal.id, '0.02'), 400);
    await subscribeOk(b, deal.id, '0.01');
    expectError(await subscribe(b, deal.id, '0.01'), 409);
  });

  it('puts no cap on a deal without a target', async () => {
    const deal = await openDeal(null);
    const sub = await subscribeOk(a, deal.id, '9999999999999.99');
    expect(sub).toMatchObject({ status: 'Pending', progress: 25, amount: '9999999999999.99' });
    await subscribeOk(b, deal.id, '1000000');
    expect((await investorDeals(b)).find((d) => d.id === deal.id)).toMatchObject({ open: true, remainingCapacity: null });
  });

  it('lets an investor cancel only their own Pending subscription', async () => {
    const deal = await openDeal('10000');
    const mine = await subscribeOk(a, deal.id, '100');
    // B cannot cancel A's subscription, and cannot tell it exists.
    expectError(await cancel(b, mine.id), 404);
    expectError(await cancel(b, UNKNOWN_ID), 404);
    expectError(await call('POST', '/api/investor/subscriptions/not-a-uuid/cancel', b.cookie), 400);
    expect((await sql<{ status: string }>('SELECT status FROM subscriptions WHERE id = $1').first(ctx.db, [mine.id]))?.status).toBe(
      'Pending',
    );

    const cancelled = await cancel(a, mine.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: 'Cancelled', progress: 0 });
    expect(expectError(await cancel(a, mine.id), 409).code).toBe('INVALID_TRANSITION');

    const reviewed = await subscribeOk(a, deal.id, '100');
    await admin('review', reviewed.id);
    expectError(await cancel(a, reviewed.id), 409);
    const done = await subscribeOk(a, deal.id, '100');
    await complete(done.id, a);
    expectError(await cancel(a, done.id), 409);
    // Admins cannot complete or review a cancelled one either.
    expectError(await admin('complete', mine.id), 409);
    expectError(await admin('review', mine.id), 409);
  });

  it('admin review, complete and reject move status and progress; committed amount follows Completed subscriptions', async () => {
    const deal = await openDeal('100000');
    expect(await committed(deal.id)).toBe('0.00');
    const s1 = await subscribeOk(a, deal.id, '1000.10');
    const s2 = await subscribeOk(b, deal.id, '2500.25');
    const s3 = await subscribeOk(a, deal.id, '300');
    expect(await committed(deal.id)).toBe('0.00'); // Pending does not count

    const reviewed = await admin('review', s1.id);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().subscription).toMatchObject({ status: 'Under Review', progress: 60, reviewedAt: expect.any(String) });
    expectError(await admin('review', s1.id), 409);
    expect(await committed(deal.id)).toBe('0.00');

    // The old "complete" is refused until the agreement is executed (issue 30).
    // The admin's old completion path says the agreement must be countersigned, and changes nothing.
    expect(expectError(await admin('complete', s1.id), 409)).toMatchObject({
      code: 'AGREEMENT_NOT_EXECUTED',
      message: 'This subscription completes when its agreement is fully signed: the investor signs and an authorised admin countersigns.',
    });
    const listed = allSubscriptions;
    expect((await listed()).find((s) => s.id === s1.id)).toMatchObject({ status: 'Under Review', agreementStatus: null });
    const c1 = await complete(s1.id, a);
    expect(c1).toMatchObject({ status: 'Completed', progress: 100, completedAt: expect.any(String) });
    // After the countersignature the list shows the executed agreement; the refused path still refuses.
    expect((await listed()).find((s) => s.id === s1.id)).toMatchObject({ status: 'Completed', agreementStatus: 'executed' });
    expect(expectError(await admin('complete', s1.id), 409).code).toBe('INVALID_TRANSITION');
    expect(await committed(deal.id)).toBe('1000.10');
    expect(await committed(deal.id)).toBe(await completedSum(deal.id));

    // Complete straight from Pending.
    expect((await complete(s2.id, b)).status).toBe('Completed');
    expect(await committed(deal.id)).toBe('3500.35');
    expect(await committed(deal.id)).toBe(await completedSum(deal.id));

    // Reject needs a reason; allowed until Completed, not after.
    expect(expectError(await admin('reject', s3.id, { reason: '   ' }), 400).fields?.reason).toBeTruthy();
    expectError(await admin('reject', s3.id, {}), 400);
    const rej = await admin('reject', s3.id, { reason: 'Source of funds unclear' });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(rej.json().subscription).toMatchObject({ status: 'Rejected', progress: 0, rejectionReason: 'Source of funds unclear' });
    expectError(await admin('reject', s3.id, { reason: 'again' }), 409);
    expectError(await admin('complete', s3.id), 409);
    expect(expectError(await admin('reject', s1.id, { reason: 'too late' }), 409).code).toBe('INVALID_TRANSITION');
    expect(await committed(deal.id)).toBe('3500.35');

    // The investor sees the outcome and the reason.
    const mine = await mySubscriptions(a);
    expect(mine.find((s) => s.id === s3.id)).toMatchObject({
      status: 'Rejected',
      rejectionReason: 'Source of funds unclear',
    });
    expect(mine.find((s) => s.id === s1.id)).toMatchObject({ status: 'Completed', progress: 100 });

    // Unknown ids.
    expectError(await admin('complete', UNKNOWN_ID), 404);
    expectError(await admin('reject', UNKNOWN_ID, { reason: 'x' }), 404);

    // The committed amount can no longer be edited by hand.
    const patched = await api('PATCH /api/deals/:id', {
      cookie: adminCookie,
      params: { id: deal.id },
      rawBody: { committedAmount: '999999', title: 'Renamed deal' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().deal).toMatchObject({ title: 'Renamed deal', committedAmount: '3500.35' });
    expect(await committed(deal.id)).toBe('3500.35');
    const only = await call('PATCH', `/api/deals/${deal.id}`, adminCookie, { committedAmount: '1' });
    expect(only.statusCode).toBe(200);
    expect(await committed(deal.id)).toBe('3500.35');
  });

  it('logs subscription activity', async () => {
    const deal = await openDeal('1000');
    const s = await subscribeOk(a, deal.id, '10');
    await complete(s.id, a);
    const logs = await sql<{ activity_type: string }>(
      "SELECT activity_type FROM activity_logs WHERE details ->> 'subscriptionId' = $1 ORDER BY id",
    ).all(ctx.db, [s.id]);
    expect(logs.map((l) => l.activity_type)).toEqual(['subscription_created', 'subscription_agreement_signed', 'subscription_updated']);
  });

  it('never lets concurrent subscriptions together exceed the capacity', async () => {
    const deal = await openDeal('1000');
    const investors = await Promise.all(Array.from({ length: 8 }, () => investor()));
    const results = await Promise.all(investors.map((inv) => subscribe(inv, deal.id, '300')));
    const accepted = results.filter((r) => r.statusCode === 201);
    for (const r of results) expect([201, 400, 409]).toContain(r.statusCode);
    expect(accepted).toHaveLength(3);
    const reserved = await sql<{ s: string }>(
      "SELECT sum(amount)::text AS s FROM subscriptions WHERE deal_id = $1 AND status IN ('Pending', 'Under Review', 'Completed')",
    ).all(ctx.db, [deal.id]);
    expect(Number(reserved[0]?.s)).toBe(900);

    // Exactly filling: ten investors race for 250 each on a 1000 target.
    const deal2 = await openDeal('1000');
    const racers = [...investors, a, b];
    const results2 = await Promise.all(racers.map((inv) => subscribe(inv, deal2.id, '250')));
    expect(results2.filter((r) => r.statusCode === 201)).toHaveLength(4);
    const total = await sql<{ s: string }>('SELECT sum(amount)::text AS s FROM subscriptions WHERE deal_id = $1').all(ctx.db, [deal2.id]);
    expect(Number(total[0]?.s)).toBeLessThanOrEqual(1000);

    // Concurrent completions keep the committed amount equal to the sum.
    const subs = await sql<{ id: string }>('SELECT id FROM subscriptions WHERE deal_id = $1').all(ctx.db, [deal2.id]);
    await Promise.all(subs.map((s) => complete(s.id)));
    expect(await committed(deal2.id)).toBe('1000.00');
  });

  it('moves a subscription once under dozens of parallel transitions: one wins, the others 409 (the row lock)', async () => {
    const deal = await openDeal('1000');
    const sub = await subscribeOk(a, deal.id, '40');
    // Twelve cancels by the investor, twelve rejections and twelve reviews by admins, all at once:
    // each reads the subscription Pending only under its row lock, so exactly one moves it.
    const results = await Promise.all([
      ...Array.from({ length: 12 }, () =>
        api('POST /api/investor/subscriptions/:id/cancel', { cookie: a.cookie, params: { id: sub.id }, rawBody: {} }),
      ),
      ...Array.from({ length: 12 }, () => admin('reject', sub.id, { reason: 'Race' })),
      ...Array.from({ length: 12 }, () => admin('review', sub.id)),
    ]);
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(expectError(r, 409).code).toBe('INVALID_TRANSITION');
    const final = won[0]?.json().subscription.status;
    const stored = await sql<{ status: string }>('SELECT status FROM subscriptions WHERE id = $1').first(ctx.db, [sub.id]);
    expect(stored?.status).toBe(final);
    // One logged move; a review (Under Review) may still be rejected later, so only the first counts here.
    const moves = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM activity_logs WHERE activity_type = 'subscription_updated' AND details ->> 'subscriptionId' = $1",
    ).first(ctx.db, [sub.id]);
    expect(moves?.n).toBe(1);
  });

  it('isolates investors: each sees only their own subscriptions', async () => {
    const deal = await openDeal('5000');
    const sa = await subscribeOk(a, deal.id, '11.11');
    const sb = await subscribeOk(b, deal.id, '22.22');
    const listA = await mySubscriptions(a);
    const listB = await mySubscriptions(b);
    expect(listA.length).toBeGreaterThan(0);
    expect(listA.every((s) => s.investorId === a.id)).toBe(true);
    expect(listB.every((s) => s.investorId === b.id)).toBe(true);
    expect(listA.map((s) => s.id)).toContain(sa.id);
    expect(listA.map((s) => s.id)).not.toContain(sb.id);
    expect(listB.map((s) => s.id)).toContain(sb.id);
    expect(listB.map((s) => s.id)).not.toContain(sa.id);
    // The investor id in the body is ignored: a subscription is always the caller's.
    const forged = await api('POST /api/investor/subscriptions', {
      cookie: a.cookie,
      rawBody: { dealId: deal.id, amount: '1', investorId: b.id },
    });
    expect(forged.statusCode).toBe(201);
    expect(forged.json().subscription.investorId).toBe(a.id);
    // Admins see everyone's.
    expect((await allSubscriptions()).map((s) => s.id)).toEqual(expect.arrayContaining([sa.id, sb.id]));
  });

  it('guards every route: anonymous 401, admin on investor routes 403, investor on admin routes 403', async () => {
    const deal = await openDeal('1000');
    const sub = await subscribeOk(a, deal.id, '5');
    const investorRoutes: [InjectOptions['method'], string][] = [
      ['GET', '/api/investor/subscriptions'],
      ['POST', '/api/investor/subscriptions'],
      ['POST', `/api/investor/subscriptions/${sub.id}/cancel`],
    ];
    const adminRoutes: [InjectOptions['method'], string][] = [
      ['GET', '/api/subscriptions'],
      ['POST', `/api/subscriptions/${sub.id}/review`],
      ['POST', `/api/subscriptions/${sub.id}/complete`],
      ['POST', `/api/subscriptions/${sub.id}/reject`],
    ];
    for (const [method, url] of [...investorRoutes, ...adminRoutes]) {
      expect((await call(method, url, null, method === 'POST' ? {} : undefined)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url] of investorRoutes) {
      expect(
        (await call(method, url, adminCookie, method === 'POST' ? { dealId: deal.id, amount: '1' } : undefined)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    for (const [method, url] of adminRoutes) {
      expect((await call(method, url, a.cookie, method === 'POST' ? { reason: 'x' } : undefined)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await sql<{ status: string }>('SELECT status FROM subscriptions WHERE id = $1').first(ctx.db, [sub.id]))?.status).toBe(
      'Pending',
    );
  });

  it('keeps an investor holding subscriptions from being deleted (suspend instead)', async () => {
    const c = await investor();
    const deal = await openDeal('1000');
    const s = await subscribeOk(c, deal.id, '10');
    await cancel(c, s.id);
    // Only the (cancelled) subscription holds the account: an untouched KYC application does not.
    await ctx.db.query("UPDATE kyc_applications SET status = 'pending' WHERE investor_id = $1", [c.id]);
    const del = await call('DELETE', `/api/users/${c.id}`, adminCookie);
    const body = expectError(del, 409);
    expect(body.message).toMatch(/subscriptions/);
    expect(body.message).toMatch(/[Ss]uspend/);
    expect(await ctx.db.query('SELECT 1 FROM profiles WHERE id = $1', [c.id])).toHaveLength(1);
  });

  describe('double submit (Idempotency-Key)', () => {
    const withKey = (who: Investor, key: string, dealId: string, amount: string) =>
      api('POST /api/investor/subscriptions', { cookie: who.cookie, headers: { 'idempotency-key': key }, body: { dealId, amount } });

    it('creates one subscription for dozens of parallel identical requests; each gets it back', async () => {
      const deal = await openDeal('100000');
      const key = `sub-${Math.random().toString(36).slice(2)}-key`;
      const responses = await Promise.all(Array.from({ length: 24 }, () => withKey(a, key, deal.id, '2500.50')));
      const ids = new Set<string>();
      for (const r of responses) {
        expect([200, 201], r.body).toContain(r.statusCode);
        ids.add(r.json().subscription.id);
      }
      expect(ids.size).toBe(1);
      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
      const rows = await sql<{ amount: string }>('SELECT amount::text FROM subscriptions WHERE investor_id = $1 AND deal_id = $2').all(
        ctx.db,
        [a.id, deal.id],
      );
      expect(rows).toEqual([{ amount: '2500.50' }]);
      const logged = await ctx.db.query(
        "SELECT 1 FROM activity_logs WHERE activity_type = 'subscription_created' AND details->>'dealId' = $1 AND user_id = $2",
        [deal.id, a.id],
      );
      expect(logged).toHaveLength(1);
      // Another investor may use the same key: keys are per investor.
      expect((await withKey(b, key, deal.id, '2500.50')).statusCode).toBe(201);
    });

    it('refuses the same key for another amount or deal, and a malformed key, writing nothing', async () => {
      const deal = await openDeal('100000');
      const key = `sub-${Math.random().toString(36).slice(2)}-key`;
      expect((await withKey(a, key, deal.id, '100')).statusCode).toBe(201);
      expect(expectError(await withKey(a, key, deal.id, '200'), 409).code).toBe('IDEMPOTENCY_KEY_REUSED');
      expectError(await withKey(a, 'short', deal.id, '100'), 400);
      expectError(await withKey(a, 'has spaces in it', deal.id, '100'), 400);
      expect(await ctx.db.query('SELECT 1 FROM subscriptions WHERE investor_id = $1 AND deal_id = $2', [a.id, deal.id])).toHaveLength(1);
      // Without a key each request is a new subscription (the API stays usable by scripts).
      expect((await subscribe(a, deal.id, '100')).statusCode).toBe(201);
    });
  });

  describe('suitability: a completed, current review before any subscription (issue 27)', () => {
    const passing = { experience: 'moderate', riskTolerance: 'medium', netWorthBand: '1m_5m', investmentHorizon: '3_5y' };
    /** KYC approved, no review: the state of the investor in issue 27. */
    const withoutReview = async (): Promise<Investor> => {
      const who = await investor(false);
      await ctx.db.query("UPDATE kyc_applications SET status = 'approved' WHERE investor_id = $1", [who.id]);
      // Classified (issue 31): only the review is missing here.
      await classifyProfessional(ctx, who.id);
      await certifyTax(ctx, who.id);
      return who;
    };
    const rows = async (who: Investor) => (await ctx.db.query('SELECT 1 FROM subscriptions WHERE investor_id = $1', [who.id])).length;

    it('refuses with 409 and a message pointing to the review while none was completed, writing nothing', async () => {
      const deal = await openDeal('1000000');
      const who = await withoutReview();
      const refused = expectError(await subscribe(who, deal.id, '600000'), 409);
      expect(refused.code).toBe('SUITABILITY_REVIEW_MISSING');
      expect(refused.message).toBe(
        'Complete your suitability review before you subscribe: you can do it on the DFSA Compliance page in a few minutes.',
      );
      // The same with an idempotency key, and in parallel: never a row.
      const parallel = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/investor/subscriptions',
            headers: { cookie: who.cookie, 'idempotency-key': `no-review-key-${i}-${Date.now()}` },
            payload: { dealId: deal.id, amount: '600000' },
          }),
        ),
      );
      expect(parallel.map((r) => r.statusCode)).toEqual(Array(12).fill(409));
      expect(await rows(who)).toBe(0);
      // Completing the review (through the investor's own route) opens subscribing.
      expect((await call('POST', '/api/investor/suitability-review', who.cookie, passing)).statusCode).toBe(200);
      expect((await subscribe(who, deal.id, '600000')).statusCode).toBe(201);
    });

    it('a review stays current through its due day (a year after it was completed), then must be done again', async () => {
      const deal = await openDeal('1000000');
      const who = await withoutReview();
      expect((await call('POST', '/api/investor/suitability-review', who.cookie, passing)).statusCode).toBe(200);
      // The company's zone is UTC in the suites, so today is SQL's current_date.
      await ctx.db.query('UPDATE suitability_reviews SET next_due = current_date WHERE investor_id = $1', [who.id]);
      expect((await subscribe(who, deal.id, '100')).statusCode).toBe(201);
      await ctx.db.query('UPDATE suitability_reviews SET next_due = current_date - 1 WHERE investor_id = $1', [who.id]);
      const refused = expectError(await subscribe(who, deal.id, '100'), 409);
      expect(refused.code).toBe('SUITABILITY_REVIEW_EXPIRED');
      expect(refused.message).toMatch(/out of date.*DFSA Compliance page/);
      expect(await rows(who)).toBe(1);
      // A new review is current again.
      expect((await call('POST', '/api/investor/suitability-review', who.cookie, passing)).statusCode).toBe(200);
      expect((await subscribe(who, deal.id, '100')).statusCode).toBe(201);
    });

    it("offers each open deal's fees and carry terms to the review step", async () => {
      const deal = await openDeal('1000000');
      const terms = {
        hurdleRate: '8',
        catchUp: 'full',
        carryRate: '20',
        carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '100' }],
        managementFee: { rate: '2', basis: 'commitments', method: 'capital_call' },
      };
      const saved = await call('PUT', `/api/deals/${deal.id}/terms`, adminCookie, terms);
      expect(saved.statusCode, saved.body).toBe(200);
      const plain = await openDeal('1000');
      const deals = await investorDeals(a);
      expect(deals.find((d) => d.id === deal.id)?.terms).toEqual({
        hurdleRate: '8',
        catchUp: 'full',
        catchUpRate: '100',
        carryRate: '20',
        managementFee: { rate: '2', basis: 'commitments', method: 'capital_call' },
      });
      expect(deals.find((d) => d.id === plain.id)?.terms).toBeNull();
      // Investors see the economics, never who receives the carry.
      expect(JSON.stringify(deals)).not.toContain('Meridian GP Ltd');
    });
  });

  describe('suitability: the DFSA professional-client criteria', () => {
    const review = (who: Investor, answers: Record<string, string>) =>
      call('POST', '/api/investor/suitability-review', who.cookie, answers);
    const passing = { experience: 'moderate', riskTolerance: 'medium', netWorthBand: '1m_5m', investmentHorizon: '3_5y' };

    it('an answer that fails them means Review required, no new subscriptions, and the admins are told', async () => {
      const deal = await openDeal('100000');
      const c = await investor();
      expect((await review(c, passing)).statusCode).toBe(200);
      expect((await subscribe(c, deal.id, '100')).statusCode).toBe(201);

      expect((await review(c, { ...passing, experience: 'none', netWorthBand: 'under_1m' })).statusCode).toBe(200);
      expect(await classification(c)).toBe('Review required');
      const refused = expectError(await subscribe(c, deal.id, '100'), 403);
      expect(refused.code).toBe('SUITABILITY_REVIEW_REQUIRED');
      expect(refused.message).toMatch(/Professional Client criteria/);
      expect(await ctx.db.query('SELECT 1 FROM subscriptions WHERE investor_id = $1', [c.id])).toHaveLength(1);

      // The admins: an activity entry naming the reason, and the investor flagged on Investor Onboarding.
      const logs = okJson(await api('GET /api/activity-logs', { cookie: adminCookie, query: { type: 'suitability_review_required' } }));
      expect(logs.logs.find((l) => l.targetUserId === c.id)?.details.reason).toMatch(
        /net assets under \$1 million, no investment experience/,
      );
      const kyc = okJson(await api('GET /api/kyc', { cookie: adminCookie }));
      expect(kyc.applications.find((k) => k.investorId === c.id)?.suitabilityReviewRequired).toBe(true);
      expect(kyc.applications.find((k) => k.investorId === a.id)?.suitabilityReviewRequired).toBe(false);

      // Either failing answer alone is enough.
      expect((await review(c, { ...passing, experience: 'none' })).statusCode).toBe(200);
      expectError(await subscribe(c, deal.id, '100'), 403);
      expect((await review(c, { ...passing, netWorthBand: 'under_1m' })).statusCode).toBe(200);
      expectError(await subscribe(c, deal.id, '100'), 403);

      // A later review that meets them lifts the hold.
      expect((await review(c, passing)).statusCode).toBe(200);
      expect(await classification(c)).toBe('Professional Client');
      expect((await subscribe(c, deal.id, '100')).statusCode).toBe(201);
    });
  });
});
