import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import { DISTRIBUTION_TYPES } from './distributions.ts';
import { moneyInput } from './money-input.ts';
import { type OwnershipTerms, ownershipTermsInput } from './ownership.ts';
import { CLAWBACK_MODES, DAY_COUNTS, PREF_COMPOUNDINGS, type WaterfallTerms } from './waterfall.ts';

/**
 * A deal's economic terms as admins edit them: percentages as decimal strings ("8", "12.5"),
 * at most 4 decimals. The engine takes rates ("0.08"): `termsToRates` converts exactly.
 */
export const CATCH_UP_KINDS = ['none', 'full', 'partial'] as const;
export type CatchUpKind = (typeof CATCH_UP_KINDS)[number];
export const FEE_BASES = ['commitments', 'contributions'] as const;
export const FEE_METHODS = ['capital_call', 'deducted'] as const;
export const FEE_BASIS_LABEL: Record<(typeof FEE_BASES)[number], string> = {
  commitments: 'on commitments',
  contributions: 'on contributions',
};
export const FEE_METHOD_LABEL: Record<(typeof FEE_METHODS)[number], string> = {
  capital_call: 'charged through capital calls',
  deducted: 'deducted from distributions',
};

const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;

/** A percentage from 0 to 100 with at most 4 decimals; '%' and spaces are tolerated. */
export const percentInput = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : typeof v === 'string' ? v.replace(/[%\s]/g, '') : v),
    z
      .string({ error: `${label} is required` })
      .min(1, `${label} is required`)
      .regex(PERCENT, `${label} must be a percentage such as 8 or 12.5 (at most 4 decimals)`)
      .refine((v) => !PERCENT.test(v) || percentUnits(v) <= 1_000_000n, `${label} must be between 0% and 100%`),
  );

/** '12.5' -> 125000n (units of 0.0001 %); -1n for anything that is not such a percentage. */
export function percentUnits(pct: string): bigint {
  if (typeof pct !== 'string' || !PERCENT.test(pct)) return -1n;
  const [w = '0', f = ''] = pct.split('.');
  return BigInt(w) * 10_000n + BigInt(`${f}0000`.slice(0, 4));
}

/** '12.5' (percent) -> '0.125' (rate), exactly. */
export function percentToRate(pct: string): string {
  const units = percentUnits(pct); // rate = units / 1e6
  const whole = units / 1_000_000n;
  const frac = String(units % 1_000_000n)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** Trims a stored numeric ('8.0000') to what the admin typed ('8'). */
export function tidyPercent(pct: string): string {
  return pct.includes('.') ? pct.replace(/0+$/, '').replace(/\.$/, '') : pct;
}

export const carryRecipientInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('gp'),
    name: z.string({ error: 'Name the GP entity' }).trim().min(1, 'Name the GP entity').max(200, 'At most 200 characters'),
    share: percentInput('Share'),
  }),
  z.object({
    kind: z.literal('admin'),
    userId: z.uuid('Choose an administrator'),
    share: percentInput('Share'),
  }),
]);

// ---------- Waterfall conventions (decision record 039) ----------

/**
 * How the preferred return accrues and the carry is held to account: one group of the terms,
 * with its own fields (`conventions` in the body). Omitted, a deal keeps the conventions of
 * decision 009: compounded annually on Actual/365, clawback netted, no tax relief, no escrow.
 */
export const waterfallConventionsInput = z
  .object({
    prefCompounding: z.enum(PREF_COMPOUNDINGS, { error: 'Choose how the preferred return accrues' }),
    dayCount: z.enum(DAY_COUNTS, { error: 'Choose a day count' }),
    clawback: z.enum(CLAWBACK_MODES, { error: 'Choose how a clawback is settled' }),
    clawbackTaxRate: percentInput('Tax rate'),
    escrowRate: percentInput('Escrow'),
    escrowReleaseDate: z.preprocess((v) => (v === '' ? null : v), isoDate('Enter the release date as a date').nullable().optional()),
  })
  .superRefine((c, ctx) => {
    if (percentUnits(c.clawbackTaxRate) >= 1_000_000n)
      ctx.addIssue({ code: 'custom', path: ['clawbackTaxRate'], message: 'Tax rate must be below 100%' });
  });
