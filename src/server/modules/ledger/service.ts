import type { z } from 'zod';
import {
  type Balances,
  balancesAsOf,
  balancesDto,
  type DealLedger,
  type EntryFacts,
  type EntryKind,
  type feeInput,
  holdingFigures,
  type LedgerEntry,
  unitsFigures,
} from '../../../shared/ledger.ts';
import { formatUsdExact, fromCents, toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { ownershipMethods } from './ownership-repository.ts';
import {
  dealExists,
  type EntryRow,
  entries,
  entryById,
  entryToReverse,
  type FactRow,
  factsOfCallLine,
  factsOfDeals,
  factsOutsideFeeCalls,
  hasCommitment,
  insertEntry,
  isReversed,
  lockDeal,
  lockDealWithCreatedDay,
} from './repository.ts';
import { valuationFacts } from './valuation-facts.ts';

export const toFacts = (r: FactRow): EntryFacts => ({
  kind: r.kind,
  cents: toCents(r.amount),
  date: r.entryDate,
  reversedKind: r.reversedKind,
  distributionType: r.distributionType,
  callId: r.callId,
  capitalCents: r.capital === null ? null : toCents(r.capital),
});

/** Entries grouped deal -> investor -> facts. */
export function groupFacts(rows: FactRow[]): Map<string, Map<string, EntryFacts[]>> {
  const out = new Map<string, Map<string, EntryFacts[]>>();
  for (const r of rows) {
    const deal = out.get(r.dealId) ?? new Map<string, EntryFacts[]>();
    out.set(r.dealId, deal);
    const list = deal.get(r.investorId) ?? [];
    deal.set(r.investorId, list);
    list.push(toFacts(r));
  }
  return out;
}

export async function dealFacts(q: Queryable, dealIds: string[]): Promise<Map<string, Map<string, EntryFacts[]>>> {
  if (dealIds.length === 0) return new Map();
  return groupFacts(await factsOfDeals(q, dealIds));
}

export const toEntry = (r: EntryRow): LedgerEntry => ({
  id: r.id,
  investorId: r.investorId,
  investorName: r.investorName,
  dealId: r.dealId,
  dealTitle: r.dealTitle,
  kind: r.kind,
  reversedKind: r.reversedKind,
  amount: r.amount,
  date: r.entryDate,
  dueDate: r.dueDate,
  recordDate: r.recordDate,
  distributionType: r.distributionType,
  callId: r.callId,
  reversesId: r.reversesId,
  reversedBy: r.reversedBy,
  memo: r.memo,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listEntries(q: Queryable, where: { dealId?: string; investorId?: string }): Promise<LedgerEntry[]> {
  return (await entries(q, where)).map(toEntry);
}

export interface NewEntry {
  investorId: string;
  dealId: string;
  kind: Exclude<EntryKind, 'reversal'>;
  cents: bigint;
  date: string;
  dueDate?: string | null;
  recordDate?: string | null;
  distributionType?: string | null;
  subscriptionId?: string | null;
  callId?: string | null;
  distributionEventId?: string | null;
  memo?: string | null;
  createdBy?: string | null;
  /** A management fee charge's fee entries (decision 009). */
  feeChargeId?: string | null;
}

/** Appends one entry (the only way money enters the ledger besides a reversal). */
export async function postEntry(q: Queryable, e: NewEntry): Promise<string> {
  if (e.cents <= 0n) throw new Error('ledger amounts are positive');
  return insertEntry(q, {
    investorId: e.investorId,
    dealId: e.dealId,
    kind: e.kind,
    amount: fromCents(e.cents),
    entryDate: e.date,
    dueDate: e.dueDate ?? null,
    recordDate: e.recordDate ?? null,
    distributionType: e.distributionType ?? null,
    subscriptionId: e.subscriptionId ?? null,
    callId: e.callId ?? null,
    distributionEventId: e.distributionEventId ?? null,
    memo: e.memo ?? null,
    createdBy: e.createdBy ?? null,
    feeChargeId: e.feeChargeId ?? null,
  });
}

/**
 * Corrects an entry with a reversing entry dated today (nothing is edited in place). A
 * reversal cannot itself be reversed, and an entry is reversed at most once.
 */
export async function reverseEntry(q: Queryable, entryId: string, reason: string, actorId: string, ip: string): Promise<LedgerEntry> {
  const entry = await entryToReverse(q, entryId);
  if (!entry) throw notFound('Ledger entry not found');
  if (entry.kind === 'reversal') throw conflict('A reversal cannot be reversed; post a new entry instead', 'REVERSAL_OF_REVERSAL');
  // Serialise corrections of one investor's account in one deal (the deal row is the lock).
  await lockDeal(q, entry.dealId);
  if (await isReversed(q, entryId)) throw conflict('This entry is already reversed', 'ALREADY_REVERSED');
  await refuseBreakingReversal(q, entry);
  const { today } = await companyDayIn(q);
  const date = entry.entryDate > today ? entry.entryDate : today;
  const id = await insertEntry(q, {
    investorId: entry.investorId,
    dealId: entry.dealId,
    kind: 'reversal',
    amount: entry.amount,
    entryDate: date,
    distributionType: entry.distributionType,
    callId: entry.callId,
    reversesId: entry.id,
    reversedKind: entry.kind,
    memo: reason,
    createdBy: actorId,
  });
  await logActivity(q, {
    type: 'ledger_entry_reversed',
    userId: actorId,
    targetUserId: entry.investorId,
    details: { entryId: entry.id, reversalId: id, dealId: entry.dealId, kind: entry.kind, amount: entry.amount, reason },
    ip,
  });
  return toEntry((await entryById(q, id)) as EntryRow);
}

/**
 * Decision record 024: what a reversal may undo. Reversing a call's entry cancels that investor's
 * line of the call (no receipt afterwards; the freed commitment callable again), so it is refused
 * while the line holds receipts (reverse them first). Reversing a commitment is refused when the
 * investor's contributions or calls would then exceed what is left committed. The database
 * checks the same limits (migration 032).
 */
async function refuseBreakingReversal(
  q: Queryable,
  entry: { investorId: string; dealId: string; kind: EntryKind; amount: string; callId: string | null },
): Promise<void> {
  if ((entry.kind === 'call' || entry.kind === 'fee') && entry.callId) {
    const rows = await factsOfCallLine(q, entry.callId, entry.investorId);
    const received = balancesAsOf(rows.map(toFacts)).contributed;
    if (received > 0n)
      throw conflict(
        `This call line has ${formatUsdExact(received)} received against it: reverse those receipts first, then the call`,
        'LINE_HAS_RECEIPTS',
      );
  }
  if (entry.kind === 'commitment') {
    const rows = await factsOutsideFeeCalls(q, entry.dealId, entry.investorId);
    const b = balancesAsOf(rows.map(toFacts));
    const left = b.committed - toCents(entry.amount);
    const above = b.contributed > b.called ? b.contributed : b.called;
    if (above > left)
      throw conflict(
        `Reversing this commitment would leave ${formatUsdExact(left < 0n ? 0n : left)} committed, below the ${formatUsdExact(above)} already called or contributed: reverse those first`,
        'BELOW_CALLED',
      );
  }
}

/** Records a fee or expense charged to one investor's account in a deal. */
export async function recordFee(q: Queryable, dealId: string, input: z.output<typeof feeInput>, actorId: string, ip: string) {
  const deal = await lockDealWithCreatedDay(q, dealId, (await companyDayIn(q)).zone);
  if (!deal) throw notFound('Deal not found');
  if (!(await hasCommitment(q, dealId, input.investorId)))
    throw badRequest('This investor has no commitment in this deal', { investorId: 'This investor has no commitment in this deal' });
  if (input.date < deal.created)
    throw badRequest('The date cannot be before the deal existed', { date: `The date cannot be before ${deal.created}` });
  const id = await postEntry(q, {
    investorId: input.investorId,
    dealId,
    kind: 'fee',
    cents: toCents(input.amount),
    date: input.date,
    memo: input.memo,
    createdBy: actorId,
  });
  await logActivity(q, {
    type: 'ledger_fee_recorded',
    userId: actorId,
    targetUserId: input.investorId,
    details: { dealId, entryId: id, amount: input.amount },
    ip,
  });
  return id;
}

/**
 * A deal's ledger: totals and one line per investor as of `asOf` (the company's today by
 * default), each with its roll-forward figures (NAV, gain, MOIC, return: decision 023), and every
 * entry.
 */
export async function dealLedger(q: Queryable, dealId: string, asOf: string | null = null): Promise<DealLedger> {
  if (!(await dealExists(q, dealId))) throw notFound('Deal not found');
  const day = asOf ?? (await companyDayIn(q)).today;
  const entries = await listEntries(q, { dealId });
  const facts = (await dealFacts(q, [dealId])).get(dealId) ?? new Map<string, EntryFacts[]>();
  const valuations = (await valuationFacts(q, [dealId])).get(dealId) ?? [];
  const method = (await ownershipMethods(q, [dealId])).get(dealId);
  const names = new Map(entries.map((e) => [e.investorId, e.investorName]));
  const investors = [...facts.keys()]
    .map((investorId) => {
      const f = holdingFigures(investorId, facts, valuations, day, method);
      return { investorId, investorName: names.get(investorId) ?? '', b: f.balances, f };
    })
    .sort((a, b) => a.investorName.localeCompare(b.investorName));
  const total: Balances = balancesAsOf([]);
  let nav = 0n;
  for (const i of investors) {
    for (const k of Object.keys(total) as (keyof Balances)[]) total[k] += i.b[k];
    nav += i.f.nav;
  }
  return {
    dealId,
    ownershipMethod: method ?? 'contributions',
    asOf: day,
    totals: { ...balancesDto(total), nav: fromCents(nav) },
    investors: investors.map((i) => ({
      investorId: i.investorId,
      investorName: i.investorName,
      balances: balancesDto(i.b),
      figures: {
        nav: fromCents(i.f.nav),
        gain: fromCents(i.f.gain),
        moic: i.f.moic,
        irr: i.f.irr,
        periodReturn: i.f.periodReturn,
        annualised: i.f.annualised,
        units: method === 'units' ? unitsFigures(i.investorId, facts, valuations, day, i.f.nav) : null,
      },
    })),
    entries: asOf ? entries.filter((e) => e.date <= asOf) : entries,
  };
}
