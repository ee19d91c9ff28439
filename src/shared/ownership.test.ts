import { describe, expect, it } from 'vitest';
import { balancesAsOf, dealUnits, type EntryFacts, holdingFigures, rollForward, type ValuationFacts } from './ledger.ts';
import { EQUALISATION, equalisationPlan, ownershipTermsInput, unitPriceText, unitsText } from './ownership.ts';

// Issue 29's staged close: A commits and pays 1,000,000 at the first close (2025-01-15); the
// deal is valued at 2,200,000 on 2025-06-30 while only A is in; B commits and pays 1,500,000 at
// the second close (2025-09-30); the next valuation (2025-12-31) has no change in value:
// 2,200,000 + 1,500,000 = 3,700,000.
const A = 'a-investor';
const B = 'b-investor';
const c = (kind: EntryFacts['kind'], dollars: number, date: string, extra: Partial<EntryFacts> = {}): EntryFacts => ({
  kind,
  cents: BigInt(dollars) * 100n,
  date,
  ...extra,
});
const stagedClose = (): Map<string, EntryFacts[]> =>
  new Map([
    [A, [c('commitment', 1_000_000, '2025-01-15'), c('contribution', 1_000_000, '2025-01-15')]],
    [B, [c('commitment', 1_500_000, '2025-09-30'), c('contribution', 1_500_000, '2025-09-30')]],
  ]);
const valuations: ValuationFacts[] = [
  { date: '2025-06-30', cents: 220_000_000n },
  { date: '2025-12-31', cents: 370_000_000n },
];

