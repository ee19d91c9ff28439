import {
  type CarryRecipient,
  type ClawbackStatus,
  DEFAULT_CONVENTIONS,
  type DealEconomics,
  type DealTerms,
  type DealTermsData,
  type DealTermsInput,
  type DealWaterfallSummary,
  describeConventions,
  describeTerms,
  type EscrowPayout,
  type InvestorDealTerms,
  percentUnits,
  termsToRates,
  type WaterfallConventions,
  type WaterfallPreview,
} from '../../../shared/deal-terms.ts';
import { dealUnits } from '../../../shared/ledger.ts';
import { toCents } from '../../../shared/money.ts';
import { DEFAULT_OWNERSHIP, unitsText } from '../../../shared/ownership.ts';
import {
  allocateByLargestRemainder,
  centsToString,
  runWaterfall,
  type WaterfallInput,
  WaterfallInputError,
  type WaterfallResult,
} from '../../../shared/waterfall.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { feeDeductions } from '../ledger/fees.ts';
import { checkOwnershipChange, ownershipOfTerms, saveOwnership } from '../ledger/ownership-repository.ts';
import { dealFacts } from '../ledger/service.ts';
import { valuationFacts } from '../ledger/valuation-facts.ts';
import { companyDayIn } from '../settings/clock.ts';
import { clawbackPaymentsOf, escrowPayoutsOf, insertEscrowPayout } from './repository.ts';

// ---------------------------------------------------------------------------------------------
// Terms
// ---------------------------------------------------------------------------------------------

interface TermsRow {
  id: string;
  deal_id: string;
  version: number;
  hurdle_rate: string;
  catch_up: 'none' | 'full' | 'partial';
  catch_up_rate: string;
  carry_rate: string;
  management_fee_rate: string | null;
  management_fee_basis: 'commitments' | 'contributions' | null;
  management_fee_method: 'capital_call' | 'deducted' | null;
  pref_compounding: WaterfallConventions['prefCompounding'];
  day_count: WaterfallConventions['dayCount'];
  clawback: WaterfallConventions['clawback'];
  clawback_tax_rate: string;
  escrow_rate: string;
  escrow_release_date: string | null;
  created_at: Date;
  created_by_name: string | null;
  distribution_count: number;
}

const tidy = (n: string) => (n.includes('.') ? n.replace(/0+$/, '').replace(/\.$/, '') : n);

async function loadTerms(q: Queryable, where: string, params: unknown[]): Promise<DealTerms[]> {
  const rows =
    await sql<TermsRow>(`SELECT t.id, t.deal_id, t.version, t.hurdle_rate, t.catch_up, t.catch_up_rate, t.carry_rate, t.management_fee_rate,
            t.management_fee_basis, t.management_fee_method, t.pref_compounding, t.day_count, t.clawback, t.clawback_tax_rate::text,
            t.escrow_rate::text, to_char(t.escrow_release_date, 'YYYY-MM-DD') AS escrow_release_date, t.created_at, p.name AS created_by_name,
            (SELECT count(*)::int FROM distribution_events e WHERE e.terms_id = t.id) AS distribution_count
       FROM deal_terms t LEFT JOIN profiles p ON p.id = t.created_by
      WHERE ${where} ORDER BY t.deal_id, t.version DESC`).all(q, params);
  if (rows.length === 0) return [];
  const recipients = await sql<{
    terms_id: string;
    kind: 'gp' | 'admin';
    user_id: string | null;
    name: string;
    share: string;
  }>(`SELECT r.terms_id, r.kind, r.user_id, coalesce(p.name, r.name) AS name, r.share
       FROM deal_terms_carry_recipients r LEFT JOIN profiles p ON p.id = r.user_id
      WHERE r.terms_id = ANY($1::uuid[]) ORDER BY r.terms_id, r.position`).all(q, [rows.map((r) => r.id)]);
  const ownership = await ownershipOfTerms(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    dealId: r.deal_id,
    version: r.version,
    hurdleRate: tidy(r.hurdle_rate),
    catchUp: r.catch_up,
    catchUpRate: tidy(r.catch_up_rate),
    carryRate: tidy(r.carry_rate),
    carryRecipients: recipients
      .filter((x) => x.terms_id === r.id)
      .map((x): CarryRecipient => ({ kind: x.kind, userId: x.user_id, name: x.name, share: tidy(x.share) })),
    managementFee:
      r.management_fee_rate !== null && r.management_fee_basis && r.management_fee_method
        ? { rate: tidy(r.management_fee_rate), basis: r.management_fee_basis, method: r.management_fee_method }
        : null,
    conventions: {
      prefCompounding: r.pref_compounding,
      dayCount: r.day_count,
      clawback: r.clawback,
      clawbackTaxRate: tidy(r.clawback_tax_rate),
      escrowRate: tidy(r.escrow_rate),
      escrowReleaseDate: r.escrow_release_date,
    },
    ownership: ownership.get(r.id) ?? DEFAULT_OWNERSHIP,
    createdAt: new Date(r.created_at).toISOString(),
    createdByName: r.created_by_name,
    distributionCount: r.distribution_count,
  }));
}

