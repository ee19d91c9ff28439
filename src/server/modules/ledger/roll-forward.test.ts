import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '../../../shared/api/contract.ts';
import { addDays, dayNumber } from '../../../shared/dates.ts';
import type { DISTRIBUTION_TYPES } from '../../../shared/distributions.ts';
import { balancesAsOf, rollForward } from '../../../shared/ledger.ts';
import { formatIrr, formatMoic } from '../../../shared/money.ts';
import { injectApi } from '../../testing/api-client.ts';
import { type Investor, moneyFixtures } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { companyDayIn } from '../settings/clock.ts';
import { dealFacts } from './service.ts';
import { valuationFacts } from './valuation-facts.ts';

/**
 * Issue 26, decision 023: one roll-forward behind every figure. The newcomer's scenario through the
 * real API (item 1), the same figures on the dashboard, the performance screen, the statement and
 * the deal's capital accounts (the CSV's source), and the identity contributed + gains = NAV +
 * distributed for every investor on every date, with the server's own loaders.
 */

function pdfText(buf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-'));
  const file = path.join(dir, 'x.pdf');
  writeFileSync(file, buf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

const TERMS = {
  hurdleRate: '8',
  catchUp: 'full',
  carryRate: '20',
  carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '100' }],
  managementFee: null,
};

