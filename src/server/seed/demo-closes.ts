import { sql as kysql } from 'kysely';
import { isoInDays } from '../../shared/dates.ts';
import { toCents } from '../../shared/money.ts';
import type { Queryable } from '../db/client.ts';
import { typed } from '../db/typed.ts';
import { createCall, recordReceipt } from '../modules/ledger/calls.ts';
import { postEntry } from '../modules/ledger/service.ts';
import { saveDealTerms } from '../modules/waterfall/terms.ts';

/**
 * The demo's closed staged-close deal (issue 29, decision 040 amendment of 27 Nov): Kilimanjaro
 * came in at the first close 300 days ago and paid half its 400,000 (200,000 received 290 days
 * ago); Ahmed Al-Rashid came in at the final close 60 days ago with 200,000 and paid his catch-up
 * (100,000, so both are 50% called). The deal is carried at cost (no valuation) and its terms own
 * by contributions (the default): an admin can choose equalisation at 8% a year under Deal Terms
 * and charge the final close on the deal's Equalisation card, which the product cannot otherwise
 * show (no date of a new deal can precede its creation). By hand: 200,000 x 8% x 230 days / 365,
 * scaled by Ahmed's 200,000 over the first close's 400,000 = 5,041.10, all to Kilimanjaro.
 * Closed, older than every other demo deal: the dashboard's four Active deals and pipeline stay.
 */
export const DEMO_STAGED_CLOSE_DEAL = {
  title: 'Arusha Cold-Chain Warehousing',
  type: 'Infrastructure',
  target: '600000',
  irr: '16%',
  risk: '5/10',
  status: 'Closed',
  stage: 'Post-Investment',
  spv: 'EA Real Assets SPV Ltd',
  nextStep: 'Settle the equalisation of the final close',
  description:
    'Refrigerated warehousing for horticulture exporters beside the Arusha-Moshi road, bought out of receivership and re-let ' +
    'under five-year contracts. Closed to new investors after its final close; carried at cost until its first audited valuation.',
  daysAgo: 620,
  firstClose: { email: 'kilimanjaro@demo.example.com', amount: '400000', daysAgo: 300, called: '200000', receivedDaysAgo: 290 },
  finalClose: { email: 'ahmed@demo.example.com', amount: '200000', daysAgo: 60, called: '100000', receivedDaysAgo: 55 },
} as const;

/** `now()` less so many days (a back-dated timestamp). */
export const daysBeforeNow = (days: number) => kysql<Date>`now() - make_interval(days => ${days})`;

export async function loadDemoStagedCloseDeal(q: Queryable, today: string, cio: string): Promise<void> {
  const d = DEMO_STAGED_CLOSE_DEAL;
  const day = (ago: number) => isoInDays(-ago, today);
  const deal = await typed(q)
    .insertInto('deals')
    .values({
      title: d.title,
      type: d.type,
      targetAmount: d.target,
      committedAmount: '0',
      expectedIrr: d.irr,
      riskScore: d.risk,
      status: d.status,
      stage: d.stage,
      spvEntity: d.spv,
      nextStep: d.nextStep,
      description: d.description,
      createdBy: cio,
      createdAt: daysBeforeNow(d.daysAgo),
      stageEnteredAt: daysBeforeNow(50),
      updatedAt: daysBeforeNow(50),
    })
    .returning('id')
    .executeTakeFirst();
  if (!deal) return;
  // A demo deal is not news: no deal alert goes out for it.
  await typed(q)
    .insertInto('deal_open_alerts')
    .values({ dealId: deal.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const [close, purpose] of [
    [d.firstClose, 'First close: purchase of the warehouses'],
    [d.finalClose, 'Final close: catch-up of the first close’s call'],
  ] as const) {
    const investor = await typed(q).selectFrom('profiles').select('id').where('email', '=', close.email).executeTakeFirst();
    if (!investor) return;
    const sub = await typed(q)
      .insertInto('subscriptions')
      .values({
        investorId: investor.id,
        dealId: deal.id,
        amount: close.amount,
        status: 'Completed',
        progress: 100,
        createdAt: daysBeforeNow(close.daysAgo + 3),
        reviewedAt: daysBeforeNow(close.daysAgo),
        completedAt: daysBeforeNow(close.daysAgo),
      })
      .returning('id')
      .executeTakeFirst();
    await postEntry(q, {
      investorId: investor.id,
      dealId: deal.id,
      kind: 'commitment',
      cents: toCents(close.amount),
      date: day(close.daysAgo),
      subscriptionId: sub?.id ?? null,
      createdBy: cio,
    });
    const call = await createCall(
      q,
      {
        dealId: deal.id,
        basis: 'amount',
        amount: close.called,
        callDate: day(close.daysAgo),
        dueDate: day(close.receivedDaysAgo),
        purpose,
        weighting: 'unfunded',
        target: 'investors',
        investorIds: [investor.id],
      },
      cio,
      '127.0.0.1',
    );
    await recordReceipt(
      q,
      call.id,
      { investorId: investor.id, amount: close.called, valueDate: day(close.receivedDaysAgo) },
      cio,
      '127.0.0.1',
    );
  }
  await typed(q)
    .updateTable('deals')
    .set((eb) => ({
      committedAmount: eb
        .selectFrom('subscriptions')
        .select((e) => e.fn.sum<string>('amount').as('committed'))
        .where('dealId', '=', deal.id)
        .where('status', '=', 'Completed'),
    }))
    .where('id', '=', deal.id)
    .execute();
  // 8% preferred return, full catch-up, 20% carry; later closes by contributions until an admin chooses equalisation.
  await saveDealTerms(
    q,
    deal.id,
    {
      hurdleRate: '8',
      catchUp: 'full',
      carryRate: '20',
      carryRecipients: [{ kind: 'gp', name: 'Meridian Syndicate GP Ltd', share: '100' }],
      managementFee: null,
    },
    cio,
    '127.0.0.1',
  );
}
