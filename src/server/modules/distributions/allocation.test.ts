import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateProRata, fromCents, toCents } from './allocation.ts';

describe('allocateProRata', () => {
  it('splits 100.00 over three equal holders exactly, remainder deterministic', () => {
    const out = allocateProRata(toCents('100.00'), [
      { investorId: 'c', cents: 100n },
      { investorId: 'a', cents: 100n },
      { investorId: 'b', cents: 100n },
    ]);
    expect([...out.entries()].sort()).toEqual([
      ['a', 3334n],
      ['b', 3333n],
      ['c', 3333n],
    ]);
  });

  it('is pro rata and sums to the total for any amounts', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 11n }), { minLength: 1, maxLength: 20 }),
        (total, amounts) => {
          const holders = amounts.map((cents, i) => ({ investorId: `inv-${String(i).padStart(2, '0')}`, cents }));
          const out = allocateProRata(total, holders);
          const sum = [...out.values()].reduce((s, v) => s + v, 0n);
          expect(sum).toBe(total);
          const base = amounts.reduce((s, v) => s + v, 0n);
          for (const h of holders) {
            const exactFloor = (total * h.cents) / base;
            const got = out.get(h.investorId) as bigint;
            expect(got === exactFloor || got === exactFloor + 1n).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('converts amounts to and from cents exactly', () => {
    expect(toCents('0.1')).toBe(10n);
    expect(toCents('1234.56')).toBe(123456n);
    expect(toCents('7')).toBe(700n);
    expect(fromCents(3334n)).toBe('33.34');
    expect(fromCents(5n)).toBe('0.05');
  });

  it('refuses an allocation without holders', () => {
    expect(() => allocateProRata(100n, [])).toThrow();
  });
});
