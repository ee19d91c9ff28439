import { ar, arabicAccount, expect, expectMirrored, test } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/** The investor's DFSA Compliance page in Arabic at desktop width (issue 16). */
test.describe.configure({ timeout: 60_000 });

test('DFSA Compliance in Arabic: the KYC application, categories, documents and regulatory information', async ({ page }, testInfo) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);
  await page.goto('/investor/compliance');
  await expect(page.getByRole('heading', { level: 1, name: ar('investor-compliance', 'title') })).toBeVisible();
  await expect(page.getByTestId('kyc-application-status')).toContainText(ar('investor-compliance', 'kyc.completion'));
  await expect(page.getByTestId('kyc-category-Identity Verification')).toContainText(
    ar('investor-compliance', 'category.Identity Verification.description'),
  );
  await expect(page.getByTestId('compliance-document').first()).toBeVisible();
  await expect(
    page
      .getByTestId('compliance-document')
      .first()
      .getByRole('button', { name: new RegExp(`^${ar('investor-compliance', 'documents.download')}`) }),
  ).toBeVisible();
  const reg = page.getByTestId('regulatory-information');
  await expect(reg).toContainText(ar('investor-compliance', 'regulatory.classification'));
  await expectNoA11yViolations(page, 'dfsa compliance (ar)');
  await expectMirrored(page, testInfo, 'dfsa-compliance');
});
