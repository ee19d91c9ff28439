import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import type { ReturnFigures, UnitsFigures } from './ledger.ts';
import { moneyInput } from './money-input.ts';

// Valuations and performance: holdings, their figures and the performance screen (split out of the former shared/portal.ts, issue 28).

export const PERFORMANCE_STATUSES = ['Performing', 'On Track', 'Watch'] as const;
export type PerformanceStatus = (typeof PERFORMANCE_STATUSES)[number];
export const performanceTone = (s: PerformanceStatus | null) =>
  s === 'Performing' ? 'success' : s === 'On Track' ? 'info' : s === 'Watch' ? 'warning' : 'neutral';

export interface Valuation {
  id: string;
  dealId: string;
  valuationDate: string;
  currentValue: string;
  expectedExit: string | null;
  performanceStatus: PerformanceStatus;
  createdAt: string;
}

export const valuationInput = z.object({
  valuationDate: isoDate('Valuation date is required'),
  currentValue: moneyInput('Current value'),
  expectedExit: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(50).nullable().optional()),
  performanceStatus: z.enum(PERFORMANCE_STATUSES, { error: 'Choose a performance status' }),
});

export interface Holding extends ReturnFigures {
  dealId: string;
  /** On a deal by units at NAV (decision 040): units held, NAV per unit, average price paid; else null. */
  units: UnitsFigures | null;
  /** Equalisation interest received from later closers (decision 040): income beside the NAV. */
  equalisationReceived: string;
  dealTitle: string;
  dealType: string;
  /** Committed capital (from completed subscriptions). */
  commitment: string;
  called: string;
  contributed: string;
  unfunded: string;
  /** Fees and expenses charged to the investor's capital account in this deal (management fees included). */
  fees: string;
  /** The investor's share of the net asset value at the holding's as-of date. */
  currentValue: string;
  /** distributions + NAV - contributions */
  gain: string;
  /** The date the figures are measured to: the company's today (decision 023). */
  asOf: string | null;
  expectedExit: string | null;
  status: PerformanceStatus | null;
  distributionsReceived: string;
}

export interface PerformanceData {
  holdings: Holding[];
  totals: {
    commitment: string;
    called: string;
    contributed: string;
    unfunded: string;
    currentValue: string;
    distributions: string;
    gain: string;
    asOf: string | null;
  } & ReturnFigures;
  /** Portfolio value on each date something changed, from what was really held then (exact decimals). */
  history: { date: string; value: string }[];
  allocation: { type: string; value: string }[];
  /** Capital calls with money still outstanding. */
  amountsDue: { callId: string; dealTitle: string; dueDate: string; outstanding: string; status: string }[];
}
