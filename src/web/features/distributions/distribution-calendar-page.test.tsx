import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DistributionCalendar, DistributionItem } from '../../../shared/distributions';
import { failWith } from '../../testing/fake-api';
import { expectNoA11yViolations } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import DistributionCalendarPage from './distribution-calendar-page';

const PAID: DistributionItem = {
  id: '40000000-0000-4000-8000-000000000001',
  dealId: '20000000-0000-4000-8000-000000000001',
  dealName: 'Mombasa Oil Trading Facility',
  type: 'Income',
  status: 'Paid',
  amount: '37200.00',
  paymentDate: '2026-09-30',
  spv: 'Meridian East Africa SPV I',
  tiers: { returnOfCapital: '30000.00', preferredReturn: '4000.00', catchUp: '0.00', carriedInterest: '3200.00' },
  feeDeducted: '1250.50',
  noticeId: '41000000-0000-4000-8000-000000000001',
};
const SCHEDULED: DistributionItem = {
  ...PAID,
  id: '40000000-0000-4000-8000-000000000002',
  dealName: 'Nairobi Data Centre PPP',
  type: 'Interest',
  status: 'Scheduled',
  amount: '12500.00',
  paymentDate: '2099-12-15',
  spv: null,
  tiers: null,
  feeDeducted: '0.00',
  noticeId: null,
};
const CALENDAR: DistributionCalendar = {
  upcoming: [SCHEDULED],
  history: [PAID],
  upcomingTotal: '12500.00',
  nextPaymentDate: '2099-12-15',
  pastYearTotal: '37200.00',
};
const card = (name: string) => screen.getByRole('group', { name });

describe('Distribution Calendar', () => {
  it('the three summary cards, upcoming and past payments with their facts, the tier breakdown and the fee deducted', async () => {
    const { user } = await renderScreen(<DistributionCalendarPage />, {
      at: '/investor/distributions',
      user: INVESTOR,
      api: { 'GET /api/investor/distributions': CALENDAR, 'GET /api/investor/deal-terms': { deals: [] } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Distribution Calendar' })).toBeTruthy();
    await screen.findByRole('listitem', { name: 'Nairobi Data Centre PPP' });
    expect(card('Upcoming Distributions').textContent).toContain('$12,500');
    expect(card('Upcoming Distributions').textContent).toContain('Next 90 days');
    expect(card('Next Payment Date').textContent).toContain('Dec 15');
    expect(card('Next Payment Date').textContent).toContain('2099');
    expect(card('Past Year Total').textContent).toContain('$37,200');

    const upcoming = screen.getByRole('listitem', { name: 'Nairobi Data Centre PPP' });
    expect(upcoming.textContent).toContain('Interest');
    expect(upcoming.textContent).toContain('Scheduled');
    expect(upcoming.textContent).toContain('Not assigned');
    const paid = screen.getByRole('listitem', { name: 'Mombasa Oil Trading Facility' });
    expect(paid.textContent).toContain('Meridian East Africa SPV I');
    expect(paid.textContent).toContain('30 Sep 2026');
    await user.click(within(paid).getByText('Your tier breakdown'));
    // 37,200.00 paid less 1,250.50 of fees = 35,949.50 to the investor.
    expect(within(paid).getByTestId('fee-deducted').textContent).toBe('Management fees deducted: $1,250.50; paid to you: $35,949.50.');
    // ILPA data: beside the distribution that has a notice only (a zero share has none), and the period panel.
    expect(
      within(paid).getByRole('button', { name: 'ILPA data (CSV) for the notice of Mombasa Oil Trading Facility, 30 Sep 2026' }),
    ).toBeTruthy();
    expect(within(upcoming).queryByRole('button', { name: /ILPA/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Notice data for your systems' })).toBeTruthy();
    await expectNoA11yViolations('distribution calendar');
  });

  it('no payments: both empty states and "No payment scheduled"', async () => {
    await renderScreen(<DistributionCalendarPage />, {
      at: '/investor/distributions',
      user: INVESTOR,
      api: {
        'GET /api/investor/distributions': {
          upcoming: [],
          history: [],
          upcomingTotal: '0.00',
          nextPaymentDate: null,
          pastYearTotal: '0.00',
        },
        'GET /api/investor/deal-terms': { deals: [] },
      },
    });
    expect(await screen.findByText('No distributions in the next 90 days')).toBeTruthy();
    expect(screen.getByText('No past distributions yet')).toBeTruthy();
    expect(card('Next Payment Date').textContent).toContain('No payment scheduled');
    await expectNoA11yViolations('empty distribution calendar');
  });

  it('a load failure says so', async () => {
    await renderScreen(<DistributionCalendarPage />, {
      at: '/investor/distributions',
      user: INVESTOR,
      api: { 'GET /api/investor/distributions': failWith(500, 'Database unavailable'), 'GET /api/investor/deal-terms': { deals: [] } },
    });
    expect(await screen.findByText('Failed to load your distributions')).toBeTruthy();
  });
});
