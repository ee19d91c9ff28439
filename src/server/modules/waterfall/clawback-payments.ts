import type { z } from 'zod';
import type { ClawbackPayment, clawbackPaymentInput } from '../../../shared/deal-terms.ts';
import { GP_CLAWBACK } from '../../../shared/ledger.ts';
import { toCents } from '../../../shared/money.ts';
import { allocateByLargestRemainder, centsToString, WaterfallInputError } from '../../../shared/waterfall.ts';
import type { Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { postEntry } from '../ledger/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { insertClawbackPayment, lockDeal, profileNames } from './repository.ts';
import { dealCashFlows, paidReplay, unitsOnRecordDate } from './service.ts';
import { currentTerms } from './terms.ts';

/**
 * POST /api/deals/:id/clawback-payments (decision 058): the GP paid back (part of) a clawback it
 * owes ('owed' mode, decision 039). The payment:
 *  - may not exceed what the GP owed on the day paid (the paid distributions to that day and the
 *    payments before it, replayed as the Waterfall by Deal does), and may not leave a later payment
 *    above what is owed then (409 with a field message either way);
 *  - goes to the investors pro rata to contributed capital on the day paid (units held on a deal by
 *    units at NAV), by largest remainder, adding up to the payment; each part is an income
 *    distribution of type 'GP Clawback' in the capital-account ledger that leaves the NAV alone
 *    (the money comes from the GP, not the deal's assets), so the roll-forward, performance,
 *    statements and exports see it like any paid distribution;
 *  - lowers what is owed on the Waterfall by Deal and in every later preview; the split of the
 *    deal's later distributions does not change (src/shared/waterfall.ts).
 * The deal row is locked: concurrent payments are checked one after the other, so together they
 * never exceed what is owed.
 */
export async function recordClawbackPayment(
  q: Queryable,
  dealId: string,
  input: z.output<typeof clawbackPaymentInput>,
  actorId: string,
  ip: string,
): Promise<ClawbackPayment> {
  const deal = await lockDeal(q, dealId);
  if (!deal) throw notFound('Deal not found');
  const { today } = await companyDayIn(q);
  const paidOn = input.paidOn ?? today;
  if (paidOn > today) {
    const msg = `The payment cannot be dated after today (${today}): record it once the money has come in`;
    throw conflict(msg, 'FUTURE_DATE', { paidOn: msg });
  }
  const terms = await currentTerms(q, dealId);
  if ((terms?.conventions.clawback ?? 'net') !== 'owed')
    throw conflict(
      'This deal’s terms net a clawback against the GP’s later distributions: there is no payment to record',
      'CLAWBACK_NETTED',
    );
  const cents = toCents(input.amount);

  // What the GP owed on the day paid: what it had been paid to that day, the capital in by then,
  // and the payments recorded up to that day.
  const flows = await dealCashFlows(q, dealId, paidOn);
  const then = {
    ...flows,
    distributions: paidOn < today ? flows.distributions.filter((e) => e.date <= paidOn) : flows.distributions,
    clawbackPayments: flows.clawbackPayments.filter((p) => p.date <= paidOn),
  };
  const owed = toCents((await paidReplay(q, dealId, terms, then, paidOn)).today?.clawback.owedAfter ?? '0');
  if (owed === 0n) {
    const msg = 'The GP owed no clawback on that day';
    throw conflict(msg, 'NOTHING_OWED', { paidOn: msg });
  }
  if (cents > owed) {
    const msg = `The GP owed ${centsToString(owed)} on ${paidOn}: record at most that`;
    throw conflict(msg, 'MORE_THAN_OWED', { amount: msg });
  }
  // A back-dated payment must not leave a later one above what is owed by then.
  const all = await dealCashFlows(q, dealId, today);
  try {
    await paidReplay(
      q,
      dealId,
      terms,
      { ...all, clawbackPayments: [...all.clawbackPayments, { date: paidOn, amount: input.amount }] },
      today,
      true,
    );
  } catch (err) {
    if (!(err instanceof WaterfallInputError)) throw err;
    const msg = 'With this payment a later clawback payment would be more than the GP owed: check the amount and the day';
    throw conflict(msg, 'MORE_THAN_OWED', { amount: msg });
  }

  // To the investors: by units on a units deal, else by contributed capital, on the day paid.
  const units = await unitsOnRecordDate(q, dealId, terms, paidOn);
  const weights = new Map<string, bigint>();
  if (units) for (const [id, u] of units) if (u > 0n) weights.set(id, u);
  const basis: ClawbackPayment['basis'] = weights.size > 0 ? 'units' : 'contributions';
  if (basis === 'contributions')
    for (const c of flows.contributions) weights.set(c.investorId, (weights.get(c.investorId) ?? 0n) + toCents(c.amount));
  for (const [id, w] of weights) if (w <= 0n) weights.delete(id);
  if (weights.size === 0) throw conflict('Nobody held contributed capital in this deal on that day', 'NO_HOLDERS');
  const split = allocateByLargestRemainder(cents, weights);
  const names = await profileNames(q, [...split.keys()]);
  const lines = [...split.entries()]
    .filter(([, c]) => c > 0n)
    .map(([investorId, c]) => ({ investorId, name: names.get(investorId) ?? 'Unknown', amount: centsToString(c) }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.investorId < b.investorId ? -1 : 1));
  const memo = `GP clawback repaid on ${paidOn}`;
  for (const l of lines)
    await postEntry(q, {
      investorId: l.investorId,
      dealId,
      kind: 'distribution',
      cents: toCents(l.amount),
      date: paidOn,
      distributionType: GP_CLAWBACK,
      memo,
      createdBy: actorId,
    });
  const amount = centsToString(cents);
  const id = await insertClawbackPayment(q, { dealId, amount, paidOn, basis, lines, createdBy: actorId });
  await logActivity(q, {
    type: 'clawback_paid',
    userId: actorId,
    details: { dealId, title: deal.title, amount, paidOn, basis, owedBefore: centsToString(owed) },
    ip,
  });
  return { id, amount, paidOn, basis, lines };
}
