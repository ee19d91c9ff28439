import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/deals.ts';
import { errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { harnessDay } from '../../testing/days.ts';
import { withPaymentDetails } from '../../testing/fixtures.ts';
import { approveForSubscribing, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { completeSubscriptionSigned, ensureSubscriptionPack } from '../../testing/signing.ts';

/**
 * Issue 29 part 1 (decision 040): a later close without dilution, by equalisation or by units at
 * NAV, through the real server. The staged close of the issue: A 1,000,000 at the first close
 * (2025-01-15), B 1,500,000 at the second (2025-09-30).
 */

/** A day some days ahead of the company's today, computed apart from the product (the harness pins the company zone). */
const inDays = harnessDay;

interface Investor {
  id: string;
  cookie: string;
  name: string;
}

function pdfText(buf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'x.pdf');
  writeFileSync(file, buf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

describe('later closes: equalisation and units at NAV (issue 29 part 1)', () => {
  let ctx: TestContext;
  let adminCookie: string;

  const api = injectApi(() => ctx.app);
  const ok = okJson;
  const err = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return errorBody(res);
  };

  let n = 0;
  const investor = async (name: string): Promise<Investor> => {
    const u = await createUser(ctx, { role: 'investor', name: `${name} ${++n}` });
    await approveForSubscribing(ctx, u.id);
    return { id: u.id, name: `${name} ${n}`, cookie: await signIn(ctx, u.email, u.password) };
  };
  const terms = (ownership: unknown) => ({ hurdleRate: '8', catchUp: 'none', carryRate: '0', carryRecipients: [], ownership });
  const deal = async (ownership: unknown): Promise<Deal> => {
    const d = ok(
      await api('POST /api/deals', { cookie: adminCookie, body: { title: `Close deal ${++n}`, type: 'PPP', targetAmount: null } }),
      201,
    ).deal;
    ok(await api('PATCH /api/deals/:id', { cookie: adminCookie, params: { id: d.id }, body: { status: 'Active' } }));
    await ensureSubscriptionPack(ctx, d.id);
    await ctx.db.query("UPDATE deals SET created_at = '2024-01-01T00:00:00Z' WHERE id = $1", [d.id]);
    await withPaymentDetails(ctx, d.id);
    ok(await api('PUT /api/deals/:id/terms', { cookie: adminCookie, params: { id: d.id }, rawBody: terms(ownership) }));
    return d;
  };
  /** A completed subscription whose commitment is dated `on` (its close). */
  const commit = async (who: Investor, dealId: string, amount: string, on: string) => {
    const sub = ok(await api('POST /api/investor/subscriptions', { cookie: who.cookie, body: { dealId, amount } }), 201).subscription;
    await completeSubscriptionSigned(ctx, sub.id, { investorCookie: who.cookie });
    await ctx.db.tx(async (q) => {
      await q.query('ALTER TABLE ledger_entries DISABLE TRIGGER USER');
      await q.query("UPDATE ledger_entries SET entry_date = $2 WHERE subscription_id = $1 AND kind = 'commitment'", [sub.id, on]);
      await q.query('ALTER TABLE ledger_entries ENABLE TRIGGER USER');
    });
  };
  /** Calls a close in full and receives it on the close's day. */
  const fund = async (who: Investor, dealId: string, amount: string, on: string) => {
    const c = ok(
      await api('POST /api/capital-calls', {
        cookie: adminCookie,
        body: {
          dealId,
          basis: 'amount',
          amount,
          target: 'investors',
          investorIds: [who.id],
          callDate: on,
          dueDate: on,
          purpose: 'Close',
        },
      }),
      201,
    ).call;
    ok(
      await api('POST /api/capital-calls/:id/receipts', {
        cookie: adminCookie,
        params: { id: c.id },
        body: { investorId: who.id, amount, valueDate: on },
      }),
      201,
    );
  };
  const value = (dealId: string, valuationDate: string, currentValue: string) =>
    api('POST /api/deals/:id/valuations', {
      cookie: adminCookie,
      params: { id: dealId },
      body: { valuationDate, currentValue, performanceStatus: 'Performing' },
    }).then((r) => ok(r, 201));
  const holding = async (who: Investor, dealId: string) => {
    const p = ok(await api('GET /api/investor/performance', { cookie: who.cookie }));
    return p.holdings.find((h) => h.dealId === dealId);
  };
  const ledger = async (dealId: string) =>
    ok(await api('GET /api/deals/:id/ledger', { cookie: adminCookie, params: { id: dealId } })).ledger;

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
  });
  afterAll(() => ctx.close());

  it('keeps the ownership group with the terms, and checks it', async () => {
    const d = await deal({ method: 'equalisation', equalisationRate: '8%' });
    const t = ok(await api('GET /api/deals/:id/terms', { cookie: adminCookie, params: { id: d.id } }));
    expect(t.current?.ownership).toEqual({ method: 'equalisation', equalisationRate: '8' });
    // Saving the terms without the group keeps it.
    const { ownership: _omit, ...rest } = terms(null);
    ok(await api('PUT /api/deals/:id/terms', { cookie: adminCookie, params: { id: d.id }, rawBody: rest }));
    expect(ok(await api('GET /api/deals/:id/terms', { cookie: adminCookie, params: { id: d.id } })).current?.ownership.method).toBe(
      'equalisation',
    );
    const bad = err(
      await api('PUT /api/deals/:id/terms', {
        cookie: adminCookie,
        params: { id: d.id },
        rawBody: terms({ method: 'equalisation', equalisationRate: '' }),
      }),
      400,
    );
    expect(bad.fields?.['ownership.equalisationRate']).toBe('Enter the equalisation rate, such as 8');
    err(await api('PUT /api/deals/:id/terms', { cookie: adminCookie, params: { id: d.id }, rawBody: terms({ method: 'shares' }) }), 400);
  });

  it('equalisation: the second close pays 84,821.92 of interest to A; A keeps his value, B owns at cost', async () => {
    const d = await deal({ method: 'equalisation', equalisationRate: '8' });
    const [a, b] = [await investor('First Closer'), await investor('Second Closer')];
    await commit(a, d.id, '1000000', '2025-01-15');
    await fund(a, d.id, '1000000', '2025-01-15');
    // Before the second close there is nobody to equalise.
    expect(err(await api('GET /api/deals/:id/equalisation', { cookie: adminCookie, params: { id: d.id } }), 409).message).toBe(
      'This deal has had one close only: there is nobody to equalise',
    );
    await commit(b, d.id, '1500000', '2025-09-30');
    await fund(b, d.id, '1500000', '2025-09-30');
    const before = await holding(a, d.id);

    // B's share of A's call of 2025-01-15: 1,000,000 x 1,500,000 / 1,000,000 = 1,500,000; interest for
    // 258 days (2025-01-15 -> 2025-09-30) at 8%: 1,500,000 x 0.08 x 258 / 365 = 84,821.9178 -> 84,821.92 (hand).
    const preview = ok(await api('GET /api/deals/:id/equalisation', { cookie: adminCookie, params: { id: d.id } })).equalisation;
    expect(preview).toMatchObject({
      rate: '8',
      closes: ['2025-09-30'],
      closeDate: '2025-09-30',
      total: '84821.92',
      earlierCalls: [{ date: '2025-01-15', amount: '1000000.00', days: 258 }],
      payers: [{ investorId: b.id, catchUp: '1500000.00', interest: '84821.92' }],
      receivers: [{ investorId: a.id, interest: '84821.92' }],
      charged: null,
    });

    // Who may charge it, and bad input.
    expect(
      (await api('POST /api/deals/:id/equalisation', { cookie: a.cookie, params: { id: d.id }, body: { closeDate: '2025-09-30' } }))
        .statusCode,
    ).toBe(403);
    expect((await api('POST /api/deals/:id/equalisation', { params: { id: d.id }, body: { closeDate: '2025-09-30' } })).statusCode).toBe(
      401,
    );
    err(
      await api('POST /api/deals/:id/equalisation', {
        cookie: adminCookie,
        params: { id: '00000000-0000-4000-8000-000000000000' },
        body: { closeDate: '2025-09-30' },
      }),
      404,
    );
    expect(
      err(
        await api('POST /api/deals/:id/equalisation', { cookie: adminCookie, params: { id: d.id }, body: { closeDate: '2025-01-15' } }),
        400,
      ).fields,
    ).toEqual({
      closeDate: 'Choose a later close of this deal',
    });
    expect(
      err(
        await api('POST /api/deals/:id/equalisation', {
          cookie: adminCookie,
          params: { id: d.id },
          body: { closeDate: '2025-09-30', paymentDate: '2025-09-01' },
        }),
        400,
      ).fields,
    ).toEqual({ paymentDate: 'The payment date cannot be before the close' });
    err(
      await api('POST /api/deals/:id/equalisation', {
        cookie: adminCookie,
        params: { id: d.id },
        body: { closeDate: '2025-09-30', paymentDate: inDays(5) },
      }),
      409,
    );
    // Nothing was written by the refusals.
    expect((await ctx.db.query('SELECT 1 FROM equalisations WHERE deal_id = $1', [d.id])).length).toBe(0);

    // Dozens at once: exactly one charge lands, the others are told it was charged.
    const tries = await Promise.all(
      Array.from({ length: 24 }, () =>
        api('POST /api/deals/:id/equalisation', { cookie: adminCookie, params: { id: d.id }, body: { closeDate: '2025-09-30' } }),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, ...Array(23).fill(409)]);
    const rows = (await ctx.db.query(
      `SELECT investor_id, kind, distribution_type, amount::text AS amount, to_char(entry_date, 'YYYY-MM-DD') AS d
         FROM ledger_entries WHERE deal_id = $1 AND kind IN ('fee', 'distribution') ORDER BY kind`,
      [d.id],
    )) as { investor_id: string; kind: string; distribution_type: string | null; amount: string; d: string }[];
    expect(rows).toEqual([
      { investor_id: a.id, kind: 'distribution', distribution_type: 'Equalisation', amount: '84821.92', d: '2025-09-30' },
      { investor_id: b.id, kind: 'fee', distribution_type: null, amount: '84821.92', d: '2025-09-30' },
    ]);

    // A valuation at cost after the close (2,500,000): A's value is unchanged at 1,000,000.00 and the
    // interest is his gain (income, not returned capital); B is at cost, the interest a fee beside it.
    await value(d.id, '2025-12-31', '2500000');
    const after = await holding(a, d.id);
    expect(before?.currentValue).toBe('1000000.00');
    expect(after).toMatchObject({
      currentValue: '1000000.00',
      contributed: '1000000.00',
      distributionsReceived: '84821.92',
      equalisationReceived: '84821.92',
      gain: '84821.92',
      units: null,
    });
    expect(await holding(b, d.id)).toMatchObject({ currentValue: '1500000.00', contributed: '1500000.00', fees: '84821.92', gain: '0.00' });
    const l = await ledger(d.id);
    expect(l.totals).toMatchObject({
      nav: '2500000.00',
      contributed: '2500000.00',
      returnedCapital: '0.00',
      distributed: '84821.92',
      fees: '84821.92',
    });
    // A's statement: the interest is income received apart, not a deduction from the balance and not
    // a change in value (the balance stays the 1,000,000.00 contributed, valued at cost; by hand).
    const res = await api('GET /api/investors/:id/statement', {
      cookie: adminCookie,
      params: { id: a.id },
      query: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Contributions $1,000,000.00');
    expect(text).toContain('Equalisation interest received (not in the balance) $84,821.92');
    expect(text).toContain('Change in value $0.00');
    expect(text).toContain('Closing balance $1,000,000.00');
    expect(text).not.toContain('Distributions: Equalisation');
    expect(text).toContain('Total distributions $0.00');
    const shown = ok(
      await api('GET /api/deals/:id/equalisation', { cookie: adminCookie, params: { id: d.id }, query: { closeDate: '2025-09-30' } }),
    ).equalisation;
    expect(shown.charged?.paymentDate).toBe('2025-09-30');
    // Once equalised, the deal keeps the method (the interest entries would count twice otherwise).
    const change = err(
      await api('PUT /api/deals/:id/terms', { cookie: adminCookie, params: { id: d.id }, rawBody: terms({ method: 'units' }) }),
      409,
    );
    expect(change.fields).toEqual({ 'ownership.method': 'A later close was already equalised: keep equalisation' });
    ok(
      await api('PUT /api/deals/:id/terms', {
        cookie: adminCookie,
        params: { id: d.id },
        rawBody: terms({ method: 'equalisation', equalisationRate: '7' }),
      }),
    );
  });

  it('units at NAV: B buys at 2.20 a unit and the next valuation with no change leaves A 2,200,000.00', async () => {
    const d = await deal({ method: 'units' });
    const [a, b] = [await investor('Unit Holder A'), await investor('Unit Holder B')];
    await commit(a, d.id, '1000000', '2025-01-15');
    await fund(a, d.id, '1000000', '2025-01-15');
    await value(d.id, '2025-06-30', '2200000');
    await commit(b, d.id, '1500000', '2025-09-30');
    await fund(b, d.id, '1500000', '2025-09-30');
    await value(d.id, '2025-12-31', '3700000');
    // A 1,000,000 units at 1.00; B 1,500,000 / 2.20 = 681,818.181818 units; 3,700,000 by units:
    // A 2,200,000.0000024 -> 2,200,000.00, B 1,500,000.00 (exact rationals, see shared/ownership.test.ts).
    expect(await holding(a, d.id)).toMatchObject({ currentValue: '2200000.00', gain: '1200000.00' });
    expect(await holding(b, d.id)).toMatchObject({ currentValue: '1500000.00', gain: '0.00' });
    const l = await ledger(d.id);
    expect(l.totals.nav).toBe('3700000.00');
    expect(l.ownershipMethod).toBe('units');
    // Units, NAV per unit and the average price (hand: A 2,200,000 / 1,000,000 units = 2.20 a unit, paid
    // 1.00; B 1,500,000 / 681,818.181818 = 2.2000000000029 -> 2.200000, paid the same).
    const byId = new Map(l.investors.map((i) => [i.investorId, i.figures.units]));
    expect(byId.get(a.id)).toEqual({ held: '1000000.000000', navPerUnit: '2.200000', averagePrice: '1.000000' });
    expect(byId.get(b.id)).toEqual({ held: '681818.181818', navPerUnit: '2.200000', averagePrice: '2.200000' });
    expect((await holding(b, d.id))?.units).toEqual({ held: '681818.181818', navPerUnit: '2.200000', averagePrice: '2.200000' });
    // Equalisation is refused on a deal by units.
    expect(err(await api('GET /api/deals/:id/equalisation', { cookie: adminCookie, params: { id: d.id } }), 409).message).toMatch(
      /do not use equalisation/,
    );

    // A distribution is split by units held on the record date (issue 29 leftover): 370,000 over
    // 1,000,000.000000 and 681,818.181818 units. Exact rationals (by hand, Python Fractions):
    // A 37,000,000 cents x 1,000,000,000,000 / 1,681,818,181,818 = 22,000,000.0000024 cents, B
    // 14,999,999.9999976: floors 22,000,000 and 14,999,999, the cent left goes to B's larger
    // remainder: A 220,000.00, B 150,000.00 (by contributed capital it would be 148,000 / 222,000).
    // The 8% hurdle is far from met, so all of it is return of capital.
    const body = {
      dealId: d.id,
      type: 'Capital Gain' as const,
      totalAmount: '370000',
      paymentDate: '2026-01-31',
      recordDate: '2026-01-31',
    };
    const p = ok(await api('POST /api/distributions/preview', { cookie: adminCookie, body })).preview;
    expect(p.splitBasis).toBe('units');
    const shown = new Map(p.investors.map((i) => [i.investorId, i]));
    expect(shown.get(a.id)).toMatchObject({ units: '1000000.000000', amount: '220000.00' });
    expect(shown.get(a.id)?.tiers.returnOfCapital).toBe('220000.00');
    expect(shown.get(b.id)).toMatchObject({ units: '681818.181818', amount: '150000.00' });
    const ev = ok(await api('POST /api/distributions', { cookie: adminCookie, body }), 201).event;
    expect(new Map(ev.allocations.map((x) => [x.investorId, x.amount]))).toEqual(
      new Map([
        [a.id, '220000.00'],
        [b.id, '150000.00'],
      ]),
    );
    ok(await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.id }, body: {} }));
    // Both keep the same value a unit after it: A 2,200,000 - 220,000 = 1,980,000 (1.98 a unit),
    // B 1,500,000 - 150,000 = 1,350,000 (1,350,000 / 681,818.181818 = 1.98 a unit), by hand.
    expect(await holding(a, d.id)).toMatchObject({ currentValue: '1980000.00', distributionsReceived: '220000.00' });
    expect(await holding(b, d.id)).toMatchObject({ currentValue: '1350000.00', distributionsReceived: '150000.00' });
    const after = new Map((await ledger(d.id)).investors.map((i) => [i.investorId, i.figures.units?.navPerUnit]));
    expect([after.get(a.id), after.get(b.id)]).toEqual(['1.980000', '1.980000']);
  });

  it('by contributions (the default): the same close moves 720,000.00 of A’s gain to B, as before', async () => {
    const d = await deal(undefined);
    const [a, b] = [await investor('Plain A'), await investor('Plain B')];
    await commit(a, d.id, '1000000', '2025-01-15');
    await fund(a, d.id, '1000000', '2025-01-15');
    await value(d.id, '2025-06-30', '2200000');
    await commit(b, d.id, '1500000', '2025-09-30');
    await fund(b, d.id, '1500000', '2025-09-30');
    await value(d.id, '2025-12-31', '3700000');
    // 3,700,000 x 1,000,000 / 2,500,000 = 1,480,000 (hand): 2,200,000 - 1,480,000 = 720,000 moved.
    expect((await holding(a, d.id))?.currentValue).toBe('1480000.00');
    expect((await holding(b, d.id))?.currentValue).toBe('2220000.00');
    // A distribution follows contributed capital: 370,000 x 1,000,000 / 2,500,000 = 148,000 (hand).
    const body = {
      dealId: d.id,
      type: 'Capital Gain' as const,
      totalAmount: '370000',
      paymentDate: '2026-01-31',
      recordDate: '2026-01-31',
    };
    const p = ok(await api('POST /api/distributions/preview', { cookie: adminCookie, body })).preview;
    expect(p.splitBasis).toBe('contributions');
    expect(p.investors.map((i) => [i.investorId, i.units, i.amount])).toEqual(
      expect.arrayContaining([
        [a.id, null, '148000.00'],
        [b.id, null, '222000.00'],
      ]),
    );
  });
});
