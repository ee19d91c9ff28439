/**
 * The waterfall conventions of decision record 039: simple or compounded preferred return, day
 * counts, GP clawback (netted or owed, net of tax) and carry escrow. Every reference figure is
 * computed here by hand in exact rationals (BigInt), never by the engine; a compounded figure
 * (irrational) is checked by bracketing: the engine's cents c are right when
 * ((c - 1/2) / P)^q <= base^p < ((c + 1/2) / P)^q in exact integers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runWaterfall, type WaterfallInput, WaterfallInputError, type WaterfallTerms, yearFraction } from './waterfall.ts';

const toC = (s: string) => {
  const neg = s.startsWith('-');
  const [w = '0', f = ''] = s.replace('-', '').split('.');
  const c = BigInt(w) * 100n + BigInt(`${f}00`.slice(0, 2));
  return neg ? -c : c;
};
/** Half-up cents of num/den (num >= 0). */
const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/** What investors need at `date` with one contribution of `amount` on `from` (no earlier event). */
function hurdleAt(terms: Partial<WaterfallTerms>, from: string, amount: string, date: string): string {
  const r = runWaterfall({
    terms: { hurdleRate: '0.08', catchUpRate: '0', carryRate: '0', ...terms },
    contributions: [{ investorId: 'a', date: from, amount }],
    distributions: [{ date, amount: '0' }],
  });
  return (r[0] as { hurdleBefore: string }).hurdleBefore;
}

/** True when half-up cents `c` are the rounding of P x (bn/bd)^(p/q), P in cents: exact integers. */
function roundsTo(c: bigint, principalCents: bigint, bn: bigint, bd: bigint, p: bigint, q: bigint): boolean {
  // lo = (2c - 1) / (2P), hi = (2c + 1) / (2P); need lo^q <= (bn/bd)^p < hi^q.
  const lhs = (x: bigint) => x ** q * bd ** p;
  const rhs = bn ** p * (2n * principalCents) ** q;
  return lhs(2n * c - 1n) <= rhs && rhs < lhs(2n * c + 1n);
}

describe('year fractions', () => {
  it('Actual/365 counts days; 30/360 counts 30-day months; Actual/Actual splits at the new year', () => {
    // 2020 is a leap year: 366 actual days; 12 months of 30 days; 366/366 in Actual/Actual.
    expect(yearFraction('2020-01-01', '2021-01-01', 'act365')).toBe(366n); // over 365
    expect(yearFraction('2020-01-01', '2021-01-01', '30360')).toBe(360n); // over 360
    expect(yearFraction('2020-01-01', '2021-01-01', 'actact')).toBe(365n * 366n); // over 365 x 366: exactly 1
    // 31 Jan -> 31 Mar: the start 31st is the 30th, then the end 31st is the 30th too: 60/360.
    expect(yearFraction('2021-01-31', '2021-03-31', '30360')).toBe(60n);
    // 28 Feb -> 31 Mar 2021: start 28 stays, end 31 stays (start not 30/31): 30 + 3 = 33.
    expect(yearFraction('2021-02-28', '2021-03-31', '30360')).toBe(33n);
    // 1 Jul 2023 -> 1 Jul 2024: 184 days in 2023 (/365), 182 in 2024 (/366).
    expect(yearFraction('2023-07-01', '2024-07-01', 'actact')).toBe(184n * 366n + 182n * 365n);
    expect(yearFraction('2024-07-01', '2023-07-01', 'actact')).toBe(0n);
  });
});

