/** Amount helpers of the subscription forms, on the one money module (exact cents, never floats). */
import { centsToInput, parseAmountInput, toCents } from '../../../shared/money';

/**
 * An amount as typed ('250,000', '$1,000.50') to exact cents, or null when it is not a
 * non-negative amount with at most 2 decimals (or uses a comma that is not a thousands separator).
 */
export function parseAmountCents(text: string): bigint | null {
  const r = parseAmountInput(text);
  return r.ok ? r.cents : null;
}

/** A decimal string from the API ('850000.00') to cents. */
export function decimalToCents(value: string): bigint {
  return toCents(value);
}

/** Cents back to the API's decimal form ('250000.50'). */
export const centsToDecimal = centsToInput;
