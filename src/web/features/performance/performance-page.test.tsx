import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../shared/format';
import type { Holding, PerformanceData } from '../../../shared/performance';
import { failWith } from '../../testing/fake-api';
import { expectNoA11yViolations } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import PerformancePage from './performance-page';

/** Text as read, without the direction marks that keep figures in order in Arabic. */
const plain = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '');

const OIL: Holding = {
  dealId: '20000000-0000-4000-8000-000000000001',
  dealTitle: 'Mombasa Oil Trading Facility',
  dealType: 'Oil Trading',
  commitment: '1000000.00',
  called: '800000.00',
  contributed: '800000.00',
  unfunded: '200000.00',
  fees: '12500.50',
  currentValue: '850000.00',
  gain: '100000.00',
  asOf: '2026-11-27',
  expectedExit: 'Q4 2027',
  status: 'Performing',
  distributionsReceived: '50000.00',
  units: null,
  equalisationReceived: '0.00',
  irr: 0.1432,
  periodReturn: 0.125,
  annualised: true,
  moic: 1.125,
  tvpi: 1.125,
  dpi: 0.0625,
  rvpi: 1.0625,
};
const UNITS: Holding = {
  ...OIL,
  dealId: '20000000-0000-4000-8000-000000000002',
  dealTitle: 'Lamu Port Units',
  dealType: 'Infrastructure',
  commitment: '500000.00',
  called: '500000.00',
  contributed: '500000.00',
  unfunded: '0.00',
  fees: '0.00',
  currentValue: '525000.00',
  gain: '25000.00',
  expectedExit: null,
  status: null,
  distributionsReceived: '0.00',
  units: { held: '5000.5', navPerUnit: '104.99', averagePrice: '99.99' },
  equalisationReceived: '84821.92',
  irr: null,
  periodReturn: 0.05,
  annualised: false,
  moic: 1.05,
  tvpi: 1.05,
  dpi: 0,
  rvpi: 1.05,
};

// Totals by hand: commitments 1,000,000 + 500,000; value 850,000 + 525,000 = 1,375,000;
// contributed 800,000 + 500,000 = 1,300,000; gain 50,000 distributed + 1,375,000 - 1,300,000 = 125,000,
// 125,000 / 1,300,000 = 9.615...% -> 9.6%.
const DATA: PerformanceData = {
  holdings: [OIL, UNITS],
  totals: {
    commitment: '1500000.00',
    called: '1300000.00',
    contributed: '1300000.00',
    unfunded: '200000.00',
    currentValue: '1375000.00',
    distributions: '50000.00',
    gain: '125000.00',
    asOf: '2026-11-27',
    irr: 0.1211,
    periodReturn: 0.0962,
    annualised: true,
    moic: 1.0962,
    tvpi: 1.0962,
    dpi: 0.0385,
    rvpi: 1.0577,
  },
  history: [
    { date: '2025-10-01', value: '800000.00' },
    { date: '2026-11-27', value: '1375000.00' },
  ],
  allocation: [
    { type: 'Oil Trading', value: '850000.00' },
    { type: 'Infrastructure', value: '525000.00' },
  ],
  amountsDue: [],
};

const open = (answer: PerformanceData | ReturnType<typeof failWith>) =>
  renderScreen(<PerformancePage />, { user: INVESTOR, at: '/investor/performance', api: { 'GET /api/investor/performance': answer } });

const total = (label: string) => plain(screen.getByRole('group', { name: label }));

describe('Performance Dashboard', () => {
  it('shows the portfolio totals, each holding (units, equalisation, fees, not annualised, not valued) and the portfolio row', async () => {
    await open(DATA);
    expect(await screen.findByTestId('performance-as-of')).toHaveProperty(
      'textContent',
      `Figures as of ${formatDate('2026-11-27')}, on paid distributions only (scheduled ones are not included).`,
    );
    expect(total('Total Commitment')).toBe('Total Commitment$1,500,0002 holdings');
    expect(total('Current Value')).toBe('Current Value$1,375,000+$125,000 (+9.6%) incl. distributions');
    expect(total('Distributions Received')).toBe('Distributions Received$50,000Paid to you to date (scheduled not included)');
    expect(total('Portfolio IRR')).toBe('Portfolio IRR12.1%Annualised, on dated cash flows');
    expect(total('MOIC')).toBe('MOIC1.10xTVPI 1.10x · DPI 0.04x · RVPI 1.06x');

    const table = screen.getByRole('table', { name: 'Holdings' });
    const rows = within(table).getAllByTestId('holding-row');
    expect(plain(rows[0])).toBe(
      'Mombasa Oil Trading FacilityOil TradingFees and expenses charged: $12,500.50$1,000,000$850,00014.3%1.13xQ4 2027Performing',
    );
    expect(plain(rows[1])).toBe(
      'Lamu Port UnitsInfrastructure5,000.5 units, NAV per unit 104.99, average price paid 99.99' +
        'Equalisation interest received: $84,821.92 (income, not a return of capital)$500,000$525,0005.0%not annualised1.05x—Not valued',
    );
    expect(plain(within(table).getByRole('row', { name: /^Portfolio/ }))).toBe(
      'Portfolio$1,500,000$1,375,00012.1%1.10xNo portfolio exit or status',
    );
    await expectNoA11yViolations('performance dashboard');
  });

  it('under a year of history: the return since the first contribution, said to be not annualised', async () => {
    await open({ ...DATA, totals: { ...DATA.totals, annualised: false, irr: null } });
    expect(await screen.findByRole('group', { name: 'Return since first contribution' })).toBeTruthy();
    expect(total('Return since first contribution')).toBe('Return since first contribution9.6%Not annualised: under one year of history');
  });

  it('no holdings: says so and links to the Deal Vault', async () => {
    await open({
      ...DATA,
      holdings: [],
      totals: { ...DATA.totals, commitment: '0.00', contributed: '0.00', currentValue: '0.00', distributions: '0.00', gain: '0.00' },
    });
    expect(await screen.findByText('You have no holdings yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the Deal Vault' }).getAttribute('href')).toBe('/investor/deals');
    expect(total('Current Value')).toBe('Current Value$0No commitments yet');
    expect(screen.queryByRole('table', { name: 'Holdings' })).toBeNull();
  });

  it('says so when the figures cannot be loaded', async () => {
    await open(failWith(500, 'Database unavailable'));
    expect(await screen.findByText('Failed to load your portfolio performance')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Total Commitment' })).toBeNull();
  });
});
