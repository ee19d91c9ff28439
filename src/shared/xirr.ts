import { DAY_MS } from './dates.ts';
/** A dated cash flow: negative money in (investment), positive money out (distributions, value). */
export interface CashFlow {
  date: string | Date;
  amount: number;
}

/** Net present value at `rate` with Actual/365 year fractions from the first flow (spreadsheet XIRR). */
function npv(rate: number, flows: { t: number; amount: number }[]): number {
  return flows.reduce((sum, f) => sum + f.amount / (1 + rate) ** f.t, 0);
}

function dnpv(rate: number, flows: { t: number; amount: number }[]): number {
  return flows.reduce((sum, f) => sum - (f.t * f.amount) / (1 + rate) ** (f.t + 1), 0);
}

/**
 * The annualised internal rate of return of dated cash flows, like a spreadsheet's XIRR
 * (Actual/365). Newton's method from 10% first; when it fails to converge or leaves the
 * domain, bisection over a bracketing interval. Null when the flows have no sign change.
 */
export function xirr(cashFlows: CashFlow[]): number | null {
  const flows = normalise(cashFlows);
  if (!flows) return null;
  return newton(flows, 0.1) ?? bisect(flows);
}

/** Newton's method alone (exported for tests): null when it does not converge. */
export function xirrNewton(cashFlows: CashFlow[], guess = 0.1): number | null {
  const flows = normalise(cashFlows);
  return flows ? newton(flows, guess) : null;
}

function normalise(cashFlows: CashFlow[]): { t: number; amount: number }[] | null {
  if (cashFlows.length < 2) return null;
  const t0 = Math.min(...cashFlows.map((f) => new Date(f.date).getTime()));
  const flows = cashFlows.map((f) => ({ t: (new Date(f.date).getTime() - t0) / DAY_MS / 365, amount: f.amount }));
  if (!flows.some((f) => f.amount < 0) || !flows.some((f) => f.amount > 0)) return null;
  return flows;
}

function newton(flows: { t: number; amount: number }[], guess: number): number | null {
  let rate = guess;
  for (let i = 0; i < 100; i++) {
    const value = npv(rate, flows);
    const slope = dnpv(rate, flows);
    if (!Number.isFinite(value) || !Number.isFinite(slope) || slope === 0) return null;
    const next = rate - value / slope;
    if (!Number.isFinite(next) || next <= -1) return null;
    if (Math.abs(next - rate) < 1e-10) return next;
    rate = next;
  }
  return null;
}

function bisect(flows: { t: number; amount: number }[]): number | null {
  let lo = -0.999999;
  let hi = 1;
  let fLo = npv(lo, flows);
  let fHi = npv(hi, flows);
  // Widen the upper bound until the NPV changes sign (very high returns).
  while (Math.sign(fLo) === Math.sign(fHi) && hi < 1e6) {
    hi *= 2;
    fHi = npv(hi, flows);
  }
  if (!Number.isFinite(fLo) || !Number.isFinite(fHi) || Math.sign(fLo) === Math.sign(fHi)) return null;
  for (let i = 0; i < 300; i++) {
    const mid = (lo + hi) / 2;
    const fMid = npv(mid, flows);
    if (Math.abs(fMid) < 1e-9 || hi - lo < 1e-12) return mid;
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}
