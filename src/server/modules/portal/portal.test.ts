import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '../../../shared/api/contract.ts';
import type { Deal } from '../../../shared/deals.ts';
import { type ApiErrorBody, callApi, errorBody } from '../../testing/api-client.ts';
import { type Investor, moneyFixtures } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { injectForm } from '../../testing/multipart.ts';

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const multipart = (fields: Record<string, string>, file: { filename: string; content: Buffer }) =>
  injectForm(fields, { ...file, contentType: 'application/pdf' });

function expectError(res: LightMyRequestResponse, status: number): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const VALID_ANSWERS = { experience: 'extensive', riskTolerance: 'high', netWorthBand: '5m_25m', investmentHorizon: '5_10y' };

describe('investor portal API', () => {
  let ctx: TestContext;
  let adminCookie: string;
  let a: Investor;
  let b: Investor;
  let c: Investor;
  let dealX: Deal;
  let dealY: Deal;

  const fx = moneyFixtures(
    () => ctx,
    () => adminCookie,
  );
  const { call, investor } = fx;
  /** A read through the typed client: the answer typed by the route table. */
  const get = async <K extends RouteKey>(key: K, cookie: string, params?: Record<string, string>) => {
    const { status, json, res } = await callApi(ctx.app, key, { cookie, params });
    expect(status, res.body).toBe(200);
    return json;
  };
  const openDeal = (title: string, type: string) => fx.openDeal(title, { type, spvEntity: `${title} SPV` });
  /** Subscribes, completes (the commitment), and funds it with a call of the amount paid on `date`. */
  const hold = (who: Investor, dealId: string, amount: string, date = inDays(0)) =>
    fx.hold(who, dealId, amount, { date, dealExistedBy: true });
  /** Adds a valuation (loose bodies: some are refused on purpose). */
  const addValuationTyped = (dealId: string, body: Record<string, unknown>, cookie = adminCookie) =>
    callApi(ctx.app, 'POST /api/deals/:id/valuations', { cookie, params: { id: dealId }, rawBody: body });
  const addValuation = async (dealId: string, body: Record<string, unknown>, cookie = adminCookie) =>
    (await addValuationTyped(dealId, body, cookie)).res;
  const upload = async (fields: Record<string, string>, content = Buffer.from('%PDF-1.4\n% vault document\n')) => {
    const body = multipart({ type: 'Other', ...fields }, { filename: 'statement.pdf', content });
    const { status, json, res } = await callApi(ctx.app, 'POST /api/documents', {
      cookie: adminCookie,
      headers: body.headers,
      rawBody: body.payload,
    });
    expect(status, res.body).toBe(201);
    return json.document;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Ada Admin' });
    adminCookie = await signIn(ctx, adm.email, adm.password);
    a = await investor('Alice Portal');
    b = await investor('Bob Portal');
    c = await investor('Carl Outsider');

    // Deal X: A 600 and B 400, funded exactly a year ago (UTC midnight), so XIRR has a clean answer.
    dealX = await openDeal('Deal X', 'AI & Tech');
    await hold(a, dealX.id, '600', inDays(-365));
    await hold(b, dealX.id, '400', inDays(-365));
    // Deal Y: A only, no valuation (carried at cost).
    dealY = await openDeal('Deal Y', 'PPP');
    await hold(a, dealY.id, '500');
  });
  afterAll(() => ctx.close());

  it('lets admins add valuations to a deal (validated; investors 403)', async () => {
    const first = await addValuation(dealX.id, {
      valuationDate: inDays(-200),
      currentValue: '1200',
      expectedExit: 'Q4 2027',
      performanceStatus: 'On Track',
    });
    expect(first.statusCode, first.body).toBe(201);
    const latest = await addValuation(dealX.id, {
      valuationDate: inDays(-10),
      currentValue: '1500',
      expectedExit: '2027',
      performanceStatus: 'Performing',
    });
    expect(latest.statusCode).toBe(201);
    // Entered later but dated earlier: not the latest valuation.
    const older = await addValuationTyped(dealX.id, {
      valuationDate: inDays(-300),
      currentValue: '999',
      expectedExit: '',
      performanceStatus: 'Watch',
    });
    const list = older.json.valuations;
    expect(list.map((v) => [v.valuationDate, v.currentValue, v.performanceStatus])).toEqual([
      [inDays(-10), '1500.00', 'Performing'],
      [inDays(-200), '1200.00', 'On Track'],
      [inDays(-300), '999.00', 'Watch'],
    ]);
    expect(list[2]?.expectedExit).toBeNull();
    const detail = await get('GET /api/deals/:id', adminCookie, { id: dealX.id });
    expect(detail.valuations).toHaveLength(3);

    expect(
      expectError(await addValuation(dealX.id, { valuationDate: inDays(-1), currentValue: '10', performanceStatus: 'Great' }), 400).fields
        ?.performanceStatus,
    ).toBeTruthy();
    expect(
      expectError(await addValuation(dealX.id, { valuationDate: inDays(-1), currentValue: '-10', performanceStatus: 'Watch' }), 400).fields
        ?.currentValue,
    ).toBeTruthy();
    expect(
      expectError(await addValuation(dealX.id, { valuationDate: '2024-13-01', currentValue: '10', performanceStatus: 'Watch' }), 400).fields
        ?.valuationDate,
    ).toBeTruthy();
    expectError(await addValuation(UNKNOWN_ID, { valuationDate: inDays(-1), currentValue: '10', performanceStatus: 'Watch' }), 404);
    expectError(await addValuation(dealX.id, { valuationDate: inDays(-1), currentValue: '10', performanceStatus: 'Watch' }, a.cookie), 403);
    expectError(await addValuation(dealX.id, { valuationDate: inDays(-1), currentValue: '10', performanceStatus: 'Watch' }, ''), 401);
    expect(await ctx.db.query('SELECT 1 FROM valuations WHERE deal_id = $1', [dealX.id])).toHaveLength(3);
  });

  it('computes performance per holding: share of the latest valuation, MOIC with paid distributions, IRR, at cost without valuations', async () => {
    // A paid distribution today (A 60, B 40) and an unpaid one ahead (not counted).
    const paid = await call('POST', '/api/distributions', adminCookie, {
      dealId: dealX.id,
      type: 'Income',
      totalAmount: '100',
      paymentDate: inDays(0),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await call('POST', `/api/distributions/${paid.json().event.id}/pay`, adminCookie, {})).statusCode).toBe(200);
    expect(
      (
        await call('POST', '/api/distributions', adminCookie, {
          dealId: dealX.id,
          type: 'Income',
          totalAmount: '50',
          paymentDate: inDays(20),
        })
      ).statusCode,
    ).toBe(201);

    const perfA = await get('GET /api/investor/performance', a.cookie);
    const x = perfA.holdings.find((h) => h.dealId === dealX.id);
    const y = perfA.holdings.find((h) => h.dealId === dealY.id);
    expect(perfA.holdings).toHaveLength(2);
    expect(x).toMatchObject({
      dealTitle: 'Deal X',
      dealType: 'AI & Tech',
      commitment: '600.00',
      // 60% of the 1,500 valuation, less the 60 paid since (the roll-forward, decision 023).
      currentValue: '840.00',
      distributionsReceived: '60.00',
      expectedExit: '2027',
      status: 'Performing',
    });
    expect(x?.moic).toBeCloseTo(1.5, 10); // (840 + 60) / 600
    // -600 exactly a year ago, +60 and +840 today: 900 / 600 - 1 = 50% a year.
    expect(x?.annualised).toBe(true);
    expect(typeof x?.irr).toBe('number');
    expect(x?.irr).toBeCloseTo(0.5, 6);
    expect(y).toMatchObject({
      commitment: '500.00',
      currentValue: '500.00',
      distributionsReceived: '0.00',
      expectedExit: null,
      status: null,
    });
    expect(y?.moic).toBe(1);
    expect(perfA.totals).toMatchObject({ commitment: '1100.00', currentValue: '1340.00', distributions: '60.00' });
    expect(perfA.totals.moic).toBeCloseTo(1400 / 1100, 6);
    expect(typeof perfA.totals.irr).toBe('number');
    expect(perfA.allocation).toEqual(
      expect.arrayContaining([
        { type: 'AI & Tech', value: '840.00' },
        { type: 'PPP', value: '500.00' },
      ]),
    );
    // What A really held on each date: X from its funding (at cost until valued, then 60% of each
    // valuation), Y (no valuation, at cost) only from today, when it was funded. Exact decimals.
    expect(perfA.history).toEqual([
      { date: inDays(-365), value: '600.00' },
      { date: inDays(-300), value: '599.40' },
      { date: inDays(-200), value: '720.00' },
      { date: inDays(-10), value: '900.00' },
      { date: inDays(0), value: '1340.00' },
    ]);

    // B's figures are B's own: 40% of the same deal.
    const perfB = await get('GET /api/investor/performance', b.cookie);
    expect(perfB.holdings).toHaveLength(1);
    expect(perfB.holdings[0]).toMatchObject({
      dealId: dealX.id,
      commitment: '400.00',
      currentValue: '560.00', // 40% of 1,500 less the 40 paid since
      distributionsReceived: '40.00',
    });
    expect(perfB.holdings[0]?.moic).toBeCloseTo(1.5, 10);
    expect(perfB.holdings[0]?.irr).toBeCloseTo(0.5, 6);
    expect(perfB.totals).toMatchObject({ commitment: '400.00', currentValue: '560.00', distributions: '40.00' });

    // Someone with nothing sees nothing.
    const perfC = await get('GET /api/investor/performance', c.cookie);
    expect(perfC).toEqual({
      holdings: [],
      totals: {
        commitment: '0.00',
        called: '0.00',
        contributed: '0.00',
        unfunded: '0.00',
        currentValue: '0.00',
        distributions: '0.00',
        gain: '0.00',
        irr: null,
        periodReturn: null,
        annualised: false,
        moic: null,
        tvpi: null,
        dpi: null,
        rvpi: null,
        // Every screen states its as-of date: the company's today (decision 023).
        asOf: inDays(0),
      },
      history: [],
      allocation: [],
      amountsDue: [],
    });
  });

  it('shows each investor a dashboard of their own figures only', async () => {
    const dashA = await get('GET /api/investor/dashboard', a.cookie);
    expect(dashA).toMatchObject({
      totalCommitted: '1100.00',
      currentValue: '1340.00', // the performance screen's figure (840 + 500)
      distributionsReceived: '60.00',
      nextPayment: { date: inDays(20), amount: '30.00', dealName: 'Deal X' },
      unreadMessages: 0,
      kyc: { status: 'approved' },
    });
    const dashB = await get('GET /api/investor/dashboard', b.cookie);
    expect(dashB).toMatchObject({
      totalCommitted: '400.00',
      currentValue: '560.00',
      distributionsReceived: '40.00',
      nextPayment: { date: inDays(20), amount: '20.00', dealName: 'Deal X' },
    });
    const dashC = await get('GET /api/investor/dashboard', c.cookie);
    expect(dashC).toMatchObject({
      totalCommitted: '0.00',
      currentValue: '0.00',
      distributionsReceived: '0.00',
      nextPayment: null,
      unreadMessages: 0,
    });
    // A message to A changes A's unread count, not B's.
    expect((await call('POST', '/api/messages', adminCookie, { investorId: a.id, subject: 'Hello', body: 'For Alice' })).statusCode).toBe(
      201,
    );
    expect((await get('GET /api/investor/dashboard', a.cookie)).unreadMessages).toBe(1);
    expect((await get('GET /api/investor/dashboard', b.cookie)).unreadMessages).toBe(0);
    // A pending KYC shows as such with its completion.
    await ctx.db.query("UPDATE kyc_applications SET status = 'pending' WHERE investor_id = $1", [c.id]);
    expect((await get('GET /api/investor/dashboard', c.cookie)).kyc).toEqual({
      status: 'pending',
      completionPercentage: 0,
    });
    await ctx.db.query("UPDATE kyc_applications SET status = 'approved' WHERE investor_id = $1", [c.id]);
  });

  it('shows documents only to whom they are for: addressed, held deals, open deals, general; others are 404', async () => {
    // Close both deals to new money: X and Y are then visible only to their holders.
    for (const d of [dealX, dealY])
      expect((await call('PATCH', `/api/deals/${d.id}`, adminCookie, { stage: 'Post-Investment' })).statusCode).toBe(200);
    const open = await openDeal('Deal Open', 'Infrastructure');

    const onX = await upload({ name: 'X quarterly report', dealId: dealX.id, investorVisible: 'true' });
    const onY = await upload({ name: 'Y quarterly report', dealId: dealY.id, investorVisible: 'true' });
    const onOpen = await upload({ name: 'Open deal teaser', dealId: open.id, investorVisible: 'true' });
    const general = await upload({ name: 'General newsletter', investorVisible: 'true' });
    const internal = await upload({ name: 'Internal memo', dealId: open.id, investorVisible: 'false' });
    const bContent = Buffer.from('%PDF-1.4\n% Bob only: tax statement\n');
    const forB = await upload({ name: 'Bob tax statement', dealId: open.id, investorVisible: 'true', investorId: b.id }, bContent);
    expect(forB.investorId).toBe(b.id);

    const can = async (who: Investor, id: string) => {
      const view = await call('GET', `/api/investor/documents/${id}/view`, who.cookie);
      const download = await call('GET', `/api/investor/documents/${id}/download`, who.cookie);
      expect(view.statusCode, view.body).toBe(download.statusCode);
      return view.statusCode;
    };
    expect(await can(a, onX.id)).toBe(200);
    expect(await can(b, onX.id)).toBe(200);
    expect(await can(c, onX.id)).toBe(404);
    expect(await can(a, onY.id)).toBe(200);
    expect(await can(b, onY.id)).toBe(404);
    for (const who of [a, b, c]) {
      expect(await can(who, onOpen.id)).toBe(200);
      expect(await can(who, general.id)).toBe(200);
      expect(await can(who, internal.id)).toBe(404);
      expect(await can(who, UNKNOWN_ID)).toBe(404);
    }
    // Addressed to B: B alone, although its deal is open and it is marked investor-visible.
    expect(await can(b, forB.id)).toBe(200);
    expect(await can(a, forB.id)).toBe(404);
    expect(await can(c, forB.id)).toBe(404);
    const dl = await call('GET', `/api/investor/documents/${forB.id}/download`, b.cookie);
    expect(dl.rawPayload.equals(bContent)).toBe(true);
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);

    // The Deal Vault lists held and open deals with their visible documents.
    const vault = async (who: Investor) => (await get('GET /api/investor/deals', who.cookie)).deals;
    const vaultA = await vault(a);
    expect(vaultA.find((d) => d.id === dealX.id)).toMatchObject({ held: true, open: false });
    expect(vaultA.find((d) => d.id === dealX.id)?.documents.map((d) => d.id)).toEqual([onX.id]);
    expect(vaultA.find((d) => d.id === dealY.id)?.documents.map((d) => d.id)).toEqual([onY.id]);
    expect(vaultA.find((d) => d.id === open.id)?.documents.map((d) => d.id)).toEqual([onOpen.id]);
    const vaultB = await vault(b);
    expect(vaultB.map((d) => d.id)).not.toContain(dealY.id);
    expect(
      vaultB
        .find((d) => d.id === open.id)
        ?.documents.map((d) => d.id)
        .sort(),
    ).toEqual([onOpen.id, forB.id].sort());
    const vaultC = await vault(c);
    expect(vaultC.map((d) => d.id)).toEqual([open.id]);

    // Compliance documents: those addressed to the investor.
    expect((await get('GET /api/investor/compliance', b.cookie)).documents.map((d) => d.id)).toEqual([forB.id]);
    expect((await get('GET /api/investor/compliance', a.cookie)).documents).toEqual([]);

    // Reassigned to A by PATCH: now A's, no longer B's.
    const patched = await call('PATCH', `/api/documents/${forB.id}`, adminCookie, { investorId: a.id });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await can(a, forB.id)).toBe(200);
    expect(await can(b, forB.id)).toBe(404);
    expect((await get('GET /api/investor/compliance', b.cookie)).documents).toEqual([]);
    // Addressed to nobody: back to the deal's visibility rules (open and visible: everyone).
    expect((await call('PATCH', `/api/documents/${forB.id}`, adminCookie, { investorId: null })).statusCode).toBe(200);
    expect(await can(c, forB.id)).toBe(200);
    // Only investors can be addressed.
    expectError(await call('PATCH', `/api/documents/${forB.id}`, adminCookie, { investorId: UNKNOWN_ID }), 400);
    expect((await call('PATCH', `/api/documents/${forB.id}`, adminCookie, { investorId: b.id })).statusCode).toBe(200);
  });

  it('reports DFSA compliance in four categories and records the suitability review a year ahead', async () => {
    // The fixtures gave each investor a current review so that they could subscribe (issue 27);
    // this test starts from none.
    await ctx.db.query('DELETE FROM suitability_reviews WHERE investor_id = ANY($1::uuid[])', [[a.id, b.id, c.id]]);
    const before = await get('GET /api/investor/compliance', a.cookie);
    expect(before.categories.map((x) => x.category)).toEqual([
      'Identity Verification',
      'Financial Suitability',
      'Risk Assessment',
      'Annual Documentation',
    ]);
    for (const cat of before.categories) {
      expect(cat.progress).toBeGreaterThanOrEqual(0);
      expect(cat.progress).toBeLessThanOrEqual(100);
      expect(cat.items.length).toBeGreaterThan(0);
    }
    expect(before.categories[2]).toMatchObject({ status: 'In Progress', progress: 0 });
    expect(before.review).toMatchObject({ answers: null, lastCompletedAt: null });
    // Without a review, the first is due 30 days after the account opened (today).
    expect(before.review.daysRemaining).toBeGreaterThanOrEqual(29);
    expect(before.review.daysRemaining).toBeLessThanOrEqual(30);
    expect(before.regulatory).toMatchObject({ classification: 'Professional Client' });
    expect(before.regulatory.authorization.length).toBeGreaterThan(0);

    for (const bad of [
      {},
      { ...VALID_ANSWERS, riskTolerance: 'extreme' },
      { ...VALID_ANSWERS, experience: undefined },
      { ...VALID_ANSWERS, netWorthBand: 5 },
    ]) {
      const body = expectError(await call('POST', '/api/investor/suitability-review', a.cookie, bad), 400);
      expect(Object.keys(body.fields ?? {}).length).toBeGreaterThan(0);
    }
    expect(await ctx.db.query('SELECT 1 FROM suitability_reviews WHERE investor_id = $1', [a.id])).toHaveLength(0);

    const res = await callApi(ctx.app, 'POST /api/investor/suitability-review', { cookie: a.cookie, rawBody: VALID_ANSWERS });
    expect(res.status, res.res.body).toBe(200);
    const after = res.json;
    const nextYear = new Date();
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    expect(after.review.dueDate).toBe(nextYear.toISOString().slice(0, 10));
    expect(after.review.daysRemaining).toBeGreaterThanOrEqual(365);
    expect(after.review.daysRemaining).toBeLessThanOrEqual(366);
    expect(after.review.answers).toEqual(VALID_ANSWERS);
    expect(after.review.lastCompletedAt).toEqual(expect.any(String));
    expect(after.categories[2]).toMatchObject({ category: 'Risk Assessment', status: 'Complete', progress: 100 });
    expect(after.categories[2]?.items.every((i) => i.done)).toBe(true);
    expect(after.categories[2]?.items.map((i) => i.label).join(' | ')).toMatch(/extensive.*high.*5m 25m.*5 10y/);
    expect((await get('GET /api/investor/compliance', a.cookie)).review.dueDate).toBe(after.review.dueDate);
    const logs = await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'suitability_review_completed' AND user_id = $1", [
      a.id,
    ]);
    expect(logs).toHaveLength(1);

    // B's review is untouched.
    const bData = await get('GET /api/investor/compliance', b.cookie);
    expect(bData.review).toMatchObject({ answers: null, lastCompletedAt: null });
    expect(bData.categories[2]?.status).toBe('In Progress');

    // An overdue review shows as Overdue.
    await ctx.db.query('UPDATE suitability_reviews SET next_due = current_date - 3 WHERE investor_id = $1', [a.id]);
    const overdue = await get('GET /api/investor/compliance', a.cookie);
    expect(overdue.review.daysRemaining).toBe(-3);
    expect(overdue.categories[3]?.status).toBe('Overdue');
  });

  it('guards every investor route (anonymous 401, admin 403) and every admin portal route (investor 403)', async () => {
    const routes = ctx.app.routeTable;
    const sample = (url: string) => url.replace(/:[A-Za-z]+/g, UNKNOWN_ID);
    const investorRoutes = routes.filter((r) => r.url.startsWith('/api/investor/'));
    expect(investorRoutes.every((r) => r.access === 'investor')).toBe(true);
    const urls = investorRoutes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/investor/dashboard',
      'GET /api/investor/deals',
      'GET /api/investor/performance',
      'GET /api/investor/compliance',
      'POST /api/investor/suitability-review',
      'GET /api/investor/documents/:id/view',
      'GET /api/investor/documents/:id/download',
      'GET /api/investor/subscriptions',
      'POST /api/investor/subscriptions',
      'POST /api/investor/subscriptions/:id/cancel',
      'GET /api/investor/distributions',
      'GET /api/investor/messages',
      'POST /api/investor/messages',
      'GET /api/investor/messages/:id',
      'POST /api/investor/messages/:id/reply',
      'GET /api/investor/messages/attachments/:id',
      'GET /api/investor/messages/unread-count',
    ]) {
      expect(urls).toContain(expected);
    }
    for (const r of investorRoutes) {
      const url = sample(r.url);
      const body = r.method === 'GET' ? undefined : VALID_ANSWERS;
      expect((await call(r.method as InjectOptions['method'], url, null, body)).statusCode, `anonymous ${r.method} ${r.url}`).toBe(401);
      expect((await call(r.method as InjectOptions['method'], url, adminCookie, body)).statusCode, `admin ${r.method} ${r.url}`).toBe(403);
    }
    const adminRoutes = routes.filter(
      (r) => /^\/api\/(subscriptions|distributions|messages)(\/|$)/.test(r.url) || r.url === '/api/deals/:id/valuations',
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(13);
    for (const r of adminRoutes) {
      expect(r.access).toBe('admin');
      const res = await call(
        r.method as InjectOptions['method'],
        sample(r.url).replace(UNKNOWN_ID, dealX.id),
        a.cookie,
        r.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `investor ${r.method} ${r.url}`).toBe(403);
    }
    // Nothing changed through the refused calls.
    expect(await ctx.db.query('SELECT 1 FROM suitability_reviews WHERE investor_id IN ($1, $2)', [b.id, c.id])).toHaveLength(0);
  });

  it('keeps an investor holding subscriptions and distributions from being deleted (suspend instead)', async () => {
    for (const who of [a, b]) {
      const res = await call('DELETE', `/api/users/${who.id}`, adminCookie);
      const body = expectError(res, 409);
      expect(body.message).toMatch(/[Ss]uspend/);
    }
    expect(await ctx.db.query('SELECT 1 FROM profiles WHERE id = ANY($1::uuid[])', [[a.id, b.id]])).toHaveLength(2);
    // The distribution rows alone would block it too.
    await ctx.db.query("UPDATE kyc_applications SET status = 'pending' WHERE investor_id = $1", [b.id]);
    await ctx.db.query('UPDATE documents SET investor_id = NULL WHERE investor_id = $1', [b.id]);
    await ctx.db.query('UPDATE subscriptions SET investor_id = $2 WHERE investor_id = $1', [b.id, c.id]);
    const onlyDistributions = expectError(await call('DELETE', `/api/users/${b.id}`, adminCookie), 409);
    expect(onlyDistributions.message).toMatch(/distributions/);
  });
});
