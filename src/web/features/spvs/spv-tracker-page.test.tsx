import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import type { Spv } from '../../../shared/spvs';
import { SPV_MAURITIUS, spvList } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field, findDialog, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import SpvTrackerPage from './spv-tracker-page';

const today = todayIso();
const DORMANT: Spv = {
  ...SPV_MAURITIUS,
  id: '10000000-0000-4000-8000-000000000002',
  name: 'EA Energy Trade SPV Ltd',
  annualReturnDue: addDays(today, -3),
  bankBalance: '2450000.00',
  status: 'Dormant',
  bankName: null,
  accountName: null,
  accountNumber: null,
  swiftCode: null,
  paymentReference: null,
};
const DUE_SOON: Spv = { ...SPV_MAURITIUS, annualReturnDue: addDays(today, 10) };
const api = { 'GET /api/spvs': spvList(DUE_SOON, DORMANT), 'POST /api/spvs': { spv: DUE_SOON } };

const card = (name: string) => screen.getAllByTestId('spv-card').find((c) => c.textContent?.includes(name)) as HTMLElement;

describe('SPV Firewall Tracker', () => {
  it('cards show jurisdiction, balance, the return flag, status and payment instructions', async () => {
    await renderScreen(<SpvTrackerPage />, { at: '/admin/spv-tracker', api });
    await screen.findByRole('list', { name: 'SPVs' });
    const due = card('Meridian East Africa SPV I');
    expect(due.textContent).toContain('Mauritius');
    expect(due.textContent).toContain('$1,250,000');
    expect(within(due).getByText('Due in 10 days')).toBeTruthy();
    expect(within(due).getByTestId('spv-payment').textContent).toContain('MU17 BOMM 0101 1010 3030 0200 000M UR');
    const dormant = card('EA Energy Trade SPV Ltd');
    expect(dormant.textContent).toContain('$2,450,000');
    expect(within(dormant).getByText('Overdue')).toBeTruthy();
    expect(within(dormant).getByText('Dormant', { exact: true })).toBeTruthy();
    expect(within(dormant).getByText('Not set: capital call notices will ask investors to contact the desk')).toBeTruthy();
    await expectNoA11yViolations('spv tracker');
  });

  it('New SPV: the name is required; payment instructions are all or nothing, IBAN and SWIFT checked', async () => {
    const { user, api: fake } = await renderScreen(<SpvTrackerPage />, { at: '/admin/spv-tracker', api });
    await user.click(await screen.findByRole('button', { name: 'New SPV' }));
    const dialog = await findDialog('New SPV');
    expect((field('Jurisdiction', dialog) as HTMLInputElement).value).toBe('Mauritius');
    expect((field('Status', dialog) as HTMLSelectElement).value).toBe('Active');
    await user.click(within(dialog).getByRole('button', { name: 'Create SPV' }));
    expectFieldError(field('Name', dialog), 'Name is required');

    await user.type(field('Name', dialog), 'Victoria Rail SPV Ltd');
    await user.type(field('Annual Return Due', dialog), addDays(today, 120));
    await user.clear(field('Bank Balance (USD)', dialog));
    await user.type(field('Bank Balance (USD)', dialog), '0');
    // A bank alone: the other three are required.
    await user.type(field('Bank', dialog), 'Mauritius Commercial Bank, Port Louis');
    await user.click(within(dialog).getByRole('button', { name: 'Create SPV' }));
    expectFieldError(field('Account Holder', dialog), 'Account holder is required in payment instructions');
    expectFieldError(field('IBAN or Account Number', dialog), 'Account number or IBAN is required in payment instructions');
    expectFieldError(field('SWIFT/BIC', dialog), 'SWIFT/BIC code is required in payment instructions');
    expect(document.activeElement).toBe(field('Account Holder', dialog));

    // A mistyped IBAN (last letter) and a short SWIFT code.
    await user.type(field('Account Holder', dialog), 'Victoria Rail SPV Ltd - Capital Account');
    await user.type(field('IBAN or Account Number', dialog), 'MU17 BOMM 0101 1010 3030 0200 000M UT');
    await user.type(field('SWIFT/BIC', dialog), 'MCBLMU');
    await user.click(within(dialog).getByRole('button', { name: 'Create SPV' }));
    expectFieldError(field('IBAN or Account Number', dialog), "This IBAN's check digits do not match: look for a typing error");
    expectFieldError(
      field('SWIFT/BIC', dialog),
      'A SWIFT/BIC code has 8 or 11 characters: bank (4 letters), country (2 letters), location (2) and an optional branch (3), e.g. MCBLMUMU',
    );
    await expectNoA11yViolations('new spv dialog with payment errors', dialog);
    expect(fake.callsTo('POST /api/spvs')).toEqual([]);

    await user.clear(field('IBAN or Account Number', dialog));
    await user.type(field('IBAN or Account Number', dialog), 'MU17 BOMM 0101 1010 3030 0200 000M UR');
    await user.clear(field('SWIFT/BIC', dialog));
    await user.type(field('SWIFT/BIC', dialog), 'mcblmumu');
    await user.click(within(dialog).getByRole('button', { name: 'Create SPV' }));
    await expect.poll(toastTexts).toContain('SPV created successfully');
    const [sent] = fake.callsTo('POST /api/spvs').map((c) => c.body as Record<string, unknown>);
    // Sent as typed: the server stores the IBAN without spaces and the code in capitals.
    expect(sent).toMatchObject({
      name: 'Victoria Rail SPV Ltd',
      accountNumber: 'MU17 BOMM 0101 1010 3030 0200 000M UR',
      swiftCode: 'mcblmumu',
    });
  });

  it('Edit: a negative bank balance is refused on the field', async () => {
    const { user, api: fake } = await renderScreen(<SpvTrackerPage />, { at: '/admin/spv-tracker', api });
    await screen.findByRole('list', { name: 'SPVs' });
    await user.click(within(card('EA Energy Trade SPV Ltd')).getByRole('button', { name: /^Edit/ }));
    const dialog = await findDialog('Edit SPV');
    await user.clear(field('Bank Balance (USD)', dialog));
    await user.type(field('Bank Balance (USD)', dialog), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText(/^Bank balance must be a non-negative amount/)).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('in Arabic: the name and the payment instructions refused in Arabic', async () => {
    const { user } = await renderScreen(<SpvTrackerPage />, { at: '/admin/spv-tracker', api, language: 'ar' });
    await user.click(await screen.findByRole('button', { name: 'شركة ذات غرض خاص جديدة' }));
    const dialog = await findDialog('شركة ذات غرض خاص جديدة');
    await user.type(within(dialog).getByLabelText(/^المصرف/), 'Mauritius Commercial Bank');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الشركة ذات الغرض الخاص' }));
    expectFieldError(field('الاسم', dialog), 'الاسم مطلوب');
    expect(within(dialog).getByText('رمز SWIFT/BIC مطلوب في تعليمات الدفع')).toBeTruthy();
  });
});
