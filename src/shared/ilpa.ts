import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import { type BaseKind, balancesAsOf, capitalPart, type EntryFacts, RETURN_OF_CAPITAL } from './ledger.ts';
import { fromCents } from './money.ts';

/**
 * Capital call and distribution notices as data in the layout of the ILPA Capital Call &
 * Distribution Notice template (Institutional Limited Partners Association, 2025 update): the
 * LP's commitment, unfunded commitment before and after the notice, the amounts by purpose
 * (a call) or by component (a distribution), cumulative contributions and distributions, dates
 * and the notice's id. Issue 34, decision 048. This file is the one place that names the
 * template's fields and says where each figure of the product comes from:
 *
 *  - LP commitment, unfunded commitment: the ledger's balances (`balancesAsOf`, shared/ledger.ts)
 *    walked in ledger order up to the notice's own entry (before) and including it (after).
 *    Unfunded = commitment - capital called; a management-fee call does not draw on the
 *    commitment (decision 009), so before = after for it.
 *  - Call amounts by purpose: the product has investment calls and management-fee calls; the
 *    template's "Fund expenses" and "Other" lines exist in the file and are 0.00 (the product
 *    charges no partnership expenses through calls).
 *  - Distribution components: the waterfall's Return of Capital tier for this investor
 *    (decision 023, `capitalPart`); the rest goes to the line of the distribution's type
 *    (Capital Gain: realised gains; Income and Dividend: dividends and income; Interest:
 *    interest). Management fees withheld from the distribution (decision 009) are the template's
 *    "less: fees withheld" line; net = gross - withheld.
 *  - Cumulative contributions (including this notice) = capital called + fees charged; cumulative
 *    distributions (including this notice) = paid distributions, plus this one when not yet paid.
 *  - Amount due, received and outstanding: the same figures as the PDF notice (`InvestorCallNotice`).
 *
 * Every amount is an exact decimal string with two places (US dollars).
 */

export const ILPA_NOTICE_TYPES = ['capital_call', 'distribution'] as const;
export type IlpaNoticeType = (typeof ILPA_NOTICE_TYPES)[number];

/** The fields, in the template's order: JSON key and CSV column heading. */
export const ILPA_FIELDS = [
  { key: 'noticeId', label: 'Notice ID' },
  { key: 'noticeType', label: 'Notice Type' },
  { key: 'fundName', label: 'Fund Name' },
  { key: 'investmentVehicle', label: 'Investment Vehicle' },
  { key: 'investorName', label: 'LP Name' },
  { key: 'investorId', label: 'LP ID' },
  { key: 'noticeDate', label: 'Notice Date' },
  { key: 'dueDate', label: 'Due Date' },
  { key: 'paymentDate', label: 'Distribution Date' },
  { key: 'currency', label: 'Currency' },
  { key: 'commitment', label: 'LP Commitment' },
  { key: 'unfundedBefore', label: 'Unfunded Commitment Before This Notice' },
  { key: 'callInvestments', label: 'Capital Call: Investments' },
  { key: 'callManagementFees', label: 'Capital Call: Management Fees' },
  { key: 'callFundExpenses', label: 'Capital Call: Fund Expenses' },
  { key: 'callOther', label: 'Capital Call: Other' },
  { key: 'callTotal', label: 'Total Capital Call This Notice' },
  { key: 'unfundedAfter', label: 'Unfunded Commitment After This Notice' },
  { key: 'distReturnOfCapital', label: 'Distribution: Return of Capital' },
  { key: 'distRealisedGains', label: 'Distribution: Realised Gains' },
  { key: 'distIncome', label: 'Distribution: Dividends and Income' },
  { key: 'distInterest', label: 'Distribution: Interest' },
  { key: 'distGross', label: 'Gross Distribution This Notice' },
  { key: 'distFeesWithheld', label: 'Less: Management Fees Withheld' },
  { key: 'distNet', label: 'Net Distribution This Notice' },
  { key: 'cumulativeContributions', label: 'Cumulative Contributions Including This Notice' },
  { key: 'cumulativeDistributions', label: 'Cumulative Distributions Including This Notice' },
  { key: 'amountDue', label: 'Amount Due' },
  { key: 'received', label: 'Received to Date' },
  { key: 'outstanding', label: 'Outstanding' },
  { key: 'status', label: 'Status' },
] as const;

export type IlpaFieldKey = (typeof ILPA_FIELDS)[number]['key'];
/** One notice: every field a string ('' where the template's line does not apply). */
export type IlpaNotice = { [K in IlpaFieldKey]: string };

/** The query of the ILPA routes: a period, inclusive, by notice date (either end may be left open). */
export const ilpaQuery = z
  .object({
    from: isoDate('Start date is required').optional(),
    to: isoDate('End date is required').optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'The end date cannot be before the start date' });

/** An entry of one investor's ledger in one deal, in ledger order, with what ties it to a notice. */
export interface NoticeEntry extends EntryFacts {
  /** The capital call (its call or fee entry) or distribution event the entry belongs to. */
  callId?: string | null;
  distributionEventId?: string | null;
  /** The kind the entry is, or undoes. */
  baseKind?: BaseKind | null;
}

