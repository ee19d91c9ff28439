import { ar, expect, expectMirrored, test } from './arabic';
import { expectNoA11yViolations } from './fixtures';
import { createInvestor, expectArabicToast, firstSignInArabic, signInAdminArabic, writePdf } from './investors-ar';

// Two browser contexts (admin and a new investor) on a shared machine.
test.describe.configure({ timeout: 120_000 });

const KINDS = ['passport', 'address_proof', 'financial_statements', 'source_of_funds'] as const;

test('Arabic: Investor Onboarding, the KYC review and the Subscriptions tab', async ({ page }, testInfo) => {
  await signInAdminArabic(page);
  await page.goto('/admin/investors');
  await expect(page.getByRole('heading', { level: 1, name: ar('kyc', 'page.title') })).toBeVisible();
  await expect(page.getByRole('tab', { name: ar('kyc', 'page.tabKyc') })).toBeVisible();
  await expect(page.getByTestId('kyc-counter-total')).toContainText(ar('kyc', 'counter.total'));
  await expect(page.getByRole('columnheader', { name: ar('kyc', 'column.completion') })).toBeVisible();
  await expect(page.getByTestId('kyc-count')).toContainText('عرض');
  await expectNoA11yViolations(page, 'onboarding (ar)');
  await expectMirrored(page, testInfo, 'kyc-onboarding');

  // The review dialog of the first application.
  await page
    .getByRole('table', { name: ar('kyc', 'list.label') })
    .getByRole('button', { name: ar('kyc', 'row.review') })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: ar('kyc', 'review.documents') })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: ar('kyc', 'review.history') })).toBeVisible();
  await expectNoA11yViolations(page, 'KYC review dialog (ar)');
  await expectMirrored(page, testInfo, 'kyc-review-dialog');
  await dialog
    .getByRole('button', { name: ar('kyc', 'review.close') })
    .last()
    .click();

  await page.getByRole('tab', { name: ar('kyc', 'page.tabSubscriptions') }).click();
  await expect(page.getByRole('table', { name: ar('subscriptions', 'admin.tableLabel') })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: ar('subscriptions', 'column.statusProgress') })).toBeVisible();
  await expectNoA11yViolations(page, 'subscriptions tab (ar)');
  await expectMirrored(page, testInfo, 'kyc-subscriptions-tab');
});

test('Arabic: an investor uploads the KYC documents; the admin reviews and approves', async ({ page, browser }, testInfo) => {
  await signInAdminArabic(page);
  const u = await createInvestor(page, 'kyc');

  const inv = await firstSignInArabic(browser, u.email);
  const cta = inv.getByTestId('kyc-cta');
  await expect(cta.getByRole('heading', { name: ar('kyc', 'cta.title') })).toBeVisible();
  await expect(cta).toContainText(ar('kyc', 'cta.pending'));
  await expect(cta.getByRole('link', { name: ar('kyc', 'cta.complete') })).toBeVisible();
  await expectMirrored(inv, testInfo, 'kyc-cta-investor');

  // The uploads through the compliance screen's file inputs.
  await inv.goto('/investor/compliance');
  for (const kind of KINDS) {
    const file = writePdf(`${kind}-${Date.now()}.pdf`);
    await inv.getByTestId(`kyc-item-${kind}`).locator('input[type="file"]').setInputFiles(file);
    await expect(inv.getByTestId(`kyc-item-${kind}`).getByText(file.split('/').pop() ?? '')).toBeVisible();
  }
  // The file's name shows while it uploads too: wait until the screen counts all four as uploaded.
  await expect(inv.getByText(ar('investor-compliance', 'kyc.pendingReady'))).toBeVisible();
  expect((await inv.request.post('/api/kyc/me/submit')).status()).toBe(200);
  await inv.goto('/investor');
  await expect(cta).toContainText(ar('kyc', 'cta.in_review'));
  await expect(cta.getByRole('link', { name: ar('kyc', 'cta.view') })).toBeVisible();
  await expectNoA11yViolations(inv, 'investor dashboard KYC card (ar)');

  // The admin reviews and approves in Arabic.
  await page.goto('/admin/investors');
  await page.getByLabel(ar('kyc', 'filter.search')).fill(u.email);
  const row = page.getByTestId('kyc-row').filter({ hasText: u.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: new RegExp(`^${ar('kyc', 'row.review')}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: ar('kyc', 'review.title', { name: u.name }) })).toBeVisible();
  for (const kind of KINDS) await expect(dialog.getByTestId(`kyc-doc-${kind}`)).not.toContainText(ar('kyc', 'review.notUploaded'));
  await dialog.getByRole('button', { name: ar('kyc', 'review.approve'), exact: true }).click();
  const form = page.getByRole('form', { name: ar('kyc', 'approve.title') });
  await expect(form.getByText(ar('kyc', 'approve.description', { name: u.name }))).toBeVisible();
  await form.getByLabel(ar('kyc', 'approve.note')).fill('تمت مراجعة المستندات');
  await expectNoA11yViolations(page, 'approve dialog (ar)');
  await expectMirrored(page, testInfo, 'kyc-approve-dialog');
  await form.getByRole('button', { name: ar('kyc', 'approve.submit'), exact: true }).click();
  await expectArabicToast(page, ar('kyc', 'toast.approved'));

  await inv.reload();
  await expect(cta).toContainText(ar('kyc', 'cta.approved'));
  await inv.context().close();
});
