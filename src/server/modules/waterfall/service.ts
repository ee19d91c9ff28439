import {
  type ClawbackStatus,
  type DealTerms,
  type DealWaterfallSummary,
  describeConventions,
  describeTerms,
  type EscrowPayout,
  percentUnits,
  termsToRates,
  type WaterfallPreview,
} from '../../../shared/deal-terms.ts';
import { dealUnits } from '../../../shared/ledger.ts';
import { toCents } from '../../../shared/money.ts';
import { unitsText } from '../../../shared/ownership.ts';
import {
  allocateByLargestRemainder,
  centsToString,
  runWaterfall,
  type WaterfallInput,
  WaterfallInputError,
  type WaterfallResult,
} from '../../../shared/waterfall.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { feeDeductions } from '../ledger/fees.ts';
import { dealFacts } from '../ledger/service.ts';
import { valuationFacts } from '../ledger/valuation-facts.ts';
import { companyDayIn } from '../settings/clock.ts';
import {
  clawbackPaymentsOf,
  contributionsOf,
  dealsWithWaterfall,
  dealWithCreatedDay,
  escrowPayoutsOf,
  insertEscrowPayout,
  lockDeal,
  paidCarryByRecipient,
  paidEventIds,
  paidSums,
  profileNames,
  recordedEvents,
  setClawbackAndEscrow,
} from './repository.ts';
import { currentTerms } from './terms.ts';

// ---------------------------------------------------------------------------------------------
// Cash flows and the waterfall
// ---------------------------------------------------------------------------------------------

interface PriorEvent {
  id: string;
  date: string;
  amount: string;
  lpTotal: string | null;
  gp: string | null;
  returnOfCapital: string | null;
  clawbackNetted: string;
  escrowHeld: string;
  isFinal: boolean;
}

/**
 * THE source of a deal's dated cash flows for the waterfall: the capital-account ledger's
 * contributions (at their value dates, on or before `holdersAsOf`, the record date; a
 * reversed contribution and its reversal both drop out) and the distributions recorded so
 * far, in payment-date order, and the GP's payments of a clawback owed (decision 058).
 */
export async function dealCashFlows(
  q: Queryable,
  dealId: string,
  holdersAsOf: string,
): Promise<{
  contributions: WaterfallInput['contributions'];
  distributions: PriorEvent[];
  clawbackPayments: { date: string; amount: string }[];
}> {
  const contributions = await contributionsOf(q, dealId, holdersAsOf);
  const distributions: PriorEvent[] = await recordedEvents(q, dealId);
  return {
    contributions,
    clawbackPayments: (await clawbackPaymentsOf(q, dealId)).map((p) => ({ date: p.paidOn, amount: p.amount })),
    distributions,
  };
}

/** A recorded event as the engine replays it: its split stands (before terms existed: 100% to investors). */
const fixedOf = (e: PriorEvent) => ({
  date: e.date,
  amount: e.amount,
  final: e.isFinal,
  fixed: {
    lpTotal: e.lpTotal ?? e.amount,
    gp: e.gp ?? '0.00',
    returnOfCapital: e.returnOfCapital ?? e.amount,
    clawbackNetted: centsToString(toCents(e.clawbackNetted)),
    escrowHeld: centsToString(toCents(e.escrowHeld)),
  },
});

/** An amount split among the terms' carry recipients by their shares (largest remainder); one 'General partner' line without recipients. */
function byRecipients(terms: DealTerms | null, amount: bigint): { name: string; amount: string }[] {
  if (amount === 0n) return [];
  const recipients = terms?.carryRecipients ?? [];
  if (recipients.length === 0) return [{ name: 'General partner', amount: centsToString(amount) }];
  const key = (i: number) => String(i).padStart(3, '0');
  const split = allocateByLargestRemainder(amount, new Map(recipients.map((r, i) => [key(i), percentUnits(r.share)])));
  return recipients.map((r, i) => ({ name: r.name, amount: centsToString(split.get(key(i)) ?? 0n) }));
}

