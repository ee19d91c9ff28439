import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvestorDeal } from '../../../shared/investor-deals';
import { expectNoA11yViolations } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import DealVaultPage from './deal-vault-page';

const OPEN: InvestorDeal = {
  id: '20000000-0000-4000-8000-000000000001',
  title: 'Mombasa Oil Trading Facility',
  type: 'Oil Trading',
  stage: 'Execution',
  status: 'Active',
  targetAmount: '1250000.00',
  remainingCapacity: '500000.00',
  expectedIrr: '22%',
  riskScore: '6/10',
  spvEntity: 'Meridian East Africa SPV I',
  description: 'Short-cycle crude trade finance.',
  open: true,
  held: false,
  terms: null,
  documents: [
    {
      id: '40000000-0000-4000-8000-000000000009',
      name: 'Oil PPM',
      type: 'PPM',
      extension: 'pdf',
      fileSize: '120',
      uploadDate: '2026-10-01',
    },
  ],
  agreements: [],
};
const HELD: InvestorDeal = {
  ...OPEN,
  id: '20000000-0000-4000-8000-000000000002',
  title: 'Nairobi Office Tower',
  type: 'Distressed Real Estate',
  open: false,
  held: true,
  expectedIrr: null,
  documents: [],
  // The investor's own executed subscription agreement (issue 30), listed first in the deal's documents.
  agreements: [{ envelopeId: '50000000-0000-4000-8000-000000000005', executedAt: '2026-11-20T10:00:00.000Z', byteSize: 91000 }],
};

describe('Deal Vault', () => {
  it('open deals and holdings in their sections, with figures, documents and the way to subscribe', async () => {
    await renderScreen(<DealVaultPage />, {
      user: INVESTOR,
      at: '/investor/deals',
      api: { 'GET /api/investor/deals': { deals: [OPEN, HELD] } },
    });
    const open = await screen.findByTestId('open-deals');
    expect(within(open).getByRole('heading', { name: /^Open for Investment/ })).toBeTruthy();
    expect(open.textContent).toContain('Mombasa Oil Trading Facility');
    expect(open.textContent).toContain('$500,000');
    expect(open.textContent).toContain('22%');
    expect(within(open).getByRole('link', { name: 'Subscribe to Mombasa Oil Trading Facility' })).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Download Oil PPM' })).toBeTruthy();
    const held = screen.getByTestId('held-deals');
    expect(held.textContent).toContain('Nairobi Office Tower');
    expect(held.textContent).toContain('TBD');
    const agreement = within(held).getByRole('link', { name: 'Download your executed subscription agreement for Nairobi Office Tower' });
    expect(agreement.getAttribute('href')).toBe('/api/investor/envelopes/50000000-0000-4000-8000-000000000005/document');
    expect(agreement.hasAttribute('download')).toBe(true);
    expect(within(held).getByText('Your subscription agreement (executed)')).toBeTruthy();
    expect(within(held).queryByText('No documents have been shared for this deal yet.')).toBeNull();
    expect(within(open).queryByTestId('executed-agreement')).toBeNull();
    await expectNoA11yViolations('deal vault');
  });

  it('empty: no open deals and no holdings; the way to the portal only when a deal is open', async () => {
    await renderScreen(<DealVaultPage />, { user: INVESTOR, at: '/investor/deals', api: { 'GET /api/investor/deals': { deals: [] } } });
    expect(await screen.findByText('No deals are open for investment right now')).toBeTruthy();
    expect(screen.getByText('You do not hold any deals yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to the Subscription Portal' })).toBeNull();
  });

  it('no holdings but an open deal: the empty holdings offer the Subscription Portal', async () => {
    await renderScreen(<DealVaultPage />, { user: INVESTOR, at: '/investor/deals', api: { 'GET /api/investor/deals': { deals: [OPEN] } } });
    expect(await screen.findByText('You do not hold any deals yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Subscription Portal' }).getAttribute('href')).toBe('/investor/subscriptions');
  });
});
