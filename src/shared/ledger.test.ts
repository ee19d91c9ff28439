import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByOwnership, balancesAsOf, type EntryFacts, navShareAsOf, ownershipAsOf, percentOf, RETURN_OF_CAPITAL } from './ledger.ts';
import { parsePercent } from './money.ts';

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
