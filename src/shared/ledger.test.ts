import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateByOwnership,
  balancesAsOf,
  type EntryFacts,
  headlineReturn,
  holdingFigures,
  navShareAsOf,
  ownershipAsOf,
  percentOf,
  portfolioReturn,
  RETURN_OF_CAPITAL,
  rollForward,
} from './ledger.ts';
import { formatIrr, formatMoic, parsePercent, ratio } from './money.ts';

const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2015, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const cents = fc.bigInt({ min: 1n, max: 10n ** 11n });
const base = fc.constantFrom('commitment', 'call', 'contribution', 'distribution', 'fee') as fc.Arbitrary<
  Exclude<EntryFacts['kind'], 'reversal'>
>;
const entry: fc.Arbitrary<EntryFacts> = fc.record({
  kind: fc.oneof(base, fc.constant('reversal' as const)),
  cents,
  date: day,
  reversedKind: base,
  distributionType: fc.constantFrom('Income', RETURN_OF_CAPITAL),
  callId: fc.constantFrom(null, 'c1'),
});

/** The balance a kind contributes, summed entry by entry (the specification of balancesAsOf). */
function naive(entries: EntryFacts[], asOf: string) {
  const sum = (pred: (e: EntryFacts, kind: string) => boolean) =>
    entries
      .filter((e) => e.date <= asOf)
      .reduce((s, e) => {
        const kind = e.kind === 'reversal' ? (e.reversedKind as string) : e.kind;
        return pred(e, kind) ? s + (e.kind === 'reversal' ? -e.cents : e.cents) : s;
      }, 0n);
  return {
    committed: sum((_, k) => k === 'commitment'),
    contributed: sum((_, k) => k === 'contribution'),
    distributed: sum((_, k) => k === 'distribution'),
    returnedCapital: sum((e, k) => k === 'distribution' && e.distributionType === RETURN_OF_CAPITAL),
    fees: sum((_, k) => k === 'fee'),
    called: sum((e, k) => k === 'call' || (k === 'contribution' && !e.callId)),
  };
}

describe('ledger properties', () => {
  it('balances as of any date equal the sum of the entries up to that date', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), day, (entries, asOf) => {
        const b = balancesAsOf(entries, asOf);
        const n = naive(entries, asOf);
        expect(b).toMatchObject(n);
        expect(b.unfunded).toBe(n.committed - n.called);
        expect(b.unreturnedCapital).toBe(n.contributed - n.returnedCapital);
      }),
    );
  });

  it('ownership at a date ignores later entries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), entry), { maxLength: 30 }),
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), entry), { maxLength: 10 }),
        day,
        (before, later, date) => {
          const group = (list: [string, EntryFacts][]) => {
            const m = new Map<string, EntryFacts[]>();
            for (const [k, e] of list) m.set(k, [...(m.get(k) ?? []), e]);
            return m;
          };
          const plus = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
          const future = later.map(([k, e]) => [k, { ...e, date: plus(date) }] as [string, EntryFacts]);
          expect(ownershipAsOf(group([...before, ...future]), date)).toEqual(ownershipAsOf(group(before), date));
        },
      ),
    );
  });

  it('every valuation and distribution allocation sums exactly to its total', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 11n }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const ownership = new Map(weights.map((w, i) => [`inv-${String(i).padStart(2, '0')}`, w]));
          const parts = allocateByOwnership(total, ownership);
          expect([...parts.values()].reduce((s, v) => s + v, 0n)).toBe(total);
        },
      ),
    );
  });

  it('a valuation is shared by ownership on its own date, not later: the staged close', () => {
    const entries = new Map<string, EntryFacts[]>([
      ['early', [{ kind: 'contribution', cents: 100_000_000n, date: '2024-06-01' }]],
      ['late', [{ kind: 'contribution', cents: 100_000_000n, date: '2025-01-15' }]],
    ]);
    const vals = [{ date: '2024-09-30', cents: 110_000_000n }];
    expect(navShareAsOf('early', entries, vals, '2025-06-30')).toBe(110_000_000n);
    expect(navShareAsOf('late', entries, vals, '2025-06-30')).toBe(100_000_000n);
    expect(navShareAsOf('late', entries, vals, '2024-12-31')).toBe(0n);
  });

  it('a percentage of commitments is exact and half-up', () => {
    expect(percentOf(300_000n, parsePercent('12.5') as bigint)).toBe(37_500n);
    expect(percentOf(1n, parsePercent('50') as bigint)).toBe(1n);
    expect(percentOf(333n, parsePercent('33.3333') as bigint)).toBe(111n);
  });
});

// ---------- The roll-forward (decision 023) ----------

const D = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