describe('preferred return: simple or compounded, and the day count (reference cases)', () => {
  it('simple interest, Actual/365, over a leap year: 1,000,000 x (1 + 8% x 366/365)', () => {
    // 1,000,000 + 80,000 x 366 / 365 = 1,080,219.178... -> 1,080,219.18
    expect(halfUp(100_000_000n * 365n + 8_000_000n * 366n, 365n)).toBe(108_021_918n);
    expect(hurdleAt({ prefCompounding: 'simple', dayCount: 'act365' }, '2020-01-01', '1000000', '2021-01-01')).toBe('1080219.18');
  });

  it('simple interest, 30/360 and Actual/Actual, over a leap year: exactly one year, 1,080,000.00', () => {
    expect(hurdleAt({ prefCompounding: 'simple', dayCount: '30360' }, '2020-01-01', '1000000', '2021-01-01')).toBe('1080000.00');
    expect(hurdleAt({ prefCompounding: 'simple', dayCount: 'actact' }, '2020-01-01', '1000000', '2021-01-01')).toBe('1080000.00');
  });

  it('simple interest, Actual/Actual across a new year: 1,000,000 x (1 + 8% x (184/365 + 182/366))', () => {
    // 1,000,000 x (1 + 0.08 x (184 x 366 + 182 x 365) / (365 x 366)) = 14,429,192,000 / 13,359 = 1,080,110.1878...
    const num = 100_000_000n * (365n * 366n * 100n + 8n * (184n * 366n + 182n * 365n));
    expect(halfUp(num, 365n * 366n * 100n)).toBe(108_011_019n);
    expect(hurdleAt({ prefCompounding: 'simple', dayCount: 'actact' }, '2023-07-01', '1000000', '2024-07-01')).toBe('1080110.19');
  });

  it('30/360 at month ends: 100,000 from 31 Jan to 31 Mar is 60 days, Actual/365 is 59', () => {
    // 100,000 x (1 + 0.08 x 60/360) = 101,333.333... ; 100,000 x (1 + 0.08 x 59/365) = 101,293.150...
    expect(halfUp(10_000_000n * 360n * 100n + 10_000_000n * 8n * 60n, 360n * 100n)).toBe(10_133_333n);
    expect(halfUp(10_000_000n * 365n * 100n + 10_000_000n * 8n * 59n, 365n * 100n)).toBe(10_129_315n);
    expect(hurdleAt({ prefCompounding: 'simple', dayCount: '30360' }, '2021-01-31', '100000', '2021-03-31')).toBe('101333.33');
    expect(hurdleAt({ prefCompounding: 'simple', dayCount: 'act365' }, '2021-01-31', '100000', '2021-03-31')).toBe('101293.15');
  });

  it('quarterly compounding, 30/360, one year: 1,000,000 x 1.02^4 = 1,082,432.16 exactly', () => {
    expect(100_000_000n * 102n ** 4n).toBe(108_243_216n * 100n ** 4n);
    expect(hurdleAt({ prefCompounding: 'quarterly', dayCount: '30360' }, '2020-01-01', '1000000', '2021-01-01')).toBe('1082432.16');
  });

  it('quarterly compounding, Actual/365, 366 days: 1,000,000 x 1.02^(4 x 366/365)', () => {
    const got = hurdleAt({ prefCompounding: 'quarterly', dayCount: 'act365' }, '2020-01-01', '1000000', '2021-01-01');
    // Bracketed exactly: 1.02^(1464/365), as (102/100)^1464 against ((c -+ 1/2)/P)^365.
    expect(roundsTo(toC(got), 100_000_000n, 102n, 100n, 1464n, 365n)).toBe(true);
    expect(got).toBe('1082667.09'); // Python decimal, 60 digits: 1,082,667.0896...
  });

  it('annual compounding, Actual/Actual across a new year: 1,000,000 x 1.08^(184/365 + 182/366)', () => {
    const got = hurdleAt({ prefCompounding: 'annual', dayCount: 'actact' }, '2023-07-01', '1000000', '2024-07-01');
    // Exponent (184 x 366 + 182 x 365) / (365 x 366) = 133774 / 133590.
    expect(roundsTo(toC(got), 100_000_000n, 108n, 100n, 184n * 366n + 182n * 365n, 365n * 366n)).toBe(true);
    expect(got).toBe('1080114.49'); // Python decimal, 60 digits: 1,080,114.4884...
  });

  it('annual compounding on Actual/365 stays the textbook case of decision 009 (default terms)', () => {
    // 100.00 x 1.08^(1095/365) = 125.9712 -> 125.97
    expect(hurdleAt({}, '2021-01-01', '100', '2024-01-01')).toBe('125.97');
    expect(hurdleAt({ prefCompounding: 'annual', dayCount: 'act365' }, '2021-01-01', '100', '2024-01-01')).toBe('125.97');
  });

  it('simple interest nets the investors’ earlier distributions at the same simple rate', () => {
    // 100 on 2021-01-01; 50 paid to investors 2022-01-01 (below the hurdle of 108: all to them);
    // on 2023-01-01: 100 x (1 + 0.08 x 730/365) - 50 x (1 + 0.08 x 365/365) = 116 - 54 = 62.00
    const r = runWaterfall({
      terms: { hurdleRate: '0.08', catchUpRate: '1', carryRate: '0.2', prefCompounding: 'simple' },
      contributions: [{ investorId: 'a', date: '2021-01-01', amount: '100' }],
      distributions: [
        { date: '2022-01-01', amount: '50' },
        { date: '2023-01-01', amount: '0' },
      ],
    });
    expect(r.map((x) => [x.hurdleBefore, x.gp])).toEqual([
      ['108.00', '0.00'],
      ['62.00', '0.00'],
    ]);
  });

  it('refuses unknown conventions', () => {
    const base = { hurdleRate: '0.08', catchUpRate: '0', carryRate: '0.2' };
    const run = (t: Partial<WaterfallTerms>) =>
      runWaterfall({
        terms: { ...base, ...t } as WaterfallTerms,
        contributions: [{ investorId: 'a', date: '2021-01-01', amount: '1' }],
        distributions: [],
      });
    expect(() => run({ dayCount: 'act360' as never })).toThrow(WaterfallInputError);
    expect(() => run({ prefCompounding: 'monthly' as never })).toThrow(WaterfallInputError);
    expect(() => run({ clawback: 'never' as never })).toThrow(WaterfallInputError);
    expect(() => run({ clawbackTaxRate: '1' })).toThrow('Clawback tax rate must be at least 0 and below 1');
    expect(() => run({ escrowRate: '1.5' })).toThrow('Escrow rate must be between 0 and 1');
    expect(() => run({ escrowReleaseDate: '2021-02-30' })).toThrow(WaterfallInputError);
  });
});