describe('a later close under each ownership method (issue 29 part 1)', () => {
  it('by contributions (the default, unchanged): the later closer takes part of the earlier gain', () => {
    const entries = stagedClose();
    // A's share by contributed capital: 1,000,000 / 2,500,000 of 3,700,000 = 1,480,000 (hand);
    // A's 2,200,000 before B came falls to 1,480,000: 720,000.00 of A's gain moves to B.
    expect(rollForward(A, entries, valuations, '2025-09-30').nav).toBe(220_000_000n);
    expect(rollForward(A, entries, valuations, '2025-12-31').nav).toBe(148_000_000n);
    expect(rollForward(B, entries, valuations, '2025-12-31').nav).toBe(222_000_000n);
  });

  it('units at NAV: B buys at 2.20 a unit and A keeps every cent of his gain', () => {
    const entries = stagedClose();
    const reg = dealUnits(entries, valuations);
    // A: 1,000,000.00 at par (1.00) = 1,000,000 units. B: 1,500,000 / 2.20 = 681,818.181818...
    // units, truncated to the millionth: 681,818.181818 (hand: 1,500,000 x 1,000,000 / 2,200,000).
    expect(reg.purchases.map((p) => [p.investorId, unitsText(p.units), unitPriceText(p.price)])).toEqual([
      [A, '1000000.000000', '1.000000'],
      [B, '681818.181818', '2.200000'],
    ]);
    // The 3,700,000 valuation by units: A's exact share is 3,700,000 x 1,000,000 /
    // 1,681,818.181818 = 2,200,000.0000024 (exact rationals, Python Fraction), B's 1,499,999.9999976:
    // largest remainder gives A 2,200,000.00 and B 1,500,000.00. No value moves.
    expect(rollForward(A, entries, valuations, '2025-12-31', 'units')).toEqual({ nav: 220_000_000n, gain: 120_000_000n, valued: true });
    expect(rollForward(B, entries, valuations, '2025-12-31', 'units')).toEqual({ nav: 150_000_000n, gain: 0n, valued: true });
    // And on a later valuation up 10% (4,070,000): A 2,420,000.00, B 1,650,000.00 (hand, 110% of each).
    const later = [...valuations, { date: '2026-03-31', cents: 407_000_000n }];
    expect(rollForward(A, entries, later, '2026-03-31', 'units').nav).toBe(242_000_000n);
    expect(rollForward(B, entries, later, '2026-03-31', 'units').nav).toBe(165_000_000n);
    // Holding figures carry the method: A's MOIC 2.2x (2,200,000 / 1,000,000).
    expect(holdingFigures(A, entries, valuations, '2025-12-31', 'units').moic).toBe(2.2);
  });

  it('equalisation at 8%: B pays 84,821.92 of interest, which A receives as income beside the NAV', () => {
    // B's share of the earlier call: 1,000,000 x 1,500,000 / 1,000,000 (A's commitment) = 1,500,000.
    // Interest from 2025-01-15 to 2025-09-30 = 258 days (16+28+31+30+31+30+31+31+30):
    // 1,500,000 x 8% x 258 / 365 = 30,960,000 / 365 = 84,821.9178... -> 84,821.92 (hand).
    const plan = equalisationPlan('2025-09-30', '8', [
      { investorId: A, closeDate: '2025-01-15', committed: 100_000_000n, contributions: [{ date: '2025-01-15', cents: 100_000_000n }] },
      { investorId: B, closeDate: '2025-09-30', committed: 150_000_000n, contributions: [] },
    ]);
    expect(plan.earlierCalls).toEqual([{ date: '2025-01-15', cents: 100_000_000n, days: 258 }]);
    expect(plan.payers).toEqual([{ investorId: B, catchUp: 150_000_000n, interest: 8_482_192n }]);
    expect(plan.receivers).toEqual([{ investorId: A, interest: 8_482_192n }]);
    expect(plan.total).toBe(8_482_192n);

    // Without a valuation before the close (the usual case for equalisation) A stays at cost,
    // 1,000,000, and gains exactly the interest; B owns 1,500,000 at cost.
    const entries = stagedClose();
    entries.get(A)?.push(c('distribution', 0, '2025-09-30', { cents: 8_482_192n, distributionType: EQUALISATION }));
    entries.get(B)?.push(c('fee', 0, '2025-09-30', { cents: 8_482_192n }));
    const atCost = [{ date: '2025-12-31', cents: 250_000_000n }];
    expect(rollForward(A, entries, atCost, '2025-12-31', 'equalisation')).toEqual({ nav: 100_000_000n, gain: 8_482_192n, valued: true });
    expect(rollForward(B, entries, atCost, '2025-12-31', 'equalisation')).toEqual({ nav: 150_000_000n, gain: 0n, valued: true });
    // The interest is income, not returned capital, and B's payment is not a contribution.
    const a = balancesAsOf(entries.get(A) ?? []);
    expect([a.distributed, a.returnedCapital, a.unreturnedCapital]).toEqual([8_482_192n, 0n, 100_000_000n]);
    expect(balancesAsOf(entries.get(B) ?? []).contributed).toBe(150_000_000n);

    // With the issue's revaluation to 2,200,000 before the close, equalisation compensates A at
    // the terms' rate, not at the measured gain: A's NAV on the 3,700,000 valuation is 40% =
    // 1,480,000 and his gain 480,000 + 84,821.92 = 564,821.92 (hand). Units at NAV is the method
    // that keeps a measured pre-close gain whole (decision 040).
    const revalued = rollForward(A, entries, valuations, '2025-12-31', 'equalisation');
    expect(revalued).toEqual({ nav: 148_000_000n, gain: 56_482_192n, valued: true });
    // contributed + gain = NAV + distributed (decision 023's identity) still holds.
    expect(100_000_000n + revalued.gain).toBe(revalued.nav + 8_482_192n);
  });

  it('equalisation over two earlier calls and two earlier investors splits the interest by capital-days, exactly', () => {
    // A (600,000) and C (400,000) commit at the first close, 2025-01-01; calls of 50% on
    // 2025-01-01 (A 300,000, C 200,000) and of 30% on 2025-07-01 (A 180,000, C 120,000);
    // B commits 500,000 at the close of 2025-12-31, rate 7.5%.
    // Days: 2025-01-01 -> 2025-12-31 = 364; 2025-07-01 -> 2025-12-31 = 183.
    // B's interest = 500,000 x 7.5% x (500,000 x 364 + 300,000 x 183) / (1,000,000 x 365)
    //   = 37,500 x 236,900,000,000 / 365,000,000,000 = 24,339.041... -> 24,339.04 (hand).
    // Capital-days: A 300,000 x 364 + 180,000 x 183 = 142,140,000; C 200,000 x 364 + 120,000 x 183
    // = 94,760,000 (60/40). A gets 24,339.04 x 0.6 = 14,603.424 -> 14,603.42, C 9,735.616 -> 9,735.62
    // (largest remainder: C's .616 beats A's .424 for the spare cent).
    const plan = equalisationPlan('2025-12-31', '7.5', [
      {
        investorId: 'A',
        closeDate: '2025-01-01',
        committed: 60_000_000n,
        contributions: [
          { date: '2025-01-01', cents: 30_000_000n },
          { date: '2025-07-01', cents: 18_000_000n },
        ],
      },
      {
        investorId: 'C',
        closeDate: '2025-01-01',
        committed: 40_000_000n,
        contributions: [
          { date: '2025-01-01', cents: 20_000_000n },
          { date: '2025-07-01', cents: 12_000_000n },
        ],
      },
      { investorId: 'B', closeDate: '2025-12-31', committed: 50_000_000n, contributions: [] },
    ]);
    // B's catch-up: 800,000 called x 500,000 / 1,000,000 = 400,000.
    expect(plan.payers).toEqual([{ investorId: 'B', catchUp: 40_000_000n, interest: 2_433_904n }]);
    expect(plan.receivers).toEqual([
      { investorId: 'A', interest: 1_460_342n },
      { investorId: 'C', interest: 973_562n },
    ]);
  });

  it('checks the terms group: a rate is required for equalisation only', () => {
    expect(ownershipTermsInput.parse({ method: 'equalisation', equalisationRate: '8%' })).toEqual({
      method: 'equalisation',
      equalisationRate: '8',
    });
    expect(ownershipTermsInput.parse({ method: 'units', equalisationRate: '8' })).toEqual({ method: 'units', equalisationRate: null });
    const missing = ownershipTermsInput.safeParse({ method: 'equalisation', equalisationRate: '' });
    expect(missing.success ? [] : missing.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['equalisationRate', 'Enter the equalisation rate, such as 8'],
    ]);
    const zero = ownershipTermsInput.safeParse({ method: 'equalisation', equalisationRate: '0' });
    expect(zero.success).toBe(false);
  });
});
