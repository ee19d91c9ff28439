import type { DashboardData, DashboardTile } from '../../../shared/dashboard.ts';
import type { Queryable } from '../../db/client.ts';
import { newestOpenDeals, tileCounts } from './repository.ts';

/**
 * The four admin tiles, computed from the database (never constants):
 *  - active deals: status Active only (a Pending deal is not active yet); up when one was created in the last 30 days
 *  - active SPV firewalls: SPVs with status Active; up when one was created in the last 30 days
 *  - DFSA filings due today: not completed, due today; attention when above 0
 *  - UAE tax status: Overdue / Due Soon (within 7 days) / Up-to-Date
 */
export const NOTHING_TRACKED = 'Nothing tracked yet';

/** The tiles on the company's `today` (decision record 020). */
export async function dashboard(q: Queryable, today: string): Promise<DashboardData> {
  const c = await tileCounts(q, today);
  const tiles: DashboardTile[] = [
    { key: 'activeDeals', label: 'Active Deals', value: String(c.activeDeals), trend: c.newDeals > 0 ? 'up' : 'stable' },
    { key: 'activeSpvs', label: 'Active SPV Firewalls', value: String(c.activeSpvs), trend: c.newSpvs > 0 ? 'up' : 'stable' },
    {
      key: 'dfsaFilingsDueToday',
      label: 'DFSA Filings Due Today',
      value: String(c.dfsaToday),
      trend: c.dfsaToday > 0 ? 'attention' : 'stable',
    },
    {
      key: 'uaeTaxStatus',
      label: 'UAE Tax Status',
      // With no UAE tax item at all there is nothing to be up to date with.
      value: c.taxTracked === 0 ? NOTHING_TRACKED : c.taxOverdue > 0 ? 'Overdue' : c.taxDueSoon > 0 ? 'Due Soon' : 'Up-to-Date',
      trend: c.taxOverdue > 0 || c.taxDueSoon > 0 ? 'attention' : 'stable',
    },
  ];
  const deals = await newestOpenDeals(q);
  return { tiles, deals };
}