/** The terms version in force for a deal's next distribution, or null (no terms: 100% to investors). */
export async function currentTerms(q: Queryable, dealId: string): Promise<DealTerms | null> {
  const all = await loadTerms(q, 't.deal_id = $1 AND t.version = (SELECT max(version) FROM deal_terms WHERE deal_id = $1)', [dealId]);
  return all[0] ?? null;
}

/**
 * The economics in force for each of these deals, as an investor reads them before subscribing
 * (issue 27: the review step shows fees and carry): never who receives the carry. Deals without
 * terms are absent.
 */
export async function currentEconomics(q: Queryable, dealIds: string[]): Promise<Map<string, DealEconomics>> {
  if (dealIds.length === 0) return new Map();
  const all = await loadTerms(
    q,
    't.deal_id = ANY($1::uuid[]) AND t.version = (SELECT max(x.version) FROM deal_terms x WHERE x.deal_id = t.deal_id)',
    [dealIds],
  );
  return new Map(
    all.map((t) => [
      t.dealId,
      { hurdleRate: t.hurdleRate, catchUp: t.catchUp, catchUpRate: t.catchUpRate, carryRate: t.carryRate, managementFee: t.managementFee },
    ]),
  );
}

async function activeAdmins(q: Queryable): Promise<{ id: string; name: string }[]> {
  return sql<{ id: string; name: string }>(
    "SELECT id, name FROM profiles WHERE role = 'admin' AND status = 'active' ORDER BY name, id",
  ).all(q);
}

export async function getDealTerms(q: Queryable, dealId: string): Promise<DealTermsData> {
  const deal = (await q.query('SELECT 1 FROM deals WHERE id = $1', [dealId]))[0];
  if (!deal) throw notFound('Deal not found');
  const versions = await loadTerms(q, 't.deal_id = $1', [dealId]);
  return { current: versions[0] ?? null, versions, administrators: await activeAdmins(q) };
}

/**
 * Saves a deal's terms. While no distribution was recorded under the current version, it is
 * replaced in place; otherwise a new version is created, used only by later distributions.
 * The deal row is locked, so this serialises with recording a distribution.
 */
