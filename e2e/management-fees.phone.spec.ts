import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations, expectToast } from './fixtures';
import { setFeeTerms } from './management-fees-setup';
import { CO_INVESTOR, dealWithOneHolder, isoInDays, signInBoth } from './waterfall-setup';

/** Issue 13 at phone width: a management fee accrued, then deducted from the next distribution. */
test.describe.configure({ timeout: 180_000 });

const row = (table: ReturnType<Page['getByRole']>, label: string) => table.getByRole('row').filter({ hasText: label });

test('phone: accrue a management fee, then the distribution preview deducts it from the investor', async ({ browser }) => {
  const { admin, investor } = await signInBoth(browser, 390, 844);
  const title = `Phone Fee Deal ${Date.now()}`;
  const dealId = await dealWithOneHolder(admin, investor, title);
  await setFeeTerms(admin, dealId, 'deducted', 'contributions');

  await admin.goto(`/admin/deals/${dealId}`);
  const card = admin.getByRole('form', { name: 'Charge management fee' });
  await expect(admin.getByText('10% a year on contributions, deducted from distributions')).toBeVisible();
  // No due date for accrued fees.
  await expect(card.getByLabel(/^Due date/)).toHaveCount(0);
  await card.getByLabel(/^Period start/).fill(isoInDays(0));
  await card.getByLabel(/^Period end/).fill(isoInDays(89));
  await card.getByRole('button', { name: 'Preview Fee' }).click();
  const preview = admin.getByRole('region', { name: 'Management fee preview' });
  await expect(preview).toContainText('$2.47 accrued, deducted from the next distributions');
  await expectNoA11yViolations(admin, 'management fee preview (phone)');
  await preview.getByRole('button', { name: 'Charge Management Fee' }).click();
  await expectToast(admin, 'Management fee charged: $2.47 accrued for the next distribution');
  await expect(admin.getByText('Accrued fees to deduct from the next distributions')).toBeVisible();

  await admin.goto('/admin/distributions');
  const form = admin.getByRole('form', { name: 'Record Distribution' });
  await form.getByLabel(/^Deal\*?$/).selectOption({ label: title });
  await form.getByLabel(/^Total Amount \(USD\)\*?$/).fill('200');
  await form.getByLabel(/^Payment Date\*?$/).fill(isoInDays(30));
  await form.getByLabel(/^Record Date\*?$/).fill(isoInDays(0));
  await form.getByRole('button', { name: 'Preview Distribution' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Distribution Preview' });
  // Capital back, then 80/20: the investor's 180.00 stays whole; 2.47 of it pays the accrued fee.
  await expect(dialog.getByTestId('preview-lp')).toHaveText('$180.00');
  await expect(dialog.getByTestId('preview-fees')).toContainText('$2.47');
  await expect(dialog.getByTestId('preview-fees')).toContainText('$177.53');
  await expect(row(dialog.getByRole('table', { name: "Each investor's amount" }), CO_INVESTOR.name)).toContainText('$180.00-$2.47$177.53');
  await expectNoA11yViolations(admin, 'distribution preview with fees (phone)');
  await dialog.getByRole('button', { name: 'Record Distribution' }).click();
  await expectToast(admin, 'Distribution recorded');
  const data = await (await admin.request.get(`/api/deals/${dealId}/management-fees`)).json();
  expect(data.outstanding).toEqual([]);

  // The investor sees the deduction in their own breakdown.
  await investor.goto('/investor/distributions');
  const item = investor.getByTestId('distribution-item').filter({ has: investor.getByRole('heading', { name: title, exact: true }) });
  await item.getByText('Your tier breakdown').click();
  await expect(item.getByTestId('fee-deducted')).toHaveText('Management fees deducted: $2.47; paid to you: $177.53.');
  await expectNoA11yViolations(investor, 'distribution calendar with a fee deducted (phone)');
});
