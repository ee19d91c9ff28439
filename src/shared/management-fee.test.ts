import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentInput } from './deal-terms.ts';
import { computeManagementFee, managementFeeInput, periodDays } from './management-fee.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe('management fee: rate x basis x days / 365, to the cent', () => {
  it('counts both ends of the period', () => {
    expect(periodDays('2025-01-01', '2025-12-31')).toBe(365);
    expect(periodDays('2024-01-01', '2024-12-31')).toBe(366);
    expect(periodDays('2025-01-01', '2025-03-31')).toBe(90);
    expect(periodDays('2025-03-01', '2025-03-01')).toBe(1);
  });

  it('a year of 2% on 1,000,000.00 is 20,000.00; a quarter of 2% on 100,000.00 is 493.15', () => {
    const year = computeManagementFee('2', [{ investorId: A, date: '2024-06-01', cents: 100_000_000n }], '2025-01-01', '2025-12-31');
    expect(year).toMatchObject({ days: 365, total: 2_000_000n });
    expect(year.lines.map((l) => l.fee)).toEqual([2_000_000n]);
    // 100,000 x 0.02 x 90 / 365 = 493.1506... -> 493.15
    const q = computeManagementFee('2', [{ investorId: A, date: '2025-01-01', cents: 10_000_000n }], '2025-01-01', '2025-03-31');
    expect(q.total).toBe(49_315n);
  });

  it('a basis that changes inside the period counts day by day; later and earlier movements are placed right', () => {
    const c = computeManagementFee(
      '2',
      [
        { investorId: A, date: '2024-12-01', cents: 10_000_000n },
        // From day 46 of 90 (2025-02-15): twice the basis for 45 days.
        { investorId: A, date: '2025-02-15', cents: 10_000_000n },
        // After the period: ignored.
        { investorId: A, date: '2025-04-01', cents: 50_000_000n },
        // Committed and reversed before the period: nothing.
        { investorId: B, date: '2024-01-01', cents: 5_000_000n },
        { investorId: B, date: '2024-02-01', cents: -5_000_000n },
      ],
      '2025-01-01',
      '2025-03-31',
    );
    // (100,000 x 90 + 100,000 x 45) x 0.02 / 365 = 739.726... -> 739.73
    expect(c.total).toBe(73_973n);
    expect(c.lines.map((l) => [l.investorId, l.fee, l.averageBasis])).toEqual([[A, 73_973n, 15_000_000n]]);
  });

  it('splits the rounded total by largest remainder: three equal investors, 1.00 in all', () => {
    // Each: 100.00 x 1% x 122 / 365 = 0.3342...; total 1.0027 -> 1.00; floors 0.33 x 3, the leftover cent to the first id.
    const c = computeManagementFee(
      '1',
      [C, A, B].map((id) => ({ investorId: id, date: '2025-01-01', cents: 10_000n })),
      '2025-01-01',
      '2025-05-02',
    );
    expect(c.days).toBe(122);
    expect(c.total).toBe(100n);
    expect(c.lines.map((l) => [l.investorId, l.fee])).toEqual([
      [A, 34n],
      [B, 33n],
      [C, 33n],
    ]);
  });

  it('property: lines add up to the total, each under a cent from its share of it, independent of input order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            who: fc.constantFrom(A, B, C),
            day: fc.integer({ min: 0, max: 400 }),
            cents: fc.bigInt({ min: 1n, max: 10n ** 11n }),
          }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 366 }),
        fc.constantFrom('0.5', '1', '1.75', '2', '2.5', '12.3456'),
        (moves, startDay, length, rate) => {
          const iso = (d: number) => new Date(Date.UTC(2024, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
          const movements = moves.map((m) => ({ investorId: m.who, date: iso(m.day), cents: m.cents }));
          const from = iso(startDay);
          const to = iso(startDay + length - 1);
          const c = computeManagementFee(rate, movements, from, to);
          const sum = c.lines.reduce((s, l) => s + l.fee, 0n);
          const sumDays = c.lines.reduce((s, l) => s + l.basisDays, 0n);
          expect(sum).toBe(c.total);
          const [w, f = ''] = rate.split('.');
          const units = BigInt(w as string) * 10_000n + BigInt(`${f}0000`.slice(0, 4));
          for (const l of c.lines) {
            // exact fee in cents = units x basisDays / (1e6 x 365); |fee - exact| < 1.5 cents
            // (under a cent from its share of the rounded total, which is within half a cent of the exact total).
            const den = 1_000_000n * 365n;
            const diff = 2n * (l.fee * den - units * l.basisDays);
            expect(diff < 3n * den && diff > -3n * den).toBe(true);
            const share = (c.total * l.basisDays * 1_000n) / sumDays;
            expect(l.fee * 1_000n - share < 1_000n && share - l.fee * 1_000n < 1_000n).toBe(true);
          }
          const reversed = computeManagementFee(rate, [...movements].reverse(), from, to);
          expect(reversed.lines.map((l) => [l.investorId, l.fee])).toEqual(c.lines.map((l) => [l.investorId, l.fee]));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('validates the period with field messages', () => {
    const bad = (v: unknown, field: string) => {
      const r = managementFeeInput.safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(field);
    };
    bad({ from: '2025-04-01', to: '2025-03-31' }, 'to');
    bad({ from: '2025-02-30', to: '2025-03-31' }, 'from');
    bad({ from: '2024-01-01', to: '2025-03-31' }, 'to');
    bad({ from: '2025-01-01', to: '2025-03-31', dueDate: '2024-12-31' }, 'dueDate');
    // Unknown fields are dropped, never used.
    expect(managementFeeInput.parse({ from: '2025-01-01', to: '2025-03-31', total: '5' })).toEqual({
      from: '2025-01-01',
      to: '2025-03-31',
    });
  });
});

describe('every rate the deal terms accept (issue 26: 1.125% answered 500)', () => {
  it('1.125% by hand: 400,000 x 1.125% x 90/365 = 405,000 / 365 = 1,109.5890.. -> 1,109.59', () => {
    const c = computeManagementFee('1.125', [{ investorId: A, date: '2024-01-01', cents: 400_000_00n }], '2025-01-01', '2025-03-31');
    expect(c.total).toBe(1_109_59n);
  });

  it('any percentage the terms accept (0 to 100, up to 4 decimals) computes, equal to an exact half-up reference', () => {
    const rateArb = fc
      .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 4 }))
      .map(([w, f, n]) => (n === 0 || w === 100 ? String(w) : `${w}.${String(f).padStart(4, '0').slice(0, n)}`));
    fc.assert(
      fc.property(rateArb, fc.integer({ min: 1, max: 10_000_000_00 }), fc.integer({ min: 1, max: 366 }), (rate, basis, days) => {
        // The terms accept it (the same schema the deal terms use).
        expect(percentInput('Management fee').safeParse(rate).success).toBe(true);
        const to = new Date(Date.UTC(2025, 0, days)).toISOString().slice(0, 10);
        const c = computeManagementFee(rate, [{ investorId: A, date: '2024-01-01', cents: BigInt(basis) }], '2025-01-01', to);
        // Reference: rate as an exact fraction num / den, total = basis x rate/100 x days / 365, half-up.
        const [w = '0', f = ''] = rate.split('.');
        const num = BigInt(w + f);
        const den = 100n * 10n ** BigInt(f.length) * 365n;
        const exact = BigInt(basis) * num * BigInt(days);
        expect(c.total).toBe((2n * exact + den) / (2n * den));
      }),
      { numRuns: 300 },
    );
  });
});
