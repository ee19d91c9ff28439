import { z } from 'zod';
import { parseAmountInput } from './money.ts';

/** Non-negative decimal with at most 2 decimals, as an exact string (never a float). */
export const moneyInput = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NaN';
      if (typeof v !== 'string') return v;
      // '1500', '1500.50' and '1,500.50' (commas only as thousands separators) via the money module.
      const parsed = parseAmountInput(v);
      return parsed.ok ? parsed.value : v.trim();
    },
    z
      .string()
      .refine((v) => !v.includes(','), `${label}: use a comma only between groups of three digits (1,500.50); use a point for cents`)
      .refine((v) => v.includes(',') || /^\d{1,13}(\.\d{1,2})?$/.test(v), `${label} must be a non-negative amount with at most 2 decimals`),
  );
