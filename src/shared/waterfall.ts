/**
 * The distribution waterfall (decision record 009): European, whole-deal, one event at a time.
 *
 * Pure and deterministic. Amounts are decimal strings in and out and integer cents (bigint)
 * inside; rates are exact decimals. The one irrational quantity, the compounding factor
 * (1 + hurdle)^(days/365), is computed in 40-digit fixed point with BigInt (ln by the atanh
 * series, exp by Taylor with halving), never with floats, so the server and the browser get
 * the same cents on every engine.
 *
 * The terms' conventions (decision record 039) choose how the hurdle grows: compounded annually
 * (the default, as above) or quarterly, or simple interest (exact rationals), on Actual/365 (the
 * default), 30/360 or Actual/Actual; a GP clawback found before each event (netted from the GP's
 * later amounts or owed, net of tax); and a share of each GP amount held in escrow.
 *
 * For each distribution, in order:
 *  1. Investors get 100% until their IRR on the deal reaches the hurdle. The hurdle amount at
 *     the event date D is  sum(contribution x (1+h)^((D-d)/365)) - sum(earlier investor
 *     distributions x (1+h)^((D-d)/365)), over contributions dated on or before D, rounded
 *     half-up to the cent (never below zero). Within that tier, the first dollars are labelled
 *     return of capital (up to contributed capital not yet returned by this tier), the rest
 *     preferred return.
 *  2. Catch-up: the GP gets `catchUpRate` of each further dollar until the GP holds `carryRate`
 *     of the profit distributed so far (profit = distributed - contributed). The exact tier size
 *     is D* = (carry x profit - gpSoFar) / (catchUpRate - carry). When the catch-up ends inside
 *     the event, the tier is D* and the GP's part catchUpRate x D*, each rounded half-up (never
 *     past the GP's share); when it does not, the tier is the whole rest and the GP's part is
 *     floored (at or below its share).
 *  3. The rest is split. Once the catch-up is over, the GP's running total is carryRate of the
 *     cumulative profit floored to the cent (its part of this event is that minus what it has),
 *     so cents lost to rounding are not kept from it, and it never holds more than its share
 *     (decision record 025). With
 *     no catch-up: carryRate of the rest rounded half-up, never more than floor(carry x
 *     cumulative profit) - gpSoFar. Investors get the remainder.
 * Each investors' tier of the event is split among the investors pro rata to capital contributed
 * on or before the event date: every cell within a cent of its exact share, every tier adding up
 * exactly, and each investor's cells adding up to their largest-remainder share of the
 * investors' total whenever the tiers allow (see splitTiers); ties by investor id, so the result
 * does not depend on input order.
 */

export interface WaterfallTerms {
  /** Preferred return (hurdle) rate, annual, e.g. "0.08". */
  hurdleRate: string;
  /** Carried-interest rate, e.g. "0.20". */
  carryRate: string;
  /** The GP's share of each dollar during catch-up: "1" full, "0" none, in between partial. */
  catchUpRate: string;
  /**
   * How the preferred return accrues (decision record 039): 'annual' compounding (the default,
   * decision 009), 'quarterly' compounding (hurdle/4 a quarter), or 'simple' interest.
   */
  prefCompounding?: PrefCompounding;
  /** How a period is measured in years: Actual/365 (default), 30/360 (bond basis) or Actual/Actual (ISDA). */
  dayCount?: DayCount;
  /**
   * GP clawback (decision record 039): when the GP holds more than carryRate of the cumulative
   * profit, the excess is owed back. 'net' (default): withheld from the GP's next distributions
   * and paid to the investors; 'owed': recorded as owed by the GP, future distributions unaffected.
   */
  clawback?: ClawbackMode;
  /** The clawback is owed net of the tax the GP paid on the carry: this rate of each excess is forgiven. */
  clawbackTaxRate?: string;
  /** The share of each carry payment held back in escrow, e.g. "0.25". */
  escrowRate?: string;
  /** Escrow is released on the first distribution dated on or after this date; without one, at the final distribution. */
  escrowReleaseDate?: string | null;
}

export const PREF_COMPOUNDINGS = ['annual', 'quarterly', 'simple'] as const;
export type PrefCompounding = (typeof PREF_COMPOUNDINGS)[number];
export const DAY_COUNTS = ['act365', '30360', 'actact'] as const;
export type DayCount = (typeof DAY_COUNTS)[number];
export const CLAWBACK_MODES = ['net', 'owed'] as const;
export type ClawbackMode = (typeof CLAWBACK_MODES)[number];

