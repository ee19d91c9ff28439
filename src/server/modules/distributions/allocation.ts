/**
 * Splits a distribution among holders, to the cent. This is the whole per-investor split
 * policy in one place: today pro rata to each holder's contributed capital as of the record
 * date (largest remainder, ties by investor id, so the parts always sum to the total); a full
 * waterfall (preferred return, catch-up, carried interest) replaces this one function.
 */
import { allocateLargestRemainder } from '../../../shared/money.ts';

export { fromCents, toCents } from '../../../shared/money.ts';

export interface Holder {
  investorId: string;
  /** The holder's basis (contributed capital as of the record date), in cents. */
  cents: bigint;
}

export function allocateProRata(totalCents: bigint, holders: Holder[]): Map<string, bigint> {
  if (totalCents < 0n) throw new Error('total must not be negative');
  if (holders.length === 0 || holders.reduce((s, h) => s + h.cents, 0n) <= 0n) throw new Error('no holders to allocate to');
  return allocateLargestRemainder(
    totalCents,
    holders.map((h) => ({ key: h.investorId, weight: h.cents })),
  );
}
