/**
 * Who owns how much of a deal when investors come in at different closes (issue 29 part 1,
 * decision 040). Pure code; money is bigint cents.
 *
 * Three methods, chosen per deal in its terms:
 * - `contributions` (the default, what the product always did): a valuation is split by
 *   contributed capital on its date; a later closer who comes in at cost shares the gain earned
 *   before they arrived.
 * - `equalisation` (the common private-fund method, e.g. ILPA / BVCA model LPA "equalisation
 *   interest"): a later closer pays their share of every earlier call plus interest at the terms'
 *   rate (simple, Actual/365) from each earlier call's value date to the later close; the interest
 *   goes to the earlier investors as income (not a return of capital, not out of the deal's
 *   assets). From then on ownership is pro rata to contributed capital, which equals commitments
 *   once the catch-up is paid: as if everybody had been in from the first close.
 * - `units` (the SPV / open-ended method): each contribution buys units at the unit price of the
 *   latest valuation before its value date (1.00 before any valuation); ownership is units.
 */
import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import { dayNumber } from './dates.ts';
import { allocateLargestRemainder, divRound } from './money.ts';

export const OWNERSHIP_METHODS = ['contributions', 'equalisation', 'units'] as const;
export type OwnershipMethod = (typeof OWNERSHIP_METHODS)[number];

/** The distribution type of the equalisation interest paid to earlier investors (income, never capital). */
export const EQUALISATION = 'Equalisation';

export interface OwnershipTerms {
  method: OwnershipMethod;
  /** Percent a year ('8' = 8%), simple interest on Actual/365; set for equalisation only. */
  equalisationRate: string | null;
}

export const DEFAULT_OWNERSHIP: OwnershipTerms = { method: 'contributions', equalisationRate: null };

const RATE = /^\d{1,3}(\.\d{1,4})?$/;

/** '8.25' -> 82_500n (ten-thousandths of a percent: rate = units / 1_000_000); -1n when not such a percentage. */
export function rateUnits(pct: string): bigint {
  if (!RATE.test(pct)) return -1n;
  const [w = '0', f = ''] = pct.split('.');
  return BigInt(w) * 10_000n + BigInt(`${f}0000`.slice(0, 4));
}

/** The terms' ownership group (its own sub-schema, so the deal-terms schema takes it as one field). */
export const ownershipTermsInput = z
  .object({
    method: z.enum(OWNERSHIP_METHODS, { error: 'Choose how later closes share the deal' }),
    equalisationRate: z.preprocess(
      (v) =>
        v === '' || v === null || v === undefined
          ? null
          : typeof v === 'number'
            ? String(v)
            : typeof v === 'string'
              ? v.replace(/[%\s]/g, '')
              : v,
      z.string().nullable(),
    ),
  })
  .superRefine((t, ctx) => {
    if (t.method !== 'equalisation') return;
    const path = ['equalisationRate'];
    if (t.equalisationRate === null) ctx.addIssue({ code: 'custom', path, message: 'Enter the equalisation rate, such as 8' });
    else if (!RATE.test(t.equalisationRate))
      ctx.addIssue({ code: 'custom', path, message: 'The equalisation rate must be a percentage such as 8 or 7.5 (at most 4 decimals)' });
    else if (rateUnits(t.equalisationRate) <= 0n || rateUnits(t.equalisationRate) > 1_000_000n)
      ctx.addIssue({ code: 'custom', path, message: 'The equalisation rate must be above 0% and at most 100%' });
  })
  .transform((t): OwnershipTerms => ({ method: t.method, equalisationRate: t.method === 'equalisation' ? t.equalisationRate : null }));

// ---------- Equalisation ----------

export interface EqualisationInvestor {
  investorId: string;
  /** The day of the investor's first commitment in the deal: their close. */
  closeDate: string;
  /** Commitment on the later close's date, cents. */
  committed: bigint;
  /** Contributions (net of reversals) by value date, cents. */
  contributions: { date: string; cents: bigint }[];
}

