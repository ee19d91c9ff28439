/**
 * Paying a clawback owed (decision 058) through the API: the GP pays back part of what it owes;
 * the amount owed drops on the Waterfall by Deal and in the next preview, the investors receive
 * it (largest remainder, adding up), their capital accounts and performance see it as income that
 * leaves the NAV alone; bad input and more than is owed are refused, writing nothing; concurrent
 * payments never exceed what is owed. Real Fastify app on PGlite (and PostgreSQL with
 * TEST_DB=postgres). Reference figures are worked by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates.ts';
import { sql } from '../../db/sql.ts';
import { errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { type Investor, moneyFixtures } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { companyDayIn } from '../settings/clock.ts';

/** No hurdle, no catch-up, 20% carry to two recipients 60 / 40; a clawback recorded as owed, net of 25% tax. */
const owedTerms = (adminId: string, clawback: 'owed' | 'net' = 'owed') => ({
  hurdleRate: '0',
  catchUp: 'none',
  carryRate: '20',
  carryRecipients: [
    { kind: 'gp', name: 'Meridian GP Ltd', share: '60' },
    { kind: 'admin', userId: adminId, share: '40' },
  ],
  managementFee: null,
  conventions: { prefCompounding: 'annual', dayCount: 'act365', clawback, clawbackTaxRate: '25', escrowRate: '0' },
});

