import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagementFeeData, ManagementFeePreview } from '../../../shared/management-fee';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { ManagementFeeCard } from './deal-fees';

const DEAL_ID = '20000000-0000-4000-8000-000000000001';
const FEES: ManagementFeeData = {
  fee: { rate: '2', basis: 'commitments', method: 'capital_call', description: '2% a year on commitments, charged through capital calls' },
  charges: [],
  outstanding: [],
};
// 2% a year on 500,000 and 300,000 of commitments for 92 days (1 Jul to 30 Sep 2026, both ends):
// 500,000 x 0.02 x 92 / 365 = 2,520.547... -> 2,520.55; 300,000 x 0.02 x 92 / 365 = 1,512.328... -> 1,512.33;
// the total 800,000 x 0.02 x 92 / 365 = 4,032.876... -> 4,032.88 = 2,520.55 + 1,512.33.
const PREVIEW: ManagementFeePreview = {
  dealId: DEAL_ID,
  dealTitle: 'Mombasa Oil Trading Facility',
  from: '2026-07-01',
  to: '2026-09-30',
  days: 92,
  rate: '2',
  basis: 'commitments',
  method: 'capital_call',
  description: '2% a year on commitments, charged through capital calls',
  total: '4032.88',
  investors: [
    { investorId: '00000000-0000-4000-8000-000000000002', investorName: 'Ian Investor', averageBasis: '500000.00', fee: '2520.55' },
    {
      investorId: '00000000-0000-4000-8000-000000000004',
      investorName: 'Kilimanjaro Family Office',
      averageBasis: '300000.00',
      fee: '1512.33',
    },
  ],
};

describe('Management Fee card', () => {
  it('the period and, for a fee call, the due date are required; an end before the start is refused; nothing is sent', async () => {
    const { user, api } = await renderScreen(<ManagementFeeCard dealId={DEAL_ID} />, {
      api: { 'GET /api/deals/:id/management-fees': FEES },
    });
    const form = await screen.findByRole('form', { name: 'Charge management fee' });
    expect(screen.getByText('2% a year on commitments, charged through capital calls')).toBeTruthy();
    expect(screen.getByText('No management fee charged yet.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Preview Fee' }));
    expectFieldError(field('Period start', form), 'Enter the first day of the period');
    expectFieldError(field('Period end', form), 'Enter the last day of the period');
    expectFieldError(field('Due date', form), 'Enter the due date of the fee call');

    await user.type(field('Period start', form), '2026-09-30');
    await user.type(field('Period end', form), '2026-07-01');
    await user.type(field('Due date', form), '2099-01-15');
    await user.click(within(form).getByRole('button', { name: 'Preview Fee' }));
    expectFieldError(field('Period end', form), 'The period cannot end before it starts');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await expectNoA11yViolations('management fee form with errors', form);
  });

  it('a preview lists each investor and the total; charging sends the previewed period and the due date', async () => {
    const { user, api } = await renderScreen(<ManagementFeeCard dealId={DEAL_ID} />, {
      api: {
        'GET /api/deals/:id/management-fees': FEES,
        'POST /api/deals/:id/management-fees/preview': { preview: PREVIEW },
        'POST /api/deals/:id/management-fees': {
          charge: {
            id: '50000000-0000-4000-8000-000000000001',
            from: PREVIEW.from,
            to: PREVIEW.to,
            days: 92,
            rate: '2',
            basis: 'commitments',
            method: 'capital_call',
            total: '4032.88',
            callId: '60000000-0000-4000-8000-000000000001',
            createdAt: '2026-11-27T08:00:00.000Z',
            createdByName: 'Fatima Founder',
          },
          fees: FEES,
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Charge management fee' });
    await user.type(field('Period start', form), '2026-07-01');
    await user.type(field('Period end', form), '2026-09-30');
    await user.type(field('Due date', form), '2099-01-15');
    await user.click(within(form).getByRole('button', { name: 'Preview Fee' }));
    const preview = await screen.findByRole('region', { name: 'Management fee preview' });
    expect(preview.textContent).toContain('(92 days)');
    const rows = within(within(preview).getByRole('table', { name: 'Fee per investor' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'InvestorAverage basisFee',
      'Ian Investor$500,000.00$2,520.55',
      'Kilimanjaro Family Office$300,000.00$1,512.33',
      'Total$4,032.88',
    ]);
    expect(api.callsTo('POST /api/deals/:id/management-fees/preview')[0]?.body).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    await expectNoA11yViolations('management fee preview', preview);

    await user.click(within(preview).getByRole('button', { name: 'Charge Management Fee' }));
    await expect
      .poll(() => api.callsTo('POST /api/deals/:id/management-fees').map((c) => c.body))
      .toEqual([{ from: '2026-07-01', to: '2026-09-30', dueDate: '2099-01-15' }]);
    await expect.poll(toastTexts).toContain('Management fee charged: a fee call of $4,032.88');
  });
});
