import { sql as kysql } from 'kysely';
import type { DashboardDeal } from '../../../shared/dashboard.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The dashboard's queries (decision 035), typed from schema.generated.ts. */

export interface TileCounts {
  activeDeals: number;
  newDeals: number;
  activeSpvs: number;
  newSpvs: number;
  dfsaToday: number;
  taxOverdue: number;
  taxDueSoon: number;
  taxTracked: number;
}

/** Every tile's count on the company's `today`, in one statement. */
export async function tileCounts(q: Queryable, today: string): Promise<TileCounts> {
  const k = typed(q);
  const lastMonth = kysql<Date>`now() - interval '30 days'`;
  const deals = () => k.selectFrom('deals').select((eb) => eb.fn.countAll<number>().as('n'));
  const spvs = () => k.selectFrom('spvs').select((eb) => eb.fn.countAll<number>().as('n'));
  const open = (type: 'dfsa_filing' | 'uae_tax') =>
    k
      .selectFrom('compliance_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', type)
      .where('workflowState', '<>', 'completed');
  const row = await k
    .selectNoFrom([
      deals().where('status', '=', 'Active').as('activeDeals'),
      deals().where('status', '=', 'Active').where('createdAt', '>', lastMonth).as('newDeals'),
      spvs().where('status', '=', 'Active').as('activeSpvs'),
      spvs().where('status', '=', 'Active').where('createdAt', '>', lastMonth).as('newSpvs'),
      open('dfsa_filing').where('dueDate', '=', today).as('dfsaToday'),
      open('uae_tax').where('dueDate', '<', today).as('taxOverdue'),
      open('uae_tax').where('dueDate', '>=', today).where('dueDate', '<=', kysql<string>`${today}::date + 6`).as('taxDueSoon'),
      k
        .selectFrom('compliance_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', 'uae_tax')
        .as('taxTracked'),
    ])
    .executeTakeFirstOrThrow();
  // A scalar subquery's type admits null; count(*) never is.
  const n = (v: number | null) => v ?? 0;
  return {
    activeDeals: n(row.activeDeals),
    newDeals: n(row.newDeals),
    activeSpvs: n(row.activeSpvs),
    newSpvs: n(row.newSpvs),
    dfsaToday: n(row.dfsaToday),
    taxOverdue: n(row.taxOverdue),
    taxDueSoon: n(row.taxDueSoon),
    taxTracked: n(row.taxTracked),
  };
}

/** The four newest Active or Pending deals. */
export function newestOpenDeals(q: Queryable): Promise<DashboardDeal[]> {
  return typed(q)
    .selectFrom('deals')
    .select(['id', 'title', 'type', 'targetAmount', 'status', 'spvEntity', 'expectedIrr', 'riskScore', 'nextStep'])
    .where('status', 'in', ['Active', 'Pending'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(4)
    .execute();
}