export type WaterfallConventions = {
  prefCompounding: (typeof PREF_COMPOUNDINGS)[number];
  dayCount: (typeof DAY_COUNTS)[number];
  clawback: (typeof CLAWBACK_MODES)[number];
  /** Percent ('25'). */
  clawbackTaxRate: string;
  /** Percent of each carry payment held back ('0': none). */
  escrowRate: string;
  /** Escrow is released on this date; null: with the deal's final distribution. */
  escrowReleaseDate: string | null;
};
export const DEFAULT_CONVENTIONS: WaterfallConventions = {
  prefCompounding: 'annual',
  dayCount: 'act365',
  clawback: 'net',
  clawbackTaxRate: '0',
  escrowRate: '0',
  escrowReleaseDate: null,
};

/** The engine's part of the conventions (percent -> rate). */
export function conventionsToRates(c: WaterfallConventions): Partial<WaterfallTerms> {
  return {
    prefCompounding: c.prefCompounding,
    dayCount: c.dayCount,
    clawback: c.clawback,
    clawbackTaxRate: percentToRate(c.clawbackTaxRate),
    escrowRate: percentToRate(c.escrowRate),
    escrowReleaseDate: c.escrowReleaseDate,
  };
}

/** 'simple preferred return, 30/360, clawback netted, 25% escrow' for what differs from the defaults ('' when none does). */
export function describeConventions(c: WaterfallConventions | undefined): string {
  if (!c) return '';
  const parts: string[] = [];
  if (c.prefCompounding !== 'annual' || c.dayCount !== 'act365')
    parts.push(`${PREF_COMPOUNDING_LABEL[c.prefCompounding]} on ${DAY_COUNT_LABEL[c.dayCount]}`);
  parts.push(
    c.clawback === 'net' ? 'clawback netted from later carry' : 'clawback recorded as owed',
    ...(percentUnits(c.clawbackTaxRate) > 0n ? [`net of ${tidyPercent(c.clawbackTaxRate)}% tax`] : []),
  );
  if (percentUnits(c.escrowRate) > 0n)
    parts.push(`${tidyPercent(c.escrowRate)}% of carry held in escrow until ${c.escrowReleaseDate ?? 'the final distribution'}`);
  return parts.join(', ');
}
export const PREF_COMPOUNDING_LABEL: Record<WaterfallConventions['prefCompounding'], string> = {
  annual: 'compounded annually',
  quarterly: 'compounded quarterly',
  simple: 'simple interest',
};
export const DAY_COUNT_LABEL: Record<WaterfallConventions['dayCount'], string> = {
  act365: 'Actual/365',
  '30360': '30/360',
  actact: 'Actual/Actual',
};

