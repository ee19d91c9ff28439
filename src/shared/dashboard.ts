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