describe('paying a clawback owed (decision 058)', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let adminCookie: string;
  let adminId: string;
  let a: Investor;
  let b: Investor;
  const fx = moneyFixtures(
    () => ctx,
    () => adminCookie,
  );
  const { investor } = fx;
  const pay = (dealId: string, body: unknown, cookie: string | null = adminCookie) =>
    api('POST /api/deals/:id/clawback-payments', { cookie, params: { id: dealId }, rawBody: body });
  const summaryOf = async (dealId: string) =>
    okJson(await api('GET /api/distributions/waterfall', { cookie: adminCookie })).deals.find((d) => d.dealId === dealId);
  const countWritten = async (dealId: string) => ({
    payments: (await ctx.db.query('SELECT 1 FROM clawback_payments WHERE deal_id = $1', [dealId])).length,
    entries: (await ctx.db.query("SELECT 1 FROM ledger_entries WHERE deal_id = $1 AND distribution_type = 'GP Clawback'", [dealId])).length,
  });

  /**
   * A puts in 100 on 2021-01-01; 200 comes out on 2022-01-01 (paid): 100 capital back, the 100
   * profit 80 / 20, GP 20. B comes in with 200 on 2022-06-01: the cumulative profit is
   * 200 - 300 < 0, the GP may hold 0 and holds 20: excess 20, 25% of it forgiven as tax: 15 owed
   * (60 / 40: 9 / 6).
   */
  async function dealOwing(title: string, clawback: 'owed' | 'net' = 'owed') {
    const deal = await fx.openDeal(title, { createdAt: '2020-01-01' });
    expect(
      (await api('PUT /api/deals/:id/terms', { cookie: adminCookie, params: { id: deal.id }, rawBody: owedTerms(adminId, clawback) }))
        .statusCode,
    ).toBe(200);
    await fx.hold(a, deal.id, '100', { date: '2021-01-01' });
    const rec = await api('POST /api/distributions', {
      cookie: adminCookie,
      body: {
        dealId: deal.id,
        type: 'Capital Gain',
        totalAmount: '200',
        paymentDate: '2022-01-01',
        recordDate: '2022-01-01',
      },
    });
    expect(rec.statusCode, rec.body).toBe(201);
    const ev = rec.json().event;
    expect(ev.waterfall).toMatchObject({ lpTotal: '180.00', gp: '20.00' });
    expect((await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.id } })).statusCode).toBe(200);
    await fx.hold(b, deal.id, '200', { date: '2022-06-01' });
    return deal;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Cleo Carry' });
    adminId = adm.id;
    adminCookie = await signIn(ctx, adm.email, adm.password);
    a = await investor('Alice Payback');
    b = await investor('Bob Payback');
  });
  afterAll(() => ctx.close());

  it('refuses bad input, a future day, a netting deal, a day before anything was owed and more than is owed, writing nothing', async () => {
    const deal = await dealOwing('Clawback refusals deal');
    expect((await summaryOf(deal.id))?.clawback).toMatchObject({ owed: '15.00' });
    const { today } = await companyDayIn(ctx.db);

    expect((await pay(deal.id, { amount: '1' }, null)).statusCode).toBe(401);
    expect((await pay(deal.id, { amount: '1' }, a.cookie)).statusCode).toBe(403);
    expect((await pay('00000000-0000-4000-8000-000000000000', { amount: '1' })).statusCode).toBe(404);
    for (const amount of ['0', '-5', 'ten', '1.234', ''])
      expect((await pay(deal.id, { amount, paidOn: '2022-09-01' })).statusCode, amount).toBe(400);
    expect((await pay(deal.id, { amount: '1', paidOn: '2022-02-30' })).statusCode).toBe(400);

    const future = await pay(deal.id, { amount: '1', paidOn: addDays(today, 1) });
    expect(future.statusCode).toBe(409);
    expect(Object.keys(errorBody(future).fields ?? {})).toEqual(['paidOn']);
    // Before B came in (2022-06-01) the GP owed nothing.
    const early = await pay(deal.id, { amount: '1', paidOn: '2022-05-31' });
    expect([early.statusCode, errorBody(early).fields]).toEqual([409, { paidOn: 'The GP owed no clawback on that day' }]);
    const more = await pay(deal.id, { amount: '15.01', paidOn: '2022-09-01' });
    expect([more.statusCode, errorBody(more).fields]).toEqual([409, { amount: 'The GP owed 15.00 on 2022-09-01: record at most that' }]);
    // A deal whose terms net the clawback from later distributions has no payment to record.
    const netted = await dealOwing('Clawback netted deal', 'net');
    expect((await pay(netted.id, { amount: '1', paidOn: '2022-09-01' })).statusCode).toBe(409);

    expect(await countWritten(deal.id)).toEqual({ payments: 0, entries: 0 });
    expect(await countWritten(netted.id)).toEqual({ payments: 0, entries: 0 });
  });

  it('a payment of 10 of the 15 owed: owed 5 (3 / 2), the investors get 3.33 / 6.67, income beside an unchanged NAV', async () => {
    const deal = await dealOwing('Clawback paid deal');
    // The deal is valued at cost, 300, on 2022-07-01: B's share by contributions is 200.
    const valued = await api('POST /api/deals/:id/valuations', {
      cookie: adminCookie,
      params: { id: deal.id },
      body: {
        valuationDate: '2022-07-01',
        currentValue: '300',
        performanceStatus: 'Performing',
      },
    });
    expect(valued.statusCode, valued.body).toBe(201);

    const res = await pay(deal.id, { amount: '10', paidOn: '2022-09-01' });
    expect(res.statusCode, res.body).toBe(201);
    // By hand: 10.00 by contributed capital on 2022-09-01, A 100 / B 200: 3.333... and 6.666...;
    // floors 3.33 + 6.66 = 9.99, the cent left to the larger remainder (B's .67): 3.33 / 6.67.
    const payment = res.json().payment;
    expect(payment).toMatchObject({
      amount: '10.00',
      paidOn: '2022-09-01',
      basis: 'contributions',
      lines: [
        { investorId: a.id, name: 'Alice Payback', amount: '3.33' },
        { investorId: b.id, name: 'Bob Payback', amount: '6.67' },
      ],
    });

    // The Waterfall by Deal: 15 - 10 = 5 still owed, 60 / 40 = 3.00 / 2.00; 10.00 paid.
    const sum = await summaryOf(deal.id);
    expect(sum?.clawback).toMatchObject({
      owed: '5.00',
      byRecipient: [
        { name: 'Meridian GP Ltd', amount: '3.00' },
        { name: 'Cleo Carry', amount: '2.00' },
      ],
    });
    expect(sum?.clawbackPaid).toBe('10.00');
    expect(sum?.clawbackPayments.map((p) => [p.amount, p.paidOn, p.lines.map((l) => l.amount)])).toEqual([
      ['10.00', '2022-09-01', ['3.33', '6.67']],
    ]);
    // The deal's own figures do not move: 200 distributed, GP 20.
    expect([sum?.distributed, sum?.gp]).toEqual(['200.00', '20.00']);

    // The next preview, 150 on 2023-01-01 (0% hurdle): investors first need 300 - 180 = 120 of
    // capital back, then 30 is split 80 / 20: GP 6 (its share of the 50 profit is 10), investors
    // 144. The clawback found since the last distribution is shown, and 5 is still owed.
    const p = await api('POST /api/distributions/preview', {
      cookie: adminCookie,
      body: {
        dealId: deal.id,
        type: 'Capital Gain',
        totalAmount: '150',
        paymentDate: '2023-01-01',
        recordDate: '2023-01-01',
      },
    });
    expect(p.statusCode, p.body).toBe(200);
    const preview = p.json().preview;
    expect([preview.gp, preview.lpTotal, preview.tiers.returnOfCapital]).toEqual(['6.00', '144.00', '120.00']);
    expect(preview.clawback).toMatchObject({ excess: '20.00', taxRelief: '5.00', arose: '15.00', netted: '0.00', owed: '5.00' });

    // The ledger: one 'GP Clawback' distribution each on the day paid.
    const rows = await ctx.db.query(
      `SELECT investor_id, amount::text AS amount, to_char(entry_date, 'YYYY-MM-DD') AS d FROM ledger_entries
        WHERE deal_id = $1 AND distribution_type = 'GP Clawback' ORDER BY amount`,
      [deal.id],
    );
    expect(rows).toEqual([
      { investor_id: a.id, amount: '3.33', d: '2022-09-01' },
      { investor_id: b.id, amount: '6.67', d: '2022-09-01' },
    ]);
    // B's performance: the 6.67 is a distribution received and a gain, the NAV stays at its share
    // of the valuation (200.00): the money came from the GP, not from the deal's assets.
    const perf = okJson(await api('GET /api/investor/performance', { cookie: b.cookie }));
    expect(perf.holdings.find((h) => h.dealId === deal.id)).toMatchObject({
      contributed: '200.00',
      currentValue: '200.00',
      distributionsReceived: '6.67',
      gain: '6.67',
    });

    // The rest, 5.00, on today; a cent more is refused.
    const over = await pay(deal.id, { amount: '5.01' });
    expect(over.statusCode).toBe(409);
    expect((await pay(deal.id, { amount: '5' })).statusCode).toBe(201);
    const after = await summaryOf(deal.id);
    expect([after?.clawback.owed, after?.clawback.byRecipient, after?.clawbackPaid]).toEqual(['0.00', [], '15.00']);
    // A back-dated payment that would leave the later one above what was owed then is refused too.
    expect((await pay(deal.id, { amount: '1', paidOn: '2022-08-01' })).statusCode).toBe(409);
    expect(await countWritten(deal.id)).toEqual({ payments: 2, entries: 4 });
  });

  it('20 concurrent payments of 1.00 against 15.00 owed: 15 land, 5 are refused, 15.00 recorded in all', async () => {
    const deal = await dealOwing('Clawback race deal');
    const tries = await Promise.all(Array.from({ length: 20 }, () => pay(deal.id, { amount: '1.00', paidOn: '2022-09-01' })));
    expect(tries.map((r) => r.statusCode).sort()).toEqual([...Array(15).fill(201), ...Array(5).fill(409)]);
    const total = await sql<{ t: string }>('SELECT coalesce(sum(amount), 0)::text AS t FROM clawback_payments WHERE deal_id = $1').first(
      ctx.db,
      [deal.id],
    );
    expect(total?.t).toBe('15.00');
    const ledgerTotal = await sql<{ t: string }>(
      "SELECT coalesce(sum(amount), 0)::text AS t FROM ledger_entries WHERE deal_id = $1 AND distribution_type = 'GP Clawback'",
    ).first(ctx.db, [deal.id]);
    expect(ledgerTotal?.t).toBe('15.00');
    expect((await summaryOf(deal.id))?.clawback.owed).toBe('0.00');
  });
});
