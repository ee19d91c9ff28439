/**
 * Capital accounts: the ledger's entry kinds, the balances derived from entries as of a date,
 * ownership on a date, and per-holding performance. Pure code (no I/O): the server loads the
 * entries and the web shows the results. Money is bigint cents here, decimal strings outside.
 */
import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import { dayNumber } from './dates.ts';
import { allocateLargestRemainder, divRound, fromCents, ratio, toCents } from './money.ts';
import { moneyInput } from './money-input.ts';
import { EQUALISATION, type OwnershipMethod, type UnitRegister, unitPriceText, unitRegister, unitsText } from './ownership.ts';
import { xirr } from './xirr.ts';

export const ENTRY_KINDS = ['commitment', 'call', 'contribution', 'distribution', 'fee', 'reversal'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export type BaseKind = Exclude<EntryKind, 'reversal'>;
export const RETURN_OF_CAPITAL = 'Return of Capital';
/**
 * The distribution type of a GP's payment of a clawback owed, passed on to the investors
 * (decision 058): income paid by the GP, not out of the deal's assets, so it leaves the NAV alone.
 */
export const GP_CLAWBACK = 'GP Clawback';
/** Distributions paid from outside the deal's assets (decisions 040 and 058): income that leaves the NAV alone. */
const OUTSIDE_THE_DEAL: ReadonlySet<string> = new Set([EQUALISATION, GP_CLAWBACK]);

/** The fields of an entry the balances depend on. */
export interface EntryFacts {
  kind: EntryKind;
  cents: bigint;
  /** YYYY-MM-DD: commitment date, call date, value date, payment date, fee date, reversal date. */
  date: string;
  /** For a reversal: the kind it undoes. */
  reversedKind?: BaseKind | null;
  /** For a distribution (and its reversal): the type. */
  distributionType?: string | null;
  /** Set on a contribution received against a call (and on its reversal). */
  callId?: string | null;
  /**
   * For a distribution (and its reversal): the part that returns capital, when the waterfall
   * split it (its Return of Capital tier for this investor). Without it, a distribution of type
   * Return of Capital returns its whole amount and any other type none.
   */
  capitalCents?: bigint | null;
}

/** The capital a distribution entry returns (positive), at most its amount. */
export function capitalPart(e: EntryFacts): bigint {
  const c = e.capitalCents ?? (e.distributionType === RETURN_OF_CAPITAL ? e.cents : 0n);
  return c > e.cents ? e.cents : c < 0n ? 0n : c;
}

export interface Balances {
  committed: bigint;
  /** Capital calls, plus contributions received outside any call (funded at closing). */
  called: bigint;
  contributed: bigint;
  unfunded: bigint;
  distributed: bigint;
  returnedCapital: bigint;
  unreturnedCapital: bigint;
  fees: bigint;
}

export const ZERO_BALANCES: Balances = {
  committed: 0n,
  called: 0n,
  contributed: 0n,
  unfunded: 0n,
  distributed: 0n,
  returnedCapital: 0n,
  unreturnedCapital: 0n,
  fees: 0n,
};

/** Balances from the entries dated on or before `asOf` (every entry when asOf is null). */
export function balancesAsOf(entries: EntryFacts[], asOf: string | null = null): Balances {
  const b = { ...ZERO_BALANCES };
  for (const e of entries) {
    if (asOf !== null && e.date > asOf) continue;
    const kind = e.kind === 'reversal' ? e.reversedKind : e.kind;
    const sign = e.kind === 'reversal' ? -1n : 1n;
    const v = sign * e.cents;
    switch (kind) {
      case 'commitment':
        b.committed += v;
        break;
      case 'call':
        b.called += v;
        break;
      case 'contribution':
        b.contributed += v;
        if (!e.callId) b.called += v;
        break;
      case 'distribution':
        b.distributed += v;
        b.returnedCapital += sign * capitalPart(e);
        break;
      case 'fee':
        b.fees += v;
        break;
      default:
        break;
    }
  }
  b.unfunded = b.committed - b.called;
  b.unreturnedCapital = b.contributed - b.returnedCapital;
  return b;
}

export interface BalancesDto {
  committed: string;
  called: string;
  contributed: string;
  unfunded: string;
  distributed: string;
  returnedCapital: string;
  unreturnedCapital: string;
  fees: string;
}

export const balancesDto = (b: Balances): BalancesDto => ({
  committed: fromCents(b.committed),
  called: fromCents(b.called),
  contributed: fromCents(b.contributed),
  unfunded: fromCents(b.unfunded),
  distributed: fromCents(b.distributed),
  returnedCapital: fromCents(b.returnedCapital),
  unreturnedCapital: fromCents(b.unreturnedCapital),
  fees: fromCents(b.fees),
});

/** Ownership on a date: each investor's contributed capital as of that date (later entries ignored). */
export function ownershipAsOf(entriesByInvestor: Map<string, EntryFacts[]>, date: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const [investor, entries] of entriesByInvestor) {
    const c = balancesAsOf(entries, date).contributed;
    if (c > 0n) out.set(investor, c);
  }
  return out;
}

