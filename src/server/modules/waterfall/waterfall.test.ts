import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoInDays } from '../../../shared/dates.ts';
import type { WaterfallPreview } from '../../../shared/deal-terms.ts';
import type { DistributionEvent } from '../../../shared/distributions.ts';
import { toCents } from '../../../shared/money.ts';
import { sql } from '../../db/sql.ts';
import { errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { type Investor, moneyFixtures } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';

function expectError(res: LightMyRequestResponse, status: number): { message: string; code?: string; fields?: Record<string, string> } {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

function pdfText(buf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-'));
  const file = path.join(dir, 'x.pdf');
  writeFileSync(file, buf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
const squash = (s: string) => s.replace(/[ \t]+/g, ' ');
/** One deal's part of a statement's text: from its title line to the blank line after it. */
const dealSection = (text: string, title: string) => {
  const start = text.indexOf(`\n${title}\n`);
  expect(start, `${title} in the statement`).toBeGreaterThanOrEqual(0);
  const rest = text.slice(start + title.length + 2);
  const end = rest.search(/\n\s*\n/);
  return end === -1 ? rest : rest.slice(0, end);
};

const TEXTBOOK = {
  hurdleRate: '8',
  catchUp: 'full',
  carryRate: '20',
  carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '100' }],
  managementFee: null,
};

describe('deal terms, waterfall preview and record', () => {
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
  // The reference cases are dated from 2021: the deal existed by then.
  const openDeal = (title: string) => fx.openDeal(title, { createdAt: '2020-01-01' });
  /** Subscribes, has an admin complete it, calls it in full and records the money as received on `date` (its value date). */
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
  const record = async (dealId: string, totalAmount: string, paymentDate: string): Promise<DistributionEvent> => {
    const res = await api('POST /api/distributions', {
      cookie: adminCookie,
      body: { dealId, type: 'Capital Gain', totalAmount, paymentDate },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().event;
  };
  const count = async (from: string, params: unknown[]) =>
    (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`).first(ctx.db, params))?.n;

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Ada Admin' });
    adminId = adm.id;
    adminCookie = await signIn(ctx, adm.email, adm.password);
    a = await investor('Alice Waterfall');
    b = await investor('Bob Waterfall');
  });
  afterAll(() => ctx.close());

  it('textbook: preview writes nothing; record stores the tiers, the terms version, the GP and each investor', async () => {
    const deal = await openDeal('Textbook deal');
    await hold(a, deal.id, '100', '2021-01-01');
    const saved = await putTerms(deal.id, TEXTBOOK);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().current).toMatchObject({
      version: 1,
      hurdleRate: '8',
      catchUp: 'full',
      catchUpRate: '100',
      carryRate: '20',
    });

    const before = await count('distribution_events WHERE deal_id = $1', [deal.id]);
    const p = await preview(deal.id, '200.00', '2024-01-01');
    expect(await count('distribution_events WHERE deal_id = $1', [deal.id])).toBe(before);
    expect(p).toMatchObject({
      totalAmount: '200.00',
      lpTotal: '180.00',
      gp: '20.00',
      gpCatchUp: '6.49',
      termsSummary: '8% preferred return, full catch-up, 20% carried interest',
      tiers: {
        returnOfCapital: '100.00',
        preferredReturn: '25.97',
        catchUp: '6.49',
        carriedInterestLp: '54.03',
        carriedInterestGp: '13.51',
      },
      carry: [{ name: 'Meridian GP Ltd', amount: '20.00', kind: 'gp' }],
      investors: [{ investorId: a.id, investorName: 'Alice Waterfall', amount: '180.00' }],
    });
    expect(p.investors[0]?.tiers).toEqual({
      returnOfCapital: '100.00',
      preferredReturn: '25.97',
      catchUp: '0.00',
      carriedInterest: '54.03',
    });

    const ev = await record(deal.id, '200.00', '2024-01-01');
    expect(ev.allocations).toEqual([{ investorId: a.id, investorName: 'Alice Waterfall', amount: '180.00' }]);
    expect(ev.waterfall).toMatchObject({
      termsVersion: 1,
      lpTotal: '180.00',
      gp: '20.00',
      carry: [{ name: 'Meridian GP Ltd', amount: '20.00' }],
    });
    expect(ev.waterfall?.tiers).toEqual(p.tiers);

    // The investor sees their own breakdown on the calendar.
    const cal = okJson(await api('GET /api/investor/distributions', { cookie: a.cookie }));
    const item = [...cal.upcoming, ...cal.history].find((i) => i.dealId === deal.id);
    expect(item).toMatchObject({
      amount: '180.00',
      tiers: { returnOfCapital: '100.00', preferredReturn: '25.97', catchUp: '0.00', carriedInterest: '54.03' },
    });
    // And the deal's terms, without the desk's carry recipients.
    const terms = okJson(await api('GET /api/investor/deal-terms', { cookie: a.cookie }));
    const mine = terms.deals.find((d) => d.dealId === deal.id);
    expect(mine?.summary).toBe('8% preferred return, full catch-up, 20% carried interest');
    expect(mine?.terms).not.toHaveProperty('carryRecipients');
    expect(okJson(await api('GET /api/investor/deal-terms', { cookie: b.cookie })).deals.find((d) => d.dealId === deal.id)).toBeUndefined();

    // The summary counts paid distributions only: recorded and unpaid, it is scheduled, nowhere else.
    const summaryOf = async (dealId: string) =>
      okJson(await api('GET /api/distributions/waterfall', { cookie: adminCookie })).deals.find((d) => d.dealId === dealId);
    const unpaid = await summaryOf(deal.id);
    expect(unpaid).toMatchObject({ distributed: '0.00', scheduled: '200.00', scheduledCount: 1, lpTotal: '0.00', gp: '0.00' });
    expect(unpaid?.tiers).toEqual({
      returnOfCapital: '0.00',
      preferredReturn: '0.00',
      catchUp: '0.00',
      carriedInterestLp: '0.00',
      carriedInterestGp: '0.00',
    });
    expect(unpaid?.carryByRecipient).toEqual([]);
    // Nothing paid: investors still need 100 x 1.08^(years since 2021-01-01), over 1.08^5 = 1.4693.. (today is after 2026-01-01).
    expect(toCents(unpaid?.hurdleRemaining ?? '0')).toBeGreaterThan(146_93n);
    const paid = await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.id } });
    expect(paid.statusCode, paid.body).toBe(200);

    // The summary: cumulative tiers, hurdle reached, carry per recipient.
    const sum = okJson(await api('GET /api/distributions/waterfall', { cookie: adminCookie })).deals.find((d) => d.dealId === deal.id);
    expect(sum).toMatchObject({
      contributed: '100.00',
      distributed: '200.00',
      scheduled: '0.00',
      scheduledCount: 0,
      lpTotal: '180.00',
      gp: '20.00',
      hurdleRemaining: '0.00',
    });
    expect(sum?.tiers).toEqual(p.tiers);
    expect(sum?.carryByRecipient).toEqual([{ name: 'Meridian GP Ltd', amount: '20.00' }]);
  });

  it('Waterfall by Deal without a preferred return: capital still to return, from paid amounts; a future distribution stays scheduled', async () => {
    const deal = await openDeal('No hurdle summary deal');
    await hold(a, deal.id, '1000', '2021-01-01');
    await hold(b, deal.id, '3000', '2021-01-01');
    expect((await putTerms(deal.id, { ...TEXTBOOK, hurdleRate: '0', catchUp: 'none' })).statusCode).toBe(200);
    const ev = await record(deal.id, '1500', '2024-01-01');
    expect((await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.id } })).statusCode).toBe(200);
    await record(deal.id, '700', isoInDays(30));
    const sum = okJson(await api('GET /api/distributions/waterfall', { cookie: adminCookie })).deals.find((d) => d.dealId === deal.id);
    // By hand: no hurdle, so the first 4,000 of investors' money is return of capital; 1,500 paid is all
    // return of capital, 2,500.00 of capital still to return. The 700 in 30 days is scheduled only.
    expect(sum).toMatchObject({
      hurdleRate: '0',
      contributed: '4000.00',
      distributed: '1500.00',
      scheduled: '700.00',
      scheduledCount: 1,
      lpTotal: '1500.00',
      gp: '0.00',
      hurdleRemaining: '2500.00',
    });
    expect(sum?.tiers.returnOfCapital).toBe('1500.00');
  });

  it("the investor's statement PDF shows their own tier breakdown of each distribution in the period", async () => {
    const deal = await openDeal('Statement tiers deal');
    await hold(a, deal.id, '100', '2021-01-01');
    await hold(b, deal.id, '300', '2021-01-01');
    expect((await putTerms(deal.id, TEXTBOOK)).statusCode).toBe(200);
    // 800.00 on 2024-01-01: hurdle 400 x 1.08^3 = 503.88 (ROC 400.00, pref 103.88), catch-up 25.97, then 270.15 split 80/20.
    const ev = await record(deal.id, '800', '2024-01-01');
    expect(ev.waterfall?.gp).toBe('80.00');
    // Not paid yet: listed apart as scheduled, in no balance and no tier breakdown (decision 023).
    const unpaid = squash(
      pdfText((await api('GET /api/investor/statement', { cookie: a.cookie, query: { from: '2024-01-01', to: '2024-03-31' } })).rawPayload),
    );
    expect(dealSection(unpaid, 'Statement tiers deal')).not.toContain('Your distributions by waterfall tier');
    expect(unpaid).toContain('Scheduled distributions (not yet paid, not in the balances above)');
    expect(unpaid).toMatch(/1 Jan 2024 Statement tiers deal: Capital Gain \$180\.00/);
    expect(dealSection(unpaid, 'Statement tiers deal')).toMatch(/Closing balance \$100\.00/);
    expect((await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.id }, body: {} })).statusCode).toBe(200);
    const pdf = await api('GET /api/investor/statement', { cookie: a.cookie, query: { from: '2024-01-01', to: '2024-03-31' } });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const whole = squash(pdfText(pdf.rawPayload));
    const text = dealSection(whole, 'Statement tiers deal');
    const cal = okJson(await api('GET /api/investor/distributions', { cookie: a.cookie }));
    const mine = [...cal.upcoming, ...cal.history].find((i) => i.dealId === deal.id);
    // Alice holds 1/4: the same figures as her Distribution Calendar.
    expect(mine?.amount).toBe('180.00');
    expect(mine?.tiers).toEqual({ returnOfCapital: '100.00', preferredReturn: '25.97', catchUp: '0.00', carriedInterest: '54.03' });
    expect(text).toContain('Your distributions by waterfall tier');
    expect(text).toMatch(/1 Jan 2024 Capital Gain \$180\.00/);
    expect(text).toMatch(/Return of capital \$100\.00/);
    expect(text).toMatch(/Preferred return \$25\.97/);
    // The investors' part of each tier (decision 026): the GP's carry is never the investor's.
    expect(text).toContain("Catch-up (your part of the investors' share) $0.00");
    expect(text).toContain("Profit split (your part of the investors' share) $54.03");
    // Paid: in the balance now; capital returned, so the closing NAV is 0 (no valuation).
    expect(text).toMatch(/Closing balance \$0\.00/);
    expect(whole).not.toContain('Statement tiers deal: Capital Gain');
    // Bob's statement shows his own three quarters, not Alice's figures.
    const bobText = dealSection(
      squash(
        pdfText(
          (await api('GET /api/investor/statement', { cookie: b.cookie, query: { from: '2024-01-01', to: '2024-03-31' } })).rawPayload,
        ),
      ),
      'Statement tiers deal',
    );
    expect(bobText).toMatch(/1 Jan 2024 Capital Gain \$540\.00/);
    expect(bobText).toMatch(/Return of capital \$300\.00/);
    expect(bobText).not.toContain('$180.00');
    // A period without the distribution has no breakdown.
    const before = squash(
      pdfText((await api('GET /api/investor/statement', { cookie: a.cookie, query: { from: '2023-01-01', to: '2023-12-31' } })).rawPayload),
    );
    expect(dealSection(before, 'Statement tiers deal')).not.toContain('Your distributions by waterfall tier');
  });

  it('versions terms: edits replace an unused version, a used one gets a new version for later distributions only', async () => {
    const deal = await openDeal('Versioned deal');
    await hold(a, deal.id, '100', '2021-01-01');
    await hold(b, deal.id, '300', '2021-01-01');
    expect((await putTerms(deal.id, { ...TEXTBOOK, carryRate: '10' })).statusCode).toBe(200);
    const v1 = (await putTerms(deal.id, TEXTBOOK)).json();
    expect(v1.versions.map((v) => [v.version, v.carryRate])).toEqual([[1, '20']]);

    const first = await record(deal.id, '400', '2022-01-01');
    expect(first.waterfall?.termsVersion).toBe(1);
    expect(first.waterfall?.gp).toBe('0.00');
    expect(first.allocations.map((x) => x.amount).sort()).toEqual(['100.00', '300.00']);

    // Version 1 was used: the change becomes version 2.
    const v2 = (await putTerms(deal.id, { ...TEXTBOOK, hurdleRate: '0', catchUp: 'none', carryRate: '25' })).json();
    expect(v2.versions.map((v) => [v.version, v.carryRate, v.distributionCount])).toEqual([
      [2, '25', 0],
      [1, '20', 1],
    ]);
    const second = await record(deal.id, '100', '2023-01-01');
    expect(second.waterfall).toMatchObject({ termsVersion: 2, gp: '25.00', lpTotal: '75.00' });
    // The first one keeps its version and its split.
    const list = okJson(await api('GET /api/distributions', { cookie: adminCookie })).events;
    expect(list.find((e) => e.id === first.id)?.waterfall?.termsVersion).toBe(1);
    // 75.00 pro rata 1:3.
    expect(second.allocations.map((x) => x.amount).sort()).toEqual(['18.75', '56.25']);
  });

  it('splits the GP amount among carry recipients by share, to the cent', async () => {
    const deal = await openDeal('Shared carry deal');
    await hold(a, deal.id, '100', '2021-01-01');
    const res = await putTerms(deal.id, {
      hurdleRate: '0',
      catchUp: 'none',
      carryRate: '20',
      carryRecipients: [
        { kind: 'gp', name: 'GP Entity', share: '33.3333' },
        { kind: 'admin', userId: adminId, share: '66.6667' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = await preview(deal.id, '100.01', '2024-01-01');
    // Profit 0.01 -> GP 0.00; now a real profit.
    expect(p.gp).toBe('0.00');
    const q = await preview(deal.id, '200', '2024-01-01');
    expect(q.gp).toBe('20.00');
    expect(q.carry).toEqual([
      { kind: 'gp', userId: null, name: 'GP Entity', amount: '6.67' },
      { kind: 'admin', userId: adminId, name: 'Ada Admin', amount: '13.33' },
    ]);
  });

  it('refuses bad terms with a 4xx and a field message, writing nothing', async () => {
    const deal = await openDeal('Bad terms deal');
    const bad: [unknown, string][] = [
      [{ ...TEXTBOOK, hurdleRate: '101' }, 'hurdleRate'],
      [{ ...TEXTBOOK, hurdleRate: '-1' }, 'hurdleRate'],
      [{ ...TEXTBOOK, hurdleRate: 'eight' }, 'hurdleRate'],
      [{ ...TEXTBOOK, carryRate: '100' }, 'carryRate'],
      [{ ...TEXTBOOK, catchUp: 'partial' }, 'catchUpRate'],
      [{ ...TEXTBOOK, catchUp: 'partial', catchUpRate: '15' }, 'catchUpRate'],
      [{ ...TEXTBOOK, catchUp: 'sometimes' }, 'catchUp'],
      [{ ...TEXTBOOK, carryRecipients: [] }, 'carryRecipients'],
      [{ ...TEXTBOOK, carryRecipients: [{ kind: 'gp', name: 'GP', share: '60' }] }, 'carryRecipients'],
      [{ ...TEXTBOOK, carryRecipients: [{ kind: 'gp', name: '', share: '100' }] }, 'carryRecipients.0.name'],
      [{ ...TEXTBOOK, carryRecipients: [{ kind: 'admin', userId: a.id, share: '100' }] }, 'carryRecipients.0.userId'],
      [{ ...TEXTBOOK, managementFee: { rate: '2', basis: 'profits', method: 'deducted' } }, 'managementFee.basis'],
    ];
    for (const [body, field] of bad) {
      const err = expectError(await putTerms(deal.id, body), 400);
      expect(err.fields?.[field], `${JSON.stringify(body)} -> ${JSON.stringify(err.fields)}`).toBeTruthy();
    }
    expect(await count('deal_terms WHERE deal_id = $1', [deal.id])).toBe(0);
    expectError(await putTerms(UNKNOWN_ID, TEXTBOOK), 404);
    expectError(await api('GET /api/deals/:id/terms', { cookie: adminCookie, params: { id: UNKNOWN_ID } }), 404);
    // A management fee is stored with the terms.
    const ok = await putTerms(deal.id, { ...TEXTBOOK, managementFee: { rate: '2', basis: 'commitments', method: 'capital_call' } });
    expect(ok.json().current?.managementFee).toEqual({ rate: '2', basis: 'commitments', method: 'capital_call' });
  });

  it('an event dated before recorded ones builds on the earlier events only; the later ones keep their split', async () => {
    const deal = await openDeal('Order deal');
    await hold(a, deal.id, '100', '2021-01-01');
    await putTerms(deal.id, TEXTBOOK);
    const later = await record(deal.id, '200', '2024-01-01');
    expect(later.waterfall?.gp).toBe('20.00');
    // Dated 2023-01-01: only the contribution counts; 100 x 1.08^2 = 116.64 is the hurdle, so all 50 go to the investor.
    const p = await preview(deal.id, '50', '2023-01-01');
    expect(p).toMatchObject({ hurdleBefore: '116.64', lpTotal: '50.00', gp: '0.00' });
    await record(deal.id, '50', '2023-01-01');
    const list = okJson(await api('GET /api/distributions', { cookie: adminCookie })).events;
    expect(list.find((e) => e.id === later.id)?.waterfall).toMatchObject({ gp: '20.00', lpTotal: '180.00' });
    // The next one builds on both.
    const next = await preview(deal.id, '100', '2024-06-30');
    expect(next.hurdleBefore).toBe('0.00');
    const empty = await openDeal('Empty deal');
    const pv = await api('POST /api/distributions/preview', {
      cookie: adminCookie,
      body: {
        dealId: empty.id,
        type: 'Income',
        totalAmount: '10',
        paymentDate: '2025-01-01',
      },
    });
    expect(expectError(pv, 409).code).toBe('NO_HOLDERS');
    const bad = await api('POST /api/distributions/preview', {
      cookie: adminCookie,
      body: {
        dealId: deal.id,
        type: 'Income',
        totalAmount: '0',
        paymentDate: '2025-01-01',
      },
    });
    expect(expectError(bad, 400).fields?.totalAmount).toBeTruthy();
  });

  it('serialises concurrent records: 20 parallel distributions on one deal each build on the previous', async () => {
    const deal = await openDeal('Concurrent deal');
    await hold(a, deal.id, '100', '2021-01-01');
    await putTerms(deal.id, TEXTBOOK);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST /api/distributions', {
          cookie: adminCookie,
          body: { dealId: deal.id, type: 'Income', totalAmount: '10', paymentDate: '2024-01-01' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const sums = await sql<{ lp: string; gp: string }>(
      'SELECT sum(lp_total)::text AS lp, sum(gp_total)::text AS gp FROM distribution_events WHERE deal_id = $1',
    ).first(ctx.db, [deal.id]);
    // 200.00 in twenty events of 10.00 ends where one event of 200.00 does.
    expect(sums).toEqual({ lp: '180.00', gp: '20.00' });
  });

  it('guards the routes: investors 403 on admin routes, admins 403 on the investor route, anonymous 401', async () => {
    const deal = await openDeal('Guard deal');
    const adminRoutes: [InjectOptions['method'], string, unknown][] = [
      ['GET', `/api/deals/${deal.id}/terms`, undefined],
      ['PUT', `/api/deals/${deal.id}/terms`, TEXTBOOK],
      ['POST', '/api/distributions/preview', { dealId: deal.id, type: 'Income', totalAmount: '1', paymentDate: '2025-01-01' }],
      ['GET', '/api/distributions/waterfall', undefined],
    ];
    for (const [method, url, body] of adminRoutes) {
      expect((await call(method, url, null, body)).statusCode).toBe(401);
      expect((await call(method, url, a.cookie, body)).statusCode).toBe(403);
    }
    expect((await api('GET /api/investor/deal-terms', { cookie: adminCookie })).statusCode).toBe(403);
    expect(await count('deal_terms WHERE deal_id = $1', [deal.id])).toBe(0);
  });
});
