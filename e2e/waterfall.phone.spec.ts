import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, expectToast } from './fixtures';
import { dealWithOneHolder, isoInDays, signInBoth } from './waterfall-setup';

/** Issue 13 at phone width: terms, preview, record, and the investor's breakdown. */
test.describe.configure({ timeout: 180_000 });

test('phone: terms, preview and record a distribution; the investor opens their breakdown', async ({ browser }) => {
  const { admin, investor } = await signInBoth(browser, 390, 844);
  const title = `Phone Waterfall ${Date.now()}`;
  const dealId = await dealWithOneHolder(admin, investor, title);

  await admin.goto(`/admin/deals/${dealId}`);
  const terms = admin.getByRole('form', { name: 'Economic terms' });
  await terms.getByLabel(/^Preferred Return \(%\)/).fill('0');
  await terms.getByLabel(/^Catch-up\*?$/).selectOption('none');
  await terms.getByLabel(/^Carried Interest \(%\)/).fill('20');
  await terms.getByLabel('GP Entity Name').fill('Phone GP Ltd');
  await terms.getByRole('button', { name: 'Save Terms' }).click();
  await expectToast(admin, 'Terms saved (version 1)');
  await expectNoA11yViolations(admin, 'deal terms (phone)');

  await admin.goto('/admin/distributions');
  const form = admin.getByRole('form', { name: 'Record Distribution' });
  await form.getByLabel(/^Deal\*?$/).selectOption({ label: title });
  await form.getByLabel(/^Total Amount \(USD\)\*?$/).fill('200');
  await form.getByLabel(/^Payment Date\*?$/).fill(isoInDays(30));
  await form.getByLabel(/^Record Date\*?$/).fill(isoInDays(0));
  await form.getByRole('button', { name: 'Preview Distribution' }).click();
  const preview = admin.getByRole('dialog', { name: 'Distribution Preview' });
  // No hurdle: capital back, then a straight 80/20.
  await expect(preview.getByTestId('preview-gp')).toHaveText('$20.00');
  await expect(preview.getByTestId('preview-lp')).toHaveText('$180.00');
  await expectNoA11yViolations(admin, 'distribution preview (phone)');
  await preview.getByRole('button', { name: 'Record Distribution' }).click();
  await expectToast(admin, 'Distribution recorded');
  // The allocations add up to the total with the GP's carry as its own line: 90.0% / 10.0%.
  const event = admin.getByTestId('distribution-event').filter({ has: admin.getByRole('heading', { name: title, exact: true }) });
  if ((await event.getByRole('button', { name: 'Show allocations' }).count()) > 0)
    await event.getByRole('button', { name: 'Show allocations' }).click();
  await expect(event.getByTestId('allocation-gp')).toContainText(/10\.0%\s*\$20\.00/);
  await expect(event.getByTestId('allocation-sum')).toHaveText('$200.00');
  await expect(event.getByText('Equals the distribution total of $200.00.')).toBeVisible();
  // Waterfall by Deal: no preferred return, so no hurdle line; nothing paid yet, so the 100.00 of capital is still to return.
  await admin.reload();
  const summary = admin.getByTestId('deal-waterfall').filter({ hasText: title });
  await expect(summary).toContainText('$100.00 of capital still to return');
  await expect(summary).toContainText('No preferred return');
  await expect(summary).not.toContainText('hurdle');
  await expect(summary.getByTestId('scheduled')).toHaveText('+ $200.00 recorded, not yet paid (1 distribution, not counted)');
  await expectNoA11yViolations(admin, 'distribution waterfall (phone)');

  await investor.goto('/investor/distributions');
  const item = investor.getByTestId('distribution-item').filter({ has: investor.getByRole('heading', { name: title, exact: true }) });
  await item.getByText('Your tier breakdown').click();
  await expect(item.getByTestId('tier-breakdown')).toContainText('Carried interest split$80.00');
  await expectNoA11yViolations(investor, 'distribution calendar (phone)');
});