/** The engine's clawback at an event, with what is owed per carry recipient. */
function clawbackStatus(terms: DealTerms | null, r: WaterfallResult): ClawbackStatus {
  const c = r.clawback;
  return {
    mode: terms?.conventions.clawback ?? 'net',
    excess: c.excess,
    taxRelief: c.taxRelief,
    arose: c.arose,
    fromEscrow: c.fromEscrow,
    netted: c.netted,
    owed: c.owedAfter,
    byRecipient: byRecipients(terms, toCents(c.owedAfter)),
  };
}

/** Stores what a recorded distribution withheld for a clawback and held or released in escrow (replayed as recorded). */
export async function recordClawbackAndEscrow(q: Queryable, eventId: string, result: WaterfallResult, final = false): Promise<void> {
  await setClawbackAndEscrow(q, eventId, {
    clawbackNetted: result.clawback.netted,
    escrowHeld: result.escrow.held,
    escrowReleased: result.escrow.released,
    isFinal: final,
  });
}

/**
 * On a deal by units at NAV (decision 040), each investor's units on the record date (millionths),
 * from the same unit register as the roll-forward (the ledger's contributions and reversals, the
 * deal's valuations); null on any other deal (the split follows contributed capital).
 */
export async function unitsOnRecordDate(q: Queryable, dealId: string, terms: DealTerms | null, recordDate: string) {
  if (terms?.ownership.method !== 'units') return null;
  const facts = (await dealFacts(q, [dealId])).get(dealId) ?? new Map();
  const vals = (await valuationFacts(q, [dealId])).get(dealId) ?? [];
  const units = dealUnits(facts, vals).unitsOn(recordDate);
  return units.size > 0 ? units : null;
}

export interface ComputedDistribution {
  terms: DealTerms | null;
  /** How the investors' part was split among them: units held on the record date, or contributed capital. */
  splitBasis: 'units' | 'contributions';
  /** On a units deal, the units held on the record date by investor (millionths), else null. */
  units: Map<string, bigint> | null;
  result: WaterfallResult;
  gpCatchUp: bigint;
  carry: { position: number; kind: 'gp' | 'admin'; userId: string | null; name: string; amount: string }[];
}

/** Runs the deal's waterfall for a new distribution after every recorded one. Writes nothing. */
export async function computeDistribution(
  q: Queryable,
  dealId: string,
  totalAmount: string,
  date: string,
  recordDate: string,
  final = false,
): Promise<ComputedDistribution> {
  const terms = await currentTerms(q, dealId);
  const flows = await dealCashFlows(q, dealId, recordDate);
  if (flows.contributions.length === 0) throw conflict('Nobody held contributed capital in this deal on the record date', 'NO_HOLDERS');
  // Each event builds on the recorded events dated on or before it. One dated before events
  // already recorded (a scheduled one entered ahead) does not re-run them: they keep the split
  // they were recorded with (decision 009).
  const prior = flows.distributions.filter((e) => e.date <= date);
  // Capital counted on the record date but received after the payment date counts from the payment date.
  const contributions = flows.contributions.map((c) => (c.date > date ? { ...c, date } : c));
  const units = await unitsOnRecordDate(q, dealId, terms, recordDate);
  let results: WaterfallResult[];
  try {
    results = runWaterfall({
      terms: termsToRates(terms),
      contributions,
      distributions: [...prior.map(fixedOf), { date, amount: totalAmount, final, ...(units ? { weights: units } : {}) }],
      clawbackPayments: flows.clawbackPayments.filter((p) => p.date <= date),
    });
  } catch (err) {
    if (err instanceof WaterfallInputError) throw conflict(err.message, 'WATERFALL');
    throw err;
  }
  const result = results[results.length - 1] as WaterfallResult;
  const gpCents = toCents(result.gp);
  const gpCatchUp = gpCents - toCents(result.tiers.carriedInterestGp);
  const recipients = terms?.carryRecipients ?? [];
  let carry: ComputedDistribution['carry'] = [];
  if (recipients.length > 0) {
    const key = (i: number) => String(i).padStart(3, '0');
    const split = allocateByLargestRemainder(gpCents, new Map(recipients.map((r, i) => [key(i), percentUnits(r.share)])));
    carry = recipients.map((r, i) => ({
      position: i,
      kind: r.kind,
      userId: r.userId,
      name: r.name,
      amount: centsToString(split.get(key(i)) ?? 0n),
    }));
  } else if (gpCents > 0n) {
    carry = [{ position: 0, kind: 'gp', userId: null, name: 'General partner', amount: result.gp }];
  }
  return { terms, splitBasis: units ? 'units' : 'contributions', units, result, gpCatchUp, carry };
}

