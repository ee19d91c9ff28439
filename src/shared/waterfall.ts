/**
 * The distribution waterfall (decision record 009): European, whole-deal, one event at a time.
 *
 * Pure and deterministic. Amounts are decimal strings in and out and integer cents (bigint)
 * inside; rates are exact decimals. The one irrational quantity, the compounding factor
 * (1 + hurdle)^(days/365), is computed in 40-digit fixed point with BigInt (ln by the atanh
 * series, exp by Taylor with halving), never with floats, so the server and the browser get
 * the same cents on every engine.
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
}

export interface WaterfallInput {
  terms: WaterfallTerms;
  contributions: { investorId: string; date: string; amount: string }[];
  /**
   * The deal's events in date order. An event with `fixed` was recorded earlier (possibly under
   * other terms): its recorded split is taken as it is, and later events build on it.
   */
  distributions: { date: string; amount: string; fixed?: { lpTotal: string; gp: string; returnOfCapital: string } }[];
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

export function validateTerms(terms: WaterfallTerms): { hurdle: Rate; carry: Rate; catchUp: Rate } {
  const hurdle = rate(terms.hurdleRate, 'Hurdle rate');
  const carry = rate(terms.carryRate, 'Carry rate');
  const catchUp = rate(terms.catchUpRate, 'Catch-up rate');
  if (hurdle.num > hurdle.den) throw new WaterfallInputError('Hurdle rate must be between 0 and 1');
  if (carry.num >= carry.den) throw new WaterfallInputError('Carry rate must be at least 0 and below 1');
  if (catchUp.num > catchUp.den) throw new WaterfallInputError('Catch-up rate must be between 0 and 1');
  // A catch-up that gives the GP no more than its carry share would never end.
  if (catchUp.num !== 0n && catchUp.num * carry.den <= carry.num * catchUp.den)
    throw new WaterfallInputError('Catch-up rate must be 0 (none) or above the carry rate');
  return { hurdle, carry, catchUp };
}

export function runWaterfall(input: WaterfallInput): WaterfallResult[] {
  const { hurdle, carry, catchUp } = validateTerms(input.terms);
  const lnH = ln1p(hurdle);
  const factorCache = new Map<number, bigint>();
  /** (1 + h)^(days/365) in fixed point. */
  const factor = (days: number): bigint => {
    let f = factorCache.get(days);
    if (f === undefined) {
      f = hurdle.num === 0n || days === 0 ? S : exp((lnH * BigInt(days)) / 365n);
      factorCache.set(days, f);
    }
    return f;
  };

  const contributions = input.contributions.map((c, i) => {
    if (typeof c.investorId !== 'string' || c.investorId === '') throw new WaterfallInputError(`Contribution ${i + 1} has no investor`);
    return { investorId: c.investorId, day: dayNumber(c.date, 'Contribution date'), cents: cents(c.amount, 'Contribution amount') };
  });

  const past: { day: number; lp: bigint }[] = [];
  let distributedSoFar = 0n;
  let gpSoFar = 0n;
  let rocSoFar = 0n;
  let lastDay = Number.NEGATIVE_INFINITY;
  const results: WaterfallResult[] = [];

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

    // 1. Hurdle: what investors still need at this date for their IRR to reach the hurdle.
    let fv = 0n;
    for (const c of inForce) fv += c.cents * factor(day - c.day);
    for (const p of past) fv -= p.lp * factor(day - p.day);
    const hurdleBefore = max(0n, roundHalfUp(fv, S));
    let tier1: bigint;
    let roc: bigint;
    let catchUpTier = 0n;
    let gpCatchUp = 0n;
    let carriedGp = 0n;
    let carriedLp = 0n;
    if (d.fixed) {
      // Recorded earlier: its split stands; its tiers are labelled as recorded.
      const gpFixed = cents(d.fixed.gp, 'Recorded GP amount');
      if (gpFixed + cents(d.fixed.lpTotal, 'Recorded investors amount') !== amount)
        throw new WaterfallInputError(`Recorded distribution ${i + 1} does not add up to its amount`);
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
    }
    const pref = tier1 - roc;
    const gp = gpCatchUp + carriedGp;
    const lp = amount - gp;
    const weights = new Map<string, bigint>();
    for (const c of inForce) weights.set(c.investorId, (weights.get(c.investorId) ?? 0n) + c.cents);
    const split = contributed > 0n ? allocateByLargestRemainder(lp, weights) : new Map<string, bigint>();
    const perInvestorTiers = splitTiers(split, weights, [roc, pref, catchUpTier - gpCatchUp, carriedLp]);
    // Each investor's amount is the sum of their tier cells (the largest-remainder split of the
    // investors' total whenever the tiers allow it; otherwise within a cent of their exact share).
    const perInvestor: Record<string, string> = {};
    for (const [id, t] of Object.entries(perInvestorTiers))
      perInvestor[id] = centsToString(
        ownCents(t.returnOfCapital) + ownCents(t.preferredReturn) + ownCents(t.catchUp) + ownCents(t.carriedInterest),
      );

    past.push({ day, lp });
    distributedSoFar += amount;
    gpSoFar += gp;
    rocSoFar += roc;
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
    });
  }
  return results;
}
