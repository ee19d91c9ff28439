import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestContext, signIn, type TestContext } from '../testing/harness.ts';
import { DEMO_SIGNED_DEAL, loadDemoData } from './demo.ts';

describe('demo data matches the spec samples', () => {
  let ctx: TestContext;
  let dir: string;
  let admin: string;
  let investor: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    dir = await mkdtemp(path.join(os.tmpdir(), 'sd-demo-'));
    const config = loadConfig({ DATA_DIR: dir, DEMO_DATA: '1', DEMO_PASSWORD: 'demo-pass-1', PASSWORD_HASH_COST: '12' });
    expect(await loadDemoData({ ...ctx, config }, true, () => {})).toBe(true);
    admin = await signIn(ctx, 'founder@demo.example.com', 'demo-pass-1');
    investor = await signIn(ctx, 'investor@demo.example.com', 'demo-pass-1');
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = async (url: string, cookie: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('the dashboard reads 4 active deals (the PPP is still Pending), 2 SPV firewalls, 1 DFSA filing due today and UAE tax Up-to-Date', async () => {
    const { tiles, deals } = await get('/api/dashboard', admin);
    expect(tiles.map((t: { value: string }) => t.value)).toEqual(['4', '2', '1', 'Up-to-Date']);
    const cards = deals.map((d: { type: string; targetAmount: string; expectedIrr: string; status: string }) => [
      d.type,
      Number(d.targetAmount),
      d.expectedIrr,
    ]);
    expect(cards).toEqual(
      expect.arrayContaining([
        ['Oil Trading', 1_250_000, '22%'],
        ['Distressed Real Estate', 1_500_000, '31%'],
        ['PPP', 5_000_000, '28%'],
        ['AI & Tech', 3_000_000, '35%'],
      ]),
    );
    // The list shows the four newest Active or Pending deals: the spec's four, not the older fifth.
    expect(cards).toHaveLength(4);
    for (const d of deals) expect(['Active', 'Pending']).toContain(d.status);
  });

  it('the open Dar es Salaam deal has a complete subscription pack: the fictional three-page agreement (issue 30)', async () => {
    const deal = (await get('/api/investor/deals', investor)).deals.find((d: { title: string }) => d.title === DEMO_SIGNED_DEAL);
    expect(deal).toBeDefined();
    const { pack } = await get(`/api/deals/${deal.id}/subscription-pack`, admin);
    expect(pack).toMatchObject({ version: 1, pageCount: 3, missing: [] });
    const template = await ctx.app.inject({
      method: 'GET',
      url: `/api/deals/${deal.id}/subscription-pack/template`,
      headers: { cookie: admin },
    });
    expect(template.statusCode).toBe(200);
    expect(template.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('committed amounts are the sums of completed subscriptions', async () => {
    const { deals } = await get('/api/deals', admin);
    const byType = Object.fromEntries(deals.map((d: { type: string; committedAmount: string }) => [d.type, d.committedAmount]));
    expect(byType).toMatchObject({
      'Oil Trading': '875000.00',
      'Distressed Real Estate': '600000.00',
      'AI & Tech': '1200000.00',
      PPP: '0.00',
      Infrastructure: '0.00',
    });
  });

  it('gives the demo investor upcoming and past distributions, every sample status, and a review 21 days out', async () => {
    const cal = await get('/api/investor/distributions', investor);
    expect(cal.upcoming.length).toBeGreaterThan(0);
    expect(Number(cal.pastYearTotal)).toBeGreaterThan(0);
    expect(new Set([...cal.upcoming, ...cal.history].map((d: { status: string }) => d.status))).toEqual(
      new Set(['Paid', 'Scheduled', 'Pending']),
    );
    const subs = await get('/api/investor/subscriptions', investor);
    expect(new Set(subs.subscriptions.map((s: { status: string }) => s.status))).toEqual(new Set(['Completed', 'Under Review', 'Pending']));
    const perf = await get('/api/investor/performance', investor);
    expect(new Set(perf.holdings.map((h: { status: string }) => h.status))).toEqual(new Set(['Performing', 'On Track', 'Watch']));
    const compliance = await get('/api/investor/compliance', investor);
    expect(compliance.review.daysRemaining).toBe(21);
    expect(compliance.documents).toHaveLength(4);
    const kyc = await get('/api/kyc', admin);
    // Approved: the demo investor, Kilimanjaro and the former client closed in 2018 (decision 054).
    expect(kyc.counters).toMatchObject({ pending: expect.any(Number), in_review: 1, approved: 3, rejected: 1 });
    expect(kyc.counters.pending).toBeGreaterThan(0);
  });

  it('has a staged close, calls in every status, record dates around a close and valuations between closes', async () => {
    const { calls } = await get('/api/capital-calls', admin);
    const lineStatuses = new Set(calls.flatMap((c: { lines: { status: string }[] }) => c.lines.map((l) => l.status)));
    expect(lineStatuses).toEqual(new Set(['Paid', 'Partly Paid', 'Due', 'Overdue']));
    const perf = await get('/api/investor/performance', investor);
    const byTitle = (t: string) => perf.holdings.find((h: { dealTitle: string }) => h.dealTitle === t);
    // The fixed figures of the issue: shares of the latest valuations by ownership on their dates.
    expect(byTitle('Mombasa Diesel Cargo Financing')).toMatchObject({ commitment: '250000.00', currentValue: '270000.00' });
    expect(byTitle('Kigali AI Credit Scoring Platform')).toMatchObject({ commitment: '300000.00', currentValue: '270000.00' });
    expect(byTitle('Kigali AI Credit Scoring Platform').moic).toBeCloseTo(0.9, 6);
    // The office tower: valued at 157,500 between its closes, when the demo investor alone held it.
    const office = byTitle('Nairobi Distressed Office Tower');
    expect(office.contributed).toBe('150000.00');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // On that day: the oil share at its -270 valuation (250,000) and the whole office valuation; no AI yet.
    expect(perf.history).toContainEqual({ date: day(-160), value: '407500.00' });
    // Record date before the second close: all to the demo investor; after it: 25%.
    const { events } = await get('/api/distributions', admin);
    const officeEvents = events.filter((e: { dealTitle: string }) => e.dealTitle === 'Nairobi Distressed Office Tower');
    const before = officeEvents.find((e: { totalAmount: string }) => e.totalAmount === '4500.00');
    expect(before.allocations).toHaveLength(1);
    expect(before.allocations[0].amount).toBe('4500.00');
    const after = officeEvents.find((e: { totalAmount: string }) => e.totalAmount === '18000.00');
    // After it: by contributed capital on the record date (150,000 : 315,000), summing to the total.
    expect(after.allocations.map((a: { amount: string }) => a.amount).sort()).toEqual(['12193.55', '5806.45']);
  });

  it('leaves uncalled commitment on the office tower, so a new call, a receipt and a distribution can be tried at once (issue 26)', async () => {
    const { deals } = await get('/api/deals/options', admin);
    const office = deals.find((d: { title: string }) => d.title === 'Nairobi Distressed Office Tower');
    const { choices } = await get(`/api/deals/${office.id}/call-choices`, admin);
    // Kilimanjaro: 450,000 committed, called 315,000 + 45,000 + 45,000 + 20,000 = 425,000 (by hand): 25,000 left.
    expect(choices.investors.map((i: { investorName: string; unfunded: string }) => i.unfunded)).toEqual(['0.00', '25000.00']);
    expect(choices.paymentDetailsMissing).toBeNull();
    const body = { dealId: office.id, basis: 'amount', amount: '25000', dueDate: '2099-01-01', purpose: 'Fit-out' };
    const preview = await ctx.app.inject({ method: 'POST', url: '/api/capital-calls/preview', headers: { cookie: admin }, payload: body });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().plan.lines.map((l: { amount: string }) => l.amount)).toEqual(['0.00', '25000.00']);
    // The demo's second-close call to one investor, as the screen sends it (a close of its own).
    const close = choices.closes.at(-1);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/capital-calls/preview',
      headers: { cookie: admin },
      payload: { ...body, target: 'close', closeDate: close.date },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().plan.lines).toHaveLength(1);
    const issued = await ctx.app.inject({ method: 'POST', url: '/api/capital-calls', headers: { cookie: admin }, payload: body });
    expect(issued.statusCode, issued.body).toBe(201);
  });
});
