import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isoInDays } from '../../../shared/dates';
import type { DealWaterfallSummary } from '../../../shared/deal-terms';
import { DEAL_OIL } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field, findDialog } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { ClawbackPayments } from './clawback-payment';

/** A GP's payment of a clawback owed (issue 29 leftover, decision 058). */
const zero = '0.00';
const deal = (over: Partial<DealWaterfallSummary>): DealWaterfallSummary => ({
  dealId: DEAL_OIL.id,
  dealTitle: DEAL_OIL.title,
  termsSummary: '20% carried interest',
  termsVersion: 1,
  contributed: '200.00',
  distributed: '200.00',
  scheduled: zero,
  scheduledCount: 0,
  tiers: { returnOfCapital: '100.00', preferredReturn: zero, catchUp: zero, carriedInterestLp: '80.00', carriedInterestGp: '20.00' },
  lpTotal: '180.00',
  gp: '20.00',
  hurdleRemaining: '20.00',
  hurdleRate: '0',
  carryByRecipient: [{ name: 'Payback GP Ltd', amount: '20.00' }],
  conventionsSummary: 'clawback recorded as owed',
  conventions: null,
  clawback: {
    mode: 'owed',
    excess: '20.00',
    taxRelief: zero,
    arose: '20.00',
    fromEscrow: zero,
    netted: zero,
    owed: '20.00',
    byRecipient: [{ name: 'Payback GP Ltd', amount: '20.00' }],
  },
  clawbackPaid: zero,
  clawbackPayments: [],
  escrow: { balance: zero, released: zero, releaseDate: null, paidOut: zero, toPayOut: zero, payouts: [] },
  ...over,
});

describe('Record Clawback Payment', () => {
  it('needs an amount up to what is owed and a day not after today; sends the amount and the day only', async () => {
    const payment = {
      id: '30000000-0000-4000-8000-000000000002',
      amount: '12.50',
      paidOn: isoInDays(0),
      basis: 'contributions' as const,
      lines: [{ investorId: 'i1', name: 'Kilimanjaro Family Office', amount: '12.50' }],
    };
    const { user, api } = await renderScreen(<ClawbackPayments d={deal({})} />, {
      api: { 'POST /api/deals/:id/clawback-payments': { payment } },
    });
    await user.click(await screen.findByRole('button', { name: 'Record Clawback Payment' }));
    const dialog = await findDialog('Record Clawback Payment');
    const amount = field('Amount paid (USD)', dialog) as HTMLInputElement;
    const paidOn = field('Paid on', dialog) as HTMLInputElement;
    expect(paidOn.value).toBe(isoInDays(0));
    await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expectFieldError(amount, 'Enter the amount the GP paid');
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expectFieldError(amount, 'Enter an amount above zero');
    await user.clear(amount);
    await user.type(amount, '20.01');
    await user.clear(paidOn);
    await user.type(paidOn, isoInDays(1));
    await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expectFieldError(amount, 'The GP owes $20.00: record at most that');
    expectFieldError(paidOn, 'The payment date cannot be after today');
    await expectNoA11yViolations('clawback payment with field messages', dialog);
    expect(api.callsTo('POST /api/deals/:id/clawback-payments')).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '12.50');
    await user.clear(paidOn);
    await user.type(paidOn, isoInDays(0));
    await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await expect
      .poll(() => api.callsTo('POST /api/deals/:id/clawback-payments').map((c) => c.body))
      .toEqual([{ amount: '12.50', paidOn: isoInDays(0) }]);
  });

  it('lists the payments and their investors; no button when the deal nets or nothing is owed; nothing when neither', async () => {
    const paid = deal({
      clawback: { ...deal({}).clawback, owed: zero, byRecipient: [] },
      clawbackPaid: '20.00',
      clawbackPayments: [
        {
          id: 'p1',
          amount: '20.00',
          paidOn: '2026-11-02',
          basis: 'contributions',
          lines: [{ investorId: 'i1', name: 'Kilimanjaro Family Office', amount: '20.00' }],
        },
      ],
    });
    const { unmount } = await renderScreen(<ClawbackPayments d={paid} />);
    expect((await screen.findByTestId('clawback-paid')).textContent).toBe('Paid back by the GP to the investors: $20.00');
    expect(screen.getByRole('list', { name: 'Clawback payments' }).textContent).toMatch(/\$20\.00 to Kilimanjaro Family Office \$20\.00/);
    expect(screen.queryByRole('button', { name: 'Record Clawback Payment' })).toBeNull();
    unmount();
    await renderScreen(<ClawbackPayments d={deal({ clawback: { ...deal({}).clawback, mode: 'net' } })} />);
    expect(screen.queryByTestId('clawback-payments')).toBeNull();
  });
});
