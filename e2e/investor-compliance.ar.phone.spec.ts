import { ar, arabicAccount, expect, expectMirrored, plain, test } from './arabic';
import { E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/**
 * The investor's DFSA Compliance page in Arabic at phone width (issue 16): the KYC application,
 * the four categories, the required action, documents and regulatory information; the annual
 * suitability review completed in Arabic (passing answers, as the suitability spec leaves them).
 */
test.describe.configure({ timeout: 90_000 });

const INVESTOR = 'kilimanjaro@demo.example.com';
const PASSING = { experience: 'extensive', riskTolerance: 'high', netWorthBand: 'over_25m', investmentHorizon: '5_10y' } as const;

test('DFSA Compliance in Arabic on a phone: every section, the suitability review completed', async ({ page }, testInfo) => {
  await signIn(page, INVESTOR, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);
  await page.goto('/investor/compliance');
  await expect(page.getByRole('heading', { level: 1, name: ar('investor-compliance', 'title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: ar('investor-compliance', 'overview') })).toBeVisible();
  for (const c of ['Identity Verification', 'Financial Suitability', 'Risk Assessment', 'Annual Documentation'])
    await expect(page.getByRole('heading', { level: 3, name: ar('investor-compliance', `category.${c}.name`) })).toBeVisible();
  await expect(page.getByRole('heading', { name: ar('investor-compliance', 'actions.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: ar('investor-compliance', 'documents.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: ar('investor-compliance', 'regulatory.title') })).toBeVisible();
  await expect(page.getByTestId('kyc-application-status')).toContainText(ar('investor-compliance', 'kyc.title'));
  await expectNoA11yViolations(page, 'dfsa compliance phone (ar)');
  await expectMirrored(page, testInfo, 'dfsa-compliance-phone');

  // The annual suitability review in Arabic.
  const review = page.getByTestId('suitability-review');
  await review.getByRole('button', { name: ar('investor-compliance', 'actions.start') }).click();
  const dialog = page.getByRole('dialog', { name: ar('investor-compliance', 'review.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ar('investor-compliance', 'review.submit') }).click();
  await expect(dialog.getByRole('combobox').first()).toHaveAttribute('aria-invalid', 'true');
  for (const [field, value] of Object.entries(PASSING)) {
    const select = dialog.getByLabel(new RegExp(`^${ar('investor-compliance', `review.question.${field}.label`)}`));
    await select.selectOption(value);
    await expect(select.locator('option:checked')).toHaveText(ar('investor-compliance', `review.question.${field}.option.${value}`));
  }
  await expectNoA11yViolations(page, 'suitability review phone (ar)');
  await expectMirrored(page, testInfo, 'suitability-review-phone');
  await dialog.getByRole('button', { name: ar('investor-compliance', 'review.submit') }).click();
  await expectToast(page, ar('investor-compliance', 'toast.reviewCompleted'));
  await expect(dialog).toBeHidden();
  // The Risk Assessment checklist shows each question with its answer, in Arabic.
  const risk = page.getByTestId('compliance-category-Risk Assessment');
  await expect
    .poll(async () => plain((await risk.getByRole('listitem').first().textContent()) ?? ''))
    .toContain(
      plain(
        ar('investor-compliance', 'checkItem.answer', {
          question: ar('investor-compliance', 'review.question.experience.label'),
          answer: ar('investor-compliance', 'review.question.experience.option.extensive'),
        }),
      ),
    );
  await expect(review.getByTestId('review-days-remaining')).not.toHaveText(/[A-Za-z]/);
});