export const dealTermsInput = z
  .object({
    hurdleRate: percentInput('Preferred return'),
    catchUp: z.enum(CATCH_UP_KINDS, { error: 'Choose a catch-up: none, full or partial' }),
    catchUpRate: z.preprocess((v) => (v === '' || v === null ? undefined : v), percentInput('Catch-up rate').optional()),
    carryRate: percentInput('Carried interest'),
    carryRecipients: z.array(carryRecipientInput, { error: 'Add the carry recipients' }).max(20, 'At most 20 carry recipients'),
    managementFee: z
      .object({
        rate: percentInput('Management fee'),
        basis: z.enum(FEE_BASES, { error: 'Choose what the fee is charged on' }),
        method: z.enum(FEE_METHODS, { error: 'Choose how the fee is charged' }),
      })
      .nullable()
      .optional(),
    conventions: waterfallConventionsInput.optional(),
    /** How later closes share the deal (decision 040); omitted: the current version's choice (by contributions at first). */
    ownership: ownershipTermsInput.optional(),
  })
  .superRefine((t, ctx) => {
    const carry = percentUnits(t.carryRate);
    if (carry >= 1_000_000n) ctx.addIssue({ code: 'custom', path: ['carryRate'], message: 'Carried interest must be below 100%' });
    if (t.catchUp === 'partial') {
      if (t.catchUpRate === undefined)
        ctx.addIssue({ code: 'custom', path: ['catchUpRate'], message: 'Enter the GP’s share of each dollar during catch-up' });
      else {
        const cu = percentUnits(t.catchUpRate);
        if (cu <= carry || cu >= 1_000_000n)
          ctx.addIssue({
            code: 'custom',
            path: ['catchUpRate'],
            message: 'A partial catch-up rate must be above the carried interest and below 100% (use full catch-up for 100%)',
          });
      }
    }
    if (carry > 0n && t.carryRecipients.length === 0)
      ctx.addIssue({ code: 'custom', path: ['carryRecipients'], message: 'Add at least one carry recipient' });
    if (t.carryRecipients.length > 0) {
      const sum = t.carryRecipients.reduce((s, r) => s + percentUnits(r.share), 0n);
      if (sum !== 1_000_000n)
        ctx.addIssue({
          code: 'custom',
          path: ['carryRecipients'],
          message: `Carry recipients' shares must add up to 100% (they add up to ${tidyPercent(unitsToPercent(sum))}%)`,
        });
      t.carryRecipients.forEach((r, i) => {
        if (percentUnits(r.share) === 0n)
          ctx.addIssue({ code: 'custom', path: ['carryRecipients', i, 'share'], message: 'A recipient’s share must be above 0%' });
      });
      const admins = t.carryRecipients.flatMap((r) => (r.kind === 'admin' ? [r.userId] : []));
      if (new Set(admins).size !== admins.length)
        ctx.addIssue({ code: 'custom', path: ['carryRecipients'], message: 'Each administrator may appear only once' });
    }
  });
export type DealTermsInput = z.output<typeof dealTermsInput>;

function unitsToPercent(units: bigint): string {
  return `${units / 10_000n}.${String(units % 10_000n).padStart(4, '0')}`;
}

export interface CarryRecipient {
  kind: 'gp' | 'admin';
  /** The administrator, for kind 'admin'. */
  userId: string | null;
  /** The GP entity's name, or the administrator's name. */
  name: string;
  /** Percent of the carry, e.g. '50'. */
  share: string;
}

export interface DealTerms {
  id: string;
  dealId: string;
  version: number;
  /** Percentages as decimal strings ('8', '20', '100'). */
  hurdleRate: string;
  catchUp: CatchUpKind;
  /** The GP's share of each dollar in catch-up, percent: '100' full, '0' none. */
  catchUpRate: string;
  carryRate: string;
  carryRecipients: CarryRecipient[];
  managementFee: { rate: string; basis: (typeof FEE_BASES)[number]; method: (typeof FEE_METHODS)[number] } | null;
  /** The waterfall conventions (decision record 039). */
  conventions: WaterfallConventions;
  /** How later closes share the deal (decision 040). */
  ownership: OwnershipTerms;
  createdAt: string;
  createdByName: string | null;
  /** Distributions recorded under this version. */
  distributionCount: number;
}

/** A deal's economics as an investor reads them (fees, preferred return, catch-up, carry), without the carry's recipients. */
export type DealEconomics = Pick<DealTerms, 'hurdleRate' | 'catchUp' | 'catchUpRate' | 'carryRate' | 'managementFee'>;

/** GET /api/investor/deal-terms: the economics of each deal an investor holds (not who receives the carry). */
export interface InvestorDealTerms {
  dealId: string;
  dealTitle: string;
  summary: string;
  terms: Omit<DealTerms, 'carryRecipients' | 'createdByName'> | null;
}