export async function previewDistribution(
  q: Queryable,
  input: { dealId: string; totalAmount: string; paymentDate: string; recordDate?: string | undefined; final?: boolean | undefined },
): Promise<WaterfallPreview> {
  const deal = await dealWithCreatedDay(q, input.dealId, (await companyDayIn(q)).zone);
  if (!deal) throw notFound('Deal not found');
  const recordDate = input.recordDate ?? (await companyDayIn(q)).today;
  if (recordDate < deal.created) {
    const msg = `The record date cannot be before the deal existed (${deal.created})`;
    throw badRequest(msg, { recordDate: msg });
  }
  const c = await computeDistribution(q, deal.id, input.totalAmount, input.paymentDate, recordDate, input.final === true);
  const names = await profileNames(q, Object.keys(c.result.perInvestor));
  const deductions = await feeDeductions(q, deal.id, c.result.perInvestor);
  const deducted = [...deductions.values()].reduce((s, x) => s + x, 0n);
  return {
    dealId: deal.id,
    dealTitle: deal.title,
    totalAmount: c.result.amount,
    paymentDate: input.paymentDate,
    terms: c.terms,
    termsSummary: describeTerms(c.terms),
    tiers: c.result.tiers,
    lpTotal: c.result.lpTotal,
    gp: c.result.gp,
    gpCatchUp: centsToString(c.gpCatchUp),
    hurdleBefore: c.result.hurdleBefore,
    hurdleAfter: c.result.hurdleAfter,
    carry: c.carry.map(({ kind, userId, name, amount }) => ({ kind, userId, name, amount })),
    feeDeducted: centsToString(deducted),
    netToInvestors: centsToString(toCents(c.result.lpTotal) - deducted),
    clawback: clawbackStatus(c.terms, c.result),
    escrow: c.result.escrow,
    splitBasis: c.splitBasis,
    investors: Object.entries(c.result.perInvestor)
      .map(([investorId, amount]) => ({
        investorId,
        investorName: names.get(investorId) ?? 'Unknown',
        units: c.units ? unitsText(c.units.get(investorId) ?? 0n) : null,
        amount,
        tiers: c.result.perInvestorTiers[investorId] as WaterfallPreview['investors'][number]['tiers'],
        feeDeducted: centsToString(deductions.get(investorId) ?? 0n),
        net: centsToString(toCents(amount) - (deductions.get(investorId) ?? 0n)),
      }))
      .sort((a, b) => a.investorName.localeCompare(b.investorName) || (a.investorId < b.investorId ? -1 : 1)),
  };
}

// ---------------------------------------------------------------------------------------------
// The admin summary: per deal, cumulative tiers, hurdle status, carry per recipient
// ---------------------------------------------------------------------------------------------

/** A deal's paid distributions summed by waterfall tier (decimal strings), and what is recorded but unpaid. */
interface DealSums {
  total: string;
  roc: string;
  pref: string;
  cu: string;
  clp: string;
  cgp: string;
  lp: string;
  gp: string;
  scheduled: string;
  scheduledCount: number;
}

