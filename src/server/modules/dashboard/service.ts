import type { DashboardData, DashboardTile } from '../../../shared/dashboard.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';

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
  const [counts] = await sql<{
    active_deals: number;
    new_deals: number;
    active_spvs: number;
    new_spvs: number;
    dfsa_today: number;
    tax_overdue: number;
    tax_due_soon: number;
    tax_tracked: number;
  }>(`SELECT
       (SELECT count(*)::int FROM deals WHERE status = 'Active') AS active_deals,
       (SELECT count(*)::int FROM deals WHERE status = 'Active' AND created_at > now() - interval '30 days') AS new_deals,
       (SELECT count(*)::int FROM spvs WHERE status = 'Active') AS active_spvs,
       (SELECT count(*)::int FROM spvs WHERE status = 'Active' AND created_at > now() - interval '30 days') AS new_spvs,
       (SELECT count(*)::int FROM compliance_items WHERE type = 'dfsa_filing' AND workflow_state <> 'completed' AND due_date = $1::date) AS dfsa_today,
       (SELECT count(*)::int FROM compliance_items WHERE type = 'uae_tax' AND workflow_state <> 'completed' AND due_date < $1::date) AS tax_overdue,
       (SELECT count(*)::int FROM compliance_items WHERE type = 'uae_tax' AND workflow_state <> 'completed'
          AND due_date BETWEEN $1::date AND $1::date + 6) AS tax_due_soon,
       (SELECT count(*)::int FROM compliance_items WHERE type = 'uae_tax') AS tax_tracked`).all(q, [today]);
  const c = counts ?? {
    active_deals: 0,
    new_deals: 0,
    active_spvs: 0,
    new_spvs: 0,
    dfsa_today: 0,
    tax_overdue: 0,
    tax_due_soon: 0,
    tax_tracked: 0,
  };
  const tiles: DashboardTile[] = [
    { key: 'activeDeals', label: 'Active Deals', value: String(c.active_deals), trend: c.new_deals > 0 ? 'up' : 'stable' },
    { key: 'activeSpvs', label: 'Active SPV Firewalls', value: String(c.active_spvs), trend: c.new_spvs > 0 ? 'up' : 'stable' },
    {
      key: 'dfsaFilingsDueToday',
      label: 'DFSA Filings Due Today',
      value: String(c.dfsa_today),
      trend: c.dfsa_today > 0 ? 'attention' : 'stable',
    },
    {
      key: 'uaeTaxStatus',
      label: 'UAE Tax Status',
      // With no UAE tax item at all there is nothing to be up to date with.
      value: c.tax_tracked === 0 ? NOTHING_TRACKED : c.tax_overdue > 0 ? 'Overdue' : c.tax_due_soon > 0 ? 'Due Soon' : 'Up-to-Date',
      trend: c.tax_overdue > 0 || c.tax_due_soon > 0 ? 'attention' : 'stable',
    },
  ];
  const deals = await sql<
    DashboardData['deals'][number]
  >(`SELECT id, title, type, target_amount AS "targetAmount", status, spv_entity AS "spvEntity", expected_irr AS "expectedIrr",
            risk_score AS "riskScore", next_step AS "nextStep"
       FROM deals WHERE status IN ('Active', 'Pending') ORDER BY created_at DESC, id DESC LIMIT 4`).all(q);
  return { tiles, deals };
}
