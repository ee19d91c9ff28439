import { ar, expect, expectMirrored, test } from './arabic';
import { expectNoA11yViolations } from './fixtures';
import { createInvestor, firstSignInArabic, signInAdminArabic, writePdf } from './investors-ar';

// Two browser contexts (admin and a new investor) at 390 px on a shared machine.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };

test('Arabic at 390 px: an investor uploads a KYC document; the admin reviews the application from the onboarding cards', async ({
  page,
  browser,
}, testInfo) => {
  await signInAdminArabic(page);
  const u = await createInvestor(page, 'kycp');

  const inv = await firstSignInArabic(browser, u.email, PHONE);
  const cta = inv.getByTestId('kyc-cta');
  await expect(cta).toContainText(ar('kyc', 'cta.pending'));
  await expect(cta).toContainText(ar('kyc', 'cta.uploaded', { uploaded: 0, total: 4 }));
  await expectNoA11yViolations(inv, 'investor dashboard at 390 px (ar)');
  await expectMirrored(inv, testInfo, 'kyc-cta-phone');

  await inv.goto('/investor/compliance');
  const file = writePdf(`passport-${Date.now()}.pdf`);
  await inv.getByTestId('kyc-item-passport').locator('input[type="file"]').setInputFiles(file);
  await expect(inv.getByTestId('kyc-item-passport').getByText(file.split('/').pop() ?? '')).toBeVisible();
  await expectMirrored(inv, testInfo, 'kyc-upload-phone');
  await inv.goto('/investor');
  await expect(cta).toContainText(ar('kyc', 'cta.uploaded', { uploaded: 1, total: 4 }));
  await inv.context().close();

  // The admin's onboarding screen at phone width: cards, a review dialog in Arabic.
  await page.goto('/admin/investors');
  await expect(page.getByRole('heading', { level: 1, name: ar('kyc', 'page.title') })).toBeVisible();
  await page.getByLabel(ar('kyc', 'filter.search')).fill(u.email);
  const card = page.getByTestId('kyc-card').filter({ hasText: u.email });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(ar('kyc', 'column.reviewedBy'));
  await expectNoA11yViolations(page, 'onboarding cards at 390 px (ar)');
  await expectMirrored(page, testInfo, 'kyc-onboarding-phone');
  await card.getByRole('button', { name: new RegExp(`^${ar('kyc', 'row.review')}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: ar('kyc', 'review.title', { name: u.name }) })).toBeVisible();
  await expect(dialog.getByTestId('kyc-doc-address_proof')).toContainText(ar('kyc', 'review.notUploaded'));
  await expectNoA11yViolations(page, 'KYC review at 390 px (ar)');
  await expectMirrored(page, testInfo, 'kyc-review-phone');
  await dialog
    .getByRole('button', { name: ar('kyc', 'review.close') })
    .last()
    .click();
  await expect(dialog).toBeHidden();

  // The reject dialog of an in-review application at 390 px refuses an empty reason (the same
  // admin session: one sign-in less; the Arabic message itself is in kyc-dialogs.test.tsx).
  await page.goto('/admin/investors?status=in_review');
  const inReview = page.getByTestId('kyc-card').first();
  await expect(inReview).toBeVisible();
  await inReview.getByRole('button', { name: new RegExp(`^${ar('kyc', 'row.reject')}`) }).click();
  const form = page.getByRole('form', { name: ar('kyc', 'reject.title') });
  await expect(form).toBeVisible();
  // An empty reason is refused; the dialog stays.
  await form.getByRole('button', { name: ar('kyc', 'reject.submit'), exact: true }).click();
  await expect(form).toBeVisible();
  await expectNoA11yViolations(page, 'reject dialog at 390 px (ar)');
  await expectMirrored(page, testInfo, 'kyc-reject-phone');
  await form.getByRole('button', { name: ar('kyc', 'cancel'), exact: true }).click();
  await expect(form).toBeHidden();
});
