import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RetentionOverview } from '../../../shared/retention';
import { expectNoA11yViolations } from '../../testing/queries';
import { ADMIN, renderScreen } from '../../testing/render';
import { RetentionCard } from './retention-card';

const INVESTOR_ID = '00000000-0000-4000-8000-0000000000c1';

const OVERVIEW: RetentionOverview = {
  policy: { kyc_aml: 6, classification: 6, transactions: 6, complaints: 6 },
  canEditPolicy: true,
  reviewedAt: '2026-11-27T04:00:00.000Z',
  candidates: [
    {
      investorId: INVESTOR_ID,
      investorName: 'Closed Client',
      listedAt: '2026-11-27T04:00:00.000Z',
      reasons: [{ kind: 'kyc_aml', from: 'relationship_end', startOn: '2020-03-11', years: 6, retainedUntil: '2026-03-11' }],
      proposal: {
        id: '00000000-0000-4000-8000-0000000000d1',
        proposedBy: 'Fatima Founder',
        proposedById: ADMIN.id,
        proposedAt: '2026-11-27T05:00:00.000Z',
      },
    },
  ],
  purges: [],
};

describe('Retention card', () => {
  it('refuses a period below the DFSA minimum or not whole at the field, sends a valid one; the proposer cannot approve', async () => {
    const { user, api } = await renderScreen(<RetentionCard />, {
      at: '/admin/audit-trail',
      api: {
        'GET /api/retention': OVERVIEW,
        'PUT /api/retention/policy': { policy: { kyc_aml: 10, classification: 6, transactions: 6, complaints: 6 } },
      },
    });
    const kyc = await screen.findByLabelText('KYC and AML records (years)');
    await user.clear(kyc);
    await user.type(kyc, '5');
    const tx = screen.getByLabelText('Transactions and communications (years)');
    await user.clear(tx);
    await user.type(tx, '6.5');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('At least 6 years (DFSA AML 14.4 (record keeping))')).toBeTruthy();
    expect(screen.getByText('Enter whole years')).toBeTruthy();
    expect(kyc.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT /api/retention/policy')).toHaveLength(0);
    // An empty field: a number is asked for.
    await user.clear(tx);
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Enter a number of years')).toBeTruthy();
    await expectNoA11yViolations('retention policy, field errors');

    await user.clear(kyc);
    await user.type(kyc, '10');
    await user.type(tx, '6');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Retention policy saved')).toBeTruthy();
    expect(api.callsTo('PUT /api/retention/policy').map((c) => c.body)).toEqual([
      { kyc_aml: 10, classification: 6, transactions: 6, complaints: 6 },
    ]);

    // The signed-in founder proposed this purge: no approve button for them, only withdraw.
    const list = screen.getByRole('list', { name: 'Clients whose records are past retention' });
    expect(within(list).getByText('KYC and AML records: 6 years from 11 Mar 2020, kept through 11 Mar 2026')).toBeTruthy();
    expect(within(list).getByText('Another admin must approve your proposal.')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Approve purge/ })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Withdraw proposal' })).toBeTruthy();
  });
});