export interface WaterfallInput {
  terms: WaterfallTerms;
  contributions: { investorId: string; date: string; amount: string }[];
  /**
   * The deal's events in date order. An event with `fixed` was recorded earlier (possibly under
   * other terms): its recorded split is taken as it is, and later events build on it.
   */
  distributions: {
    date: string;
    amount: string;
    /** The deal's final distribution: escrow still held is released with it. */
    final?: boolean;
    /**
     * Each investor's share of this event when it is not their contributed capital in force: on a
     * deal by units at NAV (decision 040), the units held on the record date (millionths). The
     * deal-level tiers (hurdle, catch-up, carry) are unchanged; only the investors' split follows.
     */
    weights?: ReadonlyMap<string, bigint>;
    fixed?: {
      lpTotal: string;
      /** What the GP was allotted of the event (after any clawback withheld). */
      gp: string;
      returnOfCapital: string;
      /** The GP's amount withheld from this event to settle a clawback (paid to investors). */
      clawbackNetted?: string;
      /** Of the GP's amount, what was held back in escrow. */
      escrowHeld?: string;
    };
  }[];
  /**
   * Payments by the GP of a clawback owed (decision record 058), in any order: cash from the GP
   * to the investors on `date`, at the end of that day: each is applied after the events of its day
   * and before the later ones (those of the last event's day count in the last result): the
   * clawback is found at its date (as before an event) and the amount owed drops by the payment.
   * Nothing else moves: the GP's position was brought back to its share when the clawback arose,
   * so the split of later distributions (hurdle, catch-up, carry) does not depend on when, or
   * whether, the GP pays. A payment above what is owed at its date is refused.
   */
  clawbackPayments?: { date: string; amount: string }[];
}

/** The clawback and escrow position at one event (decision record 039). */
export interface ClawbackAtEvent {
  /** The GP's excess over carryRate of the cumulative profit found at this date (before the event). */
  excess: string;
  /** The part of the excess forgiven as tax the GP paid on it ('net of tax'). */
  taxRelief: string;
  /** The clawback obligation that arose: excess - taxRelief. */
  arose: string;
  /** Of it, settled at once from the escrow. */
  fromEscrow: string;
  /** The GP's amount of this event withheld and paid to the investors ('net' mode). */
  netted: string;
  /** What the GP still owes after this event. */
  owedAfter: string;
  /** Paid back by the GP to the investors since the previous event (decision record 058). */
  paid: string;
}

export interface EscrowAtEvent {
  /** Of the GP's amount of this event, what is held back. */
  held: string;
  /** Escrow released to the GP with this event (release date reached or final distribution). */
  released: string;
  /** In escrow after this event. */
  balanceAfter: string;
}

/** An investor's part of each investors' tier of one event. */
export interface InvestorTiers {
  returnOfCapital: string;
  preferredReturn: string;
  /** The investors' part of the catch-up tier (0 with full catch-up). */
  catchUp: string;
  carriedInterest: string;
}

export interface WaterfallTiers {
  returnOfCapital: string;
  preferredReturn: string;
  /** The whole catch-up tier; the GP's part is `gp - carriedInterestGp`, the investors' the rest. */
  catchUp: string;
  carriedInterestLp: string;
  carriedInterestGp: string;
}

export interface WaterfallResult {
  date: string;
  amount: string;
  lpTotal: string;
  gp: string;
  perInvestor: Record<string, string>;
  tiers: WaterfallTiers;
  /** Each investor's amount split over the investors' tiers; sums to `perInvestor` and to the tiers. */
  perInvestorTiers: Record<string, InvestorTiers>;
  /** What investors still needed, at this date and before this event, to reach the hurdle. */
  hurdleBefore: string;
  /** What investors still need after this event to reach the hurdle (0.00 once reached). */
  hurdleAfter: string;
  /** The GP's amount before any clawback was withheld from it (equal to `gp` without clawback). */
  gpEntitlement: string;
  clawback: ClawbackAtEvent;
  escrow: EscrowAtEvent;
}

export class WaterfallInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WaterfallInputError';
  }
}

// ---------------------------------------------------------------------------------------------
// Exact decimals
// ---------------------------------------------------------------------------------------------

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
const RATE = /^\d(\.\d{1,8})?$/;

/** A decimal string with at most 2 decimals -> cents. */
function cents(amount: string, what: string): bigint {
  if (!AMOUNT.test(amount)) throw new WaterfallInputError(`${what} must be a non-negative amount with at most 2 decimals: ${amount}`);
  return ownCents(amount);
}