/** Splits `total` cents by ownership on a date (largest remainder); empty when nobody holds. */
export function allocateByOwnership(total: bigint, ownership: Map<string, bigint>): Map<string, bigint> {
  const weights = [...ownership.entries()].filter(([, w]) => w > 0n).map(([key, weight]) => ({ key, weight }));
  if (weights.length === 0) return new Map();
  return allocateLargestRemainder(total, weights);
}

export interface ValuationFacts {
  date: string;
  cents: bigint;
}

/** The valuations in date order, one per day (the last recorded of a day wins). */
function valuationsInOrder(valuations: ValuationFacts[], upTo: string): ValuationFacts[] {
  const byDay = new Map<string, ValuationFacts>();
  for (const v of valuations) if (v.date <= upTo) byDay.set(v.date, v);
  return [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export interface RollForward {
  /** Net asset value on the date (never below zero). */
  nav: bigint;
  /** Gains and losses to the date: contributed + gain = nav + distributed, always. */
  gain: bigint;
  /** Whether a valuation on or before the date exists (else the holding is at cost). */
  valued: boolean;
}

/**
 * THE roll-forward (decision 023): an investor's net asset value in a deal on `date`, from the
 * ledger (only paid distributions are in it) and the deal's valuations, walked in date order.
 * - Before any valuation the holding is at cost: contributions add, returned capital (the Return
 *   of Capital part of each paid distribution) subtracts; the rest of a distribution is income,
 *   a realised gain that leaves the cost untouched.
 * - A valuation resets the NAV to the investor's share of it (by ownership on its own date; the
 *   entries of that day count before it); the difference is an unrealised gain or loss.
 * - After a valuation: last valuation + contributions - distributions paid since.
 * - The NAV never goes below zero at the end of a day: a distribution beyond it is a realised gain.
 * Every figure an investor or admin sees (NAV, gain, MOIC, IRR, statement balances) comes from
 * this one function on one as-of date.
 */
export function rollForward(
  investorId: string,
  dealEntries: Map<string, EntryFacts[]>,
  valuations: ValuationFacts[],
  date: string,
  method: OwnershipMethod = 'contributions',
): RollForward {
  const mine = (dealEntries.get(investorId) ?? []).filter((e) => e.date <= date);
  const vals = valuationsInOrder(valuations, date);
  const days = [...new Set([...mine.map((e) => e.date), ...vals.map((v) => v.date)])].sort();
  let nav = 0n;
  let gain = 0n;
  let valued = false;
  for (const d of days) {
    for (const e of mine) {
      if (e.date !== d) continue;
      const kind = e.kind === 'reversal' ? e.reversedKind : e.kind;
      const sign = e.kind === 'reversal' ? -1n : 1n;
      if (kind === 'contribution') nav += sign * e.cents;
      else if (kind === 'distribution' && OUTSIDE_THE_DEAL.has(e.distributionType ?? '')) {
        // Equalisation interest is paid by a later closer (decision 040), a clawback by the GP
        // (decision 058), not out of the deal's assets: income that leaves the NAV alone.
        gain += sign * e.cents;
      } else if (kind === 'distribution') {
        if (valued) nav -= sign * e.cents;
        else {
          const capital = capitalPart(e);
          nav -= sign * capital;
          gain += sign * (e.cents - capital);
        }
      }
    }
    // A day's entries are one movement (money in before money out on the same value date): the
    // NAV is held at zero after the day, and what went beyond it is a realised gain.
    if (nav < 0n) {
      gain -= nav;
      nav = 0n;
    }
    const v = vals.find((x) => x.date === d);
    if (v) {
      const share = valuationShares(dealEntries, valuations, v, method).get(investorId) ?? 0n;
      gain += share - nav;
      nav = share;
      valued = true;
    }
  }
  return { nav, gain, valued };
}

/**
 * A valuation split by ownership on its date, remembered per loaded deal (a statement run or a
 * chart asks for the same split once per investor and date). The entries are loaded once and
 * never changed in place, so the split of one map and one valuation never changes.
 */
const splits = new WeakMap<Map<string, EntryFacts[]>, Map<string, Map<string, bigint>>>();
function valuationShares(
  dealEntries: Map<string, EntryFacts[]>,
  valuations: ValuationFacts[],
  v: ValuationFacts,
  method: OwnershipMethod,
): Map<string, bigint> {
  const byValuation = splits.get(dealEntries) ?? new Map<string, Map<string, bigint>>();
  splits.set(dealEntries, byValuation);
  const key = `${method}|${v.date}|${v.cents}`;
  let split = byValuation.get(key);
  if (!split) {
    const weights = method === 'units' ? dealUnits(dealEntries, valuations).unitsOn(v.date) : ownershipAsOf(dealEntries, v.date);
    split = allocateByOwnership(v.cents, weights);
    byValuation.set(key, split);
  }
  return split;
}

/**
 * The deal's unit register (decision 040): every contribution (and reversal of one) of every
 * investor, priced at the latest valuation before its value date. Remembered per loaded deal and
 * valuations list, like the splits above.
 */
const registers = new WeakMap<Map<string, EntryFacts[]>, WeakMap<ValuationFacts[], UnitRegister>>();
export function dealUnits(dealEntries: Map<string, EntryFacts[]>, valuations: ValuationFacts[]): UnitRegister {
  const byVals = registers.get(dealEntries) ?? new WeakMap<ValuationFacts[], UnitRegister>();
  registers.set(dealEntries, byVals);
  let reg = byVals.get(valuations);
  if (!reg) {
    const contributions = [...dealEntries.entries()].flatMap(([investorId, list]) =>
      list.flatMap((e) => {
        const kind = e.kind === 'reversal' ? e.reversedKind : e.kind;
        if (kind !== 'contribution') return [];
        return [{ investorId, date: e.date, cents: e.kind === 'reversal' ? -e.cents : e.cents }];
      }),
    );
    reg = unitRegister(contributions, valuationsInOrder(valuations, '9999-12-31'));
    byVals.set(valuations, reg);
  }
  return reg;
}

/** An investor's NAV in a deal on `date`: the roll-forward's NAV. */
export function navShareAsOf(
  investorId: string,
  dealEntries: Map<string, EntryFacts[]>,
  valuations: ValuationFacts[],
  date: string,
  method: OwnershipMethod = 'contributions',
): bigint {
  return rollForward(investorId, dealEntries, valuations, date, method).nav;
}

/** Below this many days between the first contribution and the as-of date, no annualised IRR. */
export const IRR_MIN_DAYS = 365;

/** The return figures every screen, statement and export shows, from one function (decision 023). */
export interface ReturnFigures {
  /** Annualised XIRR, e.g. 0.1 for 10%; null below one year of history or when it cannot be computed. */
  irr: number | null;
  /** Gain / contributions over the whole history, not annualised. */
  periodReturn: number | null;
  /** True from one year after the first contribution: show irr; else show periodReturn. */
  annualised: boolean;
  moic: number | null;
  tvpi: number | null;
  dpi: number | null;
  rvpi: number | null;
}

export interface HoldingFigures extends ReturnFigures {
  balances: Balances;
  nav: bigint;
  asOf: string | null;
  /** The first contribution's value date (the start of the holding's history). */
  since: string | null;
  gain: bigint;
  /** Dated flows for XIRR: contributions negative at value dates, distributions at payment dates. */
  flows: { date: string; cents: bigint }[];
}

/** The return to show: the annualised IRR from a year of history, else the period return. */
export const headlineReturn = (f: { irr: number | null; periodReturn: number | null; annualised: boolean }): number | null =>
  f.annualised ? f.irr : f.periodReturn;

/**
 * One holding's figures as of `asOf` (the company's today on screens and exports, the period's
 * end on a statement; default, for tests: the later of its latest valuation and its last flow):
 * balances, the roll-forward NAV, MOIC = TVPI = (distributions + NAV) / contributions, DPI, RVPI,
 * gain, the period return, and XIRR with the NAV at the as-of date as the final flow.
 */
export function holdingFigures(
  investorId: string,
  dealEntries: Map<string, EntryFacts[]>,
  valuations: ValuationFacts[],
  asOfOverride?: string,
  method: OwnershipMethod = 'contributions',
): HoldingFigures {
  const mine = dealEntries.get(investorId) ?? [];
  const flowDates = mine.filter((e) => flowSign(e) !== 0n).map((e) => e.date);
  const candidates = [...flowDates, ...valuations.map((v) => v.date)].sort();
  const asOf = asOfOverride ?? candidates.at(-1) ?? null;
  if (asOf === null) {
    return {
      balances: balancesAsOf(mine),
      nav: 0n,
      asOf,
      since: null,
      irr: null,
      periodReturn: null,
      annualised: false,
      moic: null,
      tvpi: null,
      dpi: null,
      rvpi: null,
      gain: 0n,
      flows: [],
    };
  }
  const balances = balancesAsOf(mine, asOf);
  const rf = rollForward(investorId, dealEntries, valuations, asOf, method);
  const nav = rf.nav;
  const flows = mine.filter((e) => e.date <= asOf && flowSign(e) !== 0n).map((e) => ({ date: e.date, cents: flowSign(e) * e.cents }));
  const since = flows.find((f) => f.cents < 0n)?.date ?? null;
  const paidIn = balances.contributed;
  const dpi = ratio(balances.distributed, paidIn);
  const rvpi = ratio(nav, paidIn);
  const tvpi = ratio(balances.distributed + nav, paidIn);
  const gain = balances.distributed + nav - paidIn;
  const annualised = since !== null && dayNumber(asOf) - dayNumber(since) >= IRR_MIN_DAYS;
  const irr = annualised ? irrOf([...flows, { date: asOf, cents: nav }]) : null;
  return { balances, nav, asOf, since, irr, periodReturn: ratio(gain, paidIn), annualised, moic: tvpi, tvpi, dpi, rvpi, gain, flows };
}

const irrOf = (flows: { date: string; cents: bigint }[]) => xirr(flows.map((f) => ({ date: f.date, amount: Number(fromCents(f.cents)) })));

/** Cash flow direction for the investor: money in negative, money out positive, else 0. */
function flowSign(e: EntryFacts): bigint {
  const kind = e.kind === 'reversal' ? e.reversedKind : e.kind;
  const sign = e.kind === 'reversal' ? -1n : 1n;
  if (kind === 'contribution') return -sign;
  if (kind === 'distribution') return sign;
  return 0n;
}

/**
 * Portfolio figures over several holdings on one as-of date: XIRR of all flows with each NAV as a
 * final flow at the as-of date (annualised from a year after the first contribution), else the
 * period return (total gain / total contributions).
 */
export function portfolioReturn(holdings: HoldingFigures[], asOf: string | null) {
  const paidIn = holdings.reduce((s, h) => s + h.balances.contributed, 0n);
  const gain = holdings.reduce((s, h) => s + h.gain, 0n);
  const since =
    holdings
      .map((h) => h.since)
      .filter((x): x is string => x !== null)
      .sort()[0] ?? null;
  const annualised = asOf !== null && since !== null && dayNumber(asOf) - dayNumber(since) >= IRR_MIN_DAYS;
  const irr = annualised ? irrOf(holdings.flatMap((h) => (h.asOf ? [...h.flows, { date: asOf as string, cents: h.nav }] : []))) : null;
  return { irr, periodReturn: ratio(gain, paidIn), annualised, since };
}

// ---------- Capital calls ----------

/** Cancelled: the line's call entry was reversed (decision record 024); it takes no receipt. */
export const CALL_LINE_STATUSES = ['Due', 'Partly Paid', 'Paid', 'Overdue', 'Cancelled'] as const;
export type CallLineStatus = (typeof CALL_LINE_STATUSES)[number];
export const callStatusTone = (s: CallLineStatus) =>
  s === 'Paid' ? 'success' : s === 'Overdue' ? 'danger' : s === 'Partly Paid' ? 'warning' : s === 'Cancelled' ? 'neutral' : 'info';

/** Paid once received covers the amount due; Overdue after the due date; else Partly Paid or Due. */
export function callLineStatus(due: bigint, received: bigint, dueDate: string, today: string): CallLineStatus {
  if (received >= due) return 'Paid';
  if (dueDate < today) return 'Overdue';
  return received > 0n ? 'Partly Paid' : 'Due';
}

/** A call's status from its lines (cancelled ones aside): Paid when all are; Overdue when any is; else Partly Paid or Due. */
export function callStatus(all: CallLineStatus[]): CallLineStatus {
  // A cancelled line does not count; a call whose every line is cancelled is cancelled.
  const lines = all.filter((l) => l !== 'Cancelled');
  if (all.length > 0 && lines.length === 0) return 'Cancelled';
  if (lines.length > 0 && lines.every((l) => l === 'Paid')) return 'Paid';
  if (lines.includes('Overdue')) return 'Overdue';
  return lines.some((l) => l === 'Paid' || l === 'Partly Paid') ? 'Partly Paid' : 'Due';
}

/** A percentage of a total, half-up to the cent; the percentage in ten-thousandths of a percent (25.5% = 255_000n, see parsePercent). */
export function percentOf(totalCents: bigint, percentE4: bigint): bigint {
  return divRound(totalCents * percentE4, 1_000_000n);
}

const percentText = z
  .preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(/%$/, '') : v),
    z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'Enter a percentage such as 25 or 12.5'),
  )
  .refine((v) => Number(v) > 0 && Number(v) <= 100, 'Enter a percentage above 0 and at most 100');

