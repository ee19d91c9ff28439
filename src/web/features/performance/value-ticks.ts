import { type Cents, toCents } from '../../../shared/money';

export interface ValueTick {
  /** The tick's exact amount, in cents (what the label shows). */
  cents: Cents;
  /** Its coordinate on the axis (dollars as a number: only the plot position is a float). */
  at: number;
}

/**
 * The value axis's ticks, from 0 to a round amount at or above the highest value, computed on
 * cents (decimal strings in): steps of 1, 2, 2.5 or 5 times a power of ten, about `count` ticks.
 * The labels come from the exact cents, never from a float of money.
 */
export function valueTicks(values: readonly string[], count = 5): ValueTick[] {
  let max = 0n;
  for (const v of values) {
    const c = toCents(v);
    if (c > max) max = c;
  }
  if (max === 0n) return [{ cents: 0n, at: 0 }];
  const intervals = BigInt(Math.max(1, count - 1));
  const raw = (max + intervals - 1n) / intervals;
  let magnitude = 1n;
  while (magnitude * 10n <= raw) magnitude *= 10n;
  const candidates = [magnitude, 2n * magnitude, ...(magnitude >= 10n ? [(5n * magnitude) / 2n] : []), 5n * magnitude, 10n * magnitude];
  const step = candidates.find((c) => c >= raw) ?? 10n * magnitude;
  const ticks: ValueTick[] = [];
  for (let c = 0n; ; c += step) {
    ticks.push({ cents: c, at: Number(c) / 100 });
    if (c >= max) break;
  }
  return ticks;
}
