import type { z } from 'zod';
import { balancesAsOf, type EntryFacts } from '../../../shared/ledger.ts';
import { fromCents } from '../../../shared/money.ts';
import {
  DEFAULT_OWNERSHIP,
  EQUALISATION,
  type EqualisationInvestor,
  type EqualisationPreview,
  type equalisationInput,
  equalisationPlan,
} from '../../../shared/ownership.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { currentOwnership, equalisationOf, insertEqualisation } from './ownership-repository.ts';
import { dealFactsWithNames, dealTitle, lockDeal } from './repository.ts';
import { postEntry, toFacts } from './service.ts';

interface DealInvestor extends EqualisationInvestor {
  name: string;
}

/** The deal's committed investors with their close, commitment on `asOf` and contributions (net, by value date). */
async function dealInvestors(q: Queryable, dealId: string, asOf: string): Promise<DealInvestor[]> {
  const rows = await dealFactsWithNames(q, dealId);
  const by = new Map<string, { name: string; close: string | null; facts: EntryFacts[] }>();
  for (const r of rows) {
    const x = by.get(r.investorId) ?? { name: r.name, close: null, facts: [] };
    x.facts.push(toFacts(r));
    if (r.kind === 'commitment' && (x.close === null || r.entryDate < x.close)) x.close = r.entryDate;
    by.set(r.investorId, x);
  }
  const out: DealInvestor[] = [];
  for (const [investorId, x] of by) {
    if (x.close === null) continue;
    const contributions = new Map<string, bigint>();
    for (const e of x.facts) {
      const kind = e.kind === 'reversal' ? e.reversedKind : e.kind;
      if (kind !== 'contribution') continue;
      contributions.set(e.date, (contributions.get(e.date) ?? 0n) + (e.kind === 'reversal' ? -e.cents : e.cents));
    }
    out.push({
      investorId,
      name: x.name,
      closeDate: x.close,
      committed: balancesAsOf(x.facts, asOf).committed,
      contributions: [...contributions.entries()].map(([date, cents]) => ({ date, cents })),
    });
  }
  return out.filter((i) => i.committed > 0n);
}

async function planFor(q: Queryable, dealId: string, closeDate: string | undefined) {
  const deal = await dealTitle(q, dealId);
  if (!deal) throw notFound('Deal not found');
  const terms = (await currentOwnership(q, [dealId])).get(dealId) ?? DEFAULT_OWNERSHIP;
  if (terms.method !== 'equalisation' || !terms.equalisationRate)
    throw conflict('This deal’s terms do not use equalisation: choose it under Deal Terms first', 'NOT_EQUALISATION');
  const all = await dealInvestors(q, dealId, closeDate ?? '9999-12-31');
  const closes = [...new Set(all.map((i) => i.closeDate))].sort().slice(1);
  const close = closeDate ?? closes.at(-1);
  if (!close) throw conflict('This deal has had one close only: there is nobody to equalise', 'NO_LATER_CLOSE');
  if (!closes.includes(close))
    throw badRequest('No investor of this deal came in at a later close on that day', { closeDate: 'Choose a later close of this deal' });
  const investors = await dealInvestors(q, dealId, close);
  const plan = equalisationPlan(close, terms.equalisationRate, investors);
  if (plan.earlierCalls.length === 0)
    throw conflict('Nothing was contributed before this close: there is no equalisation to charge', 'NOTHING_CALLED', {
      closeDate: 'Nothing was contributed before this close',
    });
  const names = new Map(investors.map((i) => [i.investorId, i.name]));
  const charged = await equalisationOf(q, dealId, close);
  const preview: EqualisationPreview = {
    dealId,
    rate: terms.equalisationRate,
    closes,
    closeDate: close,
    payers: plan.payers
      .map((p) => ({
        investorId: p.investorId,
        investorName: names.get(p.investorId) ?? '',
        catchUp: fromCents(p.catchUp),
        interest: fromCents(p.interest),
      }))
      .sort((a, b) => a.investorName.localeCompare(b.investorName)),
    receivers: plan.receivers
      .map((r) => ({ investorId: r.investorId, investorName: names.get(r.investorId) ?? '', interest: fromCents(r.interest) }))
      .sort((a, b) => a.investorName.localeCompare(b.investorName)),
    earlierCalls: plan.earlierCalls.map((c) => ({ date: c.date, amount: fromCents(c.cents), days: c.days })),
    total: fromCents(plan.total),
    charged: charged ? { paymentDate: charged.paymentDate, createdAt: new Date(charged.createdAt).toISOString() } : null,
  };
  return { deal, plan, preview };
}

/** GET /api/deals/:id/equalisation: what a later close owes and who receives it (nothing written). */
export async function previewEqualisation(q: Queryable, dealId: string, closeDate?: string): Promise<EqualisationPreview> {
  return (await planFor(q, dealId, closeDate)).preview;
}

/**
 * POST /api/deals/:id/equalisation: charges a later close's equalisation once. Each later closer
 * gets a fee entry (outside their contributions: it buys no ownership), each earlier investor an
 * 'Equalisation' distribution (income that leaves the NAV alone, decision 040), all on the payment
 * date, in one transaction with the deal row locked (a second charge of the same close is a 409).
 */
export async function chargeEqualisation(
  q: Queryable,
  dealId: string,
  input: z.output<typeof equalisationInput>,
  actorId: string,
  ip: string,
): Promise<EqualisationPreview> {
  if (!(await lockDeal(q, dealId))) throw notFound('Deal not found');
  const { deal, plan, preview } = await planFor(q, dealId, input.closeDate);
  if (preview.charged)
    throw conflict(`The equalisation of the close of ${input.closeDate} was already charged`, 'ALREADY_CHARGED', {
      closeDate: 'Already charged for this close',
    });
  if (plan.total <= 0n) throw conflict('The equalisation of this close comes to $0.00: nothing to charge', 'NOTHING_DUE');
  const { today } = await companyDayIn(q);
  const paymentDate = input.paymentDate ?? input.closeDate;
  if (paymentDate > today)
    throw conflict('The payment date cannot be after today', 'FUTURE_DATE', { paymentDate: `Enter a date on or before ${today}` });
  const memo = `Equalisation interest at ${plan.rate}% a year for the close of ${plan.closeDate}`;
  for (const p of plan.payers)
    await postEntry(q, { investorId: p.investorId, dealId, kind: 'fee', cents: p.interest, date: paymentDate, memo, createdBy: actorId });
  for (const r of plan.receivers)
    await postEntry(q, {
      investorId: r.investorId,
      dealId,
      kind: 'distribution',
      cents: r.interest,
      date: paymentDate,
      distributionType: EQUALISATION,
      memo,
      createdBy: actorId,
    });
  await insertEqualisation(q, {
    dealId,
    closeDate: plan.closeDate,
    paymentDate,
    rate: plan.rate,
    total: fromCents(plan.total),
    plan: { payers: preview.payers, receivers: preview.receivers, earlierCalls: preview.earlierCalls },
    createdBy: actorId,
  });
  await logActivity(q, {
    type: 'equalisation_charged',
    userId: actorId,
    details: { dealId, title: deal.title, closeDate: plan.closeDate, paymentDate, rate: plan.rate, total: preview.total },
    ip,
  });
  return { ...preview, charged: { paymentDate, createdAt: new Date().toISOString() } };
}