export const createCallInput = z
  .object({
    dealId: z.uuid('Choose a deal'),
    basis: z.enum(['percentage', 'amount'], { error: 'Choose percentage of commitments or an amount' }),
    percentage: z.preprocess((v) => (v === '' ? undefined : v), percentText.optional()),
    amount: z.preprocess((v) => (v === '' ? undefined : v), moneyInput('Amount').optional()),
    callDate: isoDate('Call date is required').optional(),
    dueDate: isoDate('Due date is required'),
    purpose: z
      .string({ error: 'Purpose is required' })
      .trim()
      .min(1, 'Purpose is required')
      .max(500, 'Purpose must be at most 500 characters'),
  })
  .superRefine((v, ctx) => {
    if (v.basis === 'percentage' && !v.percentage) ctx.addIssue({ code: 'custom', path: ['percentage'], message: 'Enter a percentage' });
    if (v.basis === 'amount' && (!v.amount || !/^\d+(\.\d{1,2})?$/.test(v.amount) || toCents(v.amount) <= 0n))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount above zero' });
    if (v.callDate && v.dueDate < v.callDate)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'The due date cannot be before the call date' });
  });

export const receiptInput = z.object({
  investorId: z.uuid('Choose an investor'),
  amount: moneyInput('Amount').refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && toCents(v) > 0n, 'Enter an amount above zero'),
  valueDate: isoDate('Value date is required'),
});