/** What the sums are for a deal without distributions (what the aggregate below answers then). */
const NO_DISTRIBUTIONS: DealSums = {
  total: '0',
  roc: '0',
  pref: '0',
  cu: '0',
  clp: '0',
  cgp: '0',
  lp: '0',
  gp: '0',
  scheduled: '0',
  scheduledCount: 0,
};

/**
 * The Waterfall by Deal (decision record 025): PAID amounts only. The tier columns, the carry per
 * recipient and the hurdle status count the distributions whose payment was confirmed; what is
 * recorded and not yet paid is reported apart (`scheduled`), never mixed in. The hurdle status is
 * what investors still need today after what they were paid (a payment confirmed ahead of its
 * payment date counts from today).
 */
export async function waterfallSummaries(q: Queryable, today?: string): Promise<DealWaterfallSummary[]> {
  const deals = await dealsWithWaterfall(q);
  const out: DealWaterfallSummary[] = [];
  const day = today ?? (await companyDayIn(q)).today;
  for (const deal of deals) {
    const terms = await currentTerms(q, deal.id);
    const flows = await dealCashFlows(q, deal.id, day);
    // An aggregate without GROUP BY answers one row, even for no distributions; were it ever to
    // answer none, the deal has no distributions to sum (never a 500 on a missing row).
    const sums = (await paidSums(q, deal.id)) ?? NO_DISTRIBUTIONS;
    // Always two decimals ('0' when nothing was summed).
    const m = (v: string) => centsToString(toCents(v));
    const carry = await paidCarryByRecipient(q, deal.id);
    const { today, released, hurdleRemaining } = await paidReplay(q, deal.id, terms, flows, day);
    const contributed = flows.contributions.reduce((s, c) => s + toCents(c.amount), 0n);
    const payouts = await escrowPayoutsOf(q, deal.id);
    const clawbackPayments = await clawbackPaymentsOf(q, deal.id);
    const paidOut = payouts.reduce((s, p) => s + toCents(p.amount), 0n);
    out.push({
      dealId: deal.id,
      dealTitle: deal.title,
      termsSummary: describeTerms(terms),
      termsVersion: terms?.version ?? null,
      contributed: centsToString(contributed),
      distributed: m(sums.total),
      scheduled: m(sums.scheduled),
      scheduledCount: sums.scheduledCount,
      tiers: {
        returnOfCapital: m(sums.roc),
        preferredReturn: m(sums.pref),
        catchUp: m(sums.cu),
        carriedInterestLp: m(sums.clp),
        carriedInterestGp: m(sums.cgp),
      },
      lpTotal: m(sums.lp),
      gp: m(sums.gp),
      hurdleRemaining,
      hurdleRate: terms?.hurdleRate ?? '0',
      carryByRecipient: carry,
      conventionsSummary: describeConventions(terms?.conventions),
      conventions: terms?.conventions ?? null,
      clawback: today
        ? clawbackStatus(terms, today)
        : {
            mode: terms?.conventions.clawback ?? 'net',
            excess: '0.00',
            taxRelief: '0.00',
            arose: '0.00',
            fromEscrow: '0.00',
            netted: '0.00',
            owed: '0.00',
            byRecipient: [],
          },
      clawbackPaid: centsToString(clawbackPayments.reduce((s, p) => s + toCents(p.amount), 0n)),
      clawbackPayments,
      escrow: {
        balance: today?.escrow.balanceAfter ?? '0.00',
        released: centsToString(released),
        releaseDate: terms?.conventions.escrowReleaseDate ?? null,
        paidOut: centsToString(paidOut),
        toPayOut: centsToString(max0(released - paidOut)),
        payouts,
      },
    });
  }
  return out;
}

const max0 = (x: bigint) => (x > 0n ? x : 0n);

/**
 * The deal's paid distributions replayed as recorded (dated no later than `day`; a payment
 * confirmed ahead of its date counts from `day`), then a zero distribution on `day`: the hurdle
 * investors still need, the clawback and escrow position today, and the escrow released so far.
 */