export interface EqualisationPlan {
  closeDate: string;
  /** Percent a year. */
  rate: string;
  /** Later closers: their share of the earlier calls (what they must have contributed) and the interest they pay. */
  payers: { investorId: string; catchUp: bigint; interest: bigint }[];
  /** Earlier investors: the interest they receive (the payers' total, by capital-days advanced). */
  receivers: { investorId: string; interest: bigint }[];
  total: bigint;
  /** The earlier calls' value dates and amounts the interest runs on (earlier investors' contributions). */
  earlierCalls: { date: string; cents: bigint; days: number }[];
}

/**
 * The equalisation of one later close. An earlier call is what the earlier investors contributed
 * on a value date before the close; a later closer's share of it is that amount x their commitment
 * / the earlier investors' commitments. Interest on a share runs from the call's value date to the
 * close at `rate` simple on Actual/365:
 *   interest(L) = C_L x rate x SUM_d(E_d x days_d) / (C_early x 365), half-up to the cent once.
 * The total goes to the earlier investors pro rata to the capital-days each advanced
 * (SUM_d c_i,d x days_d), by largest remainder, so the parts add up to the total exactly.
 */
export function equalisationPlan(closeDate: string, rate: string, investors: EqualisationInvestor[]): EqualisationPlan {
  const units = rateUnits(rate);
  const earlier = investors.filter((i) => i.closeDate < closeDate);
  const later = investors.filter((i) => i.closeDate === closeDate);
  const byDate = new Map<string, bigint>();
  const capitalDays = new Map<string, bigint>();
  for (const inv of earlier) {
    let w = 0n;
    for (const c of inv.contributions) {
      if (c.date >= closeDate) continue;
      const days = BigInt(dayNumber(closeDate) - dayNumber(c.date));
      byDate.set(c.date, (byDate.get(c.date) ?? 0n) + c.cents);
      w += c.cents * days;
    }
    if (w > 0n) capitalDays.set(inv.investorId, w);
  }
  const earlierCalls = [...byDate.entries()]
    .filter(([, cents]) => cents > 0n)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, cents]) => ({ date, cents, days: dayNumber(closeDate) - dayNumber(date) }));
  const called = earlierCalls.reduce((s, c) => s + c.cents, 0n);
  const centDays = earlierCalls.reduce((s, c) => s + c.cents * BigInt(c.days), 0n);
  const earlyCommitted = earlier.reduce((s, i) => s + i.committed, 0n);
  const payers =
    earlyCommitted <= 0n || units <= 0n
      ? []
      : later.map((l) => ({
          investorId: l.investorId,
          catchUp: divRound(called * l.committed, earlyCommitted),
          interest: divRound(l.committed * units * centDays, earlyCommitted * 1_000_000n * 365n),
        }));
  const total = payers.reduce((s, p) => s + p.interest, 0n);
  const weights = [...capitalDays.entries()].map(([key, weight]) => ({ key, weight }));
  const split = total > 0n && weights.length > 0 ? allocateLargestRemainder(total, weights) : new Map<string, bigint>();
  const receivers = [...split.entries()].filter(([, c]) => c > 0n).map(([investorId, interest]) => ({ investorId, interest }));
  return { closeDate, rate, payers: payers.filter((p) => p.interest > 0n), receivers, total, earlierCalls };
}

/** GET /api/deals/:id/equalisation: the plan of one close (the latest later close when none is asked). */
export const equalisationQuery = z.object({ closeDate: isoDate('Choose a close').optional() });

/** POST /api/deals/:id/equalisation: charge it; the payment date defaults to the close. */
export const equalisationInput = z
  .object({ closeDate: isoDate('Choose a close'), paymentDate: isoDate('Payment date is required').optional() })
  .refine((v) => !v.paymentDate || v.paymentDate >= v.closeDate, {
    path: ['paymentDate'],
    message: 'The payment date cannot be before the close',
  });