export interface DealTermsData {
  /** Null while the deal has no terms: distributions then go 100% to investors pro rata. */
  current: DealTerms | null;
  versions: DealTerms[];
  administrators: { id: string; name: string }[];
}

/** The engine's rates for stored terms (percent -> rate). No terms: everything to investors. */
export function termsToRates(
  t: (Pick<DealTerms, 'hurdleRate' | 'catchUpRate' | 'carryRate'> & { conventions?: WaterfallConventions }) | null,
): WaterfallTerms {
  if (!t) return { hurdleRate: '0', catchUpRate: '0', carryRate: '0' };
  return {
    hurdleRate: percentToRate(t.hurdleRate),
    catchUpRate: percentToRate(t.catchUpRate),
    carryRate: percentToRate(t.carryRate),
    ...(t.conventions ? conventionsToRates(t.conventions) : {}),
  };
}

/** One line: '8% preferred return, full catch-up, 20% carried interest'. */
export function describeTerms(t: Pick<DealTerms, 'hurdleRate' | 'catchUp' | 'catchUpRate' | 'carryRate'> | null): string {
  if (!t) return 'No terms set: distributions go 100% to investors';
  const hurdle = percentUnits(t.hurdleRate) === 0n ? 'no preferred return' : `${tidyPercent(t.hurdleRate)}% preferred return`;
  const cu = t.catchUp === 'none' ? 'no catch-up' : t.catchUp === 'full' ? 'full catch-up' : `${tidyPercent(t.catchUpRate)}% catch-up`;
  return `${hurdle}, ${cu}, ${tidyPercent(t.carryRate)}% carried interest`;
}

// ---------- Preview ----------

export const distributionPreviewInput = z.object({
  dealId: z.uuid('Choose a deal'),
  type: z.enum(DISTRIBUTION_TYPES, { error: 'Choose a distribution type' }),
  totalAmount: moneyInput('Total amount').refine((v) => Number(v) > 0, 'Enter an amount above zero'),
  paymentDate: isoDate('Payment date is required'),
  /** Holders and shares are taken as of this day (contributed capital); today when omitted. */
  recordDate: isoDate('Record date is required').optional(),
  /** The deal's final distribution: it releases the carry held in escrow (decision record 039). */
  final: z.boolean({ error: 'Final must be true or false' }).optional(),
});

export interface TierBreakdown {
  returnOfCapital: string;
  preferredReturn: string;
  catchUp: string;
  carriedInterestLp: string;
  carriedInterestGp: string;
}

export interface InvestorTierBreakdown {
  returnOfCapital: string;
  preferredReturn: string;
  catchUp: string;
  carriedInterest: string;
}

export interface WaterfallPreview {
  dealId: string;
  dealTitle: string;
  totalAmount: string;
  paymentDate: string;
  terms: DealTerms | null;
  termsSummary: string;
  tiers: TierBreakdown;
  lpTotal: string;
  gp: string;
  /** The GP's part of the catch-up tier. */
  gpCatchUp: string;
  hurdleBefore: string;
  hurdleAfter: string;
  carry: { name: string; userId: string | null; kind: 'gp' | 'admin'; amount: string }[];
  /** Accrued management fees deducted from the investors' amounts (decision 009); 0.00 when none. */
  feeDeducted: string;
  /** What the investors are paid: lpTotal - feeDeducted. */
  netToInvestors: string;
  /** Clawback and escrow at this distribution (decision record 039). */
  clawback: ClawbackStatus;
  escrow: { held: string; released: string; balanceAfter: string };
  /**
   * How the investors' part is split among them: by contributed capital, or on a deal by units at
   * NAV by units held on the record date (decision 040).
   */
  splitBasis: 'units' | 'contributions';
  investors: {
    investorId: string;
    investorName: string;
    /** Units held on the record date (6 decimals) on a deal by units, else null. */
    units: string | null;
    amount: string;
    tiers: InvestorTierBreakdown;
    /** Accrued fees taken from this amount; the investor is paid `net`. */
    feeDeducted: string;
    net: string;
  }[];
}

