import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminInvestorRisk, KycRefreshState } from '../../../shared/risk-rating';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { KycRefreshCard } from './refresh-card';
import { RiskPanel } from './risk-panel';

const INVESTOR_ID = '00000000-0000-4000-8000-000000000030';
const OVERDUE: KycRefreshState = { dueDate: '2025-03-15', overdue: true, intervalMonths: 24, pending: null, lastApprovedAt: null };
const RISK: AdminInvestorRisk = {
  risk: {
    computed: 'medium',
    points: 2,
    rating: 'medium',
    override: null,
    contributions: [
      { factor: 'residence', points: 1, forcesHigh: false, reason: 'residenceUnknown' },
      { factor: 'nationality', points: 0, forcesHigh: false, reason: 'nationalityStandard' },
      { factor: 'investorType', points: 1, forcesHigh: false, reason: 'typeFamilyOffice' },
      { factor: 'pep', points: 0, forcesHigh: false, reason: 'notPep' },
      { factor: 'screening', points: 0, forcesHigh: false, reason: 'screeningClear' },
      { factor: 'sourceOfFunds', points: 0, forcesHigh: false, reason: 'sourceOfFundsOnFile' },
    ],
  },
  refresh: { ...OVERDUE, overdue: false, dueDate: '2027-03-15' },
};

describe('KYC refresh card (investor)', () => {
  it('overdue: says so, checks the fields, then submits and shows the pending notice', async () => {
    // The server's state: the refresh waits once it has been sent.
    let state: KycRefreshState = OVERDUE;
    const { user, api } = await renderScreen(<KycRefreshCard />, {
      api: {
        'GET /api/investor/kyc-refresh': () => ({ refresh: state }),
        'POST /api/investor/kyc-refresh': () => {
          state = { ...OVERDUE, pending: { id: 'r1', submittedAt: '2026-11-27T08:00:00.000Z', residenceCountry: 'AE', changes: '' } };
          return { refresh: state };
        },
      },
    });
    const card = await within(document.body).findByTestId('kyc-refresh');
    expect(within(card).getByRole('alert').textContent).toContain('Your KYC refresh is overdue');
    await user.click(within(card).getByRole('button', { name: 'Submit refresh' }));
    expectFieldError(field('Country of residence', card), 'Choose a country');
    expectFieldError(within(card).getByRole('checkbox'), 'Confirm that your details are correct');
    // Checked in the browser with the server's schema: nothing was sent.
    expect(api.callsTo('POST /api/investor/kyc-refresh')).toEqual([]);
    await expectNoA11yViolations('refresh form with errors', card);
    await user.type(field('Country of residence', card), 'AE');
    await user.click(within(card).getByRole('checkbox'));
    await user.click(within(card).getByRole('button', { name: 'Submit refresh' }));
    await expect.poll(toastTexts).toContain('Your KYC refresh was submitted');
    expect(api.callsTo('POST /api/investor/kyc-refresh').at(-1)?.body).toEqual({
      residenceCountry: 'AE',
      detailsConfirmed: true,
      changes: '',
    });
    expect((await within(card).findByRole('status')).textContent).toContain('is waiting for our compliance team');
  });
});

describe('risk panel (admin)', () => {
  it('lists each factor, refuses an override without a reason, and sends one with it', async () => {
    const { user, api } = await renderScreen(<RiskPanel investorId={INVESTOR_ID} />, {
      api: {
        'GET /api/risk/investors/:id': RISK,
        'POST /api/risk/investors/:id/override': () => ({
          ...RISK,
          risk: {
            ...RISK.risk,
            rating: 'high',
            override: { rating: 'high', reason: 'Adverse media', byName: 'Eve Admin', at: '2026-11-27T08:00:00.000Z' },
          },
        }),
      },
    });
    const panel = await within(document.body).findByTestId('risk-panel');
    expect(within(panel).getByTestId('risk-rating').textContent).toBe('Medium');
    expect(within(panel).getByRole('row', { name: /Investor type/ }).textContent).toContain('Family office');
    await user.click(within(panel).getByRole('button', { name: 'Save override' }));
    expectFieldError(field('Reason', panel), 'Give the reason for the override (at least 5 characters)');
    expect(api.callsTo('POST /api/risk/investors/:id/override')).toEqual([]);
    await expectNoA11yViolations('risk panel with error', panel);
    await user.type(field('Reason', panel), 'Adverse media');
    await user.click(within(panel).getByRole('button', { name: 'Save override' }));
    await expect.poll(toastTexts).toContain('Risk rating set to Low');
    expect(api.callsTo('POST /api/risk/investors/:id/override').at(-1)?.body).toEqual({
      rating: 'low',
      reason: 'Adverse media',
      expected: 'medium',
    });
  });
});