export const reversalInput = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(1000, 'Reason must be at most 1000 characters'),
});

export const feeInput = z.object({
  investorId: z.uuid('Choose an investor'),
  amount: moneyInput('Amount').refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && toCents(v) > 0n, 'Enter an amount above zero'),
  date: isoDate('Date is required'),
  memo: z.string().trim().min(1, 'Describe the fee').max(500),
});

export const statementQuery = z
  .object({ from: isoDate('Start date is required'), to: isoDate('End date is required') })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The end date cannot be before the start date' });

/** A statement period as sent (body of POST /api/statement-runs, query of an investor's statement). */
export const statementRunInput = z.object({ from: z.string(), to: z.string() }).pipe(statementQuery);

export interface CallLine {
  investorId: string;
  investorName: string;
  investorEmail: string;
  amountDue: string;
  received: string;
  outstanding: string;
  status: CallLineStatus;
  receipts: { id: string; amount: string; valueDate: string; reversed: boolean; createdAt: string }[];
}

export interface CapitalCall {
  id: string;
  dealId: string;
  dealTitle: string;
  callDate: string;
  dueDate: string;
  purpose: string;
  /** A capital call of management fees: its lines are fees, not draws on the commitment. */
  feeCharge: boolean;
  basis: 'percentage' | 'amount';
  percentage: string | null;
  totalAmount: string;
  received: string;
  outstanding: string;
  status: CallLineStatus;
  counts: Record<CallLineStatus, number>;
  lines: CallLine[];
  createdAt: string;
}

