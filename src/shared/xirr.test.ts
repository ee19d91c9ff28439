import { describe, expect, it } from 'vitest';
import { xirr, xirrNewton } from './xirr.ts';

describe('xirr (Actual/365)', () => {
  it('matches known values', () => {
    expect(
      xirr([
        { date: '2023-01-01', amount: -1000 },
        { date: '2024-01-01', amount: 1100 },
      ])?.toFixed(4),
    ).toBe('0.1000');
    // 2024 is a leap year: 366 days on Actual/365 gives 9.97%.
    expect(
      xirr([
        { date: '2024-01-01', amount: -1000 },
        { date: '2025-01-01', amount: 1100 },
      ])?.toFixed(4),
    ).toBe('0.0997');
  });

  it('falls back to bracketing when Newton from 10% fails', () => {
    // Half the money lost within a month: Newton from 0.1 jumps below -100% and gives up.
    const flows = [
      { date: '2024-01-01', amount: -1000 },
      { date: '2024-01-31', amount: 500 },
    ];
    expect(xirrNewton(flows, 0.1)).toBeNull();
    const r = xirr(flows) as number;
    expect(r).toBeGreaterThan(-1);
    expect(r).toBeLessThan(-0.99);
    // The NPV at the found rate is ~0.
    expect(-1000 + 500 / (1 + r) ** (30 / 365)).toBeCloseTo(0, 3);
  });

  it('handles very high returns and multiple flows', () => {
    const r = xirr([
      { date: '2024-01-01', amount: -100 },
      { date: '2024-02-01', amount: 500 },
    ]);
    expect(r as number).toBeGreaterThan(100);
    const multi = xirr([
      { date: '2020-01-01', amount: -1000 },
      { date: '2021-01-01', amount: 100 },
      { date: '2022-01-01', amount: 100 },
      { date: '2023-01-01', amount: 1100 },
    ]);
    expect(multi as number).toBeCloseTo(0.1, 2);
  });

  it('is null without a sign change or with a single flow', () => {
    expect(xirr([{ date: '2024-01-01', amount: -1 }])).toBeNull();
    expect(
      xirr([
        { date: '2024-01-01', amount: -1 },
        { date: '2025-01-01', amount: -2 },
      ]),
    ).toBeNull();
  });
});
