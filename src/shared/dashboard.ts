export type Trend = 'up' | 'stable' | 'attention';

export interface DashboardTile {
  key: 'activeDeals' | 'activeSpvs' | 'dfsaFilingsDueToday' | 'uaeTaxStatus';
  label: string;
  value: string;
  trend: Trend;
}

export interface DashboardDeal {
  id: string;
  title: string;
  type: string;
  targetAmount: string | null;
  status: string;
  spvEntity: string | null;
  expectedIrr: string | null;
  riskScore: string | null;
  nextStep: string | null;
}

export interface DashboardData {
  tiles: DashboardTile[];
  deals: DashboardDeal[];
}

/** Compact USD for dashboard cards, as the spec shows them ('$1.25M', '$5M'). */
export function formatCompactUSD(value: string | number | null): string {
  if (value === null || value === '') return 'TBD';
  const n = Number(value);
  if (!Number.isFinite(n)) return 'TBD';
  if (n >= 1_000_000) return `$${Number((n / 1_000_000).toFixed(2))}M`;
  if (n >= 1_000) return `$${Number((n / 1_000).toFixed(1))}K`;
  return `$${n}`;
}
