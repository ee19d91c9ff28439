/**
 * Splits a distribution among holders pro rata to their completed subscriptions, to the
 * cent. Each holder first gets the floor of their exact share; the cents left over go one
 * each to the largest fractional remainders, ties broken by investor id, so the result is
 * deterministic and always sums exactly to the total.
 *
 * This is the whole allocation policy in one place: a full waterfall (preferred return,
 * catch-up, carried interest) replaces this function.
 */
export interface Holder {
  investorId: string;
  /** Completed subscription amount, in cents. */
  cents: bigint;
}

export function allocateProRata(totalCents: bigint, holders: Holder[]): Map<string, bigint> {
  const base = holders.reduce((s, h) => s + h.cents, 0n);
  if (totalCents < 0n) throw new Error('total must not be negative');
  if (holders.length === 0 || base <= 0n) throw new Error('no holders to allocate to');
  const shares = holders.map((h) => {
    const exact = totalCents * h.cents;
    return { investorId: h.investorId, cents: exact / base, remainder: exact % base };
  });
  let left = totalCents - shares.reduce((s, x) => s + x.cents, 0n);
  const order = [...shares].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.investorId < b.investorId ? -1 : 1,
  );
  for (const s of order) {
    if (left === 0n) break;
    s.cents += 1n;
    left -= 1n;
  }
  return new Map(shares.map((s) => [s.investorId, s.cents]));
}

/** '1234.5' -> 123450n cents (exact; the input is a validated decimal string). */
export function toCents(amount: string): bigint {
  const [whole, frac = ''] = amount.split('.');
  return BigInt(whole ?? '0') * 100n + BigInt(`${frac}00`.slice(0, 2));
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
