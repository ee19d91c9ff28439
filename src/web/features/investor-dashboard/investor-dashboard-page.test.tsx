import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvestorDashboardData } from '../../../shared/investor-dashboard';
import { failWith } from '../../testing/fake-api';
import { expectNoA11yViolations } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import InvestorDashboardPage from './investor-dashboard-page';

const DASHBOARD: InvestorDashboardData = {
  asOf: '2026-11-27',
  totalCommitted: '750000.00',
  currentValue: '812345.67',
  distributionsReceived: '37200.00',
  nextPayment: { date: '2026-12-15', amount: '12500.00', dealName: 'Nairobi Data Centre PPP' },
  unreadMessages: 2,
  kyc: { status: 'approved', completionPercentage: 100 },
  recentDeals: [
    { id: '20000000-0000-4000-8000-000000000001', title: 'Mombasa Oil Trading Facility', type: 'Oil Trading', status: 'Held' },
    { id: '20000000-0000-4000-8000-000000000002', title: 'Nairobi Data Centre PPP', type: 'PPP Infrastructure', status: 'Open' },
  ],
  amountsDue: [
    { callId: 'c1', dealTitle: 'Mombasa Oil Trading Facility', dueDate: '2026-12-01', outstanding: '10000.10', status: 'partially_paid' },
    { callId: 'c2', dealTitle: 'Nairobi Data Centre PPP', dueDate: '2026-12-20', outstanding: '2500.25', status: 'outstanding' },
  ],
};
const stat = (name: string) => screen.getByRole('group', { name });

describe('Investor dashboard', () => {
  it('the three figures as of their date, the next payment, unread messages, deals and the amounts due with their sum', async () => {
    await renderScreen(<InvestorDashboardPage />, { at: '/investor', user: INVESTOR, api: { 'GET /api/investor/dashboard': DASHBOARD } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ian Investor' })).toBeTruthy();
    await screen.findAllByTestId('stat-value');
    expect(within(stat('Total Committed')).getByTestId('stat-value').textContent).toBe('$750,000');
    expect(within(stat('Current Value')).getByTestId('stat-value').textContent).toBe('$812,346');
    expect(stat('Current Value').textContent).toContain('Net asset value on 27 Nov 2026');
    expect(within(stat('Distributions Received')).getByTestId('stat-value').textContent).toBe('$37,200');
    expect(stat('Distributions Received').textContent).toContain('scheduled payments not included');
    expect(stat('Next Payment').textContent).toContain('Nairobi Data Centre PPP');
    expect(stat('Unread Messages').textContent).toContain('messages from our team to read');

    const deals = screen.getByRole('region', { name: 'Your Deals' });
    expect(within(deals).getAllByRole('link', { name: /Mombasa|Nairobi/ })).toHaveLength(2);
    expect(within(deals).getByText('Held')).toBeTruthy();

    // 10,000.10 + 2,500.25 = 12,500.35, summed in cents.
    const due = screen.getByRole('group', { name: 'Amounts due' });
    expect(due.textContent).toContain('$12,500.35');
    expect(due.textContent).toContain('due 1 Dec 2026');
    expect(within(due).getByRole('link', { name: 'View capital call notices' }).getAttribute('href')).toBe('/investor/capital-calls');
    await expectNoA11yViolations('investor dashboard');
  });

  it('in Arabic, a long English deal name in Amounts due is cut at its end, never its start', async () => {
    const long = 'Mombasa Oil Trading Facility Senior Secured Tranche Two Extension 2027';
    // A phone-wide page: the card is narrower than the name.
    document.body.style.width = '390px';
    try {
      await renderScreen(<InvestorDashboardPage />, {
        at: '/investor',
        user: INVESTOR,
        language: 'ar',
        api: {
          'GET /api/investor/dashboard': {
            ...DASHBOARD,
            amountsDue: [{ ...(DASHBOARD.amountsDue[0] as InvestorDashboardData['amountsDue'][number]), dealTitle: long }],
          },
        },
      });
      const name = await screen.findByTestId('due-deal');
      expect(name.textContent).toBe(long);
      // Truncated (wider than its box), in the name's own direction: a left-to-right box clips at
      // its right, so the first words stay visible and the ellipsis ends the name.
      expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
      const style = getComputedStyle(name);
      expect(style.direction).toBe('ltr');
      expect(style.textOverflow).toBe('ellipsis');
      expect(style.overflow).toBe('hidden');
      // The page around it is right to left.
      expect(getComputedStyle(name.parentElement as HTMLElement).direction).toBe('rtl');
    } finally {
      document.body.style.width = '';
    }
  });

  it('a new investor: no payments, nothing due, no deals, all caught up', async () => {
    await renderScreen(<InvestorDashboardPage />, {
      at: '/investor',
      user: INVESTOR,
      api: {
        'GET /api/investor/dashboard': {
          ...DASHBOARD,
          totalCommitted: '0.00',
          currentValue: '0.00',
          distributionsReceived: '0.00',
          nextPayment: null,
          unreadMessages: 0,
          recentDeals: [],
          amountsDue: [],
        },
      },
    });
    expect(await screen.findByText('No upcoming payments')).toBeTruthy();
    expect(screen.getByText('No capital calls are due.')).toBeTruthy();
    expect(screen.getByText('No deals yet')).toBeTruthy();
    expect(screen.getByText('You are all caught up.')).toBeTruthy();
  });

  it('a load failure says so, with Try again', async () => {
    await renderScreen(<InvestorDashboardPage />, {
      at: '/investor',
      user: INVESTOR,
      api: { 'GET /api/investor/dashboard': failWith(503, 'The database is not available') },
    });
    expect(await screen.findByText('Failed to load your portfolio overview')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
