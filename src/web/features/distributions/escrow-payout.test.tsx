import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isoInDays } from '../../../shared/dates';
import type { DealWaterfallSummary } from '../../../shared/deal-terms';
import { DEAL_OIL } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field, findDialog } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { EscrowPayouts } from './escrow-payout';

/** Released escrow paid out to the carry recipients (issue 29 leftover, decision 039 amended). */
const zero = '0.00';
const deal = (escrow: Partial<DealWaterfallSummary['escrow']>): DealWaterfallSummary => ({
  dealId: DEAL_OIL.id,
  dealTitle: DEAL_OIL.title,
  termsSummary: '20% carried interest',
  termsVersion: 1,
  contributed: '100.00',
  distributed: '250.00',
  scheduled: zero,
  scheduledCount: 0,
  tiers: { returnOfCapital: '100.00', preferredReturn: zero, catchUp: zero, carriedInterestLp: '120.00', carriedInterestGp: '30.00' },
  lpTotal: '220.00',
  gp: '30.00',
  hurdleRemaining: zero,
  hurdleRate: '0',
  carryByRecipient: [{ name: 'Escrow GP Ltd', amount: '30.00' }],
  conventionsSummary: '',
  conventions: null,
  clawback: { mode: 'net', excess: zero, taxRelief: zero, arose: zero, fromEscrow: zero, netted: zero, owed: zero, byRecipient: [] },
  clawbackPaid: zero,
  clawbackPayments: [],
  escrow: { balance: zero, released: '10.00', releaseDate: null, paidOut: zero, toPayOut: '10.00', payouts: [], ...escrow },
});

describe('Pay Out Released Escrow', () => {
  it('says what is still to pay out; the day is required and never after today; the body is the day only', async () => {
    const payout = {
      id: '30000000-0000-4000-8000-000000000001',
      amount: '10.00',
      paidOn: isoInDays(0),
      lines: [{ name: 'Escrow GP Ltd', amount: '10.00' }],
    };
    const { user, api } = await renderScreen(<EscrowPayouts d={deal({})} />, { api: { 'POST /api/deals/:id/escrow-payouts': { payout } } });
    expect((await screen.findByTestId('escrow-to-pay-out')).textContent).toBe('Released, still to pay out to the carry recipients: $10.00');
    await user.click(screen.getByRole('button', { name: 'Pay Out Released Escrow' }));
    const dialog = await findDialog('Pay Out Released Escrow');
    const paidOn = field('Paid on', dialog) as HTMLInputElement;
    expect(paidOn.value).toBe(isoInDays(0));
    await user.clear(paidOn);
    await user.click(within(dialog).getByRole('button', { name: 'Pay Out' }));
    expectFieldError(paidOn, 'Enter the day the carry was paid out');
    await user.type(paidOn, isoInDays(1));
    await user.click(within(dialog).getByRole('button', { name: 'Pay Out' }));
    expectFieldError(paidOn, 'The payout date cannot be after today');
    await expectNoA11yViolations('escrow payout with a future date', dialog);
    expect(api.callsTo('POST /api/deals/:id/escrow-payouts')).toEqual([]);
    await user.clear(paidOn);
    await user.type(paidOn, isoInDays(0));
    await user.click(within(dialog).getByRole('button', { name: 'Pay Out' }));
    await expect.poll(() => api.callsTo('POST /api/deals/:id/escrow-payouts').map((c) => c.body)).toEqual([{ paidOn: isoInDays(0) }]);
  });

  it('lists what was paid out and to whom, with no button once nothing is waiting; nothing at all before any release', async () => {
    const paid = deal({
      paidOut: '10.00',
      toPayOut: zero,
      payouts: [{ id: 'p1', amount: '10.00', paidOn: '2026-11-02', lines: [{ name: 'Escrow GP Ltd', amount: '10.00' }] }],
    });
    const { unmount } = await renderScreen(<EscrowPayouts d={paid} />);
    expect((await screen.findByTestId('escrow-paid-out')).textContent).toBe('Paid out to the carry recipients: $10.00');
    expect(screen.getByRole('list', { name: 'Escrow payouts' }).textContent).toMatch(/Escrow GP Ltd \$10\.00/);
    expect(screen.queryByRole('button', { name: 'Pay Out Released Escrow' })).toBeNull();
    unmount();
    await renderScreen(<EscrowPayouts d={deal({ released: zero, toPayOut: zero })} />);
    expect(screen.queryByTestId('escrow-payouts')).toBeNull();
  });
});
