/** Exact money arithmetic for the subscription forms: amounts as cents in bigint, never floats. */

/**
 * An amount as typed ('250,000', '$1,000.50') to exact cents, or null when it is not a
 * non-negative amount with at most 2 decimals.
 */
export function parseAmountCents(text: string): bigint | null {
  const clean = text.replace(/[,\s$]/g, '');
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return BigInt(m[1] as string) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** A decimal string from the API ('850000.00') to cents. */
export function decimalToCents(value: string): bigint {
  const [whole = '0', frac = ''] = value.split('.');
  const negative = whole.startsWith('-');
  const cents = BigInt(whole.replace('-', '') || '0') * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2) || '0');
  return negative ? -cents : cents;
}

/** Cents back to the API's decimal form ('250000.50'). */
export function centsToDecimal(cents: bigint): string {
  const whole = cents / 100n;
  const frac = cents % 100n;
  return frac === 0n ? whole.toString() : `${whole}.${frac.toString().padStart(2, '0')}`;
}