/** What the admin screen shows of an equalisation: money as decimal strings. */
export interface EqualisationPreview {
  dealId: string;
  rate: string;
  /** The deal's later closes (every close after the first), oldest first. */
  closes: string[];
  closeDate: string;
  payers: { investorId: string; investorName: string; catchUp: string; interest: string }[];
  receivers: { investorId: string; investorName: string; interest: string }[];
  earlierCalls: { date: string; amount: string; days: number }[];
  total: string;
  /** Set once charged: when and on which payment date. */
  charged: { paymentDate: string; createdAt: string } | null;
}

// ---------- Units at NAV ----------

/** Units are counted in millionths (6 decimals); the first unit price is 1.00. */
export const UNIT_SCALE = 1_000_000n;
/** Millionths of a unit bought by one cent at 1.00 a unit. */
const MICRO_PER_CENT_AT_PAR = UNIT_SCALE / 100n;

export interface UnitContribution {
  investorId: string;
  date: string;
  /** Positive for a contribution, negative for its reversal. */
  cents: bigint;
}

export interface UnitPurchase extends UnitContribution {
  /** Millionths of a unit (negative for a reversal). */
  units: bigint;
  /** The unit price paid: cents of the valuation over the units then outstanding (null: par 1.00). */
  price: { cents: bigint; units: bigint } | null;
}

export interface UnitRegister {
  purchases: UnitPurchase[];
  /** Units held by investor on a date (contributions of that day included). */
  unitsOn(date: string): Map<string, bigint>;
}

/**
 * The units every contribution bought, in date order: at the latest valuation strictly before
 * its value date, price = valuation / units outstanding on that valuation's date (a contribution
 * of the valuation's own day counts before it, as in the roll-forward); before any valuation, or
 * when that valuation or the units are zero, at par (1.00). Units are truncated to the millionth
 * (the investor never receives a fraction of a unit they did not pay for). A reversal takes back
 * units at the price of its own date.
 */
export function unitRegister(contributions: UnitContribution[], valuations: { date: string; cents: bigint }[]): UnitRegister {
  const sorted = [...contributions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const vals = [...valuations].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const purchases: UnitPurchase[] = [];
  let outstanding = 0n;
  let vi = 0;
  let price: { cents: bigint; units: bigint } | null = null;
  for (const c of sorted) {
    // Valuations strictly before this day set the price; the units outstanding on a valuation's
    // day include that day's contributions, all of which come before the next day in this walk.
    while (vi < vals.length && (vals[vi] as { date: string }).date < c.date) {
      const v = vals[vi] as { date: string; cents: bigint };
      price = v.cents > 0n && outstanding > 0n ? { cents: v.cents, units: outstanding } : null;
      vi++;
    }
    const magnitude = c.cents < 0n ? -c.cents : c.cents;
    const bought = price ? (magnitude * price.units) / price.cents : magnitude * MICRO_PER_CENT_AT_PAR;
    const units = c.cents < 0n ? -bought : bought;
    outstanding += units;
    purchases.push({ ...c, units, price });
  }
  return {
    purchases,
    unitsOn(date: string) {
      const out = new Map<string, bigint>();
      for (const p of purchases) if (p.date <= date) out.set(p.investorId, (out.get(p.investorId) ?? 0n) + p.units);
      for (const [k, v] of out) if (v <= 0n) out.delete(k);
      return out;
    },
  };
}

/** '1234.567891' from millionths of a unit. */
export function unitsText(micro: bigint): string {
  const neg = micro < 0n;
  const m = neg ? -micro : micro;
  return `${neg ? '-' : ''}${m / UNIT_SCALE}.${String(m % UNIT_SCALE).padStart(6, '0')}`;
}

/** A unit price as a decimal string with 6 decimals (half-up): cents / millionths of units -> dollars a unit. */
export function unitPriceText(price: { cents: bigint; units: bigint } | null): string {
  if (!price) return '1.000000';
  // dollars per unit = (cents / 100) / (units / 1e6) = cents x 1e4 / units; 6 decimals -> x 1e6.
  const scaled = divRound(price.cents * 10_000n * UNIT_SCALE, price.units);
  return `${scaled / UNIT_SCALE}.${String(scaled % UNIT_SCALE).padStart(6, '0')}`;
}