/** Per deal, on the admin Distribution Waterfall screen. */
export interface DealWaterfallSummary {
  dealId: string;
  dealTitle: string;
  termsSummary: string;
  termsVersion: number | null;
  contributed: string;
  /** Distributions PAID (payment confirmed); the tiers, lpTotal, gp and carry are of these only. */
  distributed: string;
  /** Recorded and not yet paid: shown apart, counted nowhere else. */
  scheduled: string;
  scheduledCount: number;
  tiers: TierBreakdown;
  lpTotal: string;
  gp: string;
  /**
   * What investors still need today, after what they were paid, to reach the hurdle (0.00 once
   * reached). With no preferred return (hurdleRate 0) this is the capital not yet returned.
   */
  hurdleRemaining: string;
  hurdleRate: string;
  carryByRecipient: { name: string; amount: string }[];
  /** The conventions that differ from the defaults, in words ('' when none). */
  conventionsSummary: string;
  /** The current terms' conventions (null without terms). */
  conventions: WaterfallConventions | null;
  /** Clawback owed by the GP today, after the paid distributions and the capital contributed to date (decision record 039). */
  clawback: ClawbackStatus;
  /** What the GP paid back of a clawback owed, in all, and each payment with its split among the investors (decision 058). */
  clawbackPaid: string;
  clawbackPayments: ClawbackPayment[];
  /**
   * Carry held in escrow today, released so far, paid out of what was released to the carry
   * recipients (POST /api/deals/:id/escrow-payouts) and what is released and still to pay out.
   */
  escrow: {
    balance: string;
    released: string;
    releaseDate: string | null;
    paidOut: string;
    toPayOut: string;
    payouts: EscrowPayout[];
  };
}

/** Released escrow paid out to the carry recipients (decision record 039, amended). */
export interface EscrowPayout {
  id: string;
  amount: string;
  paidOn: string;
  /** Per carry recipient of the terms in force, by share (largest remainder), adding up to `amount`. */
  lines: { name: string; amount: string }[];
}

/** POST /api/deals/:id/escrow-payouts: pays out everything released and not yet paid out; the day it went out (default today). */
export const escrowPayoutInput = z.object({ paidOn: isoDate('Enter the day the carry was paid out').optional() });

/** A payment by the GP of a clawback owed, passed on to the investors (decision 058). */
export interface ClawbackPayment {
  id: string;
  amount: string;
  paidOn: string;
  /** How it was split among the investors: contributed capital or (units deals) units held on the day paid. */
  basis: 'contributions' | 'units';
  /** Per investor, by largest remainder, adding up to `amount`. */
  lines: { investorId: string; name: string; amount: string }[];
}

/** POST /api/deals/:id/clawback-payments: what the GP paid back and the day the money came in (default today). */
export const clawbackPaymentInput = z.object({
  amount: moneyInput('Clawback payment').refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0, 'Enter an amount above zero'),
  paidOn: isoDate('Enter the day the GP paid').optional(),
});

/** A clawback found at a date: what arose, what escrow and the GP's amount settled, what is still owed, per carry recipient. */
export interface ClawbackStatus {
  mode: 'net' | 'owed';
  /** The GP's holding above carryRate of the cumulative profit, found at this date. */
  excess: string;
  taxRelief: string;
  /** excess - taxRelief. */
  arose: string;
  fromEscrow: string;
  /** Withheld from the GP's amount of this distribution and paid to the investors. */
  netted: string;
  /** Still owed by the GP after this distribution (or today). */
  owed: string;
  /** `owed` per carry recipient, by their shares (largest remainder). */
  byRecipient: { name: string; amount: string }[];
}