/** An amount this module wrote itself ('1234.50', checked on the way in): cents, no check. */
function ownCents(amount: string): bigint {
  const [whole = '0', frac = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
}

/** Cents -> '1234.50'. */
export function centsToString(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

/** An exact rational num/den (den > 0). */
interface Rate {
  num: bigint;
  den: bigint;
}

function rate(value: string, what: string): Rate {
  if (!RATE.test(value)) throw new WaterfallInputError(`${what} must be a decimal rate such as 0.08: ${value}`);
  const [whole = '0', frac = ''] = value.split('.');
  const den = 10n ** BigInt(frac.length);
  return { num: BigInt(whole) * den + BigInt(frac || '0'), den };
}

const floorDiv = (a: bigint, b: bigint) => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};
/** Round half up (towards +infinity on .5) of a/b, b > 0. */
const roundHalfUp = (a: bigint, b: bigint) => floorDiv(2n * a + b, 2n * b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

// ---------------------------------------------------------------------------------------------
// Fixed-point (1 + h)^(days / 365)
// ---------------------------------------------------------------------------------------------

const S = 10n ** 40n;

/** ln(1 + num/den) in fixed point, by ln(x) = 2 atanh((x - 1) / (x + 1)). */
function ln1p(r: Rate): bigint {
  if (r.num === 0n) return 0n;
  const z = (r.num * S) / (2n * r.den + r.num);
  const z2 = (z * z) / S;
  let term = z;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += term / k;
    term = (term * z2) / S;
  }
  return 2n * sum;
}

/** exp(y) in fixed point, y >= 0: halve until small, Taylor series, square back. */
function exp(y: bigint): bigint {
  let x = y;
  let halvings = 0;
  while (x > S / 2n) {
    x /= 2n;
    halvings++;
  }
  let term = S;
  let sum = S;
  for (let k = 1n; term !== 0n; k++) {
    term = (term * x) / (S * k);
    sum += term;
  }
  for (let i = 0; i < halvings; i++) sum = (sum * sum) / S;
  return sum;
}

function dayNumber(date: string, what: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new WaterfallInputError(`${what} must be a date as YYYY-MM-DD: ${date}`);
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  if (new Date(t).toISOString().slice(0, 10) !== date) throw new WaterfallInputError(`${what} is not a calendar date: ${date}`);
  return t / 86_400_000;
}

// ---------------------------------------------------------------------------------------------
// Allocation
// ---------------------------------------------------------------------------------------------

/** Pro rata to `weights`, to the cent: floors, then leftover cents to the largest remainders, ties by id. */
export function allocateByLargestRemainder(total: bigint, weights: Map<string, bigint>): Map<string, bigint> {
  const base = [...weights.values()].reduce((s, w) => s + w, 0n);
  if (base <= 0n) throw new WaterfallInputError('There is no contributed capital to allocate to');
  const ids = [...weights.keys()].sort();
  const parts = ids.map((id) => {
    const exact = total * (weights.get(id) as bigint);
    return { id, value: exact / base, rem: exact % base };
  });
  let left = total - parts.reduce((s, p) => s + p.value, 0n);
  const order = [...parts].sort((a, b) => (b.rem > a.rem ? 1 : b.rem < a.rem ? -1 : a.id < b.id ? -1 : 1));
  for (const p of order) {
    if (left <= 0n) break;
    p.value += 1n;
    left -= 1n;
  }
  return new Map(parts.map((p) => [p.id, p.value]));
}

/**
 * Splits the investors' tiers of one event among investors (decision record 025): every cell is
 * the floor or the ceiling of its exact pro-rata share (so within one cent of it), every tier's
 * cells add up to the tier exactly, and each investor's cells add up to the floor or the ceiling
 * of their exact share of the investors' total; when it can be done, exactly to `rows` (the
 * largest-remainder split of the investors' total).
 *
 * Which cells get the extra cent is a small flow problem: tier k has `need[k]` cents to hand out
 * beyond the floors, one at most to each investor whose exact share of the tier is not whole;
 * investor i may take `cap[i]` of them. Augmenting paths (Ford-Fulkerson on this bipartite graph)
 * first fill every investor to the floor of their fractional total, then to their target, then to
 * the ceiling; flow into the sink never decreases, so every stage keeps what the one before it
 * reached. The fractional exact split is a feasible flow of each stage's size, so each stage's
 * integral maximum reaches it (integrality of max flow).
 */
function splitTiers(rows: Map<string, bigint>, weights: Map<string, bigint>, tierTotals: bigint[]): Record<string, InvestorTiers> {
  const base = [...weights.values()].reduce((s, w) => s + w, 0n);
  const ids = [...rows.keys()].sort();
  const K = tierTotals.length;
  const value = ids.map((id) => tierTotals.map((t) => (t * (weights.get(id) as bigint)) / base));
  const rem = ids.map((id) => tierTotals.map((t) => (t * (weights.get(id) as bigint)) % base));
  const need = tierTotals.map((t, k) => t - value.reduce((s, v) => s + (v[k] as bigint), 0n));
  const remSum = rem.map((r) => r.reduce((s, x) => s + x, 0n));
  const floorF = remSum.map((r) => r / base);
  const ceilF = remSum.map((r) => (r + base - 1n) / base);
  const target = ids.map((id, i) => {
    const t = (rows.get(id) as bigint) - (value[i] as bigint[]).reduce((s, v) => s + v, 0n);
    return t < (floorF[i] as bigint) ? (floorF[i] as bigint) : t > (ceilF[i] as bigint) ? (ceilF[i] as bigint) : t;
  });
  const up = ids.map(() => new Array<boolean>(K).fill(false));
  const colFlow = tierTotals.map(() => 0n);
  const rowFlow = ids.map(() => 0n);
  let cap = floorF;

  /** One augmenting path source -> tier -> (investor -> tier)* -> investor -> sink, by BFS. */
  const augment = (): boolean => {
    const prevOfRow = new Array<number>(ids.length).fill(-2); // tier it was reached from
    const prevOfCol = new Array<number>(K).fill(-2); // investor it was reached from (-1: source)
    const queue: ['c' | 'r', number][] = [];
    for (let k = 0; k < K; k++)
      if ((colFlow[k] as bigint) < (need[k] as bigint)) {
        prevOfCol[k] = -1;
        queue.push(['c', k]);
      }
    for (let head = 0; head < queue.length; head++) {
      const [kind, n] = queue[head] as ['c' | 'r', number];
      if (kind === 'c') {
        for (let i = 0; i < ids.length; i++) {
          if (prevOfRow[i] !== -2 || up[i]?.[n] || (rem[i] as bigint[])[n] === 0n) continue;
          prevOfRow[i] = n;
          if ((rowFlow[i] as bigint) < (cap[i] as bigint)) {
            // Found: walk back, flipping cells.
            let row = i;
            rowFlow[i] = (rowFlow[i] as bigint) + 1n;
            for (;;) {
              const col = prevOfRow[row] as number;
              (up[row] as boolean[])[col] = true;
              const from = prevOfCol[col] as number;
              if (from === -1) {
                colFlow[col] = (colFlow[col] as bigint) + 1n;
                return true;
              }
              // from -> col was a backward step: investor `from` gives its cent in tier col back.
              (up[from] as boolean[])[col] = false;
              row = from;
            }
          }
          queue.push(['r', i]);
        }
      } else {
        for (let k = 0; k < K; k++) {
          if (prevOfCol[k] !== -2 || !up[n]?.[k]) continue;
          prevOfCol[k] = n;
          queue.push(['c', k]);
        }
      }
    }
    return false;
  };
  // Per tier, investors by largest remainder first (ties by id): the greedy pass below hands out
  // most cents directly, so the augmenting paths only repair what it leaves.
  const byRemainder = tierTotals.map((_, k) =>
    ids
      .map((_, i) => i)
      .filter((i) => (rem[i] as bigint[])[k] !== 0n)
      .sort((x, y) => {
        const a = (rem[x] as bigint[])[k] as bigint;
        const b = (rem[y] as bigint[])[k] as bigint;
        return a > b ? -1 : a < b ? 1 : x - y;
      }),
  );
  for (const stage of [floorF, target, ceilF]) {
    cap = stage;
    for (let k = 0; k < K; k++)
      for (const i of byRemainder[k] as number[]) {
        if ((colFlow[k] as bigint) >= (need[k] as bigint)) break;
        if (up[i]?.[k] || (rowFlow[i] as bigint) >= (cap[i] as bigint)) continue;
        (up[i] as boolean[])[k] = true;
        colFlow[k] = (colFlow[k] as bigint) + 1n;
        rowFlow[i] = (rowFlow[i] as bigint) + 1n;
      }
    while (augment());
  }
  const out: Record<string, InvestorTiers> = {};
  ids.forEach((id, i) => {
    const cells = (value[i] as bigint[]).map((v, k) => v + (up[i]?.[k] ? 1n : 0n));
    const [roc = 0n, pref = 0n, cu = 0n, carried = 0n] = cells;
    out[id] = {
      returnOfCapital: centsToString(roc),
      preferredReturn: centsToString(pref),
      catchUp: centsToString(cu),
      carriedInterest: centsToString(carried),
    };
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// The waterfall
// ---------------------------------------------------------------------------------------------

export interface ValidTerms {
  hurdle: Rate;
  carry: Rate;
  catchUp: Rate;
  compounding: PrefCompounding;
  dayCount: DayCount;
  clawback: ClawbackMode;
  clawbackTax: Rate;
  escrow: Rate;
  escrowReleaseDay: number | null;
}

export function validateTerms(terms: WaterfallTerms): ValidTerms {
  const hurdle = rate(terms.hurdleRate, 'Hurdle rate');
  const carry = rate(terms.carryRate, 'Carry rate');
  const catchUp = rate(terms.catchUpRate, 'Catch-up rate');
  if (hurdle.num > hurdle.den) throw new WaterfallInputError('Hurdle rate must be between 0 and 1');
  if (carry.num >= carry.den) throw new WaterfallInputError('Carry rate must be at least 0 and below 1');
  if (catchUp.num > catchUp.den) throw new WaterfallInputError('Catch-up rate must be between 0 and 1');
  // A catch-up that gives the GP no more than its carry share would never end.
  if (catchUp.num !== 0n && catchUp.num * carry.den <= carry.num * catchUp.den)
    throw new WaterfallInputError('Catch-up rate must be 0 (none) or above the carry rate');
  const compounding = terms.prefCompounding ?? 'annual';
  if (!PREF_COMPOUNDINGS.includes(compounding)) throw new WaterfallInputError(`Unknown compounding: ${compounding}`);
  const dayCount = terms.dayCount ?? 'act365';
  if (!DAY_COUNTS.includes(dayCount)) throw new WaterfallInputError(`Unknown day count: ${dayCount}`);
  const clawback = terms.clawback ?? 'net';
  if (!CLAWBACK_MODES.includes(clawback)) throw new WaterfallInputError(`Unknown clawback mode: ${clawback}`);
  const clawbackTax = rate(terms.clawbackTaxRate ?? '0', 'Clawback tax rate');
  if (clawbackTax.num >= clawbackTax.den) throw new WaterfallInputError('Clawback tax rate must be at least 0 and below 1');
  const escrow = rate(terms.escrowRate ?? '0', 'Escrow rate');
  if (escrow.num > escrow.den) throw new WaterfallInputError('Escrow rate must be between 0 and 1');
  const escrowReleaseDay = terms.escrowReleaseDate ? dayNumber(terms.escrowReleaseDate, 'Escrow release date') : null;
  return { hurdle, carry, catchUp, compounding, dayCount, clawback, clawbackTax, escrow, escrowReleaseDay };
}

// ---------------------------------------------------------------------------------------------
// Day counts and the growth of the preferred return (decision record 039)
// ---------------------------------------------------------------------------------------------

/** The denominator of each day count's year fraction: a year fraction is an integer over it. */
const YEAR_DEN: Record<DayCount, bigint> = { act365: 365n, '30360': 360n, actact: 365n * 366n };
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * The year fraction from `from` to `to` (from <= to), as a numerator over YEAR_DEN[dayCount]:
 *  - act365: actual days / 365;
 *  - 30360: 30/360 bond basis (ISDA 2006 4.16(f)): a 31st start is the 30th; a 31st end is the
 *    30th when the start is the 30th or 31st; (360 x years + 30 x months + days) / 360;
 *  - actact: Actual/Actual ISDA (4.16(b)): the days in a leap year over 366 plus the days in other
 *    years over 365.
 */
export function yearFraction(from: string, to: string, dayCount: DayCount): bigint {
  const a = dayNumber(from, 'Date');
  const b = dayNumber(to, 'Date');
  if (b <= a) return 0n;
  if (dayCount === 'act365') return BigInt(b - a);
  const [y1, m1, d1] = from.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = to.split('-').map(Number) as [number, number, number];
  if (dayCount === '30360') {
    const s = Math.min(d1, 30);
    const e = d2 === 31 && s === 30 ? 30 : d2;
    return BigInt(Math.max(0, 360 * (y2 - y1) + 30 * (m2 - m1) + (e - s)));
  }
  let num = 0n;
  for (let y = y1; y <= y2; y++) {
    const start = Math.max(a, Date.UTC(y, 0, 1) / 86_400_000);
    const end = Math.min(b, Date.UTC(y + 1, 0, 1) / 86_400_000);
    if (end > start) num += BigInt(end - start) * (isLeap(y) ? 365n : 366n);
  }
  return num;
}

/**
 * The growth of one unit of capital from one date to another at the preferred return, as a
 * numerator over `den`: exact for simple interest (1 + h t), 40-digit fixed point for
 * compounding ((1 + h)^t annually, (1 + h/4)^(4t) quarterly).
 */
function growth(v: ValidTerms): { den: bigint; factor: (from: string, to: string) => bigint } {
  const yd = YEAR_DEN[v.dayCount];
  const cache = new Map<string, bigint>();
  const memo = (from: string, to: string, f: (t: bigint) => bigint) => {
    const key = `${from}|${to}`;
    let x = cache.get(key);
    if (x === undefined) {
      x = f(yearFraction(from, to, v.dayCount));
      cache.set(key, x);
    }
    return x;
  };
  const h = v.hurdle;
  if (v.compounding === 'simple') {
    const den = h.den * yd;
    return { den, factor: (from, to) => memo(from, to, (t) => den + h.num * t) };
  }
  const periods = v.compounding === 'quarterly' ? 4n : 1n;
  const lnH = ln1p({ num: h.num, den: h.den * periods });
  return {
    den: S,
    factor: (from, to) => memo(from, to, (t) => (h.num === 0n || t === 0n ? S : exp((lnH * periods * t) / yd))),
  };
}

export function runWaterfall(input: WaterfallInput): WaterfallResult[] {
  const terms = validateTerms(input.terms);
  const { carry, catchUp } = terms;
  const { den: growthDen, factor } = growth(terms);

  const contributions = input.contributions.map((c, i) => {
    if (typeof c.investorId !== 'string' || c.investorId === '') throw new WaterfallInputError(`Contribution ${i + 1} has no investor`);
    return {
      investorId: c.investorId,
      date: c.date,
      day: dayNumber(c.date, 'Contribution date'),
      cents: cents(c.amount, 'Contribution amount'),
    };
  });

  const past: { date: string; lp: bigint }[] = [];
  let distributedSoFar = 0n;
  /** The GP's entitlement so far, net of every excess clawed back (decision record 039). */
  let gpSoFar = 0n;
  let rocSoFar = 0n;
  /** Clawback the GP still owes, and what is in escrow. */
  let owed = 0n;
  let escrowBalance = 0n;
  let lastDay = Number.NEGATIVE_INFINITY;
  const results: WaterfallResult[] = [];

  const payments = (input.clawbackPayments ?? [])
    .map((p) => ({ date: p.date, day: dayNumber(p.date, 'Clawback payment date'), cents: cents(p.amount, 'Clawback payment') }))
    .sort((a, b) => a.day - b.day);
  let nextPayment = 0;
  /** Paid back since the previous event, and the clawback found since then (at payments and at the event). */
  let paidSince = 0n;
  const found = { excess: 0n, taxRelief: 0n, arose: 0n, fromEscrow: 0n };
  /**
   * 0. Clawback (decision record 039): capital contributed since the last look (a later close, a
   * further call after an early exit) lowers the cumulative profit; what the GP holds above
   * carryRate of it (floored to the cent, never below 0) is owed back, less the tax relief.
   * Escrow settles it first; the rest is owed (and, in 'net' mode, withheld from the GP's amounts).
   */
  /** A payment of a clawback owed, at the end of its day: the clawback is looked for then, and what is owed drops by it. */
  const applyPayment = () => {
    const p = payments[nextPayment++] as { date: string; day: number; cents: bigint };
    findClawback(contributions.filter((c) => c.day <= p.day).reduce((s, c) => s + c.cents, 0n));
    if (p.cents > owed)
      throw new WaterfallInputError(
        `The GP owes ${centsToString(owed)} on ${p.date}: a clawback payment of ${centsToString(p.cents)} is more than that`,
      );
    owed -= p.cents;
    paidSince += p.cents;
  };
  const findClawback = (contributedNow: bigint) => {
    const shareBefore = max(0n, floorDiv(carry.num * (distributedSoFar - contributedNow), carry.den));
    const excess = max(0n, gpSoFar - shareBefore);
    const taxRelief = (excess * terms.clawbackTax.num) / terms.clawbackTax.den;
    const arose = excess - taxRelief;
    const fromEscrow = min(escrowBalance, arose);
    gpSoFar -= excess;
    escrowBalance -= fromEscrow;
    owed += arose - fromEscrow;
    found.excess += excess;
    found.taxRelief += taxRelief;
    found.arose += arose;
    found.fromEscrow += fromEscrow;
  };

  for (const [i, d] of input.distributions.entries()) {
    const day = dayNumber(d.date, 'Distribution date');
    if (day < lastDay) throw new WaterfallInputError('Distributions must be in date order');
    lastDay = day;
    const amount = cents(d.amount, 'Distribution amount');

    const inForce = contributions.filter((c) => c.day <= day);
    const contributed = inForce.reduce((s, c) => s + c.cents, 0n);
    // A recorded event stands even without capital before its date (its split was decided then).
    if (contributed <= 0n && !d.fixed)
      throw new WaterfallInputError(`No capital was contributed on or before ${d.date} (distribution ${i + 1})`);

    // Payments of a clawback owed dated before this event's day come first (decision 058).
    while (nextPayment < payments.length && (payments[nextPayment] as { day: number }).day < day) applyPayment();
    // 0. Clawback (decision record 039): found at this date (and at each payment since the last event).
    findClawback(contributed);
    const { excess, taxRelief, arose, fromEscrow } = found;
    const paid = paidSince;

    // 1. Hurdle: what investors still need at this date for their return to reach the hurdle.
    let fv = 0n;
    for (const c of inForce) fv += c.cents * factor(c.date, d.date);
    for (const p of past) fv -= p.lp * factor(p.date, d.date);
    const hurdleBefore = max(0n, roundHalfUp(fv, growthDen));
    let tier1: bigint;
    let roc: bigint;
    let catchUpTier = 0n;
    let gpCatchUp = 0n;
    let carriedGp = 0n;
    let carriedLp = 0n;
    let netted = 0n;
    let held = 0n;
    if (d.fixed) {
      // Recorded earlier: its split stands; its tiers are labelled as recorded.
      const gpFixed = cents(d.fixed.gp, 'Recorded GP amount');
      if (gpFixed + cents(d.fixed.lpTotal, 'Recorded investors amount') !== amount)
        throw new WaterfallInputError(`Recorded distribution ${i + 1} does not add up to its amount`);
      netted = cents(d.fixed.clawbackNetted ?? '0', 'Recorded clawback netted');
      held = min(gpFixed, cents(d.fixed.escrowHeld ?? '0', 'Recorded escrow held'));
      roc = min(cents(d.fixed.returnOfCapital, 'Recorded return of capital'), amount - gpFixed);
      tier1 = min(amount - gpFixed, max(roc, hurdleBefore));
      carriedGp = gpFixed;
      carriedLp = amount - gpFixed - tier1;
    } else {
      tier1 = min(amount, hurdleBefore);
      roc = min(tier1, max(0n, contributed - rocSoFar));
      let rest = amount - tier1;

      // 2. Catch-up. Its exact size is D* = (c P - G) / (r - c) with c = cn/cd, r = rn/rd:
      //    ((cn P - G cd) rd) / (rn cd - cn rd), P the profit after tier 1, G the GP's so far.
      const profitAfterTier1 = distributedSoFar + tier1 - contributed;
      const profitAfter = distributedSoFar + amount - contributed;
      let caughtUp = false;
      if (rest > 0n && catchUp.num > 0n) {
        const num = (carry.num * profitAfterTier1 - gpSoFar * carry.den) * catchUp.den;
        const den = catchUp.num * carry.den - carry.num * catchUp.den;
        if (num <= 0n) caughtUp = true;
        else if (num <= rest * den) {
          // The catch-up ends inside this event: tier and the GP's part rounded half-up from the
          // exact D* (r D* <= D* <= rest, so the parts stay in order); the carried split below
          // then brings the GP to its share of the whole profit (floored), so the cents
          // the two roundings lose or gain are not kept (100 in, 200 out: GP 20.00, not 19.99).
          caughtUp = true;
          catchUpTier = roundHalfUp(num, den);
          gpCatchUp = min(
            roundHalfUp(num * catchUp.num, den * catchUp.den),
            max(0n, floorDiv(carry.num * profitAfter, carry.den) - gpSoFar),
          );
        } else {
          // Still catching up after this event: the GP stays at or below its share.
          catchUpTier = rest;
          gpCatchUp = (rest * catchUp.num) / catchUp.den;
        }
        rest -= catchUpTier;
      }

      // 3. Carried-interest split. Once caught up, the GP's running total is its share of the
      //    cumulative profit floored to the cent (so rounding never accumulates over events); with
      //    no catch-up, carryRate of the rest rounded half-up, capped at the GP's share.
      const share = carry.num * profitAfter;
      if (caughtUp) carriedGp = max(0n, min(rest, floorDiv(share, carry.den) - gpSoFar - gpCatchUp));
      else {
        const cap = max(0n, floorDiv(share, carry.den) - gpSoFar - gpCatchUp);
        carriedGp = min(rest, min(cap, roundHalfUp(carry.num * rest, carry.den)));
      }
      carriedLp = rest - carriedGp;

      // 4. Clawback netted ('net' mode): the GP's amount settles what it owes, paid to the
      //    investors in the carried-interest tier (from the GP's carried part first, then its
      //    part of the catch-up).
      if (terms.clawback === 'net' && owed > 0n) {
        netted = min(owed, gpCatchUp + carriedGp);
        const fromCarried = min(netted, carriedGp);
        carriedGp -= fromCarried;
        gpCatchUp -= netted - fromCarried;
        catchUpTier -= netted - fromCarried;
        carriedLp += netted;
      }
      // 5. Escrow: a share of what the GP is allotted is held back, until the release date or the
      //    final distribution (from then on nothing is held).
      held = roundHalfUp((gpCatchUp + carriedGp) * terms.escrow.num, terms.escrow.den);
    }
    const releaseNow = d.final === true || (terms.escrowReleaseDay !== null && day >= terms.escrowReleaseDay);
    if (releaseNow && !d.fixed) held = 0n;
    owed -= min(owed, netted);
    escrowBalance += held;
    const released = releaseNow ? escrowBalance : 0n;
    escrowBalance -= released;

    const pref = tier1 - roc;
    const gp = gpCatchUp + carriedGp;
    const lp = amount - gp;
    const weights = new Map<string, bigint>();
    for (const c of inForce) weights.set(c.investorId, (weights.get(c.investorId) ?? 0n) + c.cents);
    // On a units deal the investors share by units held on the record date (decision 040).
    const given = d.weights ? [...d.weights].filter(([, w]) => w > 0n) : [];
    if (given.length > 0) {
      weights.clear();
      for (const [id, w] of given) weights.set(id, w);
    }
    const split = contributed > 0n ? allocateByLargestRemainder(lp, weights) : new Map<string, bigint>();
    const perInvestorTiers = splitTiers(split, weights, [roc, pref, catchUpTier - gpCatchUp, carriedLp]);
    // Each investor's amount is the sum of their tier cells (the largest-remainder split of the
    // investors' total whenever the tiers allow it; otherwise within a cent of their exact share).
    const perInvestor: Record<string, string> = {};
    for (const [id, t] of Object.entries(perInvestorTiers))
      perInvestor[id] = centsToString(
        ownCents(t.returnOfCapital) + ownCents(t.preferredReturn) + ownCents(t.catchUp) + ownCents(t.carriedInterest),
      );

    past.push({ date: d.date, lp });
    distributedSoFar += amount;
    // The GP's entitlement counts in full (what was withheld settled its debt).
    gpSoFar += gp + netted;
    rocSoFar += roc;
    paidSince = 0n;
    found.excess = 0n;
    found.taxRelief = 0n;
    found.arose = 0n;
    found.fromEscrow = 0n;
    results.push({
      date: d.date,
      amount: centsToString(amount),
      lpTotal: centsToString(lp),
      gp: centsToString(gp),
      perInvestor,
      perInvestorTiers,
      tiers: {
        returnOfCapital: centsToString(roc),
        preferredReturn: centsToString(pref),
        catchUp: centsToString(catchUpTier),
        carriedInterestLp: centsToString(carriedLp),
        carriedInterestGp: centsToString(carriedGp),
      },
      hurdleBefore: centsToString(hurdleBefore),
      hurdleAfter: centsToString(max(0n, hurdleBefore - lp)),
      gpEntitlement: centsToString(gp + netted),
      clawback: {
        excess: centsToString(excess),
        taxRelief: centsToString(taxRelief),
        arose: centsToString(arose),
        fromEscrow: centsToString(fromEscrow),
        netted: centsToString(netted),
        owedAfter: centsToString(owed),
        paid: centsToString(paid),
      },
      escrow: { held: centsToString(held), released: centsToString(released), balanceAfter: centsToString(escrowBalance) },
    });
  }
  // Payments on the last event's day come after its events (money comes in at the end of the day):
  // they count in the last result, so a payment made today shows at the zero event today.
  const last = results[results.length - 1];
  if (last) {
    while (nextPayment < payments.length && (payments[nextPayment] as { day: number }).day <= lastDay) applyPayment();
    last.clawback.owedAfter = centsToString(owed);
    last.clawback.paid = centsToString(ownCents(last.clawback.paid) + paidSince);
  }
  return results;
}
