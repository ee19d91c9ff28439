import { expect, type Page, test } from '@playwright/test';
import { formatDate } from '../src/shared/format';
import { expectNoA11yViolations, expectToast, toasts } from './fixtures';
import { setFeeTerms } from './management-fees-setup';
import { CO_INVESTOR, dealWithOneHolder, isoInDays, signInBoth } from './waterfall-setup';

/** Issue 13: charging the management fee as a capital call of fees, and a one-off fee or expense. */
test.describe.configure({ timeout: 180_000 });

const row = (table: ReturnType<Page['getByRole']>, label: string) => table.getByRole('row').filter({ hasText: label });

test('an admin previews and charges a management fee as a fee call, the investor sees a fee notice; a one-off fee is recorded', async ({
  browser,
}) => {
  const { admin, investor } = await signInBoth(browser, 1280, 800);
  const title = `Fee Deal ${Date.now()}`;
  const dealId = await dealWithOneHolder(admin, investor, title);
  await setFeeTerms(admin, dealId, 'capital_call', 'commitments');

  await admin.goto(`/admin/deals/${dealId}`);
  const card = admin.getByRole('form', { name: 'Charge management fee' });
  await expect(admin.getByText('10% a year on commitments, charged through capital calls')).toBeVisible();
  await expect(row(admin.getByRole('table', { name: 'Management fees charged' }), 'No management fee charged yet')).toHaveCount(1);

  // Field-level messages first.
  await card.getByRole('button', { name: 'Preview Fee' }).click();
  const start = card.getByLabel(/^Period start/);
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(start).toHaveAccessibleDescription('Enter the first day of the period');
  await expect(start).toBeFocused();
  await expect(card.getByLabel(/^Due date/)).toHaveAccessibleDescription('Enter the due date of the fee call');
  await start.fill(isoInDays(10));
  await card.getByLabel(/^Period end/).fill(isoInDays(0));
  await card.getByLabel(/^Due date/).fill(isoInDays(14));
  await card.getByRole('button', { name: 'Preview Fee' }).click();
  await expect(card.getByLabel(/^Period end/)).toHaveAccessibleDescription('The period cannot end before it starts');

  // 90 days from today: 100.00 x 10% x 90 / 365 = 2.4657 -> $2.47. The preview writes nothing.
  await start.fill(isoInDays(0));
  await card.getByLabel(/^Period end/).fill(isoInDays(89));
  await card.getByRole('button', { name: 'Preview Fee' }).click();
  const preview = admin.getByRole('region', { name: 'Management fee preview' });
  await expect(preview).toContainText('(90 days): $2.47 called as fees');
  await expect(row(preview.getByRole('table', { name: 'Fee per investor' }), CO_INVESTOR.name)).toContainText('$100.00$2.47');
  await expectNoA11yViolations(admin, 'management fee preview');
  const before = await (await admin.request.get(`/api/deals/${dealId}/management-fees`)).json();
  expect(before.charges).toHaveLength(0);

  await preview.getByRole('button', { name: 'Charge Management Fee' }).click();
  await expectToast(admin, 'Management fee charged: a fee call of $2.47');
  await expect(preview).toBeHidden();
  const charged = admin.getByRole('table', { name: 'Management fees charged' });
  await expect(row(charged, '90')).toContainText('$2.47');
  await expect(row(charged, '90').getByRole('link', { name: 'Fee call' })).toBeVisible();
  // The capital account shows the fee; the commitment stays fully called, not drawn further.
  const totals = admin.getByLabel('Ledger totals');
  await expect(totals).toContainText('Fees and expenses$2.47');
  await expect(totals).toContainText('Unfunded$0.00');

  // The same period again is refused with the server's message.
  await start.fill(isoInDays(0));
  await card.getByLabel(/^Period end/).fill(isoInDays(89));
  await card.getByLabel(/^Due date/).fill(isoInDays(14));
  await card.getByRole('button', { name: 'Preview Fee' }).click();
  await expect(
    toasts(admin).getByText(
      /^The management fee for \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} was already charged; choose a period after it$/,
    ),
  ).toBeVisible();

  // A one-off fee or expense (its field messages: features/deals/one-off-fee-card.test.tsx).
  const fees = admin.getByRole('form', { name: 'Record a fee or expense' });
  await fees.getByLabel(/^Investor/).selectOption({ label: CO_INVESTOR.name });
  await fees.getByLabel(/^Amount \(USD\)/).fill('12.50');
  await fees.getByLabel(/^Description/).fill('Courier costs for the SPV filing');
  await fees.getByRole('button', { name: 'Record Fee' }).click();
  await expectToast(admin, `Fee of $12.50 recorded for ${CO_INVESTOR.name}`);
  await expect(row(admin.getByRole('table', { name: 'Recent fees and expenses' }), 'Courier costs for the SPV filing')).toContainText(
    '$12.50',
  );
  await expect(totals).toContainText('Fees and expenses$14.97');
  await expectNoA11yViolations(admin, 'deal fees and expenses');

  // The admin's call detail and the investor's notice say it is a fee.
  await row(charged, '90').getByRole('link', { name: 'Fee call' }).click();
  await expect(admin.getByText(/A call of fees: it does not draw on commitments/)).toBeVisible();
  await investor.goto('/investor/capital-calls');
  const notice = investor.getByRole('article', { name: `Capital call: ${title}, due ${formatDate(isoInDays(14))}` });
  await expect(notice).toContainText('Management fee: paying it does not reduce your unfunded commitment.');
  await expect(notice).toContainText('$2.47');
  await expectNoA11yViolations(investor, 'investor fee notice');
  // Their capital account shows the fees charged to the holding.
  await investor.goto('/investor/performance');
  await expect(investor.getByTestId('holding-row').filter({ hasText: title })).toContainText('Fees and expenses charged: $14.97');
});
