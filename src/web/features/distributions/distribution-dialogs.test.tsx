import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import type { DistributionEvent } from '../../../shared/distributions';
import { failWith } from '../../testing/fake-api';
import { DEAL_OIL } from '../../testing/fixtures';
import {
  description,
  expectFieldError,
  expectNoA11yViolations,
  expectNoFieldError,
  field,
  findDialog,
  toastTexts,
} from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { ConfirmPaymentDialog } from './distribution-dialogs';

// '3 Jul 2026', written out here apart from the product's Intl formatting.
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const day = (iso: string) => `${Number(iso.slice(8, 10))} ${SHORT[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

const today = todayIso();
const EVENT: DistributionEvent = {
  id: '50000000-0000-4000-8000-000000000001',
  dealId: DEAL_OIL.id,
  dealTitle: DEAL_OIL.title,
  type: 'Income',
  totalAmount: '35000.00',
  paymentDate: addDays(today, 10),
  recordDate: addDays(today, 5),
  status: 'Scheduled',
  spvEntity: 'EA Energy Trade SPV Ltd',
  allocations: [
    { investorId: '00000000-0000-4000-8000-000000000030', investorName: 'Ahmed Al-Rashid', amount: '21000.00' },
    { investorId: '00000000-0000-4000-8000-000000000031', investorName: 'Coral Shoal Fund', amount: '14000.00' },
  ],
  createdAt: '2026-11-01T09:00:00.000Z',
  waterfall: null,
};
const PAID: DistributionEvent = { ...EVENT, status: 'Paid' };

describe('Distributions: Confirm Payment', () => {
  it('paid on defaults to today for an event ahead of its date; a later day or none is refused; a valid day is sent', async () => {
    let closed = 0;
    const { user, api } = await renderScreen(
      <ConfirmPaymentDialog
        event={EVENT}
        onClose={() => {
          closed += 1;
        }}
      />,
      { api: { 'POST /api/distributions/:id/pay': { event: PAID } } },
    );
    const dialog = await findDialog('Confirm Payment');
    expect(within(dialog).getByText(/^Mark the/).textContent).toBe(
      `Mark the income distribution of $35,000 for Mombasa Oil Trading Facility, dated ${day(EVENT.paymentDate)}, as paid? Its 2 investors see it as Paid. This cannot be undone.`,
    );
    const paidOn = field('Paid on (the day the money went out)', dialog) as HTMLInputElement;
    expect(paidOn.value).toBe(today);
    expect(paidOn.max).toBe(today);
    expect(description(paidOn)).toBe('Not after today. A payment made before its scheduled date is recorded on the day it was made.');

    await user.clear(paidOn);
    await user.type(paidOn, addDays(today, 1));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    expectFieldError(paidOn, 'The payment date cannot be after today');
    expect(document.activeElement).toBe(paidOn);
    await expectNoA11yViolations('confirm payment with a future date', dialog);
    await user.clear(paidOn);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    expectFieldError(paidOn, 'Enter the day the payment was made');
    expect(api.callsTo('POST /api/distributions/:id/pay')).toEqual([]);
    expect(closed).toBe(0);

    // Typing clears the error.
    await user.type(paidOn, addDays(today, -2));
    expectNoFieldError(paidOn);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    await expect.poll(toastTexts).toContain('Distribution marked as paid');
    expect(closed).toBe(1);
    expect(api.callsTo('POST /api/distributions/:id/pay').map((c) => [c.params.id, c.body])).toEqual([
      [EVENT.id, { paidOn: addDays(today, -2) }],
    ]);
  });

  it("an event past its date defaults to its own day; the server's field refusal stays on the field, a conflict closes", async () => {
    let closed = 0;
    let answer = failWith(400, 'Invalid request', { fields: { paidOn: 'The payment date cannot be before the record date' } });
    const past: DistributionEvent = { ...EVENT, paymentDate: addDays(today, -3), allocations: EVENT.allocations.slice(0, 1) };
    const { user } = await renderScreen(
      <ConfirmPaymentDialog
        event={past}
        onClose={() => {
          closed += 1;
        }}
      />,
      { api: { 'POST /api/distributions/:id/pay': () => answer } },
    );
    const dialog = await findDialog('Confirm Payment');
    expect(within(dialog).getByText(/^Mark the/).textContent).toContain('Its 1 investor sees it as Paid.');
    const paidOn = field('Paid on (the day the money went out)', dialog) as HTMLInputElement;
    expect(paidOn.value).toBe(addDays(today, -3));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    await expect.poll(toastTexts).toContain('Invalid request');
    expectFieldError(paidOn, 'The payment date cannot be before the record date');
    expect(closed).toBe(0);

    answer = failWith(409, 'This distribution is already paid');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    await expect.poll(toastTexts).toContain('This distribution is already paid');
    expect(closed).toBe(1);
  });

  it('in Arabic: a later day refused in Arabic', async () => {
    const { user } = await renderScreen(<ConfirmPaymentDialog event={EVENT} onClose={() => {}} />, { language: 'ar' });
    const dialog = await findDialog();
    const paidOn = field('تاريخ الدفع (يوم خروج الأموال)', dialog);
    await user.clear(paidOn);
    await user.type(paidOn, addDays(today, 1));
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الدفع' }));
    expectFieldError(paidOn, 'لا يمكن أن يكون تاريخ الدفع بعد اليوم');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
