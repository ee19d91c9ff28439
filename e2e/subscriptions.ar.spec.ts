import { ar, expect, expectMirrored, test } from './arabic';
import { DEMO, E2E, expectNoA11yViolations } from './fixtures';
import { expectArabicToast, signInAdminArabic, signInArabic } from './investors-ar';

// An investor's and an admin's contexts on a shared machine.
test.describe.configure({ timeout: 120_000 });

const OPEN_DEAL = 'Nairobi Distressed Office Tower'; // open with capacity left (demo data)

test('Arabic: the demo investor subscribes; the admin takes it under review and rejects it with a reason', async ({
  page,
  browser,
}, testInfo) => {
  await signInArabic(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await page.goto('/investor/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: ar('subscriptions', 'portal.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: ar('subscriptions', 'list.title') })).toBeVisible();
  await expect(page.getByText(ar('subscriptions', 'summary.choose'))).toBeVisible();
  await expectNoA11yViolations(page, 'subscription portal (ar)');
  await expectMirrored(page, testInfo, 'subscription-portal');

  // An empty submit names both fields in Arabic.
  await page.getByRole('button', { name: ar('subscriptions', 'form.submit') }).click();
  await expect(page.getByText(ar('subscriptions', 'form.chooseDeal'), { exact: true }).last()).toBeVisible();

  const amount = String(1000 + (Date.now() % 900));
  await page.getByLabel(ar('subscriptions', 'form.deal')).selectOption({ label: OPEN_DEAL });
  await expect(page.getByRole('region', { name: ar('subscriptions', 'summary.label', { deal: OPEN_DEAL }) })).toBeVisible();
  await page.getByLabel(ar('subscriptions', 'form.amount')).fill(amount);
  await page.getByRole('button', { name: ar('subscriptions', 'form.submit') }).click();
  const review = page.getByRole('dialog', { name: ar('subscriptions', 'review.title') });
  await expect(review).toBeVisible();
  await expect(review.getByText(ar('subscriptions', 'review.ack.professional'))).toBeVisible();
  // Confirm without the acknowledgements is refused: features/subscriptions/review-dialog.test.tsx.
  for (const box of await review.getByRole('checkbox').all()) await box.check();
  await expectNoA11yViolations(page, 'review dialog (ar)');
  await expectMirrored(page, testInfo, 'subscription-review');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/investor/subscriptions') && r.request().method() === 'POST');
  await review.getByRole('button', { name: ar('subscriptions', 'review.confirm') }).click();
  const { subscription } = (await (await created).json()) as { subscription: { id: string } };
  await expectArabicToast(page, ar('subscriptions', 'toast.submitted'));
  const item = page.locator(`[data-testid="subscription-item"][data-subscription-id="${subscription.id}"]`);
  await expect(item).toContainText(ar('subscriptions', 'list.progress'));
  await expect(item.getByRole('button', { name: ar('subscriptions', 'list.cancelLabel', { deal: OPEN_DEAL }) })).toBeVisible();

  // The admin, in Arabic, takes it under review and rejects it (the capacity is released again).
  const ctx = await browser.newContext({ baseURL: E2E.baseURL, viewport: { width: 1280, height: 800 } });
  const admin = await ctx.newPage();
  await signInAdminArabic(admin);
  await admin.goto('/admin/investors?tab=subscriptions');
  const row = admin.locator(`[data-testid="subscription-row"][data-subscription-id="${subscription.id}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: new RegExp(`^${ar('subscriptions', 'admin.takeUnderReview')}`) }).click();
  await expectArabicToast(admin, ar('subscriptions', 'toast.updated'));
  await row.getByRole('button', { name: new RegExp(`^${ar('subscriptions', 'admin.reject')}`) }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: ar('subscriptions', 'reject.title') })).toBeVisible();
  await dialog.getByLabel(ar('subscriptions', 'reject.reason')).fill('المبلغ دون الحد الأدنى للصفقة');
  await expectNoA11yViolations(admin, 'reject subscription dialog (ar)');
  await expectMirrored(admin, testInfo, 'subscription-reject-dialog');
  await dialog.getByRole('button', { name: ar('subscriptions', 'reject.submit') }).click();
  await expectArabicToast(admin, ar('subscriptions', 'toast.updated'));
  await expect(row).toContainText(ar('subscriptions', 'admin.reason', { reason: 'المبلغ دون الحد الأدنى للصفقة' }));
  await ctx.close();

  // The investor sees the reason.
  await page.reload();
  await expect(item.getByTestId('rejection-reason')).toHaveText('المبلغ دون الحد الأدنى للصفقة');
  await expect(item).toContainText(ar('subscriptions', 'list.rejectionReason'));
});
