import type { z } from 'zod';
import {
  type Balances,
  type BaseKind,
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
import { sql } from '../../db/sql.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { ownershipMethods } from './ownership-repository.ts';
import { valuationFacts } from './valuation-facts.ts';

export interface EntryRow {
  id: string;
  investor_id: string;
  investor_name: string;
  deal_id: string;
  deal_title: string;
  kind: EntryKind;
  reversed_kind: BaseKind | null;
  amount: string;
  entry_date: string;
  due_date: string | null;
  record_date: string | null;
  distribution_type: string | null;
  call_id: string | null;
  reverses_id: string | null;
  reversed_by: string | null;
  memo: string | null;
  created_at: Date;
}

const ENTRY_SELECT = `SELECT e.id, e.investor_id, p.name AS investor_name, e.deal_id, d.title AS deal_title, e.kind, e.reversed_kind, e.amount,
    to_char(e.entry_date, 'YYYY-MM-DD') AS entry_date, to_char(e.due_date, 'YYYY-MM-DD') AS due_date,
    to_char(e.record_date, 'YYYY-MM-DD') AS record_date, e.distribution_type, e.call_id, e.reverses_id,
    (SELECT r.id FROM ledger_entries r WHERE r.reverses_id = e.id) AS reversed_by, e.memo, e.created_at
  FROM ledger_entries e JOIN profiles p ON p.id = e.investor_id JOIN deals d ON d.id = e.deal_id`;

/** The facts balances are computed from (no names, no joins): the hot path of performance. */
export interface FactRow {
  investor_id: string;
  deal_id: string;
  kind: EntryKind;
  reversed_kind: BaseKind | null;
  amount: string;
  entry_date: string;
  distribution_type: string | null;
  call_id: string | null;
  /** For a distribution (or its reversal) split by the waterfall: this investor's Return of Capital tier. */
  capital?: string | null;
}

/**
 * The facts' columns of `ledger_entries e`, with the Return of Capital tier of a distribution
 * entry's own line in `distributions` (through the reversed entry for a reversal), so returned
 * capital counts what the waterfall returned, whatever the distribution's type (decision 023).
 */
export const FACT_COLUMNS = `e.investor_id, e.deal_id, e.kind, e.reversed_kind, e.amount, to_char(e.entry_date, 'YYYY-MM-DD') AS entry_date,
  e.distribution_type, e.call_id,
  CASE WHEN e.kind = 'distribution' OR e.reversed_kind = 'distribution' THEN
    (SELECT x.return_of_capital::text FROM distributions x
      WHERE x.investor_id = e.investor_id
        AND x.event_id = coalesce(e.distribution_event_id, (SELECT o.distribution_event_id FROM ledger_entries o WHERE o.id = e.reverses_id))
      LIMIT 1)
  END AS capital`;

export const toFacts = (r: FactRow): EntryFacts => ({
  kind: r.kind,
  cents: toCents(r.amount),
  date: r.entry_date,
  reversedKind: r.reversed_kind,
  distributionType: r.distribution_type,
  callId: r.call_id,
  capitalCents: r.capital === null || r.capital === undefined ? null : toCents(r.capital),
});

/** Entries grouped deal -> investor -> facts. */
export function groupFacts(rows: FactRow[]): Map<string, Map<string, EntryFacts[]>> {
  const out = new Map<string, Map<string, EntryFacts[]>>();
  for (const r of rows) {
    const deal = out.get(r.deal_id) ?? new Map<string, EntryFacts[]>();
    out.set(r.deal_id, deal);
    const list = deal.get(r.investor_id) ?? [];
    deal.set(r.investor_id, list);
    list.push(toFacts(r));
  }
  return out;
}

export async function dealFacts(q: Queryable, dealIds: string[]): Promise<Map<string, Map<string, EntryFacts[]>>> {
  if (dealIds.length === 0) return new Map();
  const rows = await sql<FactRow>(
    `SELECT ${FACT_COLUMNS} FROM ledger_entries e WHERE e.deal_id = ANY($1::uuid[]) ORDER BY e.entry_date, e.created_at`,
  ).all(q, [dealIds]);
  return groupFacts(rows);
}

export const toEntry = (r: EntryRow): LedgerEntry => ({
  id: r.id,
  investorId: r.investor_id,
  investorName: r.investor_name,
  dealId: r.deal_id,
  dealTitle: r.deal_title,
  kind: r.kind,
  reversedKind: r.reversed_kind,
  amount: r.amount,
  date: r.entry_date,
  dueDate: r.due_date,
  recordDate: r.record_date,
  distributionType: r.distribution_type,
  callId: r.call_id,
  reversesId: r.reverses_id,
  reversedBy: r.reversed_by,
  memo: r.memo,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listEntries(q: Queryable, where: { dealId?: string; investorId?: string }): Promise<LedgerEntry[]> {
  const conds: string[] = [];
  const params: unknown[] = [];
  if (where.dealId) {
    params.push(where.dealId);
    conds.push(`e.deal_id = $${params.length}`);
  }
  if (where.investorId) {
    params.push(where.investorId);
    conds.push(`e.investor_id = $${params.length}`);
  }
  const rows = await sql<EntryRow>(
    `${ENTRY_SELECT} ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''} ORDER BY e.entry_date, e.created_at, e.id`,
  ).all(q, params);
  return rows.map(toEntry);
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
  const row = (await sql<{
    id: string;
  }>(`INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, due_date, record_date, distribution_type, subscription_id,
         call_id, distribution_event_id, memo, created_by, fee_charge_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`).first(q, [
    e.investorId,
    e.dealId,
    e.kind,
    fromCents(e.cents),
    e.date,
    e.dueDate ?? null,
    e.recordDate ?? null,
    e.distributionType ?? null,
    e.subscriptionId ?? null,
    e.callId ?? null,
    e.distributionEventId ?? null,
    e.memo ?? null,
    e.createdBy ?? null,
    e.feeChargeId ?? null,
  ])) as { id: string };
  return row.id;
}

/**
 * Corrects an entry with a reversing entry dated today (nothing is edited in place). A
 * reversal cannot itself be reversed, and an entry is reversed at most once.
 */
export async function reverseEntry(q: Queryable, entryId: string, reason: string, actorId: string, ip: string): Promise<LedgerEntry> {
  const entry = await sql<{
    id: string;
    investor_id: string;
    deal_id: string;
    kind: EntryKind;
    amount: string;
    distribution_type: string | null;
    call_id: string | null;
    entry_date: string;
  }>(`SELECT id, investor_id, deal_id, kind, amount, distribution_type, call_id, to_char(entry_date, 'YYYY-MM-DD') AS entry_date
         FROM ledger_entries WHERE id = $1`).first(q, [entryId]);
  if (!entry) throw notFound('Ledger entry not found');
  if (entry.kind === 'reversal') throw conflict('A reversal cannot be reversed; post a new entry instead', 'REVERSAL_OF_REVERSAL');
  // Serialise corrections of one investor's account in one deal (the deal row is the lock).
  await q.query('SELECT 1 FROM deals WHERE id = $1 FOR UPDATE', [entry.deal_id]);
  if ((await q.query('SELECT 1 FROM ledger_entries WHERE reverses_id = $1', [entryId])).length > 0)
    throw conflict('This entry is already reversed', 'ALREADY_REVERSED');
  await refuseBreakingReversal(q, entry);
  const { today } = await companyDayIn(q);
  const date = entry.entry_date > today ? entry.entry_date : today;
  const id = (await sql<{
    id: string;
  }>(`INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, distribution_type, call_id, reverses_id, reversed_kind, memo, created_by)
       VALUES ($1, $2, 'reversal', $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`).first(q, [
    entry.investor_id,
    entry.deal_id,
    entry.amount,
    date,
    entry.distribution_type,
    entry.call_id,
    entry.id,
    entry.kind,
    reason,
    actorId,
  ])) as { id: string };
  await logActivity(q, {
    type: 'ledger_entry_reversed',
    userId: actorId,
    targetUserId: entry.investor_id,
    details: { entryId: entry.id, reversalId: id.id, dealId: entry.deal_id, kind: entry.kind, amount: entry.amount, reason },
    ip,
  });
  return (await sql<EntryRow>(`${ENTRY_SELECT} WHERE e.id = $1`).all(q, [id.id])).map(toEntry)[0] as LedgerEntry;
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
  entry: { investor_id: string; deal_id: string; kind: EntryKind; amount: string; call_id: string | null },
): Promise<void> {
  if ((entry.kind === 'call' || entry.kind === 'fee') && entry.call_id) {
    const rows = await sql<FactRow>(`SELECT ${FACT_COLUMNS} FROM ledger_entries e WHERE e.call_id = $1 AND e.investor_id = $2`).all(q, [
      entry.call_id,
      entry.investor_id,
    ]);
    const received = balancesAsOf(rows.map(toFacts)).contributed;
    if (received > 0n)
      throw conflict(
        `This call line has ${formatUsdExact(received)} received against it: reverse those receipts first, then the call`,
        'LINE_HAS_RECEIPTS',
      );
  }
  if (entry.kind === 'commitment') {
    const rows = await sql<FactRow>(
      `SELECT ${FACT_COLUMNS} FROM ledger_entries e LEFT JOIN capital_calls c ON c.id = e.call_id
        WHERE e.deal_id = $1 AND e.investor_id = $2 AND NOT coalesce(c.fee_charge, false)`,
    ).all(q, [entry.deal_id, entry.investor_id]);
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
  const deal = await sql<{ created: string }>(
    "SELECT to_char(created_at AT TIME ZONE $2::text, 'YYYY-MM-DD') AS created FROM deals WHERE id = $1 FOR UPDATE",
  ).first(q, [dealId, (await companyDayIn(q)).zone]);
  if (!deal) throw notFound('Deal not found');
  const held = await q.query("SELECT 1 FROM ledger_entries WHERE deal_id = $1 AND investor_id = $2 AND kind = 'commitment'", [
    dealId,
    input.investorId,
  ]);
  if (held.length === 0)
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
  if ((await q.query('SELECT 1 FROM deals WHERE id = $1', [dealId])).length === 0) throw notFound('Deal not found');
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
