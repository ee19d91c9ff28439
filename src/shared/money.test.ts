import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateLargestRemainder,
  formatIrr,
  formatUsdCompact,
  formatUsdExact,
  formatUsdWhole,
  fromCents,
  parseAmountInput,
  sumAmounts,
  toCents,
} from './money.ts';

const cents = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });

describe('money: decimal strings and cents', () => {
  it('round-trips any amount exactly', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(toCents(fromCents(c))).toBe(c);
      }),
    );
  });
  it('sums decimal strings without float error', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['62048.17', '98458.81', '17791.52'])).toBe('178298.50');
    expect(formatUsdWhole(toCents(sumAmounts(['62048.17', '98458.81', '17791.52'])))).toBe('$178,299');
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '1e6', '1,5']) expect(() => toCents(bad)).toThrow();
  });
});

describe('money: largest-remainder allocation', () => {
  it('splits 100.00 over three equal holders to 33.34 / 33.33 / 33.33', () => {
    const out = allocateLargestRemainder(10_000n, [
      { key: 'a', weight: 1n },
      { key: 'b', weight: 1n },
      { key: 'c', weight: 1n },
    ]);
    expect([...out.values()]).toEqual([3334n, 3333n, 3333n]);
  });
  it('always sums exactly to the total and every part is within a cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 11n }), { minLength: 1, maxLength: 25 }),
        (total, weights) => {
          fc.pre(weights.some((w) => w > 0n));
          const ws = weights.map((weight, i) => ({ key: `k${String(i).padStart(2, '0')}`, weight }));
          const out = allocateLargestRemainder(total, ws);
          expect([...out.values()].reduce((s, v) => s + v, 0n)).toBe(total);
          const base = weights.reduce((s, w) => s + w, 0n);
          for (const w of ws) {
            const part = out.get(w.key) as bigint;
            const floor = (total * w.weight) / base;
            expect(part === floor || part === floor + 1n).toBe(true);
            if (w.weight === 0n) expect(part).toBe(0n);
          }
        },
      ),
    );
  });
});

describe('money: formatting', () => {
  it('formats exact USD to the cent', () => {
    expect(formatUsdExact('1234.5')).toBe('$1,234.50');
    expect(formatUsdExact(-307n)).toBe('-$3.07');
    expect(formatUsdExact('0')).toBe('$0.00');
  });
  it('formats compact amounts half-up, never $1000K', () => {
    expect(formatUsdCompact('2675000')).toBe('$2.68M');
    expect(formatUsdCompact('999999.99')).toBe('$1.00M');
    expect(formatUsdCompact('1000000')).toBe('$1.00M');
    expect(formatUsdCompact('1250000')).toBe('$1.25M');
    expect(formatUsdCompact('12500')).toBe('$12.5K');
    expect(formatUsdCompact('999.49')).toBe('$999');
    expect(formatUsdCompact('999.5')).toBe('$1.0K');
    expect(formatUsdCompact('5000000000')).toBe('$5.00B');
  });
  it('never prints 1000 of a unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 16n }), (c) => {
        expect(formatUsdCompact(c)).not.toMatch(/\$1,?000(\.0+)?[KMB]/);
      }),
    );
  });
  it('bounds extreme IRRs', () => {
    expect(formatIrr(8.312096972395258e33)).toBe('> 1,000%');
    expect(formatIrr(-0.99999)).toBe('< -99.99%');
    expect(formatIrr(0.164)).toBe('16.4%');
    expect(formatIrr(10)).toBe('1000.0%');
  });
});

describe('money: parsing input', () => {
  it('accepts plain, decimal and thousands-separated amounts', () => {
    expect(parseAmountInput('1500')).toEqual({ ok: true, cents: 150_000n, value: '1500' });
    expect(parseAmountInput('1500.50')).toEqual({ ok: true, cents: 150_050n, value: '1500.50' });
    expect(parseAmountInput('1,500.50')).toEqual({ ok: true, cents: 150_050n, value: '1500.50' });
    expect(parseAmountInput('$1,250,000')).toMatchObject({ ok: true, cents: 125_000_000n });
  });
  it('refuses a comma that is not a thousands separator, with a message', () => {
    for (const bad of ['1,50', '43750,50', '1,5000', ',500', '1,500,00']) {
      const r = parseAmountInput(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/comma/);
    }
  });
  it('parses what it formats', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), (c) => {
        const r = parseAmountInput(formatUsdExact(c));
        expect(r.ok && r.cents).toBe(c);
      }),
    );
  });
});