export async function paidReplay(
  q: Queryable,
  dealId: string,
  terms: DealTerms | null,
  flows: Awaited<ReturnType<typeof dealCashFlows>>,
  day: string,
  strict = false,
): Promise<{ today: WaterfallResult | null; released: bigint; hurdleRemaining: string }> {
  if (flows.contributions.length === 0) return { today: null, released: 0n, hurdleRemaining: '0.00' };
  const paidIds = new Set(await paidEventIds(q, dealId));
  const paid = flows.distributions
    .filter((e) => paidIds.has(e.id))
    .map((e) => ({ ...e, date: e.date > day ? day : e.date }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  try {
    const r = runWaterfall({
      terms: termsToRates(terms),
      contributions: flows.contributions,
      distributions: [...paid.map(fixedOf), { date: day, amount: '0' }],
      clawbackPayments: flows.clawbackPayments.filter((p) => p.date <= day),
    });
    const today = r[r.length - 1] as WaterfallResult;
    return { today, released: r.reduce((s, x) => s + toCents(x.escrow.released), 0n), hurdleRemaining: today.hurdleBefore };
  } catch (err) {
    if (strict) throw err;
    return { today: null, released: 0n, hurdleRemaining: '0.00' };
  }
}

/**
 * Pays out to the carry recipients everything released from escrow and not yet paid out
 * (decision record 039, amended): one payout, split among the recipients of the terms in force by
 * their shares (largest remainder). The deal row is locked, so concurrent payouts of the same
 * release cannot both land. 409 when nothing is waiting or the day is after today.
 */
export async function payOutEscrow(
  q: Queryable,
  dealId: string,
  input: { paidOn?: string | undefined },
  actorId: string,
  ip: string,
): Promise<EscrowPayout> {
  const deal = await lockDeal(q, dealId);
  if (!deal) throw notFound('Deal not found');
  const day = (await companyDayIn(q)).today;
  const paidOn = input.paidOn ?? day;
  if (paidOn > day) {
    const msg = `The payout cannot be dated after today (${day}): record it once the money has gone out`;
    throw conflict(msg, 'FUTURE_DATE', { paidOn: msg });
  }
  const terms = await currentTerms(q, dealId);
  const { released } = await paidReplay(q, dealId, terms, await dealCashFlows(q, dealId, day), day);
  const paidOut = (await escrowPayoutsOf(q, dealId)).reduce((s, p) => s + toCents(p.amount), 0n);
  const due = released - paidOut;
  if (due <= 0n) throw conflict('No carry released from escrow is waiting to be paid out on this deal', 'NOTHING_RELEASED');
  const recipients = terms?.carryRecipients ?? [];
  const key = (i: number) => String(i).padStart(3, '0');
  const split =
    recipients.length > 0 ? allocateByLargestRemainder(due, new Map(recipients.map((r, i) => [key(i), percentUnits(r.share)]))) : null;
  const lines =
    recipients.length > 0
      ? recipients.map((r, i) => ({
          position: i,
          kind: r.kind,
          userId: r.userId,
          name: r.name,
          amount: centsToString(split?.get(key(i)) ?? 0n),
        }))
      : [{ position: 0, kind: 'gp' as const, userId: null, name: 'General partner', amount: centsToString(due) }];
  const id = await insertEscrowPayout(q, { dealId, amount: centsToString(due), paidOn, createdBy: actorId }, lines);
  await logActivity(q, {
    type: 'escrow_paid_out',
    userId: actorId,
    details: {
      dealId,
      title: deal.title,
      amount: centsToString(due),
      paidOn,
      lines: lines.map((l) => ({ name: l.name, amount: l.amount })),
    },
    ip,
  });
  return { id, amount: centsToString(due), paidOn, lines: lines.map((l) => ({ name: l.name, amount: l.amount })) };
}