export async function saveDealTerms(
  q: Queryable,
  dealId: string,
  input: DealTermsInput,
  actorId: string,
  ip: string,
): Promise<DealTermsData> {
  const deal = await sql<{ id: string; title: string }>('SELECT id, title FROM deals WHERE id = $1 FOR UPDATE').first(q, [dealId]);
  if (!deal) throw notFound('Deal not found');

  // Administrators named as carry recipients must exist and be active.
  const admins = new Map((await activeAdmins(q)).map((a) => [a.id, a.name]));
  const fields: Record<string, string> = {};
  input.carryRecipients.forEach((r, i) => {
    if (r.kind === 'admin' && !admins.has(r.userId)) fields[`carryRecipients.${i}.userId`] = 'Choose an active administrator';
  });
  if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields)[0] as string, fields);

  const catchUpRate = input.catchUp === 'none' ? '0' : input.catchUp === 'full' ? '100' : (input.catchUpRate as string);
  const current = await currentTerms(q, dealId);
  const conv = input.conventions ?? DEFAULT_CONVENTIONS;
  await checkOwnershipChange(q, dealId, current?.ownership ?? DEFAULT_OWNERSHIP, input.ownership);
  let termsId: string;
  let version: number;
  const values = [
    input.hurdleRate,
    input.catchUp,
    catchUpRate,
    input.carryRate,
    input.managementFee?.rate ?? null,
    input.managementFee?.basis ?? null,
    input.managementFee?.method ?? null,
    actorId,
    conv.prefCompounding,
    conv.dayCount,
    conv.clawback,
    conv.clawbackTaxRate,
    conv.escrowRate,
    conv.escrowReleaseDate ?? null,
  ];
  if (current && current.distributionCount === 0) {
    termsId = current.id;
    version = current.version;
    await q.query(
      `UPDATE deal_terms SET hurdle_rate = $2, catch_up = $3, catch_up_rate = $4, carry_rate = $5, management_fee_rate = $6,
              management_fee_basis = $7, management_fee_method = $8, created_by = $9, pref_compounding = $10, day_count = $11,
              clawback = $12, clawback_tax_rate = $13, escrow_rate = $14, escrow_release_date = $15, created_at = now() WHERE id = $1`,
      [termsId, ...values],
    );
    await q.query('DELETE FROM deal_terms_carry_recipients WHERE terms_id = $1', [termsId]);
  } else {
    version = (current?.version ?? 0) + 1;
    termsId = (
      (await sql<{
        id: string;
      }>(`INSERT INTO deal_terms (deal_id, version, hurdle_rate, catch_up, catch_up_rate, carry_rate, management_fee_rate,
                                   management_fee_basis, management_fee_method, created_by, pref_compounding, day_count,
                                   clawback, clawback_tax_rate, escrow_rate, escrow_release_date)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`).first(q, [
        dealId,
        version,
        ...values,
      ])) as { id: string }
    ).id;
  }
  // Ownership (decision 040): omitted keeps the current version's choice.
  await saveOwnership(q, termsId, input.ownership ?? current?.ownership ?? DEFAULT_OWNERSHIP);
  for (const [i, r] of input.carryRecipients.entries()) {
    await q.query(
      'INSERT INTO deal_terms_carry_recipients (terms_id, position, kind, user_id, name, share) VALUES ($1, $2, $3, $4, $5, $6)',
      [termsId, i, r.kind, r.kind === 'admin' ? r.userId : null, r.kind === 'admin' ? (admins.get(r.userId) as string) : r.name, r.share],
    );
  }
  await logActivity(q, {
    type: 'deal_terms_updated',
    userId: actorId,
    details: {
      dealId,
      title: deal.title,
      version,
      hurdleRate: input.hurdleRate,
      catchUp: input.catchUp,
      catchUpRate,
      carryRate: input.carryRate,
      conventions: conv,
      newVersion: !(current && current.distributionCount === 0),
    },
    ip,
  });
  return getDealTerms(q, dealId);
}

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
  const contributions = await sql<{
    investor_id: string;
    date: string;
    amount: string;
  }>(`SELECT e.investor_id, to_char(e.entry_date, 'YYYY-MM-DD') AS date, e.amount::text AS amount
       FROM ledger_entries e
      WHERE e.deal_id = $1 AND e.kind = 'contribution' AND e.entry_date <= $2::date
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_id = e.id)
      ORDER BY e.investor_id, e.entry_date, e.id`).all(q, [dealId, holdersAsOf]);
  const events = await sql<{
    id: string;
    date: string;
    amount: string;
    lp_total: string | null;
    gp_total: string | null;
    return_of_capital: string | null;
    clawback_netted: string;
    escrow_held: string;
    is_final: boolean;
  }>(`SELECT id, to_char(payment_date, 'YYYY-MM-DD') AS date, total_amount::text AS amount, lp_total::text AS lp_total,
            gp_total::text AS gp_total, return_of_capital::text AS return_of_capital, clawback_netted::text AS clawback_netted,
            escrow_held::text AS escrow_held, is_final
       FROM distribution_events WHERE deal_id = $1 ORDER BY payment_date, created_at, id`).all(q, [dealId]);
  return {
    contributions: contributions.map((c) => ({ investorId: c.investor_id, date: c.date, amount: c.amount })),
    clawbackPayments: (await clawbackPaymentsOf(q, dealId)).map((p) => ({ date: p.paidOn, amount: p.amount })),
    distributions: events.map((e) => ({
      id: e.id,
      date: e.date,
      amount: e.amount,
      lpTotal: e.lp_total,
      gp: e.gp_total,
      returnOfCapital: e.return_of_capital,
      clawbackNetted: e.clawback_netted,
      escrowHeld: e.escrow_held,
      isFinal: e.is_final,
    })),
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
  await q.query(
    'UPDATE distribution_events SET clawback_netted = $2, escrow_held = $3, escrow_released = $4, is_final = $5 WHERE id = $1',
    [eventId, result.clawback.netted, result.escrow.held, result.escrow.released, final],
  );
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
  const deal = await sql<{ id: string; title: string; created: string }>(
    "SELECT id, title, to_char(created_at AT TIME ZONE $2::text, 'YYYY-MM-DD') AS created FROM deals WHERE id = $1",
  ).first(q, [input.dealId, (await companyDayIn(q)).zone]);
  if (!deal) throw notFound('Deal not found');
  const recordDate = input.recordDate ?? (await companyDayIn(q)).today;
  if (recordDate < deal.created) {
    const msg = `The record date cannot be before the deal existed (${deal.created})`;
    throw badRequest(msg, { recordDate: msg });
  }
  const c = await computeDistribution(q, deal.id, input.totalAmount, input.paymentDate, recordDate, input.final === true);
  const names = new Map(
    (
      await sql<{ id: string; name: string }>('SELECT id, name FROM profiles WHERE id = ANY($1::uuid[])').all(q, [
        Object.keys(c.result.perInvestor),
      ])
    ).map((p) => [p.id, p.name]),
  );
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
  scheduled_count: number;
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
  scheduled_count: 0,
};

