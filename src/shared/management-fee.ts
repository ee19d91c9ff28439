import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import { dayNumber } from './dates.ts';
import { type FEE_BASES, FEE_BASIS_LABEL, FEE_METHOD_LABEL, type FEE_METHODS, percentUnits } from './deal-terms.ts';
import { allocateLargestRemainder } from './money.ts';

/**
 * Management fees (decision 009, "Management fee"): `rate x basis x days / 365`, exactly.
 *
 * The basis (an investor's commitment or contributed capital) may change inside the period (a
 * later close, a call paid mid-quarter), so the fee is `rate / 365 x` the sum over every day of
 * the period (both ends included) of the investor's basis that day: with a basis that does not
 * change this is exactly `rate x basis x days / 365`.
 *
 * Rounding: the deal's total is the exact sum of every investor's exact fee, rounded half-up to
 * the cent; it is split among the investors in proportion to their exact fees, floors first and
 * the leftover cents to the largest remainders (ties by investor id), so the lines always add up
 * to the total, each line is under a cent from its share of the total, and under 1.5 cents from
 * its own exact fee.
 */

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

export interface BasisMovement {
  investorId: string;
  /** The day from which the change counts (YYYY-MM-DD). */
  date: string;
  /** Signed change of the basis, in cents. */
  cents: bigint;
}

export interface FeeLine {
  investorId: string;
  /** The investor's basis-days (sum over the period's days of their basis in cents). */
  basisDays: bigint;
  /** Average basis over the period, in cents (rounded half-up), for display. */
  averageBasis: bigint;
  fee: bigint;
}

export interface FeeComputation {
  days: number;
  total: bigint;
  lines: FeeLine[];
}

/**
 * Computes each investor's management fee for the period `from`..`to` (both included).
 * `ratePct` is an annual percentage ("2" = 2% a year); movements are every change of the basis
 * (those dated before `from` make the opening basis; those after `to` are ignored).
 */
export function computeManagementFee(ratePct: string, movements: BasisMovement[], from: string, to: string): FeeComputation {
  const units = percentUnits(ratePct); // rate = units / 1e6
  if (units < 0n) throw new Error(`bad rate ${ratePct}`);
  const days = periodDays(from, to);
  if (days < 1) throw new Error('the period ends before it starts');
  const start = dayNumber(from);
  const end = dayNumber(to);
  const byInvestor = new Map<string, { day: number; cents: bigint }[]>();
  for (const m of movements) {
    const list = byInvestor.get(m.investorId) ?? [];
    list.push({ day: dayNumber(m.date), cents: m.cents });
    byInvestor.set(m.investorId, list);
  }
  const lines: FeeLine[] = [];
  for (const [investorId, list] of byInvestor) {
    // Basis-days: each movement counts for the days from max(its day, start) to end.
    let basisDays = 0n;
    for (const m of list) {
      if (m.day > end) continue;
      const first = Math.max(m.day, start);
      basisDays += m.cents * BigInt(end - first + 1);
    }
    if (basisDays <= 0n) continue;
    lines.push({ investorId, basisDays, averageBasis: (basisDays * 2n + BigInt(days)) / (2n * BigInt(days)), fee: 0n });
  }
  lines.sort((a, b) => (a.investorId < b.investorId ? -1 : a.investorId > b.investorId ? 1 : 0));
  const sum = lines.reduce((s, l) => s + l.basisDays, 0n);
  // total = units / 1e6 x sum / 365, half-up.
  const den = 1_000_000n * 365n;
  const total = (units * sum * 2n + den) / (2n * den);
  if (total > 0n && lines.length > 0) {
    const parts = allocateLargestRemainder(
      total,
      lines.map((l) => ({ key: l.investorId, weight: l.basisDays })),
    );
    for (const l of lines) l.fee = parts.get(l.investorId) ?? 0n;
  }
  return { days, total, lines };
}

/** Charging a management fee for a period. The due date applies to a fee charged by capital call. */
export const managementFeeInput = z
  .object({
    from: isoDate('Enter the first day of the period'),
    to: isoDate('Enter the last day of the period'),
    dueDate: isoDate('Enter a valid due date').optional(),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The period cannot end before it starts' })
  .refine((v) => periodDays(v.from, v.to) <= 366, { path: ['to'], message: 'Charge at most one year at a time' })
  .refine((v) => v.dueDate === undefined || v.dueDate >= v.from, {
    path: ['dueDate'],
    message: 'The due date cannot be before the period starts',
  });
export type ManagementFeeInput = z.output<typeof managementFeeInput>;

export interface ManagementFeePreview {
  dealId: string;
  dealTitle: string;
  from: string;
  to: string;
  days: number;
  rate: string;
  basis: (typeof FEE_BASES)[number];
  method: (typeof FEE_METHODS)[number];
  /** "2% a year on commitments, charged through a capital call". */
  description: string;
  total: string;
  investors: { investorId: string; investorName: string; averageBasis: string; fee: string }[];
}

export interface ManagementFeeCharge {
  id: string;
  from: string;
  to: string;
  days: number;
  rate: string;
  basis: (typeof FEE_BASES)[number];
  method: (typeof FEE_METHODS)[number];
  total: string;
  callId: string | null;
  createdAt: string;
  createdByName: string | null;
}

export interface ManagementFeeData {
  /** The fee in the deal's current terms, or null (no management fee). */
  fee: { rate: string; basis: (typeof FEE_BASES)[number]; method: (typeof FEE_METHODS)[number]; description: string } | null;
  charges: ManagementFeeCharge[];
  /** Fees accrued and not yet deducted from a distribution, per investor (method 'deducted'). */
  outstanding: { investorId: string; investorName: string; amount: string }[];
}

export function describeManagementFee(f: { rate: string; basis: (typeof FEE_BASES)[number]; method: (typeof FEE_METHODS)[number] }) {
  return `${f.rate}% a year ${FEE_BASIS_LABEL[f.basis]}, ${FEE_METHOD_LABEL[f.method]}`;
}
