import { ar, expect, expectMirrored, test } from './arabic';
import { DEMO, E2E, expectNoA11yViolations } from './fixtures';
import { expectArabicToast, signInArabic } from './investors-ar';

test.describe.configure({ timeout: 90_000 });

const OPEN_DEAL = 'Nairobi Distressed Office Tower'; // open with capacity left (demo data)

test('Arabic at 390 px: the demo investor subscribes, then cancels the pending subscription', async ({ page }, testInfo) => {
  await signInArabic(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await page.goto('/investor/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: ar('subscriptions', 'portal.title') })).toBeVisible();
  await expectNoA11yViolations(page, 'subscription portal at 390 px (ar)');
  await expectMirrored(page, testInfo, 'subscription-portal-phone');

  await page.getByLabel(ar('subscriptions', 'form.deal')).selectOption({ label: OPEN_DEAL });
  await page.getByLabel(ar('subscriptions', 'form.amount')).fill(String(1000 + (Date.now() % 900)));
  await page.getByRole('button', { name: ar('subscriptions', 'form.submit') }).click();
  const review = page.getByRole('dialog', { name: ar('subscriptions', 'review.title') });
  for (const box of await review.getByRole('checkbox').all()) await box.check();
  await expectMirrored(page, testInfo, 'subscription-review-phone');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/investor/subscriptions') && r.request().method() === 'POST');
  await review.getByRole('button', { name: ar('subscriptions', 'review.confirm') }).click();
  const { subscription } = (await (await created).json()) as { subscription: { id: string } };
  await expectArabicToast(page, ar('subscriptions', 'toast.submitted'));

  const item = page.locator(`[data-testid="subscription-item"][data-subscription-id="${subscription.id}"]`);
  await item.getByRole('button', { name: ar('subscriptions', 'list.cancelLabel', { deal: OPEN_DEAL }) }).click();
  const dialog = page.getByRole('dialog', { name: ar('subscriptions', 'cancel.title') });
  await expect(dialog).toContainText(OPEN_DEAL);
  await expectNoA11yViolations(page, 'cancel dialog at 390 px (ar)');
  await expectMirrored(page, testInfo, 'subscription-cancel-phone');
  await dialog.getByRole('button', { name: ar('subscriptions', 'cancel.confirm') }).click();
  await expectArabicToast(page, ar('subscriptions', 'toast.cancelled'));
  await expect(item.getByRole('button', { name: ar('subscriptions', 'list.cancelLabel', { deal: OPEN_DEAL }) })).toHaveCount(0);
});
