import { describe, expect, it } from 'vitest';
import { valueTicks } from './value-ticks';

const labels = (values: string[]) => valueTicks(values).map((t) => t.cents);

describe('the value axis ticks', () => {
  it('are round amounts in cents from 0 up to the highest value', () => {
    expect(labels(['1000000', '1076000.50'])).toEqual([0n, 50_000_000n, 100_000_000n, 150_000_000n]);
    expect(labels(['2675000'])).toEqual([0n, 100_000_000n, 200_000_000n, 300_000_000n]);
    expect(labels(['400'])).toEqual([0n, 10_000n, 20_000n, 30_000n, 40_000n]);
  });
  it('stay exact where a float would not (0.1 + 0.2)', () => {
    const ticks = valueTicks(['0.30']);
    expect(ticks.map((t) => t.cents)).toEqual([0n, 10n, 20n, 30n]);
    expect(ticks.map((t) => t.at)).toEqual([0, 0.1, 0.2, 0.3]);
  });
  it('give one tick at zero when there is no value above zero', () => {
    expect(labels([])).toEqual([0n]);
    expect(labels(['0.00'])).toEqual([0n]);
  });
});