// ---------------------------------------------------------------------------------------------
// Clawback and escrow
// ---------------------------------------------------------------------------------------------

/**
 * The early-exit-then-loss case, no hurdle and no catch-up, 20% carry:
 *  A puts in 100 on 2021-01-01; 200 comes out on 2022-01-01: 100 capital back, the 100 profit
 *  80 / 20 (GP 20). A further 100 is called on 2022-06-01 and lost: the cumulative profit is now
 *  200 - 200 = 0, so the GP may hold 20% x 0 = 0 and holds 20: a clawback of 20.
 *  150 comes out on 2023-01-01: the investors first get back the capital they have not had back
 *  (200 contributed - 180 received = 20, the 0% hurdle), then 130 is split 80/20: 104 / 26.
 */
const LOSS: Omit<WaterfallInput, 'terms'> = {
  contributions: [
    { investorId: 'a', date: '2021-01-01', amount: '100' },
    { investorId: 'a', date: '2022-06-01', amount: '100' },
  ],
  distributions: [
    { date: '2022-01-01', amount: '200' },
    { date: '2023-01-01', amount: '150' },
  ],
};
const NO_HURDLE_20: WaterfallTerms = { hurdleRate: '0', catchUpRate: '0', carryRate: '0.2' };

describe('GP clawback (reference cases)', () => {
  it('netted (default): the 20 owed is withheld from the GP’s next 26 and paid to the investors', () => {
    const [first, second] = runWaterfall({ terms: NO_HURDLE_20, ...LOSS });
    expect([first?.gp, first?.clawback.owedAfter]).toEqual(['20.00', '0.00']);
    // Found before the second event: excess 20, no tax; GP's 26 less 20 withheld = 6; investors 144.
    expect(second?.clawback).toEqual({
      excess: '20.00',
      taxRelief: '0.00',
      arose: '20.00',
      fromEscrow: '0.00',
      netted: '20.00',
      owedAfter: '0.00',
      paid: '0.00',
    });
    expect([second?.gpEntitlement, second?.gp, second?.lpTotal]).toEqual(['26.00', '6.00', '144.00']);
    // The withheld 20 is the investors' in the carried-interest tier: 104 + 20.
    expect(second?.tiers).toMatchObject({ returnOfCapital: '20.00', carriedInterestLp: '124.00', carriedInterestGp: '6.00' });
    // The GP ends with 20 + 6 = 26 of a cumulative profit of 350 - 200 = 150: under 20% (30).
  });

  it('owed, net of 25% tax: 15 recorded as owed, the next distribution untouched', () => {
    const [, second] = runWaterfall({ terms: { ...NO_HURDLE_20, clawback: 'owed', clawbackTaxRate: '0.25' }, ...LOSS });
    // Excess 20; 25% of it (5) is the tax the GP paid on it and is forgiven: 15 owed.
    expect(second?.clawback).toEqual({
      excess: '20.00',
      taxRelief: '5.00',
      arose: '15.00',
      fromEscrow: '0.00',
      netted: '0.00',
      owedAfter: '15.00',
      paid: '0.00',
    });
    expect([second?.gp, second?.lpTotal]).toEqual(['26.00', '124.00']);
  });

  it('owed, paid in part by the GP (decision 058): what is owed drops by the payment, the next split is unchanged', () => {
    const terms: WaterfallTerms = { ...NO_HURDLE_20, clawback: 'owed', clawbackTaxRate: '0.25' };
    // By hand: on 2022-09-01 the 100 called on 2022-06-01 is in: profit 200 - 200 = 0, the GP holds
    // 20: excess 20, 5 forgiven as tax, 15 owed; the GP pays 10 of it then: 5 still owed. The
    // 150 of 2023-01-01 splits as without the payment (the case above): GP 26, investors 124.
    const [first, second] = runWaterfall({ terms, ...LOSS, clawbackPayments: [{ date: '2022-09-01', amount: '10' }] });
    expect(first?.clawback.paid).toBe('0.00');
    expect(second?.clawback).toEqual({
      excess: '20.00',
      taxRelief: '5.00',
      arose: '15.00',
      fromEscrow: '0.00',
      netted: '0.00',
      owedAfter: '5.00',
      paid: '10.00',
    });
    expect([second?.gp, second?.lpTotal]).toEqual(['26.00', '124.00']);
    // Two payments of 7.50 each: 15, all of it; a cent more is refused (more than is owed).
    const twice = runWaterfall({
      terms,
      ...LOSS,
      clawbackPayments: [
        { date: '2022-12-01', amount: '7.50' },
        { date: '2022-07-01', amount: '7.50' },
      ],
    });
    expect([twice[1]?.clawback.paid, twice[1]?.clawback.owedAfter]).toEqual(['15.00', '0.00']);
    expect(() =>
      runWaterfall({
        terms,
        ...LOSS,
        clawbackPayments: [
          { date: '2022-07-01', amount: '7.50' },
          { date: '2022-12-01', amount: '7.51' },
        ],
      }),
    ).toThrow(/owes 7.50 on 2022-12-01/);
    // A payment on an event's day comes after that day's events (the end of the day): on the last
    // event's day it counts in the last result. 15 paid on 2023-01-01: nothing owed after it.
    const sameDay = runWaterfall({ terms, ...LOSS, clawbackPayments: [{ date: '2023-01-01', amount: '15' }] });
    expect([sameDay[1]?.gp, sameDay[1]?.clawback.paid, sameDay[1]?.clawback.owedAfter]).toEqual(['26.00', '15.00', '0.00']);
    // Before the clawback arose (the 100 came in on 2022-06-01) nothing is owed.
    expect(() => runWaterfall({ terms, ...LOSS, clawbackPayments: [{ date: '2022-05-31', amount: '1' }] })).toThrow(WaterfallInputError);
  });

  it('netted but larger than the next carry: the rest stays owed until a later distribution', () => {
    // As LOSS but the second distribution is 100: 20 capital back, 80 split 64 / 16; 16 withheld,
    // 4 still owed; a third of 50 on 2024-01-01: 40 / 10, 4 withheld, GP 6.
    const r = runWaterfall({
      terms: NO_HURDLE_20,
      contributions: LOSS.contributions,
      distributions: [
        { date: '2022-01-01', amount: '200' },
        { date: '2023-01-01', amount: '100' },
        { date: '2024-01-01', amount: '50' },
      ],
    });
    expect(r.map((x) => [x.gp, x.clawback.netted, x.clawback.owedAfter])).toEqual([
      ['20.00', '0.00', '0.00'],
      ['0.00', '16.00', '4.00'],
      ['6.00', '4.00', '0.00'],
    ]);
  });

  it('escrow: 25% of each GP payment held; a clawback is settled from escrow first; released at the release date', () => {
    const r = runWaterfall({
      terms: { ...NO_HURDLE_20, escrowRate: '0.25', escrowReleaseDate: '2023-06-01' },
      contributions: LOSS.contributions,
      distributions: [...LOSS.distributions, { date: '2023-07-01', amount: '0' }],
    });
    // 1: GP 20, 25% = 5 held. 2: clawback 20, 5 from escrow, 15 owed and withheld from the GP's
    //    26: GP 11, 25% = 2.75 held. 3: on/after 2023-06-01: the 2.75 released.
    expect(r.map((x) => [x.gp, x.escrow.held, x.escrow.released, x.escrow.balanceAfter, x.clawback.fromEscrow])).toEqual([
      ['20.00', '5.00', '0.00', '5.00', '0.00'],
      ['11.00', '2.75', '0.00', '2.75', '5.00'],
      ['0.00', '0.00', '2.75', '0.00', '0.00'],
    ]);
  });

  it('escrow without a date is released with the final distribution', () => {
    const r = runWaterfall({
      terms: { ...NO_HURDLE_20, escrowRate: '0.5' },
      contributions: [{ investorId: 'a', date: '2021-01-01', amount: '100' }],
      distributions: [
        { date: '2022-01-01', amount: '150' },
        { date: '2023-01-01', amount: '50', final: true },
      ],
    });
    // 1: 100 back, 50 split 40/10, half of 10 held. 2: 50 split 40/10, nothing held, 5 released.
    expect(r.map((x) => [x.gp, x.escrow.held, x.escrow.released, x.escrow.balanceAfter])).toEqual([
      ['10.00', '5.00', '0.00', '5.00'],
      ['10.00', '0.00', '5.00', '0.00'],
    ]);
  });

  it('recorded events replay with what they withheld and held', () => {
    const fresh = runWaterfall({ terms: NO_HURDLE_20, ...LOSS });
    const replay = runWaterfall({
      terms: NO_HURDLE_20,
      contributions: LOSS.contributions,
      distributions: [
        { date: '2022-01-01', amount: '200', fixed: { lpTotal: '180', gp: '20', returnOfCapital: '100' } },
        { date: '2023-01-01', amount: '150', fixed: { lpTotal: '144', gp: '6', returnOfCapital: '20', clawbackNetted: '20' } },
        { date: '2024-01-01', amount: '100' },
      ],
    });
    expect(replay[1]?.clawback.owedAfter).toBe(fresh[1]?.clawback.owedAfter);
    // Third: profit 450 - 200 = 250, GP may hold 50, has 26 (entitlement): 100 x 20% = 20 < 24, so 20.
    expect(replay[2]?.gp).toBe('20.00');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const BASE_DAY = Date.UTC(2020, 0, 1) / 86_400_000;
const isoOf = (day: number) => new Date((BASE_DAY + day) * 86_400_000).toISOString().slice(0, 10);
const amountArb = fc.bigInt({ min: 1n, max: 10n ** 9n }).map((c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`);
const rateArb = (maxBp: number) => fc.integer({ min: 0, max: maxBp }).map((bp) => (bp / 10_000).toFixed(4));
const rational = (s: string) => {
  const [w = '0', f = ''] = s.split('.');
  const den = 10n ** BigInt(f.length);
  return { num: BigInt(w) * den + BigInt(f || '0'), den };
};

const termsArb: fc.Arbitrary<WaterfallTerms> = fc
  .record({
    hurdleRate: rateArb(3000),
    carryRate: rateArb(5000),
    full: fc.boolean(),
    prefCompounding: fc.constantFrom('annual', 'quarterly', 'simple' as const),
    dayCount: fc.constantFrom('act365', '30360', 'actact' as const),
    clawback: fc.constantFrom('net', 'owed' as const),
    clawbackTaxRate: rateArb(5000),
    escrowRate: rateArb(10_000),
    escrowReleaseDate: fc.option(fc.integer({ min: 0, max: 4000 }).map(isoOf), { nil: null }),
  })
  .map(({ full, ...t }) => ({ ...t, catchUpRate: full && Number(t.carryRate) < 1 ? '1' : '0' }));

/** Contributions and distributions interleaved (later closes, calls after an early exit). */
const flowsArb = fc.record({
  terms: termsArb,
  contributions: fc.array(
    fc.record({ investorId: fc.constantFrom('i1', 'i2', 'i3'), day: fc.integer({ min: 0, max: 3000 }), amount: amountArb }),
    { minLength: 1, maxLength: 6 },
  ),
  distributions: fc.array(fc.record({ day: fc.integer({ min: 0, max: 3500 }), amount: amountArb, final: fc.boolean() }), {
    minLength: 1,
    maxLength: 7,
  }),
});

function inputOf(c: typeof flowsArb extends fc.Arbitrary<infer T> ? T : never): WaterfallInput {
  const first = Math.min(...c.contributions.map((x) => x.day));
  return {
    terms: c.terms,
    contributions: c.contributions.map((x) => ({ investorId: x.investorId, date: isoOf(x.day), amount: x.amount })),
    distributions: c.distributions
      .map((d) => ({ ...d, day: Math.max(d.day, first) }))
      .sort((a, b) => a.day - b.day)
      .map((d, i, all) => ({ date: isoOf(d.day), amount: d.amount, final: d.final && i === all.length - 1 })),
  };
}

describe('clawback, escrow and conventions: properties', () => {
  it('after clawback the GP never holds more than the carry rate of the cumulative profit (plus only the tax relief)', () => {
    fc.assert(
      fc.property(flowsArb, (c) => {
        const input = inputOf(c);
        const carry = rational(input.terms.carryRate);
        let distributed = 0n;
        let allotted = 0n; // what the GP was allotted of every event (after withholding)
        let fromEscrow = 0n;
        let relief = 0n;
        for (const r of runWaterfall(input)) {
          const contributed = input.contributions.filter((x) => x.date <= r.date).reduce((s, x) => s + toC(x.amount), 0n);
          distributed += toC(r.amount);
          allotted += toC(r.gp);
          fromEscrow += toC(r.clawback.fromEscrow);
          relief += toC(r.clawback.taxRelief);
          // The GP's net position: allotted, less what it owes, less what escrow gave back.
          const net = allotted - toC(r.clawback.owedAfter) - fromEscrow;
          const profit = distributed - contributed;
          const share = profit > 0n ? (carry.num * profit) / carry.den : 0n;
          expect(net - relief <= share).toBe(true);
          // Netted: while something is still owed, the GP was allotted nothing of this event.
          if (input.terms.clawback === 'net' && toC(r.clawback.owedAfter) > 0n) expect(r.gp).toBe('0.00');
          if (input.terms.clawback === 'owed') expect(r.clawback.netted).toBe('0.00');
          // Net of tax: the relief is the floor of the tax rate of the excess.
          const tax = rational(input.terms.clawbackTaxRate ?? '0');
          expect(toC(r.clawback.taxRelief)).toBe((toC(r.clawback.excess) * tax.num) / tax.den);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('with a payment of part of a clawback owed, the GP still never ends above its share; the payment only lowers what is owed', () => {
    fc.assert(
      fc.property(flowsArb, fc.integer({ min: 1, max: 4 }), (c, quarters) => {
        const input = inputOf(c);
        const before = runWaterfall(input);
        // The first event after which something is owed: a payment of 1 to 4 quarters of it (floored
        // to the cent, at least a cent) the day after, the first payment, so it is never more than owed.
        const at = before.findIndex((r, i) => toC(r.clawback.owedAfter) > 0n && (before[i + 1]?.date ?? '9999') > r.date);
        if (at < 0) return;
        const owedThen = toC((before[at] as { clawback: { owedAfter: string } }).clawback.owedAfter);
        const pay = (owedThen * BigInt(quarters)) / 4n || 1n;
        const date = isoOf(Math.round(Date.parse(`${(before[at] as { date: string }).date}T00:00:00Z`) / 86_400_000) + 1 - BASE_DAY);
        if (before.some((r) => r.date === date)) return;
        const withPayment = runWaterfall({
          ...input,
          clawbackPayments: [{ date, amount: `${pay / 100n}.${String(pay % 100n).padStart(2, '0')}` }],
        });
        const carry = rational(input.terms.carryRate);
        const owedMode = input.terms.clawback === 'owed';
        let distributed = 0n;
        let allotted = 0n;
        let paid = 0n;
        let fromEscrow = 0n;
        let relief = 0n;
        for (const [i, r] of withPayment.entries()) {
          const same = before[i] as (typeof before)[number];
          // Owed mode: the deal's splits are the same as without the payment (net mode withholds less after it).
          if (owedMode) expect([r.gp, r.lpTotal, r.perInvestor]).toEqual([same.gp, same.lpTotal, same.perInvestor]);
          const contributed = input.contributions.filter((x) => x.date <= r.date).reduce((s, x) => s + toC(x.amount), 0n);
          distributed += toC(r.amount);
          allotted += toC(r.gp);
          paid += toC(r.clawback.paid);
          fromEscrow += toC(r.clawback.fromEscrow);
          relief += toC(r.clawback.taxRelief);
          const net = allotted - paid - toC(r.clawback.owedAfter) - fromEscrow;
          const profit = distributed - contributed;
          expect(net - relief <= (profit > 0n ? (carry.num * profit) / carry.den : 0n)).toBe(true);
        }
        // Totals exact: once the payment is in, what is owed is what was owed without it, less the payment.
        if (paid > 0n && owedMode) {
          const last = withPayment.length - 1;
          expect(paid).toBe(pay);
          expect(toC((withPayment[last] as (typeof before)[number]).clawback.owedAfter)).toBe(
            toC((before[last] as (typeof before)[number]).clawback.owedAfter) - pay,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('no carry while investors are below the hurdle, under every compounding and day count', () => {
    fc.assert(
      fc.property(flowsArb, (c) => {
        for (const r of runWaterfall(inputOf(c))) if (toC(r.hurdleAfter) > 0n) expect(r.gpEntitlement).toBe('0.00');
      }),
      { numRuns: 300 },
    );
  });

  it('simple interest: no carry until the investors have their preferred return (exact, with an independent day count)', () => {
    // Independent of the engine: days by Date.UTC for Actual/365; 30/360 by the ISDA bond-basis rule.
    const days = (a: string, b: string) => BigInt((Date.parse(b) - Date.parse(a)) / 86_400_000);
    const d30 = (a: string, b: string) => {
      const [y1, m1, x1] = a.split('-').map(Number) as [number, number, number];
      const [y2, m2, x2] = b.split('-').map(Number) as [number, number, number];
      const s1 = x1 === 31 ? 30 : x1;
      const s2 = x2 === 31 && s1 === 30 ? 30 : x2;
      return BigInt(360 * (y2 - y1) + 30 * (m2 - m1) + (s2 - s1));
    };
    fc.assert(
      fc.property(flowsArb, fc.constantFrom('act365', '30360' as const), (c, dayCount) => {
        const input = inputOf({ ...c, terms: { ...c.terms, prefCompounding: 'simple', dayCount } });
        const h = rational(input.terms.hurdleRate);
        const yd = dayCount === 'act365' ? 365n : 360n;
        const t = (a: string, b: string) => (dayCount === 'act365' ? days(a, b) : d30(a, b));
        const den = h.den * yd; // every term of the value is over this
        const paid: { date: string; cents: bigint }[] = [];
        for (const r of runWaterfall(input)) {
          let fv = 0n;
          for (const x of input.contributions) if (x.date <= r.date) fv += toC(x.amount) * (den + h.num * t(x.date, r.date));
          for (const p of paid) fv -= p.cents * (den + h.num * t(p.date, r.date));
          if (toC(r.gpEntitlement) > 0n) {
            // What the investors still needed before this event, less what they get of it: at most half a cent.
            expect(2n * (fv - toC(r.lpTotal) * den) <= den).toBe(true);
          }
          paid.push({ date: r.date, cents: toC(r.lpTotal) });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('totals exact: every event adds up, escrow adds up, nothing negative', () => {
    fc.assert(
      fc.property(flowsArb, (c) => {
        const input = inputOf(c);
        let held = 0n;
        let out = 0n;
        for (const [i, r] of runWaterfall(input).entries()) {
          const amount = toC(r.amount);
          expect(toC(r.lpTotal) + toC(r.gp)).toBe(amount);
          const t = r.tiers;
          expect(
            toC(t.returnOfCapital) + toC(t.preferredReturn) + toC(t.catchUp) + toC(t.carriedInterestLp) + toC(t.carriedInterestGp),
          ).toBe(amount);
          expect(Object.values(r.perInvestor).reduce((s, v) => s + toC(v), 0n)).toBe(toC(r.lpTotal));
          expect(toC(r.gpEntitlement) - toC(r.clawback.netted)).toBe(toC(r.gp));
          expect(toC(r.clawback.excess) - toC(r.clawback.taxRelief)).toBe(toC(r.clawback.arose));
          expect(toC(r.escrow.held) <= toC(r.gp)).toBe(true);
          held += toC(r.escrow.held);
          out += toC(r.escrow.released) + toC(r.clawback.fromEscrow);
          expect(held - out).toBe(toC(r.escrow.balanceAfter));
          const all = [r.lpTotal, r.gp, ...Object.values(t), ...Object.values(r.perInvestor), ...Object.values(r.clawback)];
          for (const v of [...all, ...Object.values(r.escrow)]) expect(v.startsWith('-')).toBe(false);
          // The escrow held back: the rate of the GP's amount, rounded half-up, until released.
          const e = rational(input.terms.escrowRate ?? '0');
          const released = input.distributions[i]?.final || (input.terms.escrowReleaseDate && r.date >= input.terms.escrowReleaseDate);
          if (!released) expect(toC(r.escrow.held)).toBe(halfUp(toC(r.gp) * e.num, e.den));
        }
      }),
      { numRuns: 300 },
    );
  });
});
