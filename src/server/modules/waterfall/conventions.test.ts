/**
 * The waterfall conventions through the API (decision record 039): terms store and return them,
 * the preview and the record use them, a clawback shows per carry recipient in the preview and on
 * the Waterfall by Deal. Real Fastify app on PGlite (and PostgreSQL with TEST_DB=postgres).
 * Reference figures are worked by hand in the comments, never taken from the engine.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates.ts';
import type { WaterfallPreview } from '../../../shared/deal-terms.ts';
import type { DistributionEvent } from '../../../shared/distributions.ts';
import { sql } from '../../db/sql.ts';
import { errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { type Investor, moneyFixtures } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { companyDayIn } from '../settings/clock.ts';

const NO_HURDLE_20 = {
  hurdleRate: '0',
  catchUp: 'none',
  carryRate: '20',
  carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '60' }],
  managementFee: null,
};

describe('waterfall conventions: terms, preview, clawback and escrow through the API', () => {
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
  const { call, investor } = fx;
  const openDeal = (title: string) => fx.openDeal(title, { createdAt: '2020-01-01' });
  const hold = (who: Investor, dealId: string, amount: string, date: string) => fx.hold(who, dealId, amount, { date });
  const putTerms = (dealId: string, body: unknown) =>
    api('PUT /api/deals/:id/terms', { cookie: adminCookie, params: { id: dealId }, rawBody: body });
  const preview = async (dealId: string, totalAmount: string, paymentDate: string): Promise<WaterfallPreview> => {
    const res = await api('POST /api/distributions/preview', {
      cookie: adminCookie,
      body: { dealId, type: 'Capital Gain', totalAmount, paymentDate },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().preview;
  };
  const record = async (dealId: string, totalAmount: string, paymentDate: string, final?: boolean): Promise<DistributionEvent> => {
    const res = await api('POST /api/distributions', {
      cookie: adminCookie,
      body: {
        dealId,
        type: 'Capital Gain',
        totalAmount,
        paymentDate,
        recordDate: paymentDate,
        ...(final === undefined ? {} : { final }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ev = res.json().event;
    expect((await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.id } })).statusCode).toBe(200);
    return ev;
  };
  const summaryOf = async (dealId: string) =>
    okJson(await api('GET /api/distributions/waterfall', { cookie: adminCookie })).deals.find((d) => d.dealId === dealId);
  const expect400 = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(400);
    return errorBody(res);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Cleo Carry' });
    adminId = adm.id;
    adminCookie = await signIn(ctx, adm.email, adm.password);
    a = await investor('Alice Convention');
    b = await investor('Bob Convention');
  });
  afterAll(() => ctx.close());

  it('stores the conventions with the terms (defaults when omitted) and the preview uses them: simple, 30/360', async () => {
    const deal = await openDeal('Simple pref deal');
    await hold(a, deal.id, '100', '2021-01-01');
    const plain = await putTerms(deal.id, { ...NO_HURDLE_20, hurdleRate: '8', catchUp: 'full', carryRecipients: [] });
    expect(plain.statusCode, plain.body).toBe(400); // carry without a recipient, as before
    const saved = await putTerms(deal.id, {
      ...NO_HURDLE_20,
      hurdleRate: '8',
      catchUp: 'full',
      carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '100' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().current?.conventions).toEqual({
      prefCompounding: 'annual',
      dayCount: 'act365',
      clawback: 'net',
      clawbackTaxRate: '0',
      escrowRate: '0',
      escrowReleaseDate: null,
    });
    const simple = await putTerms(deal.id, {
      ...NO_HURDLE_20,
      hurdleRate: '8',
      catchUp: 'full',
      carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '100' }],
      conventions: {
        prefCompounding: 'simple',
        dayCount: '30360',
        clawback: 'owed',
        clawbackTaxRate: '25%',
        escrowRate: '10',
        escrowReleaseDate: '2030-06-30',
      },
    });
    expect(simple.statusCode, simple.body).toBe(200);
    const data = okJson(await api('GET /api/deals/:id/terms', { cookie: adminCookie, params: { id: deal.id } }));
    expect(data.current?.version).toBe(1); // unused: replaced in place
    expect(data.current?.conventions).toEqual({
      prefCompounding: 'simple',
      dayCount: '30360',
      clawback: 'owed',
      clawbackTaxRate: '25',
      escrowRate: '10',
      escrowReleaseDate: '2030-06-30',
    });
    // By hand: 100 from 2021-01-01 to 2024-01-01 is 3 years in 30/360; simple 8%: 100 x 1.24 = 124
    // (return of capital 100, preferred 24). Full catch-up to 20% of the 24: 24 x 0.2 / 0.8 = 6.
    // The remaining 70: the GP to 20% of the 100 profit = 20, less 6 = 14; investors 56.
    // Escrow: 10% of the GP's 20 = 2.00 held.
    const p = await preview(deal.id, '200.00', '2024-01-01');
    expect(p.tiers).toEqual({
      returnOfCapital: '100.00',
      preferredReturn: '24.00',
      catchUp: '6.00',
      carriedInterestLp: '56.00',
      carriedInterestGp: '14.00',
    });
    expect([p.lpTotal, p.gp, p.hurdleBefore]).toEqual(['180.00', '20.00', '124.00']);
    expect(p.escrow).toEqual({ held: '2.00', released: '0.00', balanceAfter: '2.00' });
    expect(p.clawback).toMatchObject({ mode: 'owed', owed: '0.00', byRecipient: [] });
  });

  it('refuses bad conventions with a field message, writing nothing', async () => {
    const deal = await openDeal('Bad conventions deal');
    const base = { ...NO_HURDLE_20, carryRecipients: [{ kind: 'gp', name: 'GP', share: '100' }] };
    const ok = { prefCompounding: 'annual', dayCount: 'act365', clawback: 'net', clawbackTaxRate: '0', escrowRate: '0' };
    const cases: [unknown, string][] = [
      [{ ...ok, dayCount: 'act360' }, 'conventions.dayCount'],
      [{ ...ok, prefCompounding: 'monthly' }, 'conventions.prefCompounding'],
      [{ ...ok, clawback: 'never' }, 'conventions.clawback'],
      [{ ...ok, clawbackTaxRate: '100' }, 'conventions.clawbackTaxRate'],
      [{ ...ok, escrowRate: '101' }, 'conventions.escrowRate'],
      [{ ...ok, escrowRate: 'x' }, 'conventions.escrowRate'],
      [{ ...ok, escrowReleaseDate: '2030-02-30' }, 'conventions.escrowReleaseDate'],
    ];
    for (const [conventions, field] of cases) {
      const body = expect400(await putTerms(deal.id, { ...base, conventions }));
      expect(Object.keys(body.fields ?? {}), JSON.stringify(conventions)).toContain(field);
    }
    const n = await sql<{ n: number }>('SELECT count(*)::int AS n FROM deal_terms WHERE deal_id = $1').first(ctx.db, [deal.id]);
    expect(n?.n).toBe(0);
  });

  it('a clawback after a later close: owed net of tax per carry recipient; netted from the next distribution when the terms say so', async () => {
    const deal = await openDeal('Clawback deal');
    const recipients = [
      { kind: 'gp', name: 'Meridian GP Ltd', share: '60' },
      { kind: 'admin', userId: adminId, share: '40' },
    ];
    const owedTerms = {
      ...NO_HURDLE_20,
      carryRecipients: recipients,
      conventions: { prefCompounding: 'annual', dayCount: 'act365', clawback: 'owed', clawbackTaxRate: '25', escrowRate: '0' },
    };
    expect((await putTerms(deal.id, owedTerms)).statusCode).toBe(200);
    // Alice puts in 100 on 2021-01-01; 200 comes out on 2022-01-01 (no hurdle, no catch-up):
    // 100 capital back, the 100 profit 80 / 20. GP 20 (12 / 8 to the recipients).
    await hold(a, deal.id, '100', '2021-01-01');
    const first = await record(deal.id, '200.00', '2022-01-01');
    expect(first.waterfall).toMatchObject({ lpTotal: '180.00', gp: '20.00' });
    expect((await summaryOf(deal.id))?.clawback).toMatchObject({ owed: '0.00', byRecipient: [] });

    // Bob comes in at a later close on 2022-06-01 with 100: cumulative profit 200 - 200 = 0, the
    // GP may hold 20% of 0 and holds 20. Owed net of 25% tax: 20 - 5 = 15, split 60/40: 9 / 6.
    await hold(b, deal.id, '100', '2022-06-01');
    const sum = await summaryOf(deal.id);
    expect(sum?.clawback).toEqual({
      mode: 'owed',
      excess: '20.00',
      taxRelief: '5.00',
      arose: '15.00',
      fromEscrow: '0.00',
      netted: '0.00',
      owed: '15.00',
      byRecipient: [
        { name: 'Meridian GP Ltd', amount: '9.00' },
        { name: 'Cleo Carry', amount: '6.00' },
      ],
    });
    expect(sum?.conventionsSummary).toBe('clawback recorded as owed, net of 25% tax');

    // The preview of 150 on 2023-01-01: investors first get back the 20 of capital not yet
    // returned (200 in, 180 out), then 130 is split 80/20: investors 104 + 20 = 124, GP 26.
    // Owed: nothing withheld; still 15 owed after it.
    const owedPreview = await preview(deal.id, '150.00', '2023-01-01');
    expect([owedPreview.lpTotal, owedPreview.gp]).toEqual(['124.00', '26.00']);
    expect(owedPreview.clawback).toMatchObject({ arose: '15.00', netted: '0.00', owed: '15.00' });

    // New terms (version 2, the first was used): netted, no tax. The whole 20 is withheld from the
    // GP's 26 and paid to the investors: GP 6, investors 144; nothing owed after it.
    const netTerms = { ...owedTerms, conventions: { ...owedTerms.conventions, clawback: 'net', clawbackTaxRate: '0' } };
    const v2 = await putTerms(deal.id, netTerms);
    expect(v2.json().current?.version).toBe(2);
    const netPreview = await preview(deal.id, '150.00', '2023-01-01');
    expect(netPreview.clawback).toEqual({
      mode: 'net',
      excess: '20.00',
      taxRelief: '0.00',
      arose: '20.00',
      fromEscrow: '0.00',
      netted: '20.00',
      owed: '0.00',
      byRecipient: [],
    });
    expect([netPreview.lpTotal, netPreview.gp]).toEqual(['144.00', '6.00']);
    // The GP's 6 by the recipients' shares: 3.60 / 2.40; investors pro rata to 100 / 100: 72 / 72.
    expect(netPreview.carry.map((c) => c.amount)).toEqual(['3.60', '2.40']);
    expect(netPreview.investors.map((i) => i.amount)).toEqual(['72.00', '72.00']);

    const second = await record(deal.id, '150.00', '2023-01-01');
    expect(second.waterfall).toMatchObject({ lpTotal: '144.00', gp: '6.00' });
    const stored = await sql<{ clawback_netted: string }>('SELECT clawback_netted::text FROM distribution_events WHERE id = $1').first(
      ctx.db,
      [second.id],
    );
    expect(stored?.clawback_netted).toBe('20.00');
    // Replayed as recorded: nothing owed any more; the GP holds 26 of the 150 profit (350 - 200).
    const after = await summaryOf(deal.id);
    expect(after?.clawback.owed).toBe('0.00');
    expect([after?.gp, after?.lpTotal, after?.distributed]).toEqual(['26.00', '324.00', '350.00']);
  });

  it('escrow: a share of each carry payment held, shown on the Waterfall by Deal and released on its date', async () => {
    const deal = await openDeal('Escrow deal');
    await hold(a, deal.id, '100', '2021-01-01');
    const terms = {
      ...NO_HURDLE_20,
      carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '100' }],
      conventions: {
        prefCompounding: 'annual',
        dayCount: 'act365',
        clawback: 'net',
        clawbackTaxRate: '0',
        escrowRate: '25',
        escrowReleaseDate: '2023-06-30',
      },
    };
    expect((await putTerms(deal.id, terms)).statusCode).toBe(200);
    // 200 out on 2022-01-01: GP 20, 25% = 5.00 held. Today (after 2023-06-30) it is released.
    const ev = await record(deal.id, '200.00', '2022-01-01');
    const held = await sql<{ escrow_held: string }>('SELECT escrow_held::text FROM distribution_events WHERE id = $1').first(ctx.db, [
      ev.id,
    ]);
    expect(held?.escrow_held).toBe('5.00');
    expect((await summaryOf(deal.id))?.escrow).toMatchObject({ balance: '0.00', released: '5.00', releaseDate: '2023-06-30' });
    // With the release date in the future, it is still held.
    expect((await putTerms(deal.id, { ...terms, conventions: { ...terms.conventions, escrowReleaseDate: '2099-12-31' } })).statusCode).toBe(
      200,
    );
    expect((await summaryOf(deal.id))?.escrow).toMatchObject({ balance: '5.00', released: '0.00', releaseDate: '2099-12-31' });
  });

  it('escrow without a release date is held until a distribution marked final releases it', async () => {
    const deal = await openDeal('Final escrow deal');
    await hold(a, deal.id, '100', '2021-01-01');
    const terms = {
      ...NO_HURDLE_20,
      carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '100' }],
      conventions: { prefCompounding: 'annual', dayCount: 'act365', clawback: 'net', clawbackTaxRate: '0', escrowRate: '50' },
    };
    expect((await putTerms(deal.id, terms)).statusCode).toBe(200);
    // 150 on 2022-01-01: 100 back, the 50 profit 40 / 10; half the GP's 10 held: 5.00.
    await record(deal.id, '150.00', '2022-01-01');
    expect((await summaryOf(deal.id))?.escrow).toMatchObject({ balance: '5.00', released: '0.00', releaseDate: null });
    // A bad flag is refused, writing nothing.
    const bad = await api('POST /api/distributions', {
      cookie: adminCookie,
      rawBody: {
        dealId: deal.id,
        type: 'Capital Gain',
        totalAmount: '50',
        paymentDate: '2023-01-01',
        final: 'yes',
      },
    });
    expect(expect400(bad).fields).toHaveProperty('final');
    // The final 50 on 2023-01-01 (profit now 100: the GP's 20% is 20, it has 10): 40 / 10, nothing
    // held of it, the 5.00 released. The preview says so first.
    const res = await api('POST /api/distributions/preview', {
      cookie: adminCookie,
      body: {
        dealId: deal.id,
        type: 'Capital Gain',
        totalAmount: '50',
        paymentDate: '2023-01-01',
        recordDate: '2023-01-01',
        final: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().preview.escrow).toEqual({ held: '0.00', released: '5.00', balanceAfter: '0.00' });
    const ev = await record(deal.id, '50.00', '2023-01-01', true);
    expect(ev.waterfall).toMatchObject({ gp: '10.00', lpTotal: '40.00' });
    expect((await summaryOf(deal.id))?.escrow).toMatchObject({ balance: '0.00', released: '5.00', releaseDate: null });
    // A second distribution marked final is refused (one final per deal), writing nothing.
    const events = async () => (await ctx.db.query('SELECT 1 FROM distribution_events WHERE deal_id = $1', [deal.id])).length;
    const second = await api('POST /api/distributions', {
      cookie: adminCookie,
      body: {
        dealId: deal.id,
        type: 'Capital Gain',
        totalAmount: '10',
        paymentDate: '2023-02-01',
        recordDate: '2023-02-01',
        final: true,
      },
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'This deal already has its final distribution (2023-01-01)',
      fields: { final: 'This deal already has its final distribution' },
    });
    expect(await events()).toBe(2);
  });

  it('released escrow is paid out once to the carry recipients by share, never dated ahead, never twice (issue 29 leftover)', async () => {
    const deal = await openDeal('Escrow payout deal');
    await hold(a, deal.id, '100', '2021-01-01');
    const terms = {
      ...NO_HURDLE_20,
      carryRecipients: [
        { kind: 'gp', name: 'Carry One Ltd', share: '33.33' },
        { kind: 'gp', name: 'Carry Two Ltd', share: '33.33' },
        { kind: 'gp', name: 'Carry Three Ltd', share: '33.34' },
      ],
      conventions: {
        prefCompounding: 'annual',
        dayCount: 'act365',
        clawback: 'net',
        clawbackTaxRate: '0',
        escrowRate: '50',
        escrowReleaseDate: '2023-06-30',
      },
    };
    expect((await putTerms(deal.id, terms)).statusCode).toBe(200);
    const url = `/api/deals/${deal.id}/escrow-payouts`;
    // Nothing released yet (nothing distributed): 409, nothing written.
    expect((await call('POST', url, adminCookie, {})).statusCode).toBe(409);
    // 200 out on 2022-01-01: 100 back, the 100 profit 80 / 20; half the GP's 20 held: 10.00,
    // released on 2023-06-30 (before today). By hand.
    await record(deal.id, '200.00', '2022-01-01');
    expect((await summaryOf(deal.id))?.escrow).toEqual({
      balance: '0.00',
      released: '10.00',
      releaseDate: '2023-06-30',
      paidOut: '0.00',
      toPayOut: '10.00',
      payouts: [],
    });
    // Who may pay it out, and bad input: nothing written by any of them.
    expect((await call('POST', url, null, {})).statusCode).toBe(401);
    expect((await call('POST', url, a.cookie, {})).statusCode).toBe(403);
    expect(
      (
        await api('POST /api/deals/:id/escrow-payouts', {
          cookie: adminCookie,
          params: { id: '00000000-0000-4000-8000-000000000000' },
          body: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(expect400(await call('POST', url, adminCookie, { paidOn: '2024-02-30' })).fields).toHaveProperty('paidOn');
    const today = (await companyDayIn(ctx.db)).today;
    const ahead = await call('POST', url, adminCookie, { paidOn: addDays(today, 1) });
    expect(ahead.statusCode, ahead.body).toBe(409);
    expect(errorBody(ahead)).toMatchObject({
      message: `The payout cannot be dated after today (${today}): record it once the money has gone out`,
      fields: { paidOn: `The payout cannot be dated after today (${today}): record it once the money has gone out` },
    });
    const count = async () => (await ctx.db.query('SELECT 1 FROM escrow_payouts WHERE deal_id = $1', [deal.id])).length;
    expect(await count()).toBe(0);
    // Twenty at once: one lands, the others find nothing waiting.
    const tries = await Promise.all(Array.from({ length: 20 }, () => call('POST', url, adminCookie, { paidOn: today })));
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(tries.find((r) => r.statusCode === 409)?.json().message).toBe(
      'No carry released from escrow is waiting to be paid out on this deal',
    );
    expect(await count()).toBe(1);
    // 10.00 by 33.33 / 33.33 / 33.34: exact 3.333, 3.333, 3.334; floors 3.33 each (9.99), the cent
    // left to the largest remainder (.4, the third): 3.33 + 3.33 + 3.34 = 10.00. By hand.
    const lines = [
      { name: 'Carry One Ltd', amount: '3.33' },
      { name: 'Carry Two Ltd', amount: '3.33' },
      { name: 'Carry Three Ltd', amount: '3.34' },
    ];
    expect(tries.find((r) => r.statusCode === 201)?.json().payout).toMatchObject({ amount: '10.00', paidOn: today, lines });
    expect((await summaryOf(deal.id))?.escrow).toMatchObject({
      released: '10.00',
      paidOut: '10.00',
      toPayOut: '0.00',
      payouts: [{ amount: '10.00', paidOn: today, lines }],
    });
    const log = await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'escrow_paid_out' AND details->>'dealId' = $1", [
      deal.id,
    ]);
    expect(log).toHaveLength(1);
  });
});
