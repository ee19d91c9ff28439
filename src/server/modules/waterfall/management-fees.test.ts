import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody } from '../../../shared/api/contract.ts';
import { isoInDays } from '../../../shared/dates.ts';
import type { ManagementFeePreview } from '../../../shared/management-fee.ts';
import { sql } from '../../db/sql.ts';
import { errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { harnessDay } from '../../testing/days.ts';
import { type Investor, moneyFixtures, withPaymentDetails } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';

function expectError(res: LightMyRequestResponse, status: number): { message: string; code?: string; fields?: Record<string, string> } {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(5);
  return body;
}

function pdfText(buf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-'));
  const file = path.join(dir, 'x.pdf');
  writeFileSync(file, buf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

const terms = (fee: { rate: string; basis: string; method: string } | null) => ({
  hurdleRate: '8',
  catchUp: 'full',
  carryRate: '20',
  carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '100' }],
  managementFee: fee,
});

describe('management fees: preview, charge by capital call or by deduction, one charge per period', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let adminCookie: string;
  let a: Investor;
  let b: Investor;
  const due = isoInDays(14);

  const fx = moneyFixtures(
    () => ctx,
    () => adminCookie,
  );
  const { call, investor } = fx;
  const openDeal = (title: string) => fx.openDeal(title, { createdAt: '2020-01-01' });
  /** Subscribes, completes (commitment dated 2020-06-01), calls it in full and records the money on `date`. */
  const hold = (who: Investor, dealId: string, amount: string, date: string) =>
    fx.hold(who, dealId, amount, { date, commitmentDate: '2020-06-01' });
  const putTerms = async (dealId: string, body: unknown) => {
    const res = await api('PUT /api/deals/:id/terms', { cookie: adminCookie, params: { id: dealId }, rawBody: body });
    expect(res.statusCode, res.body).toBe(200);
  };
  const feePreview = async (
    dealId: string,
    body: ApiBody<'POST /api/deals/:id/management-fees/preview'>,
  ): Promise<ManagementFeePreview> => {
    const res = await api('POST /api/deals/:id/management-fees/preview', { cookie: adminCookie, params: { id: dealId }, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().preview;
  };
  // Bodies as they come: the refusal cases send what the schema refuses.
  const charge = (dealId: string, body: unknown) =>
    api('POST /api/deals/:id/management-fees', { cookie: adminCookie, params: { id: dealId }, rawBody: body });
  const count = async (from: string, params: unknown[]) =>
    (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`).first(ctx.db, params))?.n;
  const ledger = async (dealId: string) =>
    okJson(await api('GET /api/deals/:id/ledger', { cookie: adminCookie, params: { id: dealId } })).ledger;

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Ada Admin' });
    adminCookie = await signIn(ctx, adm.email, adm.password);
    a = await investor('Alice Fees');
    b = await investor('Bob Fees');
  });
  afterAll(() => ctx.close());

  it('capital call of fees: exact per investor, a fee notice, fee entries, the unfunded commitment untouched', async () => {
    const deal = await openDeal('Fee call deal');
    await hold(a, deal.id, '100000', '2021-01-01');
    await hold(b, deal.id, '300000', '2021-01-01');
    await putTerms(deal.id, terms({ rate: '2', basis: 'commitments', method: 'capital_call' }));

    const before = await count('ledger_entries WHERE deal_id = $1', [deal.id]);
    const p = await feePreview(deal.id, { from: '2025-01-01', to: '2025-03-31' });
    expect(await count('ledger_entries WHERE deal_id = $1', [deal.id])).toBe(before);
    // 400,000 x 2% x 90/365 = 1,972.6027 -> 1,972.60; Alice 493.1507 -> 493.15, Bob 1,479.4521 -> 1,479.45.
    expect(p).toMatchObject({
      days: 90,
      rate: '2',
      basis: 'commitments',
      method: 'capital_call',
      total: '1972.60',
      description: '2% a year on commitments, charged through capital calls',
      investors: [
        { investorId: a.id, investorName: 'Alice Fees', averageBasis: '100000.00', fee: '493.15' },
        { investorId: b.id, investorName: 'Bob Fees', averageBasis: '300000.00', fee: '1479.45' },
      ],
    });
    const unfundedBefore = (await ledger(deal.id)).investors.map((i) => [i.investorId, i.balances.unfunded, i.balances.called]);

    expect(expectError(await charge(deal.id, { from: '2025-01-01', to: '2025-03-31' }), 400).fields?.dueDate).toBeTruthy();
    // A fee call needs the SPV's payment details like any call (issue 26): without a bank name, refused.
    await ctx.db.query('UPDATE spvs SET bank_name = NULL WHERE lower(name) = (SELECT lower(spv_entity) FROM deals WHERE id = $1)', [
      deal.id,
    ]);
    const noBank = expectError(await charge(deal.id, { from: '2025-01-01', to: '2025-03-31', dueDate: due }), 409);
    expect(noBank.message).toMatch(/has no payment details \(missing: bank name\)/);
    await withPaymentDetails(ctx, deal.id);
    const res = await charge(deal.id, { from: '2025-01-01', to: '2025-03-31', dueDate: due });
    expect(res.statusCode, res.body).toBe(201);
    const ch = res.json().charge;
    expect(ch).toMatchObject({ from: '2025-01-01', to: '2025-03-31', days: 90, total: '1972.60', method: 'capital_call' });
    expect(ch.callId).toBeTruthy();
    const callId = ch.callId ?? '';

    // The call: a fee call with both lines; the investors' capital accounts show the fee and keep their unfunded commitment.
    const fc = okJson(await api('GET /api/capital-calls/:id', { cookie: adminCookie, params: { id: callId } })).call;
    expect(fc).toMatchObject({ feeCharge: true, totalAmount: '1972.60', status: 'Due' });
    expect(fc.lines.map((l) => [l.investorId, l.amountDue]).sort()).toEqual(
      [
        [a.id, '493.15'],
        [b.id, '1479.45'],
      ].sort(),
    );
    const after = await ledger(deal.id);
    expect(after.investors.map((i) => [i.investorId, i.balances.unfunded, i.balances.called])).toEqual(unfundedBefore);
    expect(after.investors.find((i) => i.investorId === a.id)?.balances.fees).toBe('493.15');
    expect(after.totals.fees).toBe('1972.60');
    expect(
      after.entries
        .filter((e) => e.kind === 'fee')
        .map((e) => e.amount)
        .sort(),
    ).toEqual(['1479.45', '493.15']);

    // The investor's own capital account (performance holdings) shows the fee; the commitment is unchanged.
    const perf = okJson(await api('GET /api/investor/performance', { cookie: a.cookie }));
    expect(perf.holdings.find((h) => h.dealId === deal.id)).toMatchObject({ fees: '493.15', commitment: '100000.00', unfunded: '0.00' });

    // The investor's notice says it is a fee, in the portal and in the PDF.
    const notices = okJson(await api('GET /api/investor/capital-calls', { cookie: a.cookie })).notices;
    const n = notices.find((x) => x.callId === ch.callId);
    expect(n).toMatchObject({
      feeCharge: true,
      amountDue: '493.15',
      purpose: 'Management fee 2025-01-01 to 2025-03-31 (2% a year on commitments)',
    });
    const pdf = await api('GET /api/investor/capital-calls/:id/notice', { cookie: a.cookie, params: { id: callId } });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Management Fee Notice');
    expect(text).toContain('does not reduce your unfunded commitment');
    expect(text).toContain('$493.15');

    // Paying the fee call works although the commitment is fully called.
    const paid = await api('POST /api/capital-calls/:id/receipts', {
      cookie: adminCookie,
      params: { id: callId },
      body: {
        investorId: a.id,
        amount: '493.15',
        // The money arrives today (the company's day, UTC in the harness): never a day ahead (issue 26).
        valueDate: harnessDay(),
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().call.lines.find((l) => l.investorId === a.id)?.status).toBe('Paid');

    // The same period, or any overlapping one, is refused with 409; the next quarter is fine.
    expect(expectError(await charge(deal.id, { from: '2025-01-01', to: '2025-03-31', dueDate: due }), 409).code).toBe('FEE_PERIOD_CHARGED');
    expect(expectError(await charge(deal.id, { from: '2025-03-31', to: '2025-06-30', dueDate: due }), 409).code).toBe('FEE_PERIOD_CHARGED');
    expect(
      expectError(
        await api('POST /api/deals/:id/management-fees/preview', {
          cookie: adminCookie,
          params: { id: deal.id },
          body: { from: '2024-12-01', to: '2025-01-01' },
        }),
        409,
      ).code,
    ).toBe('FEE_PERIOD_CHARGED');
    expect(await count('management_fee_charges WHERE deal_id = $1', [deal.id])).toBe(1);
    const next = await feePreview(deal.id, { from: '2025-04-01', to: '2025-06-30' });
    expect(next).toMatchObject({ days: 91, total: '1994.52' });

    const data = okJson(await api('GET /api/deals/:id/management-fees', { cookie: adminCookie, params: { id: deal.id } }));
    expect(data.fee?.description).toBe('2% a year on commitments, charged through capital calls');
    expect(data.charges.map((c) => [c.from, c.to, c.total])).toEqual([['2025-01-01', '2025-03-31', '1972.60']]);
    expect(data.outstanding).toEqual([]);
  });

  it('fees deducted from distributions: accrued fee entries, each investor’s deduction in the preview, sums exact', async () => {
    const deal = await openDeal('Fee deduction deal');
    await hold(a, deal.id, '100', '2021-01-01');
    await hold(b, deal.id, '300', '2021-01-01');
    await putTerms(deal.id, terms({ rate: '2', basis: 'contributions', method: 'deducted' }));
    // A year on contributions: 2.00 and 6.00.
    const res = await charge(deal.id, { from: '2021-01-01', to: '2021-12-31' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().charge).toMatchObject({ total: '8.00', callId: null, method: 'deducted' });
    const data = res.json().fees;
    expect(data.outstanding).toEqual([
      { investorId: a.id, investorName: 'Alice Fees', amount: '2.00' },
      { investorId: b.id, investorName: 'Bob Fees', amount: '6.00' },
    ]);
    expect((await ledger(deal.id)).totals.fees).toBe('8.00');

    // A distribution smaller than the fees takes all of it; the rest stays owed.
    const small = await api('POST /api/distributions/preview', {
      cookie: adminCookie,
      body: {
        dealId: deal.id,
        type: 'Income',
        totalAmount: '1',
        paymentDate: '2022-01-01',
      },
    });
    const sp = small.json().preview;
    expect(sp).toMatchObject({ lpTotal: '1.00', feeDeducted: '1.00', netToInvestors: '0.00' });
    expect(sp.investors.map((i) => [i.investorName, i.amount, i.feeDeducted, i.net])).toEqual([
      ['Alice Fees', '0.25', '0.25', '0.00'],
      ['Bob Fees', '0.75', '0.75', '0.00'],
    ]);
    expect(
      (
        await api('POST /api/distributions', {
          cookie: adminCookie,
          body: {
            dealId: deal.id,
            type: 'Income',
            totalAmount: '1',
            paymentDate: '2022-01-01',
          },
        })
      ).statusCode,
    ).toBe(201);
    const left = okJson(await api('GET /api/deals/:id/management-fees', { cookie: adminCookie, params: { id: deal.id } }));
    expect(left.outstanding.map((o) => o.amount)).toEqual(['1.75', '5.25']);

    // The next one deducts the rest; amounts and tiers stay whole (perInvestor adds up to lpTotal).
    const big = (
      await api('POST /api/distributions/preview', {
        cookie: adminCookie,
        body: {
          dealId: deal.id,
          type: 'Capital Gain',
          totalAmount: '800',
          paymentDate: '2024-01-01',
        },
      })
    ).json().preview;
    const sum = (xs: string[]) => xs.reduce((s, x) => s + Math.round(Number(x) * 100), 0);
    expect(sum(big.investors.map((i) => i.amount))).toBe(sum([big.lpTotal]));
    expect(big.feeDeducted).toBe('7.00');
    expect(sum([big.netToInvestors, big.feeDeducted])).toBe(sum([big.lpTotal]));
    expect(big.investors.map((i) => i.feeDeducted)).toEqual(['1.75', '5.25']);
    for (const i of big.investors) expect(sum([i.net, i.feeDeducted])).toBe(sum([i.amount]));
    const recorded = await api('POST /api/distributions', {
      cookie: adminCookie,
      body: {
        dealId: deal.id,
        type: 'Capital Gain',
        totalAmount: '800',
        paymentDate: '2024-01-01',
      },
    });
    expect(recorded.statusCode).toBe(201);
    const rows = await sql<{ investor_id: string; fee: string }>(
      'SELECT investor_id, sum(fee_deducted)::text AS fee FROM distributions WHERE deal_id = $1 GROUP BY investor_id ORDER BY 2',
    ).all(ctx.db, [deal.id]);
    expect(rows.map((r) => r.fee)).toEqual(['2.00', '6.00']);
    // Alice's calendar shows what was deducted from each of her distributions.
    const cal = okJson(await api('GET /api/investor/distributions', { cookie: a.cookie }));
    expect(
      [...cal.upcoming, ...cal.history]
        .filter((i) => i.dealId === deal.id)
        .map((i) => i.feeDeducted)
        .sort(),
    ).toEqual(['0.25', '1.75']);
    // Alice's statement shows the deduction under the distribution it was taken from, once paid
    // (an unpaid one is listed apart, decision 023).
    expect(
      (await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: recorded.json().event.id }, body: {} }))
        .statusCode,
    ).toBe(200);
    const stmt = pdfText(
      (await api('GET /api/investor/statement', { cookie: a.cookie, query: { from: '2024-01-01', to: '2024-12-31' } })).rawPayload,
    );
    const alice = big.investors.find((i) => i.investorId === a.id);
    expect(stmt).toContain(`1 Jan 2024 Capital Gain $${alice?.amount}`);
    expect(stmt).toMatch(/Management fees deducted -\$1\.75/);
    expect(stmt).toContain(`Paid to you $${alice?.net}`);
    const done = okJson(await api('GET /api/deals/:id/management-fees', { cookie: adminCookie, params: { id: deal.id } }));
    expect(done.outstanding).toEqual([]);
    const third = (
      await api('POST /api/distributions/preview', {
        cookie: adminCookie,
        body: {
          dealId: deal.id,
          type: 'Income',
          totalAmount: '10',
          paymentDate: '2024-06-01',
        },
      })
    ).json().preview;
    expect(third.feeDeducted).toBe('0.00');
  });

  it('previews every rate the terms accept, up to 4 decimals, without a 500 (issue 26: 1.125% answered 500)', async () => {
    const deal = await openDeal('Fee odd rate deal');
    await hold(a, deal.id, '100000', '2021-01-01');
    await hold(b, deal.id, '300000', '2021-01-01');
    await putTerms(deal.id, terms({ rate: '1.125', basis: 'commitments', method: 'capital_call' }));
    const p = await feePreview(deal.id, { from: '2025-01-01', to: '2025-03-31' });
    // By hand: 400,000 x 1.125% = 4,500 a year; x 90/365 = 405,000/365 = 1,109.5890.. -> 1,109.59.
    // Split 1:3 of 110,959 cents: 27,739.75 / 83,219.25 -> floors 27,739 / 83,219, the cent left to
    // the larger remainder (.75): Alice 277.40, Bob 832.19 (own exact fees 277.3972.. and 832.1917..).
    expect(p).toMatchObject({
      rate: '1.125',
      total: '1109.59',
      description: '1.125% a year on commitments, charged through capital calls',
      investors: [{ fee: '277.40' }, { fee: '832.19' }],
    });
    // A spread of what the terms accept: 4 decimals, tiny, whole, the 100% bound.
    for (const rate of ['0.0001', '0.5', '1.125', '2.75', '3.3333', '12.5', '99.9999', '100']) {
      await putTerms(deal.id, terms({ rate, basis: 'contributions', method: 'deducted' }));
      const res = await api('POST /api/deals/:id/management-fees/preview', {
        cookie: adminCookie,
        params: { id: deal.id },
        body: {
          from: '2025-01-01',
          to: '2025-12-31',
        },
      });
      expect(res.statusCode, `${rate}: ${res.body}`).toBe(200);
      // 400,000 x rate% x 365/365 = 4,000 x rate, to the cent (exact here: at most 4 decimals x 4,000).
      const units = BigInt(rate.replace('.', '').padEnd(rate.includes('.') ? rate.indexOf('.') + 4 : rate.length + 4, '0'));
      const totalCents = (units * 400_000n * 100n + 500_000n) / 1_000_000n;
      const got = res.json().preview.total;
      expect(got, rate).toBe(`${totalCents / 100n}.${String(totalCents % 100n).padStart(2, '0')}`);
    }
  });

  it('refuses bad requests with a 4xx and a message, writing nothing', async () => {
    const deal = await openDeal('Fee errors deal');
    await hold(a, deal.id, '1000', '2021-01-01');
    // No management fee in the terms (and no terms at all).
    expect(expectError(await charge(deal.id, { from: '2025-01-01', to: '2025-03-31' }), 409).code).toBe('NO_MANAGEMENT_FEE');
    await putTerms(deal.id, terms(null));
    expect(expectError(await charge(deal.id, { from: '2025-01-01', to: '2025-03-31' }), 409).code).toBe('NO_MANAGEMENT_FEE');
    await putTerms(deal.id, terms({ rate: '1.5', basis: 'commitments', method: 'capital_call' }));
    const bad: [unknown, string][] = [
      [{ from: '2025-04-01', to: '2025-03-31', dueDate: due }, 'to'],
      [{ from: '2025-02-30', to: '2025-03-31', dueDate: due }, 'from'],
      [{ to: '2025-03-31', dueDate: due }, 'from'],
      [{ from: '2024-01-01', to: '2025-12-31', dueDate: due }, 'to'],
      [{ from: '2019-01-01', to: '2019-03-31', dueDate: due }, 'from'],
      [{ from: '2025-01-01', to: '2025-03-31', dueDate: '2000-01-01' }, 'dueDate'],
      [{ from: '2025-01-01', to: '2025-03-31', dueDate: 'soon' }, 'dueDate'],
    ];
    for (const [body, field] of bad) {
      const e = expectError(await charge(deal.id, body), 400);
      expect(e.fields?.[field], `${JSON.stringify(body)} -> ${JSON.stringify(e.fields)}`).toBeTruthy();
    }
    expectError(await charge(UNKNOWN_ID, { from: '2025-01-01', to: '2025-03-31', dueDate: due }), 404);
    expectError(await api('GET /api/deals/:id/management-fees', { cookie: adminCookie, params: { id: UNKNOWN_ID } }), 404);
    // Before anyone committed: nothing to charge.
    expect(expectError(await charge(deal.id, { from: '2020-01-01', to: '2020-03-31', dueDate: due }), 409).code).toBe('NO_FEE_BASIS');
    expect(await count('management_fee_charges WHERE deal_id = $1', [deal.id])).toBe(0);
    expect(await count("ledger_entries WHERE deal_id = $1 AND kind = 'fee'", [deal.id])).toBe(0);
    expect(await count('capital_calls WHERE deal_id = $1 AND fee_charge', [deal.id])).toBe(0);
  });

  it('charges a period once under concurrency: 24 parallel requests for the same or overlapping periods, one succeeds', async () => {
    const deal = await openDeal('Fee race deal');
    await hold(a, deal.id, '50000', '2021-01-01');
    await hold(b, deal.id, '150000', '2021-01-01');
    await putTerms(deal.id, terms({ rate: '2', basis: 'commitments', method: 'capital_call' }));
    const bodies = Array.from({ length: 24 }, (_, i) =>
      i % 2 === 0 ? { from: '2025-01-01', to: '2025-03-31', dueDate: due } : { from: '2025-02-01', to: '2025-04-30', dueDate: due },
    );
    const results = await Promise.all(bodies.map((body) => charge(deal.id, body)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(23);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(errorBody(r).code).toBe('FEE_PERIOD_CHARGED');
    expect(await count('management_fee_charges WHERE deal_id = $1', [deal.id])).toBe(1);
    expect(await count('capital_calls WHERE deal_id = $1 AND fee_charge', [deal.id])).toBe(1);
    expect(await count("ledger_entries WHERE deal_id = $1 AND kind = 'fee'", [deal.id])).toBe(2);
  });

  it('guards the routes: anonymous 401, investors 403', async () => {
    const deal = await openDeal('Fee guard deal');
    const routes: [InjectOptions['method'], string, unknown][] = [
      ['GET', `/api/deals/${deal.id}/management-fees`, undefined],
      ['POST', `/api/deals/${deal.id}/management-fees/preview`, { from: '2025-01-01', to: '2025-03-31' }],
      ['POST', `/api/deals/${deal.id}/management-fees`, { from: '2025-01-01', to: '2025-03-31', dueDate: due }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, null, body)).statusCode).toBe(401);
      expect((await call(method, url, a.cookie, body)).statusCode).toBe(403);
    }
  });
});
