import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompanyProfile } from '../../../shared/company-profile';
import type { DashboardData } from '../../../shared/dashboard';
import { expectNoA11yViolations } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import AdminDashboardPage from './admin-dashboard-page';

// The demo data's figures (README "Demo accounts"): 4 active deals, 2 SPV firewalls, 1 filing due today, Up-to-Date.
const DASHBOARD: DashboardData = {
  tiles: [
    { key: 'activeDeals', label: 'Active Deals', value: '4', trend: 'up' },
    { key: 'activeSpvs', label: 'Active SPV Firewalls', value: '2', trend: 'stable' },
    { key: 'dfsaFilingsDueToday', label: 'DFSA Filings Due Today', value: '1', trend: 'attention' },
    { key: 'uaeTaxStatus', label: 'UAE Tax Status', value: 'Up-to-Date', trend: 'stable' },
  ],
  deals: [
    {
      id: '20000000-0000-4000-8000-000000000001',
      title: 'Mombasa Oil Trading Facility',
      type: 'Oil Trading',
      targetAmount: '1250000.00',
      status: 'Active',
      spvEntity: null,
      expectedIrr: '22%',
      riskScore: '6/10',
      nextStep: 'Credit committee',
    },
  ],
};
const PROFILE: CompanyProfile = {
  companyName: 'Meridian Syndicate',
  legalName: 'Meridian Syndicate Ltd',
  licenseNumber: 'F001234',
  regulatorAuthorization: 'Regulated by the DFSA',
  registeredOffice: 'DIFC, Dubai',
  offices: [{ city: 'Dubai', role: 'Headquarters', address: 'Gate Village', email: 'dubai@example.com', phone: '+971 4 000 0000' }],
  investorRelations: { name: 'IR', email: 'ir@example.com', phone: '+971 4 000 0001' },
  compliance: { name: 'Compliance', email: 'compliance@example.com', phone: '+971 4 000 0002' },
  disclaimer: { en: 'Not an offer.', ar: 'ليس عرضًا.' },
  timeZone: 'Asia/Dubai',
  claims: { assetsUnderManagement: '$500M+', investors: '150+', completedDeals: '25+', presence: { en: '', ar: '' } },
};

describe('Admin dashboard', () => {
  it('greets the founder, shows the four tiles and the active pipeline', async () => {
    await renderScreen(<AdminDashboardPage />, {
      at: '/admin',
      api: { 'GET /api/dashboard': DASHBOARD, 'GET /api/company': { profile: PROFILE } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Fatima Founder' })).toBeTruthy();
    expect(screen.getByText('Founder & Managing Partner')).toBeTruthy();
    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    const items = within(tiles).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Active Deals4'),
      expect.stringContaining('Active SPV Firewalls2'),
      expect.stringContaining('DFSA Filings Due Today1'),
      expect.stringContaining('UAE Tax StatusUp-to-Date'),
    ]);
    const pipeline = screen.getByRole('list', { name: 'Active deals' });
    expect(pipeline.textContent).toContain('Mombasa Oil Trading Facility');
    // Targets on the dashboard are compact: 1,250,000 is $1.25M.
    expect(pipeline.textContent).toContain('Target$1.25M');
    expect(pipeline.textContent).toContain('Not assigned');
    expect(pipeline.textContent).toContain('Next step: Credit committee');
    await expectNoA11yViolations('admin dashboard');
  });

  it('a failed load says so and offers Retry', async () => {
    const { api } = await renderScreen(<AdminDashboardPage />, { at: '/admin', api: { 'GET /api/company': { profile: PROFILE } } });
    expect(await screen.findByText('Failed to load the dashboard')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(api.unhandled.map((c) => c.path)).toContain('/api/dashboard');
  });
});
