import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistributionCalendar, DistributionEvent } from '../../../shared/distributions.ts';
import { sql } from '../../db/sql.ts';
import { type ApiErrorBody, callApi, errorBody } from '../../testing/api-client.ts';
import { type Investor, moneyFixtures } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';
const DAY = 86_400_000;
/** An ISO date `days` from today (UTC), as the server computes it. */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

function expectError(res: LightMyRequestResponse, status: number): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('distributions API', () => {
  let ctx: TestContext;
  let adminCookie: string;
  let a: Investor;
  let b: Investor;
  let c: Investor;

  const fx = moneyFixtures(
    () => ctx,
    () => adminCookie,
  );
  const { call, investor } = fx;
  const openDeal = (title: string, spvEntity: string | null = null) => fx.openDeal(title, { spvEntity });
  /** Subscribes through the API, has an admin complete it, and funds it at once (holders are contributors). */
  const hold = (who: Investor, dealId: string, amount: string) => fx.hold(who, dealId, amount);

  /** Records a distribution (the amount as given: some tests send what must be refused). */
  const recordTyped = (dealId: string, totalAmount: unknown, paymentDate: string, type = 'Income') =>
    callApi(ctx.app, 'POST /api/distributions', { cookie: adminCookie, rawBody: { dealId, type, totalAmount, paymentDate } });
  const record = async (dealId: string, totalAmount: unknown, paymentDate: string, type = 'Income') =>
    (await recordTyped(dealId, totalAmount, paymentDate, type)).res;
  const recordOk = async (dealId: string, totalAmount: string, paymentDate: string, type = 'Income'): Promise<DistributionEvent> => {
    const { status, json, res } = await recordTyped(dealId, totalAmount, paymentDate, type);
    expect(status, res.body).toBe(201);
    return json.event;
  };
  const rows = (eventId: string) =>
    sql<{ investor_id: string; amount: string; payment_date: string; deal_id: string; type: string; spv_entity: string | null }>(
      "SELECT investor_id, amount, to_char(payment_date, 'YYYY-MM-DD') AS payment_date, deal_id, type, spv_entity FROM distributions WHERE event_id = $1 ORDER BY investor_id",
    ).all(ctx.db, [eventId]);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const calendar = async (who: Investor): Promise<DistributionCalendar> => {
    const { status, json, res } = await callApi(ctx.app, 'GET /api/investor/distributions', { cookie: who.cookie });
    expect(status, res.body).toBe(200);
    return json;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Ada Admin' });
    adminCookie = await signIn(ctx, adm.email, adm.password);
    a = await investor('Alice Holder');
    b = await investor('Bob Holder');
    c = await investor('Carol Holder');
  });
  afterAll(() => ctx.close());

  it('allocates 100.00 over three equal holders as 33.34/33.33/33.33, the extra cent deterministically', async () => {
    const deal = await openDeal('Three equal', 'Three Equal SPV Ltd');
    for (const who of [a, b, c]) await hold(who, deal.id, '5000');
    const ev = await recordOk(deal.id, '100.00', inDays(30));
    expect(ev).toMatchObject({ totalAmount: '100.00', status: 'Scheduled', spvEntity: 'Three Equal SPV Ltd' });
    const got = await rows(ev.id);
    expect(got).toHaveLength(3);
    // Rows ordered by investor id: the lowest id gets the remainder cent.
    expect(got.map((r) => r.amount)).toEqual(['33.34', '33.33', '33.33']);
    expect(
      got.every(
        (r) => r.deal_id === deal.id && r.payment_date === inDays(30) && r.type === 'Income' && r.spv_entity === 'Three Equal SPV Ltd',
      ),
    ).toBe(true);
    // The same again gives the same split.
    const again = await recordOk(deal.id, '100.00', inDays(31));
    expect((await rows(again.id)).map((r) => [r.investor_id, r.amount])).toEqual(got.map((r) => [r.investor_id, r.amount]));
    // The admin list shows the event with its allocations.
    const list = (await callApi(ctx.app, 'GET /api/distributions', { cookie: adminCookie })).json;
    const listed = list.events.find((e) => e.id === ev.id);
    expect(listed?.allocations.map((x) => x.amount).sort()).toEqual(['33.33', '33.33', '33.34']);
    expect(listed?.allocations.map((x) => x.investorName).sort()).toEqual(['Alice Holder', 'Bob Holder', 'Carol Holder']);
  });

  it('allocates 0.01 over two holders: the sum is exactly 0.01, and a zero share gets no row', async () => {
    const deal = await openDeal('One cent');
    await hold(a, deal.id, '100');
    await hold(b, deal.id, '100');
    const ev = await recordOk(deal.id, '0.01', inDays(10));
    const got = await rows(ev.id);
    expect(got.reduce((s, r) => s + cents(r.amount), 0)).toBe(1);
    expect(got.map((r) => r.amount)).toEqual(['0.01']);
    expect(got.find((r) => r.amount === '0.01')?.investor_id).toBe([a.id, b.id].sort()[0]);
  });

  it('allocates 1,000,000.01 over seven unequal holders pro rata, summing exactly to the total', async () => {
    const deal = await openDeal('Seven unequal');
    const amounts = ['1000', '2000.01', '3333.33', '7', '12345.67', '999.99', '50000'];
    const holders = [a, b, c];
    for (let i = 3; i < amounts.length; i++) holders.push(await investor(`Holder ${i}`));
    for (let i = 0; i < amounts.length; i++) await hold(holders[i] as Investor, deal.id, amounts[i] as string);
    // A holder with two completed subscriptions counts once, with their sum.
    await hold(a, deal.id, '0.01');
    const ev = await recordOk(deal.id, '1,000,000.01', inDays(5), 'Return of Capital');
    expect(ev.totalAmount).toBe('1000000.01');
    const got = await rows(ev.id);
    expect(got).toHaveLength(7);
    const total = 100_000_001n;
    expect(got.reduce((s, r) => s + BigInt(cents(r.amount)), 0n)).toBe(total);
    // Each share is the exact pro-rata share rounded down, or one cent more.
    const commit = new Map(holders.map((h, i) => [h.id, BigInt(cents(amounts[i] as string))]));
    commit.set(a.id, (commit.get(a.id) as bigint) + 1n);
    const base = [...commit.values()].reduce((s, v) => s + v, 0n);
    let extra = 0n;
    for (const r of got) {
      const floor = (total * (commit.get(r.investor_id) as bigint)) / base;
      const share = BigInt(cents(r.amount));
      expect(share === floor || share === floor + 1n, `${r.investor_id}: ${share} vs ${floor}`).toBe(true);
      extra += share - floor;
    }
    expect(extra).toBeLessThan(7n);
    // The largest holder gets the largest share.
    const biggest = holders[amounts.indexOf('50000')] as Investor;
    expect(got.find((r) => r.investor_id === biggest.id)?.amount).toBe(got.map((r) => r.amount).sort((x, y) => Number(y) - Number(x))[0]);
  });

  it('refuses a deal without completed subscriptions (409), an unknown deal (404) and invalid input (400)', async () => {
    const deal = await openDeal('Nobody completed');
    const pending = await call('POST', '/api/investor/subscriptions', a.cookie, { dealId: deal.id, amount: '100' });
    expect(pending.statusCode).toBe(201);
    expect(expectError(await record(deal.id, '100', inDays(10)), 409).code).toBe('NO_HOLDERS');
    expectError(await record(UNKNOWN_ID, '100', inDays(10)), 404);
    expect(expectError(await record(deal.id, '0', inDays(10)), 400).fields?.totalAmount).toBeTruthy();
    expect(expectError(await record(deal.id, '-1', inDays(10)), 400).fields?.totalAmount).toBeTruthy();
    expect(expectError(await record(deal.id, '10', '2025-02-30'), 400).fields?.paymentDate).toBeTruthy();
    expect(
      expectError(
        await call('POST', '/api/distributions', adminCookie, {
          dealId: deal.id,
          totalAmount: '10',
          paymentDate: inDays(1),
          type: 'Bonus',
        }),
        400,
      ).fields?.type,
    ).toBeTruthy();
    expect(await ctx.db.query('SELECT 1 FROM distribution_events WHERE deal_id = $1', [deal.id])).toHaveLength(0);
  });

  it('is Scheduled before its date, Pending once the date has come, Paid once confirmed (409 twice)', async () => {
    const deal = await openDeal('Status deal', 'Status SPV');
    await hold(a, deal.id, '100');
    const ev = await recordOk(deal.id, '50', inDays(20));
    expect(ev.status).toBe('Scheduled');
    const mine = async () => {
      const cal = await calendar(a);
      return [...cal.upcoming, ...cal.history].find((i) => i.dealId === deal.id && i.amount === '50.00');
    };
    expect(await mine()).toMatchObject({
      status: 'Scheduled',
      amount: '50.00',
      spv: 'Status SPV',
      dealName: 'Status deal',
      type: 'Income',
    });

    // The date comes: Pending, without anyone touching the status.
    await ctx.db.query('UPDATE distribution_events SET payment_date = current_date - 1 WHERE id = $1', [ev.id]);
    await ctx.db.query('UPDATE distributions SET payment_date = current_date - 1 WHERE event_id = $1', [ev.id]);
    const listed = (await callApi(ctx.app, 'GET /api/distributions', { cookie: adminCookie })).json;
    expect(listed.events.find((e) => e.id === ev.id)?.status).toBe('Pending');
    expect((await mine())?.status).toBe('Pending');
    // Due today is Pending too.
    const today = await recordOk(deal.id, '10', inDays(0));
    expect(today.status).toBe('Pending');

    const paid = await call('POST', `/api/distributions/${ev.id}/pay`, adminCookie, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().event.status).toBe('Paid');
    expect((await mine())?.status).toBe('Paid');
    const dbRows = await sql<{ paid_at: Date | null }>('SELECT paid_at FROM distributions WHERE event_id = $1').all(ctx.db, [ev.id]);
    expect(dbRows.every((r) => r.paid_at !== null)).toBe(true);
    expect(expectError(await call('POST', `/api/distributions/${ev.id}/pay`, adminCookie, {}), 409).code).toBe('ALREADY_PAID');
    expectError(await call('POST', `/api/distributions/${UNKNOWN_ID}/pay`, adminCookie, {}), 404);
    const logs = await sql<{ activity_type: string }>(
      "SELECT activity_type FROM activity_logs WHERE details ->> 'eventId' = $1 ORDER BY id",
    ).all(ctx.db, [ev.id]);
    expect(logs.map((l) => l.activity_type)).toEqual(['distribution_recorded', 'distribution_paid']);
  });

  it('builds the investor calendar: 90-day upcoming window, next payment date, past-year total of Paid ones', async () => {
    const d = await openDeal('Calendar deal', 'Calendar SPV');
    const x = await investor('Xena Calendar');
    await hold(x, d.id, '1000');
    const empty = await calendar(x);
    expect(empty).toEqual({ upcoming: [], history: [], upcomingTotal: '0.00', nextPaymentDate: null, pastYearTotal: '0.00' });

    // Upcoming: today+7, today+90 (last day in), today+91 (out).
    await recordOk(d.id, '100.10', inDays(90));
    await recordOk(d.id, '250.25', inDays(7));
    await recordOk(d.id, '999', inDays(91));
    // Past: Paid within the year (10 and 300 days ago), Paid 366 days ago (out), unpaid 5 days ago (Pending).
    for (const [days, amount] of [
      [-10, '40'],
      [-300, '60.5'],
      [-366, '1000'],
    ] as const) {
      const ev = await recordOk(d.id, amount, inDays(days));
      expect((await call('POST', `/api/distributions/${ev.id}/pay`, adminCookie, {})).statusCode).toBe(200);
    }
    await recordOk(d.id, '77', inDays(-5));

    const cal = await calendar(x);
    expect(cal.upcoming.map((i) => i.paymentDate)).toEqual([inDays(7), inDays(90)]);
    expect(cal.upcoming.every((i) => i.status === 'Scheduled')).toBe(true);
    expect(cal.upcomingTotal).toBe('350.35');
    expect(cal.nextPaymentDate).toBe(inDays(7));
    expect(cal.pastYearTotal).toBe('100.50');
    // History: past and paid ones, newest first; the unpaid past one is there as Pending.
    expect(cal.history.map((i) => [i.paymentDate, i.status])).toEqual([
      [inDays(-5), 'Pending'],
      [inDays(-10), 'Paid'],
      [inDays(-300), 'Paid'],
      [inDays(-366), 'Paid'],
    ]);
    // The 91-day one is in neither list yet.
    expect([...cal.upcoming, ...cal.history].map((i) => i.amount)).not.toContain('999.00');
    for (const i of [...cal.upcoming, ...cal.history])
      expect(i).toMatchObject({ dealName: 'Calendar deal', spv: 'Calendar SPV', type: 'Income' });

    // The dashboard agrees.
    const dash = (await callApi(ctx.app, 'GET /api/investor/dashboard', { cookie: x.cookie })).json;
    expect(dash.nextPayment).toEqual({ date: inDays(7), amount: '250.25', dealName: 'Calendar deal' });
    expect(dash.distributionsReceived).toBe('1100.50');
  });

  it('confirms a payment once under dozens of parallel confirmations: one 200, the others 409, one ledger entry per holder', async () => {
    const deal = await openDeal('Parallel pay deal');
    await hold(a, deal.id, '100');
    await hold(b, deal.id, '300');
    const ev = await recordOk(deal.id, '80.00', inDays(0));
    const results = await Promise.all(Array.from({ length: 24 }, () => call('POST', `/api/distributions/${ev.id}/pay`, adminCookie, {})));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(expectError(r, 409).code).toBe('ALREADY_PAID');
    // 80.00 split 100:300 is 20.00 and 60.00 (by hand): each enters the holder's account once.
    const entries = await sql<{ investor_id: string; amount: string }>(
      "SELECT investor_id, amount FROM ledger_entries WHERE distribution_event_id = $1 AND kind = 'distribution' ORDER BY amount",
    ).all(ctx.db, [ev.id]);
    expect(entries).toEqual([
      { investor_id: a.id, amount: '20.00' },
      { investor_id: b.id, amount: '60.00' },
    ]);
  });

  it('isolates investors: each calendar holds only their own allocations', async () => {
    const deal = await openDeal('Isolation deal');
    await hold(a, deal.id, '300');
    await hold(b, deal.id, '100');
    const ev = await recordOk(deal.id, '40', inDays(3));
    const byInvestor = new Map((await rows(ev.id)).map((r) => [r.investor_id, r.amount]));
    expect(byInvestor.get(a.id)).toBe('30.00');
    expect(byInvestor.get(b.id)).toBe('10.00');

    const calA = await calendar(a);
    const calB = await calendar(b);
    const idsA = (await sql<{ id: string }>('SELECT id FROM distributions WHERE investor_id = $1').all(ctx.db, [a.id])).map((r) => r.id);
    const idsB = (await sql<{ id: string }>('SELECT id FROM distributions WHERE investor_id = $1').all(ctx.db, [b.id])).map((r) => r.id);
    const seenA = [...calA.upcoming, ...calA.history].map((i) => i.id);
    const seenB = [...calB.upcoming, ...calB.history].map((i) => i.id);
    expect(seenA.length).toBeGreaterThan(0);
    expect(seenA.every((id) => idsA.includes(id))).toBe(true);
    expect(seenB.every((id) => idsB.includes(id))).toBe(true);
    expect(seenA.some((id) => idsB.includes(id))).toBe(false);
    expect(calA.upcoming.find((i) => i.dealId === deal.id)?.amount).toBe('30.00');
    expect(calB.upcoming.find((i) => i.dealId === deal.id)?.amount).toBe('10.00');

    // An investor with no holdings sees nothing of anyone's.
    const outsider = await investor('Olly Outsider');
    expect(await calendar(outsider)).toMatchObject({ upcoming: [], history: [], upcomingTotal: '0.00', pastYearTotal: '0.00' });
  });

  it('guards every route: anonymous 401, investor on admin routes 403, admin on the investor calendar 403', async () => {
    const deal = await openDeal('Guarded deal');
    await hold(a, deal.id, '100');
    const ev = await recordOk(deal.id, '10', inDays(3));
    const adminRoutes: [InjectOptions['method'], string, unknown][] = [
      ['GET', '/api/distributions', undefined],
      ['POST', '/api/distributions', { dealId: deal.id, type: 'Income', totalAmount: '10', paymentDate: inDays(3) }],
      ['POST', `/api/distributions/${ev.id}/pay`, {}],
    ];
    for (const [method, url, body] of adminRoutes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, a.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/investor/distributions', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/investor/distributions', adminCookie)).statusCode).toBe(403);
    expect(await ctx.db.query('SELECT 1 FROM distribution_events WHERE deal_id = $1', [deal.id])).toHaveLength(1);
    expect(
      (await sql<{ paid_at: Date | null }>('SELECT paid_at FROM distribution_events WHERE id = $1').first(ctx.db, [ev.id]))?.paid_at,
    ).toBeNull();
  });
});