describe('the roll-forward: one NAV for every figure', () => {
  it('issue 26 item 1: capital returned by the waterfall is not counted twice', () => {
    // Two investors, 300,000 + 200,000 contributed; no valuation. A 650,000 distribution paid, its
    // waterfall returned all 500,000 of capital: A's line 372,000 of which 300,000 return of capital
    // (A's 60% of 620,000 to investors, by hand; the GP's 30,000 carry is not A's).
    const entries = new Map<string, EntryFacts[]>([
      [
        'A',
        [
          { kind: 'contribution', cents: 30_000_000n, date: '2025-01-10', callId: 'c' },
          { kind: 'distribution', cents: 37_200_000n, date: '2025-06-30', distributionType: 'Income', capitalCents: 30_000_000n },
        ],
      ],
      ['B', [{ kind: 'contribution', cents: 20_000_000n, date: '2025-01-10', callId: 'c' }]],
    ]);
    const f = holdingFigures('A', entries, [], '2025-06-30');
    expect(f.balances.returnedCapital).toBe(30_000_000n);
    expect(f.nav).toBe(0n); // was 300,000: cost without the returned capital
    expect(formatMoic(f.moic)).toBe('1.24x'); // 372,000 / 300,000 = 1.24 exactly (was 2.24x)
    expect(f.gain).toBe(7_200_000n); // 372,000 - 300,000
    // 171 days of history: no annualised IRR; the period return is 72,000 / 300,000 = 24%.
    expect(f.annualised).toBe(false);
    expect(f.irr).toBeNull();
    expect(formatIrr(headlineReturn(f))).toBe('24.0%');
  });

  it('between valuations: last valuation + contributions - distributions paid since', () => {
    // One investor: 100 in, valued 150, then 20 more in and 50 out: 150 + 20 - 50 = 120.
    const entries = new Map<string, EntryFacts[]>([
      [
        'A',
        [
          { kind: 'contribution', cents: 10_000n, date: D(0) },
          { kind: 'contribution', cents: 2_000n, date: D(200) },
          { kind: 'distribution', cents: 5_000n, date: D(300), distributionType: 'Dividend' },
        ],
      ],
    ]);
    const vals = [{ date: D(100), cents: 15_000n }];
    expect(rollForward('A', entries, vals, D(99))).toEqual({ nav: 10_000n, gain: 0n, valued: false });
    expect(rollForward('A', entries, vals, D(100))).toEqual({ nav: 15_000n, gain: 5_000n, valued: true });
    expect(rollForward('A', entries, vals, D(400))).toEqual({ nav: 12_000n, gain: 5_000n, valued: true });
    // A distribution beyond the NAV is a realised gain, the NAV stays at zero.
    const big = new Map(entries);
    big.set('A', [...(entries.get('A') ?? []), { kind: 'distribution', cents: 20_000n, date: D(500), distributionType: 'Capital Gain' }]);
    expect(rollForward('A', big, vals, D(500))).toEqual({ nav: 0n, gain: 13_000n, valued: true });
  });

  it('a year of history gives the annualised IRR; the portfolio follows the same rule', () => {
    const entries = new Map<string, EntryFacts[]>([['A', [{ kind: 'contribution', cents: 100_000n, date: '2024-01-01' }]]]);
    // 2024-01-01 to 2025-01-01 is 366 days; valued 1,100 then: XIRR (Actual/365) 9.97%.
    const vals = [{ date: '2025-01-01', cents: 110_000n }];
    const f = holdingFigures('A', entries, vals, '2025-01-01');
    expect(f.annualised).toBe(true);
    expect(formatIrr(f.irr)).toBe('10.0%');
    expect(portfolioReturn([f], '2025-01-01').annualised).toBe(true);
    const early = holdingFigures('A', entries, vals, '2024-12-30');
    expect(early.annualised).toBe(false);
    expect(portfolioReturn([early], '2024-12-30')).toMatchObject({ annualised: false, irr: null, periodReturn: 0 });
  });

  it('MOIC and returns round half-up from exact values', () => {
    expect(formatMoic(ratio(100_500n, 100_000n))).toBe('1.01x'); // exactly 1.005
    expect(formatMoic(ratio(1_004_999_999n, 1_000_000_000n))).toBe('1.00x'); // just below
    expect(formatMoic(ratio(2_015n, 1_000n))).toBe('2.02x'); // 2.015: toFixed gave 2.01
    expect(formatIrr(ratio(1_645n, 10_000n))).toBe('16.5%'); // exactly 16.45%
    expect(formatIrr(ratio(-1_645n, 10_000n))).toBe('-16.5%');
    expect(formatIrr(ratio(-4n, 100_000n))).toBe('0.0%'); // -0.004%: never '-0.0%'
  });

  // Random histories: two investors, contributions, distributions (part of them capital), their
  // reversals, and valuations, on days 0..99.
  const kindArb = fc.constantFrom('contribution', 'distribution') as fc.Arbitrary<'contribution' | 'distribution'>;
  const flow = fc.record({
    who: fc.constantFrom('A', 'B'),
    kind: kindArb,
    reversal: fc.boolean(),
    cents: fc.bigInt({ min: 1n, max: 1_000_000n }),
    capitalShare: fc.integer({ min: 0, max: 100 }),
    day: fc.integer({ min: 0, max: 99 }),
  });
  const valuation = fc.record({ day: fc.integer({ min: 0, max: 99 }), cents: fc.bigInt({ min: 0n, max: 3_000_000n }) });
  type Flow = { who: string; kind: 'contribution' | 'distribution'; reversal: boolean; cents: bigint; capitalShare: number; day: number };
  const build = (flows: Flow[]) => {
    const m = new Map<string, EntryFacts[]>();
    for (const f of flows) {
      const e: EntryFacts = f.reversal
        ? { kind: 'reversal', reversedKind: f.kind, cents: f.cents, date: D(f.day) }
        : { kind: f.kind, cents: f.cents, date: D(f.day) };
      if (f.kind === 'distribution') {
        e.distributionType = 'Income';
        e.capitalCents = (f.cents * BigInt(f.capitalShare)) / 100n;
      }
      m.set(f.who, [...(m.get(f.who) ?? []), e]);
    }
    return m;
  };

  it('contributed + gains = NAV + distributed for every investor on every date; NAV never negative', () => {
    fc.assert(
      fc.property(fc.array(flow, { maxLength: 25 }), fc.array(valuation, { maxLength: 4 }), (flows, vs) => {
        const entries = build(flows);
        const vals = vs.map((v) => ({ date: D(v.day), cents: v.cents }));
        for (const who of ['A', 'B'])
          for (let day = 0; day < 100; day += 7) {
            const date = D(day);
            const rf = rollForward(who, entries, vals, date);
            const b = balancesAsOf(entries.get(who) ?? [], date);
            expect(b.contributed + rf.gain).toBe(rf.nav + b.distributed);
            expect(rf.nav >= 0n).toBe(true);
            expect(holdingFigures(who, entries, vals, date).nav).toBe(rf.nav);
          }
      }),
    );
  });

  it('matches the closed form (sums only) whenever the NAV never had to stop at zero', () => {
    // The specification written as sums: before any valuation, contributions - returned capital;
    // after one, the investor's share of the last valuation + contributions - distributions since.
    const closed = (who: string, entries: Map<string, EntryFacts[]>, vals: { date: string; cents: bigint }[], date: string) => {
      const last = vals.filter((v) => v.date <= date).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const lastDay = last.at(-1)?.date;
      const v = lastDay ? last.filter((x) => x.date === lastDay).at(-1) : undefined;
      let total = 0n;
      for (const e of entries.get(who) ?? []) {
        if (e.date > date || (v && e.date <= v.date)) continue;
        const kind = e.kind === 'reversal' ? e.reversedKind : e.kind;
        const sign = e.kind === 'reversal' ? -1n : 1n;
        if (kind === 'contribution') total += sign * e.cents;
        if (kind === 'distribution') total -= sign * (v ? e.cents : (e.capitalCents ?? 0n));
      }
      if (!v) return total;
      const own = new Map<string, bigint>();
      for (const [k, list] of entries) {
        const c = list.reduce((s, e) => {
          const kind = e.kind === 'reversal' ? e.reversedKind : e.kind;
          return e.date <= v.date && kind === 'contribution' ? s + (e.kind === 'reversal' ? -e.cents : e.cents) : s;
        }, 0n);
        if (c > 0n) own.set(k, c);
      }
      const share = own.size ? (allocateByOwnership(v.cents, own).get(who) ?? 0n) : 0n;
      return share + total;
    };
    fc.assert(
      fc.property(
        fc.array(flow, { maxLength: 25 }),
        fc.array(valuation, { maxLength: 4 }),
        fc.integer({ min: 0, max: 99 }),
        (flows, vs, end) => {
          const entries = build(flows);
          const vals = vs.map((v) => ({ date: D(v.day), cents: v.cents }));
          for (const who of ['A', 'B']) {
            const days = [...new Set([...(entries.get(who) ?? []).map((e) => e.date), ...vals.map((v) => v.date)])].filter(
              (d) => d <= D(end),
            );
            if (days.some((d) => closed(who, entries, vals, d) < 0n)) continue;
            expect(rollForward(who, entries, vals, D(end)).nav).toBe(closed(who, entries, vals, D(end)));
          }
        },
      ),
    );
  });
});