export interface PaymentInstructions {
  spvName: string | null;
  bankName: string | null;
  accountName: string | null;
  accountNumber: string | null;
  swiftCode: string | null;
  paymentReference: string | null;
}

export interface InvestorCallNotice {
  callId: string;
  dealId: string;
  dealTitle: string;
  callDate: string;
  dueDate: string;
  purpose: string;
  /** A notice of management fees (not a draw on the commitment). */
  feeCharge: boolean;
  amountDue: string;
  received: string;
  outstanding: string;
  status: CallLineStatus;
  payment: PaymentInstructions;
}

export interface LedgerEntry {
  id: string;
  investorId: string;
  investorName: string;
  dealId: string;
  dealTitle: string;
  kind: EntryKind;
  reversedKind: BaseKind | null;
  amount: string;
  date: string;
  dueDate: string | null;
  recordDate: string | null;
  distributionType: string | null;
  callId: string | null;
  reversesId: string | null;
  reversedBy: string | null;
  memo: string | null;
  createdAt: string;
}

/** On a deal by units at NAV (decision 040): units held, NAV per unit and the average price paid (6 decimals). */
export interface UnitsFigures {
  held: string;
  navPerUnit: string;
  averagePrice: string;
}

/**
 * An investor's units on a date: units held (net of reversals), NAV per unit = their NAV / units,
 * average price paid = contributions / units. Null when they hold none.
 */
