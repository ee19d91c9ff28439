import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestContext, signIn, type TestContext } from '../testing/harness.ts';
import { loadDemoData } from './demo.ts';

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

  it('the dashboard reads 4 active deals, 2 SPV firewalls, 1 DFSA filing due today and UAE tax Up-to-Date', async () => {
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
    for (const d of deals) expect(['Active', 'Pending']).toContain(d.status);
  });

  it('committed amounts are the sums of completed subscriptions', async () => {
    const { deals } = await get('/api/deals', admin);
    const byType = Object.fromEntries(deals.map((d: { type: string; committedAmount: string }) => [d.type, d.committedAmount]));
    expect(byType).toMatchObject({
      'Oil Trading': '875000.00',
      'Distressed Real Estate': '600000.00',
      'AI & Tech': '1200000.00',
      PPP: '0.00',
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
    expect(kyc.counters).toMatchObject({ pending: expect.any(Number), in_review: 1, approved: 2, rejected: 1 });
    expect(kyc.counters.pending).toBeGreaterThan(0);
  });
});