const ZERO = '0.00';
const blankCall = { callInvestments: '', callManagementFees: '', callFundExpenses: '', callOther: '', callTotal: '' };
const blankDist = {
  distReturnOfCapital: '',
  distRealisedGains: '',
  distIncome: '',
  distInterest: '',
  distGross: '',
  distFeesWithheld: '',
  distNet: '',
};

/** The position of a notice's own entry in the ledger (the first entry of that call or event), or the end. */
function noticeIndex(entries: NoticeEntry[], match: (e: NoticeEntry) => boolean): number {
  const i = entries.findIndex(match);
  return i === -1 ? entries.length : i;
}

const contributionsOf = (b: ReturnType<typeof balancesAsOf>) => b.called + b.fees;

export interface CallNoticeInput {
  callId: string;
  fundName: string;
  investmentVehicle: string | null;
  investorId: string;
  investorName: string;
  callDate: string;
  dueDate: string;
  feeCharge: boolean;
  amountDue: string;
  received: string;
  outstanding: string;
  status: string;
}

/** A capital call notice in the template's fields, from the investor's ledger in the deal. */
export function ilpaCallNotice(n: CallNoticeInput, entries: NoticeEntry[]): IlpaNotice {
  const at = noticeIndex(entries, (e) => e.kind !== 'reversal' && e.callId === n.callId && (e.kind === 'call' || e.kind === 'fee'));
  const before = balancesAsOf(entries.slice(0, at));
  const after = balancesAsOf(entries.slice(0, at + 1));
  const due = n.amountDue;
  return {
    noticeId: n.callId,
    noticeType: 'capital_call',
    fundName: n.fundName,
    investmentVehicle: n.investmentVehicle ?? '',
    investorName: n.investorName,
    investorId: n.investorId,
    noticeDate: n.callDate,
    dueDate: n.dueDate,
    paymentDate: '',
    currency: 'USD',
    commitment: fromCents(after.committed),
    unfundedBefore: fromCents(before.unfunded),
    callInvestments: n.feeCharge ? ZERO : due,
    callManagementFees: n.feeCharge ? due : ZERO,
    callFundExpenses: ZERO,
    callOther: ZERO,
    callTotal: due,
    unfundedAfter: fromCents(after.unfunded),
    ...blankDist,
    cumulativeContributions: fromCents(contributionsOf(after)),
    cumulativeDistributions: fromCents(after.distributed),
    amountDue: due,
    received: n.received,
    outstanding: n.outstanding,
    status: n.status,
  };
}

export interface DistributionNoticeInput {
  eventId: string;
  fundName: string;
  investmentVehicle: string | null;
  investorId: string;
  investorName: string;
  recordDate: string;
  paymentDate: string;
  type: string;
  /** This investor's gross amount. */
  cents: bigint;
  /** Its Return of Capital tier (null: recorded before the waterfall). */
  capitalCents: bigint | null;
  feeDeductedCents: bigint;
  paid: boolean;
}

/** A distribution notice in the template's fields, from the investor's ledger in the deal. */
export function ilpaDistributionNotice(n: DistributionNoticeInput, entries: NoticeEntry[]): IlpaNotice {
  const at = noticeIndex(entries, (e) => e.kind === 'distribution' && e.distributionEventId === n.eventId);
  const inLedger = at < entries.length;
  const before = balancesAsOf(entries.slice(0, at));
  const after = inLedger ? balancesAsOf(entries.slice(0, at + 1)) : before;
  const returned = capitalPart({
    kind: 'distribution',
    cents: n.cents,
    date: n.paymentDate,
    distributionType: n.type,
    capitalCents: n.capitalCents,
  });
  const rest = n.cents - returned;
  const line = (types: string[]) => fromCents(types.includes(n.type) ? rest : 0n);
  // Any type the lines below do not name (none today) would still add up: it goes to realised gains.
  const named = ['Income', 'Dividend', 'Interest', RETURN_OF_CAPITAL];
  return {
    noticeId: n.eventId,
    noticeType: 'distribution',
    fundName: n.fundName,
    investmentVehicle: n.investmentVehicle ?? '',
    investorName: n.investorName,
    investorId: n.investorId,
    noticeDate: n.recordDate,
    dueDate: '',
    paymentDate: n.paymentDate,
    currency: 'USD',
    commitment: fromCents(after.committed),
    unfundedBefore: fromCents(before.unfunded),
    ...blankCall,
    unfundedAfter: fromCents(after.unfunded),
    distReturnOfCapital: fromCents(returned + (n.type === RETURN_OF_CAPITAL ? rest : 0n)),
    distRealisedGains: fromCents(named.includes(n.type) ? 0n : rest),
    distIncome: line(['Income', 'Dividend']),
    distInterest: line(['Interest']),
    distGross: fromCents(n.cents),
    distFeesWithheld: fromCents(n.feeDeductedCents),
    distNet: fromCents(n.cents - n.feeDeductedCents),
    cumulativeContributions: fromCents(contributionsOf(after)),
    cumulativeDistributions: fromCents(after.distributed + (inLedger ? 0n : n.cents)),
    amountDue: '',
    received: '',
    outstanding: '',
    status: n.paid ? 'Paid' : 'Scheduled',
  };
}

/** The notices as CSV rows: the template's headings, in its order. */
export const ILPA_CSV_COLUMNS = ILPA_FIELDS.map((f) => ({ key: f.key, label: f.label }));