export function unitsFigures(
  investorId: string,
  dealEntries: Map<string, EntryFacts[]>,
  valuations: ValuationFacts[],
  date: string,
  nav: bigint,
): UnitsFigures | null {
  const held = dealUnits(dealEntries, valuations).unitsOn(date).get(investorId) ?? 0n;
  if (held <= 0n) return null;
  const paid = balancesAsOf(dealEntries.get(investorId) ?? [], date).contributed;
  return {
    held: unitsText(held),
    navPerUnit: unitPriceText({ cents: nav, units: held }),
    averagePrice: unitPriceText({ cents: paid, units: held }),
  };
}

/** An investor's roll-forward figures in one deal on the ledger's as-of date (decision 023). */
export interface AccountFigures {
  nav: string;
  gain: string;
  moic: number | null;
  irr: number | null;
  periodReturn: number | null;
  annualised: boolean;
  /** On a deal by units at NAV (decision 040), else null. */
  units: UnitsFigures | null;
}

export interface DealLedger {
  dealId: string;
  /** How later closes share the deal (decision 040). */
  ownershipMethod: OwnershipMethod;
  /** The date balances and figures are measured to: the company's today unless asked otherwise. */
  asOf: string;
  totals: BalancesDto & { nav: string };
  investors: { investorId: string; investorName: string; balances: BalancesDto; figures: AccountFigures }[];
  entries: LedgerEntry[];
}

/** A capital account statement generated by a statement run, listed on the investor's Statements screen. */
/** A statements run (POST /api/statement-runs), kept in the memory of the instance that runs it. */
export interface StatementRun {
  id: string;
  from: string;
  to: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  failed: number;
  startedAt: string;
  finishedAt: string | null;
  msPerStatement: number | null;
  error: string | null;
}

export interface GeneratedStatement {
  id: string;
  from: string;
  to: string;
  generatedAt: string;
}