/**
 * The Waterfall by Deal (decision record 025): PAID amounts only. The tier columns, the carry per
 * recipient and the hurdle status count the distributions whose payment was confirmed; what is
 * recorded and not yet paid is reported apart (`scheduled`), never mixed in. The hurdle status is
 * what investors still need today after what they were paid (a payment confirmed ahead of its
 * payment date counts from today).
 */
export async function waterfallSummaries(q: Queryable, today?: string): Promise<DealWaterfallSummary[]> {
  const deals = await sql<{ id: string; title: string }>(`SELECT d.id, d.title FROM deals d
      WHERE EXISTS (SELECT 1 FROM distribution_events e WHERE e.deal_id = d.id) OR EXISTS (SELECT 1 FROM deal_terms t WHERE t.deal_id = d.id)
      ORDER BY d.title, d.id`).all(q);
  const out: DealWaterfallSummary[] = [];
  const day = today ?? (await companyDayIn(q)).today;
  for (const deal of deals) {
    const terms = await currentTerms(q, deal.id);
    const flows = await dealCashFlows(q, deal.id, day);
    // An aggregate without GROUP BY answers one row, even for no distributions; were it ever to
    // answer none, the deal has no distributions to sum (never a 500 on a missing row).
    const sums =
      (await sql<DealSums, [dealId: string]>(`SELECT coalesce(sum(total_amount) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS total,
                coalesce(sum(coalesce(return_of_capital, total_amount)) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS roc,
                coalesce(sum(preferred_return) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS pref,
                coalesce(sum(catch_up) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS cu,
                coalesce(sum(carried_interest_lp) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS clp,
                coalesce(sum(carried_interest_gp) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS cgp,
                coalesce(sum(coalesce(lp_total, total_amount)) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS lp,
                coalesce(sum(coalesce(gp_total, 0)) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS gp,
                coalesce(sum(total_amount) FILTER (WHERE paid_at IS NULL), 0)::text AS scheduled,
                (count(*) FILTER (WHERE paid_at IS NULL))::int AS scheduled_count
           FROM distribution_events WHERE deal_id = $1`).first(q, [deal.id])) ?? NO_DISTRIBUTIONS;
    // Always two decimals ('0' when nothing was summed).
    const m = (v: string) => centsToString(toCents(v));
    const carry = await sql<{ name: string; amount: string }>(`SELECT coalesce(p.name, c.name) AS name, sum(c.amount)::text AS amount
         FROM distribution_carry c JOIN distribution_events e ON e.id = c.event_id LEFT JOIN profiles p ON p.id = c.user_id
        WHERE e.deal_id = $1 AND e.paid_at IS NOT NULL GROUP BY coalesce(p.name, c.name) ORDER BY 1`).all(q, [deal.id]);
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
      scheduledCount: sums.scheduled_count,
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
  const paidIds = new Set(
    (await sql<{ id: string }>('SELECT id FROM distribution_events WHERE deal_id = $1 AND paid_at IS NOT NULL').all(q, [dealId])).map(
      (r) => r.id,
    ),
  );
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
  const deal = await sql<{ id: string; title: string }>('SELECT id, title FROM deals WHERE id = $1 FOR UPDATE').first(q, [dealId]);
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

/** The terms of each deal an investor holds (Completed subscriptions). */
export async function investorDealTerms(q: Queryable, investorId: string): Promise<InvestorDealTerms[]> {
  const deals = await sql<{
    id: string;
    title: string;
  }>(`SELECT DISTINCT d.id, d.title FROM subscriptions s JOIN deals d ON d.id = s.deal_id
      WHERE s.investor_id = $1 AND s.status = 'Completed' ORDER BY d.title, d.id`).all(q, [investorId]);
  const out = [];
  for (const d of deals) {
    const t = await currentTerms(q, d.id);
    // Investors see the economics, not who inside the desk receives the carry.
    const terms = t ? (({ carryRecipients: _r, createdByName: _c, ...rest }) => rest)(t) : null;
    out.push({ dealId: d.id, dealTitle: d.title, summary: describeTerms(t), terms });
  }
  return out;
}
