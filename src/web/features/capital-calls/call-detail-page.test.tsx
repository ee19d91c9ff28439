import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import type { CallLine, CapitalCall } from '../../../shared/ledger';
import { DEAL_OIL } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field, findDialog } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import CallDetailPage from './call-detail-page';

const today = todayIso();
const KILI: CallLine = {
  investorId: '00000000-0000-4000-8000-000000000020',
  investorName: 'Kilimanjaro Family Office',
  investorEmail: 'kilimanjaro@demo.example.com',
  amountDue: '50000.00',
  received: '0.00',
  outstanding: '50000.00',
  status: 'Due',
  receipts: [],
};
const CALL: CapitalCall = {
  id: '50000000-0000-4000-8000-000000000001',
  dealId: DEAL_OIL.id,
  dealTitle: DEAL_OIL.title,
  callDate: today,
  dueDate: addDays(today, 14),
  purpose: 'Panel procurement',
  feeCharge: false,
  basis: 'percentage',
  percentage: '25',
  totalAmount: '50000.00',
  received: '0.00',
  outstanding: '50000.00',
  status: 'Due',
  counts: { Due: 1, 'Partly Paid': 0, Paid: 0, Overdue: 0, Cancelled: 0 },
  lines: [KILI],
  createdAt: `${today}T08:00:00.000Z`,
};
const at = `/admin/capital-calls/${CALL.id}`;
const path = '/admin/capital-calls/:id';
const api = { 'GET /api/capital-calls/:id': { call: CALL }, 'POST /api/capital-calls/:id/receipts': { call: CALL } };

async function openReceipt(language?: 'ar') {
  const r = await renderScreen(<CallDetailPage />, { at, path, api, language });
  const line = (await screen.findAllByRole('row')).find((row) => row.textContent?.includes('Kilimanjaro')) as HTMLElement;
  await r.user.click(within(line).getByRole('button', { name: /^(Record receipt for|تسجيل)/ }));
  return { ...r, dialog: await findDialog() };
}

describe('Capital call: Record Receipt', () => {
  it('the amount: commas only between groups of three digits, above zero', async () => {
    const { user, dialog, api: fake } = await openReceipt();
    const amount = field('Amount received (USD)', dialog);
    await user.type(amount, '1,50');
    await user.click(within(dialog).getByRole('button', { name: 'Record Receipt' }));
    expectFieldError(amount, 'Use a comma only between groups of three digits (1,500.50); use a point for cents');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Record Receipt' }));
    expectFieldError(amount, 'Enter an amount above zero');
    expect(fake.callsTo('POST /api/capital-calls/:id/receipts')).toEqual([]);
  });

  it('the value date: today by default, at most today, and a receipt of 20,000 on today is sent', async () => {
    const { user, dialog, api: fake } = await openReceipt();
    const date = field('Value date (the day the money arrived)', dialog) as HTMLInputElement;
    expect(date.value).toBe(today);
    expect(date.max).toBe(today);
    await user.type(field('Amount received (USD)', dialog), '20,000');
    await user.clear(date);
    await user.type(date, addDays(today, 2));
    await user.click(within(dialog).getByRole('button', { name: 'Record Receipt' }));
    expectFieldError(date, 'The value date cannot be after today');
    await expectNoA11yViolations('record receipt with errors', dialog);
    await user.clear(date);
    await user.type(date, today);
    await user.click(within(dialog).getByRole('button', { name: 'Record Receipt' }));
    await expect.poll(() => fake.callsTo('POST /api/capital-calls/:id/receipts').length).toBe(1);
    const [sent] = fake.callsTo('POST /api/capital-calls/:id/receipts');
    expect(sent?.params).toEqual({ id: CALL.id });
    expect(sent?.body).toMatchObject({ amount: '20000', valueDate: today });
  });

  it('in Arabic: a later value date refused in Arabic', async () => {
    const { user, dialog } = await openReceipt('ar');
    const date = field('تاريخ القيمة (يوم وصول المبلغ)', dialog);
    await user.type(field('المبلغ المستلَم (دولار أمريكي)', dialog), '100');
    await user.clear(date);
    await user.type(date, addDays(today, 2));
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل مبلغ مستلَم' }));
    expectFieldError(date, 'لا يمكن أن يكون تاريخ القيمة بعد اليوم');
  });
});
