import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type InvestorTiers,
  runWaterfall,
  type WaterfallInput,
  WaterfallInputError,
  type WaterfallResult,
  type WaterfallTerms,
} from './waterfall.ts';

const EIGHT_FULL_20: WaterfallTerms = { hurdleRate: '0.08', catchUpRate: '1', carryRate: '0.20' };
const toC = (s: string) => {
  const [w = '0', f = ''] = s.split('.');
  return BigInt(w) * 100n + BigInt(`${f}00`.slice(0, 2));
};
const one = (terms: WaterfallTerms, contributions: WaterfallInput['contributions'], date: string, amount: string) =>
  runWaterfall({ terms, contributions, distributions: [{ date, amount }] })[0] as WaterfallResult;

describe('runWaterfall: reference cases', () => {
  it('textbook: 100 in 2021-01-01, 200 out 2024-01-01, 8% hurdle, full catch-up, 20% carry', () => {
    const r = one(EIGHT_FULL_20, [{ investorId: 'a', date: '2021-01-01', amount: '100.00' }], '2024-01-01', '200.00');
    expect(r).toMatchObject({ date: '2024-01-01', amount: '200.00', lpTotal: '180.00', gp: '20.00', perInvestor: { a: '180.00' } });
    expect(r.tiers).toEqual({
      returnOfCapital: '100.00',
      preferredReturn: '25.97',
      catchUp: '6.49',
      carriedInterestLp: '54.03',
      carriedInterestGp: '13.51',
    });
    expect(r.hurdleBefore).toBe('125.97');
    expect(r.hurdleAfter).toBe('0.00');
  });

  it('no hurdle: return of capital, then a straight 80/20 split', () => {
    const r = one(
      { hurdleRate: '0', catchUpRate: '0', carryRate: '0.20' },
      [{ investorId: 'a', date: '2021-01-01', amount: '100' }],
      '2024-01-01',
      '200',
    );
    expect(r.tiers).toEqual({
      returnOfCapital: '100.00',
      preferredReturn: '0.00',
      catchUp: '0.00',
      carriedInterestLp: '80.00',
      carriedInterestGp: '20.00',
    });
    expect([r.lpTotal, r.gp]).toEqual(['180.00', '20.00']);
  });

  it('no catch-up: the GP only gets 20% of what is left after the hurdle', () => {
    const r = one(
      { hurdleRate: '0.08', catchUpRate: '0', carryRate: '0.2' },
      [{ investorId: 'a', date: '2021-01-01', amount: '100' }],
      '2024-01-01',
      '200',
    );
    expect(r.tiers).toEqual({
      returnOfCapital: '100.00',
      preferredReturn: '25.97',
      catchUp: '0.00',
      carriedInterestLp: '59.22',
      carriedInterestGp: '14.81',
    });
    expect([r.lpTotal, r.gp]).toEqual(['185.19', '14.81']);
  });

  it('partial catch-up (50%) ending on an uneven amount: the GP ends at exactly 20% of the profit (issue 26)', () => {
    const r = one(
      { hurdleRate: '0.08', catchUpRate: '0.5', carryRate: '0.2' },
      [{ investorId: 'a', date: '2021-01-01', amount: '100' }],
      '2024-01-01',
      '200',
    );
    // Reference by hand, in exact rationals (cents, BigInt), not by the engine:
    //  2021-01-01 -> 2024-01-01 is 365 x 3 = 1095 days (no 29 Feb), so the factor is 1.08^3
    //  = 1.259712 exactly: hurdle 100 x 1.259712 = 125.9712 -> 125.97 (ROC 100.00, pref 25.97).
    const hurdle = (10_000n * 108n ** 3n * 2n + 100n ** 3n) / (2n * 100n ** 3n); // half-up cents
    expect(hurdle).toBe(12_597n);
    //  Profit after tier 1: P = 25.97. Catch-up until GP = 20% of profit, GP taking 50%:
    //  0.5 D = 0.2 (P + D)  =>  D* = 0.2 P / 0.3 = 2 x 2597 / 3 cents = 1731.333.. -> 17.31;
    //  the GP's half 865.666.. -> 8.66, the investors' 17.31 - 8.66 = 8.65.
    const dNum = 2n * (hurdle - 10_000n);
    expect((2n * dNum + 3n) / 6n).toBe(1_731n);
    //  Whole profit 200 - 100 = 100.00: the GP's 20% is exactly 20.00, the investors' 180.00.
    //  Carried split of the rest 200 - 125.97 - 17.31 = 56.72: GP 20.00 - 8.66 = 11.34
    //  (20% of 56.72 is 11.344), investors 56.72 - 11.34 = 45.38.
    expect(r.tiers).toEqual({
      returnOfCapital: '100.00',
      preferredReturn: '25.97',
      catchUp: '17.31',
      carriedInterestLp: '45.38',
      carriedInterestGp: '11.34',
    });
    expect([r.lpTotal, r.gp]).toEqual(['180.00', '20.00']);
    expect(r.perInvestorTiers.a).toEqual({
      returnOfCapital: '100.00',
      preferredReturn: '25.97',
      catchUp: '8.65',
      carriedInterest: '45.38',
    });
  });

  it('after the catch-up, the GP keeps exactly its share of the cumulative profit over several events', () => {
    // 100 in; three distributions of 50.01 with no hurdle and full catch-up, 20% carry. By hand:
    // cumulative profit after each: -49.99, 0.02, 50.03; the GP's running total is 20% of it
    // floored to the cent: 0, 0.00 (0.004), 10.00 (10.006), so its parts are 0, 0, 10.00.
    const res = runWaterfall({
      terms: { hurdleRate: '0', catchUpRate: '1', carryRate: '0.2' },
      contributions: [{ investorId: 'a', date: '2021-01-01', amount: '100' }],
      distributions: ['2022-01-01', '2022-06-01', '2023-01-01'].map((date) => ({ date, amount: '50.01' })),
    });
    expect(res.map((x) => x.gp)).toEqual(['0.00', '0.00', '10.00']);
    expect(res.map((x) => x.lpTotal)).toEqual(['50.01', '50.01', '40.01']);
  });

  it('several investors with different dates: the hurdle compounds each contribution from its own date', () => {
    const r = one(
      EIGHT_FULL_20,
      [
        { investorId: 'b', date: '2022-01-01', amount: '200' },
        { investorId: 'a', date: '2021-01-01', amount: '100' },
      ],
      '2024-01-01',
      '400',
    );
    // 100 x 1.08^3 + 200 x 1.08^2 = 359.2512
    expect(r.hurdleBefore).toBe('359.25');
    expect(r.tiers).toEqual({
      returnOfCapital: '300.00',
      preferredReturn: '59.25',
      catchUp: '14.81',
      carriedInterestLp: '20.75',
      carriedInterestGp: '5.19',
    });
    expect([r.lpTotal, r.gp]).toEqual(['380.00', '20.00']);
    // 380.00 pro rata 1:2 -> 126.666.. / 253.333..: the leftover cent to the larger remainder.
    expect(r.perInvestor).toEqual({ a: '126.67', b: '253.33' });
  });

  it('a fractional year compounds Actual/365', () => {
    const r = one(EIGHT_FULL_20, [{ investorId: 'a', date: '2021-01-01', amount: '100' }], '2021-07-01', '50');
    // 100 x 1.08^(181/365) = 103.8902
    expect(r.hurdleBefore).toBe('103.89');
    expect(r.hurdleAfter).toBe('53.89');
  });

  it('several events: the hurdle is reached in the second, earlier investor money counts at its date', () => {
    const res = runWaterfall({
      terms: EIGHT_FULL_20,
      contributions: [{ investorId: 'a', date: '2021-01-01', amount: '100' }],
      distributions: [
        { date: '2022-01-01', amount: '50' },
        { date: '2024-01-01', amount: '150' },
        { date: '2024-06-30', amount: '100' },
      ],
    });
    expect(res[0]).toMatchObject({ lpTotal: '50.00', gp: '0.00', hurdleBefore: '108.00', hurdleAfter: '58.00' });
    expect(res[0]?.tiers.returnOfCapital).toBe('50.00');
    // 100 x 1.08^3 - 50 x 1.08^2 = 67.6512
    expect(res[1]?.hurdleBefore).toBe('67.65');
    expect(res[1]?.tiers).toEqual({
      returnOfCapital: '50.00',
      preferredReturn: '17.65',
      catchUp: '4.41',
      carriedInterestLp: '62.35',
      carriedInterestGp: '15.59',
    });
    expect([res[1]?.lpTotal, res[1]?.gp]).toEqual(['130.00', '20.00']);
    // Caught up and above the hurdle: a straight 80/20.
    expect(res[2]).toMatchObject({ lpTotal: '80.00', gp: '20.00', hurdleBefore: '0.00' });
    expect(res[2]?.tiers.catchUp).toBe('0.00');
  });

  it('an event too small to clear the hurdle goes entirely to the investors', () => {
    const r = one(EIGHT_FULL_20, [{ investorId: 'a', date: '2021-01-01', amount: '100' }], '2024-01-01', '110');
    expect(r).toMatchObject({ lpTotal: '110.00', gp: '0.00', hurdleAfter: '15.97' });
    expect(r.tiers).toMatchObject({ returnOfCapital: '100.00', preferredReturn: '10.00', catchUp: '0.00', carriedInterestGp: '0.00' });
  });

  it('a loss: less returned than contributed, no carry at all, even without a hurdle', () => {
    for (const terms of [EIGHT_FULL_20, { hurdleRate: '0', catchUpRate: '0', carryRate: '0.2' }]) {
      const res = runWaterfall({
        terms,
        contributions: [
          { investorId: 'a', date: '2021-01-01', amount: '60' },
          { investorId: 'b', date: '2021-01-01', amount: '40' },
        ],
        distributions: [
          { date: '2022-01-01', amount: '30' },
          { date: '2023-01-01', amount: '29.99' },
        ],
      });
      expect(res.map((r) => r.gp)).toEqual(['0.00', '0.00']);
      expect(res.map((r) => r.tiers.returnOfCapital)).toEqual(['30.00', '29.99']);
      expect(res[1]?.perInvestor).toEqual({ a: '17.99', b: '12.00' });
    }
  });

  it('contributions after the event date take no part in it', () => {
    const r = one(
      EIGHT_FULL_20,
      [
        { investorId: 'a', date: '2021-01-01', amount: '100' },
        { investorId: 'late', date: '2024-02-01', amount: '1000' },
      ],
      '2024-01-01',
      '200',
    );
    expect(r.perInvestor).toEqual({ a: '180.00' });
    expect(r.gp).toBe('20.00');
  });

  it('recorded events stand as recorded: a terms change applies only to later events', () => {
    const contributions = [{ investorId: 'a', date: '2021-01-01', amount: '100' }];
    const [first] = runWaterfall({ terms: EIGHT_FULL_20, contributions, distributions: [{ date: '2024-01-01', amount: '200' }] });
    // Replaying the recorded event as fixed gives the same state: the next event is the same as computed in one go.
    const oneGo = runWaterfall({
      terms: EIGHT_FULL_20,
      contributions,
      distributions: [
        { date: '2024-01-01', amount: '200' },
        { date: '2025-01-01', amount: '50' },
      ],
    });
    const replay = runWaterfall({
      terms: EIGHT_FULL_20,
      contributions,
      distributions: [
        { date: '2024-01-01', amount: '200', fixed: { lpTotal: '180.00', gp: '20.00', returnOfCapital: '100.00' } },
        { date: '2025-01-01', amount: '50' },
      ],
    });
    expect(first?.gp).toBe('20.00');
    expect(replay[1]).toEqual(oneGo[1]);
    expect(replay[1]).toMatchObject({ lpTotal: '40.00', gp: '10.00' });
    // The first event was recorded with no carry at all; carry 20% from then on: the GP catches up in full.
    const changed = runWaterfall({
      terms: EIGHT_FULL_20,
      contributions,
      distributions: [
        { date: '2024-01-01', amount: '200', fixed: { lpTotal: '200.00', gp: '0.00', returnOfCapital: '100.00' } },
        { date: '2025-01-01', amount: '50' },
      ],
    });
    // Profit 150.00 -> the GP's share 30.00: catch-up 25.00 (20% of the 125.00 profit by then), then 20% of 25.00.
    expect(changed[1]).toMatchObject({ lpTotal: '20.00', gp: '30.00', hurdleBefore: '0.00' });
    expect(changed[1]?.tiers).toMatchObject({ catchUp: '25.00', carriedInterestGp: '5.00', carriedInterestLp: '20.00' });
    expect(() =>
      runWaterfall({
        terms: EIGHT_FULL_20,
        contributions,
        distributions: [{ date: '2024-01-01', amount: '200', fixed: { lpTotal: '180.00', gp: '10.00', returnOfCapital: '100.00' } }],
      }),
    ).toThrow(/add up/);
  });

  it('splits each investor amount over the tiers: 2 investors, textbook tiers', () => {
    const r = one(
      EIGHT_FULL_20,
      [
        { investorId: 'a', date: '2021-01-01', amount: '50' },
        { investorId: 'b', date: '2021-01-01', amount: '50' },
      ],
      '2024-01-01',
      '200',
    );
    expect(r.perInvestor).toEqual({ a: '90.00', b: '90.00' });
    // 25.97 / 2 and 54.03 / 2: the odd cents go to different investors so each still adds up to 90.00.
    const a = r.perInvestorTiers.a;
    const b = r.perInvestorTiers.b;
    expect([a?.returnOfCapital, b?.returnOfCapital]).toEqual(['50.00', '50.00']);
    expect([toC(a?.preferredReturn ?? ''), toC(b?.preferredReturn ?? '')].sort()).toEqual([1298n, 1299n]);
    expect(toC(a?.preferredReturn ?? '') + toC(a?.carriedInterest ?? '')).toBe(4000n);
    expect(toC(b?.preferredReturn ?? '') + toC(b?.carriedInterest ?? '')).toBe(4000n);
  });

  it('refuses bad input with a clear error', () => {
    const c = [{ investorId: 'a', date: '2021-01-01', amount: '100' }];
    const bad =
      (terms: WaterfallTerms, contributions = c, distributions = [{ date: '2024-01-01', amount: '1' }]) =>
      () =>
        runWaterfall({ terms, contributions, distributions });
    expect(bad({ ...EIGHT_FULL_20, carryRate: '1' })).toThrow(WaterfallInputError);
    expect(bad({ ...EIGHT_FULL_20, catchUpRate: '0.1' })).toThrow(/above the carry rate/);
    expect(bad({ ...EIGHT_FULL_20, hurdleRate: '-0.1' })).toThrow(WaterfallInputError);
    expect(bad(EIGHT_FULL_20, [{ investorId: 'a', date: '2021-02-30', amount: '1' }])).toThrow(/calendar date/);
    expect(bad(EIGHT_FULL_20, c, [{ date: '2024-01-01', amount: '1.001' }])).toThrow(/2 decimals/);
    expect(bad(EIGHT_FULL_20, c, [{ date: '2020-01-01', amount: '1' }])).toThrow(/No capital/);
    expect(
      bad(EIGHT_FULL_20, c, [
        { date: '2024-01-02', amount: '1' },
        { date: '2024-01-01', amount: '1' },
      ]),
    ).toThrow(/date order/);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const BASE_DAY = Date.UTC(2020, 0, 1) / 86_400_000;
const isoOf = (day: number) => new Date((BASE_DAY + day) * 86_400_000).toISOString().slice(0, 10);
const amountArb = fc.bigInt({ min: 1n, max: 10n ** 9n }).map((c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`);
const rateArb = (maxBp: number) => fc.integer({ min: 0, max: maxBp }).map((bp) => (bp / 10_000).toFixed(4));

const termsArb: fc.Arbitrary<WaterfallTerms> = fc
  .tuple(rateArb(3000), rateArb(5000), fc.oneof(fc.constant('none'), fc.constant('full'), fc.integer({ min: 1, max: 9999 })))
  .map(([hurdleRate, carryRate, cu]) => {
    let catchUpRate: string;
    if (cu === 'none') catchUpRate = '0';
    else if (cu === 'full') catchUpRate = '1';
    else {
      // Strictly between the carry rate and 1.
      const c = Number(carryRate) * 10_000;
      catchUpRate = ((c + 1 + ((cu as number) % (10_000 - c))) / 10_000).toFixed(4);
      if (Number(catchUpRate) > 1) catchUpRate = '1';
    }
    return { hurdleRate, carryRate, catchUpRate };
  });

/** Contributions in 2020-2022, then distributions from 2023 on, in date order. */
const caseArb = fc.record({
  terms: termsArb,
  contributions: fc.array(
    fc.record({ investorId: fc.constantFrom('i1', 'i2', 'i3', 'i4', 'i5'), day: fc.integer({ min: 0, max: 1000 }), amount: amountArb }),
    { minLength: 1, maxLength: 8 },
  ),
  distributions: fc.array(fc.record({ day: fc.integer({ min: 1100, max: 4000 }), amount: amountArb }), { minLength: 1, maxLength: 6 }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;
function toInput(c: Case): WaterfallInput {
  return {
    terms: c.terms,
    contributions: c.contributions.map((x) => ({ investorId: x.investorId, date: isoOf(x.day), amount: x.amount })),
    distributions: [...c.distributions].sort((a, b) => a.day - b.day).map((x) => ({ date: isoOf(x.day), amount: x.amount })),
  };
}

const rational = (s: string) => {
  const [w = '0', f = ''] = s.split('.');
  const den = 10n ** BigInt(f.length);
  return { num: BigInt(w) * den + BigInt(f || '0'), den };
};

describe('runWaterfall: properties', () => {
  it('totals are exact to the cent: lp + gp = amount, tiers add up to amount, investors add up to lp', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        for (const r of runWaterfall(toInput(c))) {
          const amount = toC(r.amount);
          expect(toC(r.lpTotal) + toC(r.gp)).toBe(amount);
          const t = r.tiers;
          expect(
            toC(t.returnOfCapital) + toC(t.preferredReturn) + toC(t.catchUp) + toC(t.carriedInterestLp) + toC(t.carriedInterestGp),
          ).toBe(amount);
          expect(Object.values(r.perInvestor).reduce((s, v) => s + toC(v), 0n)).toBe(toC(r.lpTotal));
          for (const v of [r.lpTotal, r.gp, ...Object.values(t), ...Object.values(r.perInvestor)]) expect(v.startsWith('-')).toBe(false);
          // Each investor's tier parts add up to their amount, and each investors' tier to its total.
          const parts = Object.entries(r.perInvestorTiers);
          expect(parts.map(([id]) => id).sort()).toEqual(Object.keys(r.perInvestor).sort());
          for (const [id, p] of parts) {
            expect(toC(p.returnOfCapital) + toC(p.preferredReturn) + toC(p.catchUp) + toC(p.carriedInterest)).toBe(
              toC(r.perInvestor[id] as string),
            );
            for (const v of Object.values(p)) expect(v.startsWith('-')).toBe(false);
          }
          const col = (k: 'returnOfCapital' | 'preferredReturn' | 'catchUp' | 'carriedInterest') =>
            parts.reduce((s2, [, p]) => s2 + toC(p[k]), 0n);
          expect(col('returnOfCapital')).toBe(toC(t.returnOfCapital));
          expect(col('preferredReturn')).toBe(toC(t.preferredReturn));
          expect(col('carriedInterest')).toBe(toC(t.carriedInterestLp));
          expect(col('catchUp')).toBe(toC(t.catchUp) - (toC(r.gp) - toC(t.carriedInterestGp)));
          // The GP's catch-up part is within the catch-up tier.
          expect(toC(r.gp) - toC(t.carriedInterestGp)).toBeLessThanOrEqual(toC(t.catchUp));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('carry never exceeds carryRate of the cumulative profit, and is zero without profit', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const input = toInput(c);
        const contributed = input.contributions.reduce((s, x) => s + toC(x.amount), 0n);
        const carry = rational(input.terms.carryRate);
        let distributed = 0n;
        let gp = 0n;
        for (const r of runWaterfall(input)) {
          distributed += toC(r.amount);
          gp += toC(r.gp);
          const profit = distributed - contributed;
          if (profit <= 0n) expect(gp).toBe(0n);
          else expect(gp * carry.den <= carry.num * profit).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('no carry while investors are below the hurdle (checked against an independent float NPV)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const input = toInput(c);
        const h = Number(input.terms.hurdleRate);
        const lpFlows: { date: string; amount: number }[] = input.contributions.map((x) => ({ date: x.date, amount: -Number(x.amount) }));
        for (const r of runWaterfall(input)) {
          lpFlows.push({ date: r.date, amount: Number(r.lpTotal) });
          if (toC(r.hurdleAfter) > 0n) expect(r.gp).toBe('0.00');
          if (toC(r.gp) > 0n) {
            // Value at the event date of the investors' flows at the hurdle rate: not below zero (beyond rounding).
            const at = Date.parse(r.date);
            const fv = lpFlows.reduce((s, f) => s + f.amount * (1 + h) ** ((at - Date.parse(f.date)) / 86_400_000 / 365), 0);
            expect(fv).toBeGreaterThan(-0.01 * lpFlows.length);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of the contributions', () => {
    fc.assert(
      fc.property(caseArb, fc.integer(), (c, seed) => {
        const input = toInput(c);
        const shuffled = [...input.contributions]
          .map((x, i) => ({ x, k: (i * 7919 + seed) % 9973 }))
          .sort((a, b) => a.k - b.k)
          .map((e) => e.x);
        expect(runWaterfall({ ...input, contributions: shuffled })).toEqual(runWaterfall(input));
        expect(runWaterfall({ ...input, contributions: [...input.contributions].reverse() })).toEqual(runWaterfall(input));
      }),
      { numRuns: 200 },
    );
  });

  it('contributions interleaved with distributions (a later close) still give exact, non-negative results', () => {
    fc.assert(
      fc.property(
        termsArb,
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 3000 }), amount: amountArb, who: fc.constantFrom('x', 'y') }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 3000 }), amount: amountArb }), { minLength: 1, maxLength: 6 }),
        (terms, cs, ds) => {
          const first = Math.min(...cs.map((x) => x.day));
          const input: WaterfallInput = {
            terms,
            contributions: cs.map((x) => ({ investorId: x.who, date: isoOf(x.day), amount: x.amount })),
            distributions: ds
              .map((d) => ({ ...d, day: Math.max(d.day, first) }))
              .sort((a, b) => a.day - b.day)
              .map((d) => ({ date: isoOf(d.day), amount: d.amount })),
          };
          for (const r of runWaterfall(input)) {
            expect(toC(r.lpTotal) + toC(r.gp)).toBe(toC(r.amount));
            expect(r.gp.startsWith('-') || r.lpTotal.startsWith('-')).toBe(false);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('runWaterfall: each tier split among investors (issue 26)', () => {
  // Several investors with uneven contributions, so most exact shares have fractions of a cent.
  const tierCase = fc.record({
    terms: termsArb,
    contributions: fc.array(
      fc.record({
        investorId: fc.constantFrom('i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7'),
        day: fc.integer({ min: 0, max: 1000 }),
        amount: fc.integer({ min: 1, max: 99_999_99 }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`),
      }),
      { minLength: 2, maxLength: 10 },
    ),
    distributions: fc.array(
      fc.record({
        day: fc.integer({ min: 1100, max: 4000 }),
        amount: fc.integer({ min: 1, max: 500_000_00 }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  });

  it('every cell is within one cent of its exact pro-rata share, every tier and every investor adds up', () => {
    fc.assert(
      fc.property(tierCase, (c) => {
        const input = toInput(c as Case);
        for (const r of runWaterfall(input)) {
          // Weights: capital contributed on or before the event, per investor (independent of the engine).
          const w = new Map<string, bigint>();
          for (const x of input.contributions) if (x.date <= r.date) w.set(x.investorId, (w.get(x.investorId) ?? 0n) + toC(x.amount));
          const W = [...w.values()].reduce((s, v) => s + v, 0n);
          const tierTotal = {
            returnOfCapital: toC(r.tiers.returnOfCapital),
            preferredReturn: toC(r.tiers.preferredReturn),
            catchUp: toC(r.tiers.catchUp) - (toC(r.gp) - toC(r.tiers.carriedInterestGp)),
            carriedInterest: toC(r.tiers.carriedInterestLp),
          };
          for (const k of Object.keys(tierTotal) as (keyof typeof tierTotal)[]) {
            let sum = 0n;
            for (const [id, wi] of w) {
              const cell = toC((r.perInvestorTiers[id] as InvestorTiers)[k]);
              sum += cell;
              // |cell - T w / W| < 1 cent  <=>  |cell W - T w| < W.
              const diff = cell * W - tierTotal[k] * wi;
              expect(diff < W && diff > -W, `${k} of ${id}: ${cell} vs ${tierTotal[k]} x ${wi}/${W}`).toBe(true);
            }
            expect(sum).toBe(tierTotal[k]);
          }
          // Each investor's amount is within one cent of their exact share of the investors' total.
          const lp = toC(r.lpTotal);
          for (const [id, wi] of w) {
            const diff = toC(r.perInvestor[id] as string) * W - lp * wi;
            expect(diff < W && diff > -W).toBe(true);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('runWaterfall: a units deal shares by units held on the record date (decision 040)', () => {
  it('the textbook with two investors of 50.00 each, holding 3 and 1 units: the deal-level tiers stand, the cells follow units', () => {
    const contributions = [
      { investorId: 'a', date: '2021-01-01', amount: '50.00' },
      { investorId: 'b', date: '2021-01-01', amount: '50.00' },
    ];
    const weights = new Map([
      ['a', 3_000_000n],
      ['b', 1_000_000n],
    ]);
    const [r] = runWaterfall({ terms: EIGHT_FULL_20, contributions, distributions: [{ date: '2024-01-01', amount: '200.00', weights }] });
    // The textbook's tiers (above): investors 180.00, the GP 20.00; by units 3:1 a 135.00, b 45.00.
    expect(r).toMatchObject({ lpTotal: '180.00', gp: '20.00', perInvestor: { a: '135.00', b: '45.00' } });
    // By hand, each tier by largest remainder within it: capital 100.00 -> 75.00 / 25.00; preferred
    // 25.97 -> 19.4775 / 6.4925 -> 19.47 + the cent (remainder .75) / 6.49; carried 54.03 -> 40.5225 /
    // 13.5075 -> 40.52 / 13.50 + the cent (remainder .75). a: 75 + 19.48 + 40.52 = 135.00; b: 45.00.
    expect(r?.perInvestorTiers.a).toEqual({
      returnOfCapital: '75.00',
      preferredReturn: '19.48',
      catchUp: '0.00',
      carriedInterest: '40.52',
    });
    expect(r?.perInvestorTiers.b).toEqual({ returnOfCapital: '25.00', preferredReturn: '6.49', catchUp: '0.00', carriedInterest: '13.51' });
    // Without weights, by contributed capital: 90.00 each.
    const [plain] = runWaterfall({ terms: EIGHT_FULL_20, contributions, distributions: [{ date: '2024-01-01', amount: '200.00' }] });
    expect(plain?.perInvestor).toEqual({ a: '90.00', b: '90.00' });
  });

  it('every cell within a cent of its exact share by units, every tier and the investors’ total exact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000_000_00 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.bigInt({ min: 1n, max: 10_000_000_000_000n }), { minLength: 6, maxLength: 6 }),
        fc.integer({ min: 1, max: 900_000_000 }),
        (amounts, units, paid) => {
          const contributions = amounts.map((c, i) => ({
            investorId: `i${i}`,
            date: '2021-01-01',
            amount: `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`,
          }));
          const weights = new Map(amounts.map((_, i) => [`i${i}`, units[i] as bigint]));
          const amount = `${Math.floor(paid / 100)}.${String(paid % 100).padStart(2, '0')}`;
          const [r] = runWaterfall({ terms: EIGHT_FULL_20, contributions, distributions: [{ date: '2024-01-01', amount, weights }] });
          if (!r) throw new Error('no result');
          const W = [...weights.values()].reduce((s, v) => s + v, 0n);
          const lp = toC(r.lpTotal);
          let total = 0n;
          for (const [id, w] of weights) {
            const mine = toC(r.perInvestor[id] as string);
            total += mine;
            const diff = mine * W - lp * w;
            expect(diff < W && diff > -W).toBe(true);
          }
          expect(total).toBe(lp);
          expect(toC(r.lpTotal) + toC(r.gp)).toBe(toC(amount));
        },
      ),
      { numRuns: 200 },
    );
  });
});