describe('one ledger, one answer (issue 26)', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let adminCookie: string;
  let today: string;
  const fx = moneyFixtures(
    () => ctx,
    () => adminCookie,
  );
  const { call, investor, openDeal, hold } = fx;
  const get = async <K extends RouteKey>(key: K, cookie: string, params?: Record<string, string>) => {
    const res = await api(key, { cookie, params });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const record = async (
    dealId: string,
    type: (typeof DISTRIBUTION_TYPES)[number],
    totalAmount: string,
    paymentDate: string,
    pay = true,
  ) => {
    const res = await api('POST /api/distributions', {
      cookie: adminCookie,
      body: { dealId, type, totalAmount, paymentDate, recordDate: paymentDate },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ev = res.json().event;
    if (pay) expect((await call('POST', `/api/distributions/${ev.id}/pay`, adminCookie, {})).statusCode).toBe(200);
    return ev;
  };
  const value = async (dealId: string, valuationDate: string, currentValue: string) => {
    const res = await call('POST', `/api/deals/${dealId}/valuations`, adminCookie, {
      valuationDate,
      currentValue,
      performanceStatus: 'On Track',
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
    today = (await companyDayIn(ctx.db)).today;
  });
  afterAll(() => ctx.close());

  it('item 1: capital returned by the waterfall leaves NAV 0, MOIC 1.24x, a closing balance of 0 (not 300,000 / 2.24x / -72,000)', async () => {
    const a = await investor('Amina Roll');
    const b = await investor('Bram Roll');
    const d = await openDeal('Roll-forward deal', { createdAt: '2024-12-01' });
    expect((await call('PUT', `/api/deals/${d.id}/terms`, adminCookie, TERMS)).statusCode).toBe(200);
    await hold(a, d.id, '300000', { date: '2025-01-10' });
    await hold(b, d.id, '200000', { date: '2025-01-10' });
    // 650,000 paid: capital 500,000 back first; 150,000 of profit of which the GP's 20% = 30,000 with
    // a full catch-up, so investors get 620,000, A 60% = 372,000 (300,000 of it capital). By hand.
    await record(d.id, 'Capital Gain', '650000', '2025-06-30');
    // An unpaid dividend whose payment date has come (Pending): listed apart, in no balance.
    await record(d.id, 'Dividend', '10000', addDays(today, -1), false);

    const perf = await get('GET /api/investor/performance', a.cookie);
    const h = perf.holdings.find((x) => x.dealId === d.id);
    expect(h).toMatchObject({
      contributed: '300000.00',
      currentValue: '0.00',
      distributionsReceived: '372000.00',
      gain: '72000.00',
      asOf: today,
    });
    expect(formatMoic(h?.moic)).toBe('1.24x');
    // 171 days from 2025-01-10 to 2025-06-30, 1.24 on 1: XIRR = 1.24^(365/171) - 1, by hand (no solver).
    const irr = 1.24 ** (365 / 171) - 1;
    // Over a year of history (2025-01-10 to today, 2026-11 or later): the annualised IRR, always checked.
    expect(dayNumber(today) - dayNumber('2025-01-10')).toBeGreaterThanOrEqual(365);
    expect(h?.annualised).toBe(true);
    expect(formatIrr(h?.irr)).toBe(formatIrr(irr));
    expect(perf.totals).toMatchObject({ currentValue: '0.00', distributions: '372000.00', contributed: '300000.00', asOf: today });

    const dash = await get('GET /api/investor/dashboard', a.cookie);
    expect(dash).toMatchObject({ currentValue: '0.00', distributionsReceived: '372000.00', asOf: today });

    // The deal's capital accounts (the admin panel and its CSV): capital returned is the waterfall's.
    const ledger = (await get('GET /api/deals/:id/ledger', adminCookie, { id: d.id })).ledger;
    expect(ledger.totals.returnedCapital).toBe('500000.00');
    const mine = ledger.investors.find((i) => i.investorId === a.id);
    expect(mine?.balances).toMatchObject({ contributed: '300000.00', distributed: '372000.00', returnedCapital: '300000.00' });
    expect(mine?.figures).toMatchObject({ nav: '0.00', gain: '72000.00' });
    expect(formatMoic(mine?.figures.moic)).toBe('1.24x');
    expect(formatIrr(mine?.figures.irr)).toBe(formatIrr(h?.irr));

    // The statement: closing balance = NAV 0, change in value +72,000, the same MOIC and IRR.
    const res = await call('GET', `/api/investors/${a.id}/statement?from=2025-01-01&to=${today}`, adminCookie);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Opening balance $0.00');
    expect(text).toContain('Contributions $300,000.00');
    expect(text).toContain('Change in value $72,000.00');
    expect(text).toContain('Closing balance $0.00');
    expect(text).not.toContain('-$72,000.00');
    expect(text).toMatch(new RegExp(`1\\.24x / ${formatIrr(irr).replace('.', '\\.')}`));
    // The unpaid dividend: apart, never in the tier breakdown. Capital and hurdle were met and the
    // catch-up is complete, so the GP takes 20%: investors 8,000, A's 60% = 4,800 (by hand).
    expect(text).toContain('Scheduled distributions (not yet paid, not in the balances above)');
    expect(text).toMatch(/Roll-forward deal: Dividend \$4,800\.00/);
    expect(text.match(/\$4,800\.00/g)).toHaveLength(1);
  });

  it('between valuations: last valuation + contributions - distributions paid since; below a year, the period return', async () => {
    const c = await investor('Chen Roll');
    const d = await openDeal('Valued deal', { createdAt: addDays(today, -200) });
    const start = addDays(today, -100);
    await hold(c, d.id, '100000', { date: start });
    await value(d.id, addDays(today, -60), '150000');
    // No terms: the 30,000 is pro rata, all income (no capital returned).
    await record(d.id, 'Income', '30000', addDays(today, -30));
    // A valuation dated ahead: not on any figure or the chart until its day.
    await value(d.id, addDays(today, 30), '999000');
    const perf = await get('GET /api/investor/performance', c.cookie);
    const h = perf.holdings.find((x) => x.dealId === d.id);
    // 150,000 - 30,000 = 120,000 (the old figure stayed at 150,000); MOIC (30,000 + 120,000) / 100,000.
    expect(h).toMatchObject({ currentValue: '120000.00', gain: '50000.00', annualised: false, irr: null });
    expect(formatMoic(h?.moic)).toBe('1.50x');
    expect(formatIrr(h?.periodReturn)).toBe('50.0%');
    expect(perf.history.at(-1)).toEqual({ date: today, value: '120000.00' });
    expect(perf.history.every((p) => p.date <= today)).toBe(true);
    expect(perf.history.map((p) => p.value)).toEqual(['100000.00', '150000.00', '120000.00', '120000.00']);
  });

  it('contributed + gains = NAV + distributed for every investor on every date (the server loaders, random deals)', async () => {
    let k = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 900_000 }),
        fc.option(fc.integer({ min: 0, max: 900_000 }), { nil: null }),
        fc.boolean(),
        async (amounts, dist, val, withTerms) => {
          const d = await openDeal(`Property deal ${++k}`, { createdAt: '2024-01-01' });
          if (withTerms) expect((await call('PUT', `/api/deals/${d.id}/terms`, adminCookie, TERMS)).statusCode).toBe(200);
          const who: Investor[] = [];
          for (const [i, amt] of amounts.entries()) {
            const w = await investor(`Prop ${k}-${i}`);
            who.push(w);
            await hold(w, d.id, String(amt), { date: addDays('2024-02-01', i * 40) });
          }
          if (val !== null) await value(d.id, '2024-05-01', String(val));
          await record(d.id, 'Capital Gain', String(dist), '2024-07-01');
          const facts = (await dealFacts(ctx.db, [d.id])).get(d.id) ?? new Map();
          const vals = (await valuationFacts(ctx.db, [d.id])).get(d.id) ?? [];
          for (const w of who) {
            for (let day = dayNumber('2024-01-15'); day <= dayNumber('2024-09-01'); day += 15) {
              const date = addDays('2024-01-01', day - dayNumber('2024-01-01'));
              const rf = rollForward(w.id, facts, vals, date);
              const bal = balancesAsOf(facts.get(w.id) ?? [], date);
              expect(bal.contributed + rf.gain).toBe(rf.nav + bal.distributed);
              expect(rf.nav >= 0n).toBe(true);
            }
            const h = (await get('GET /api/investor/performance', w.cookie)).holdings.find((x) => x.dealId === d.id);
            const cents = (s: string | undefined) => BigInt(Math.round(Number(s) * 100));
            expect(cents(h?.contributed) + cents(h?.gain)).toBe(cents(h?.currentValue) + cents(h?.distributionsReceived));
          }
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);
});
