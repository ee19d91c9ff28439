import { expect, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/** Issue 18: a suitability answer below the DFSA professional-client criteria puts subscriptions on hold. */

const INVESTOR = 'kilimanjaro@demo.example.com';
const PASSING = { experience: 'extensive', riskTolerance: 'high', netWorthBand: 'over_25m', investmentHorizon: '5_10y' };

test('failing the professional-client criteria: Review required, subscriptions refused with a clear message, admins see it', async ({
  page,
  browser,
}) => {
  await signIn(page, INVESTOR, E2E.demoPassword, /\/investor$/);
  try {
    await page.goto('/investor/compliance');
    const review = page.getByTestId('suitability-review');
    await review.getByRole('button', { name: 'Start Review' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Investment experience/).selectOption({ label: 'None' });
    await dialog.getByLabel(/^Risk tolerance/).selectOption({ label: 'Low' });
    await dialog.getByLabel(/^Net-worth band/).selectOption({ label: 'Under $1M' });
    await dialog.getByLabel(/^Investment horizon/).selectOption({ label: 'Under 3 years' });
    await dialog.getByRole('button', { name: 'Complete Review' }).click();
    await expectToast(page, 'Suitability review completed');
    const reg = page.getByRole('region', { name: 'Regulatory Information' });
    await expect(reg.getByText('Review required', { exact: true })).toBeVisible();
    await expect(reg.getByText('Professional Client', { exact: true })).toHaveCount(0);

    // A subscription is refused, and the form says why.
    await page.goto('/investor/subscriptions');
    const form = page.getByRole('form', { name: 'New Subscription' });
    await form.getByLabel(/^Deal\*?$/).selectOption({ index: 1 });
    await form.getByLabel(/^Amount \(USD\)\*?$/).fill('1000');
    await form.getByRole('button', { name: 'Submit Subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Review your subscription' });
    for (const box of await confirm.getByRole('checkbox').all()) await box.check();
    await confirm.getByRole('button', { name: 'Confirm Subscription' }).click();
    await expectToast(page, 'Failed to submit subscription');
    const hold = page.getByTestId('suitability-hold');
    await expect(hold).toContainText('Review required');
    await expect(hold).toContainText('does not meet the DFSA Professional Client criteria');
    await expectNoA11yViolations(page, 'subscription on hold');

    // The admins: flagged on Investor Onboarding, and an activity log entry with the reason.
    const adminContext = await browser.newContext({ baseURL: E2E.baseURL });
    const admin = await adminContext.newPage();
    try {
      await signIn(admin, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
      await admin.goto('/admin/investors');
      const row = admin.getByTestId('kyc-row').filter({ hasText: INVESTOR });
      await expect(row.getByText('Review required', { exact: true })).toBeVisible();
      await expectNoA11yViolations(admin, 'investor onboarding with review required');
      await admin.goto('/admin/activity-logs');
      await admin.getByLabel('Activity type').selectOption({ label: 'Suitability review required' });
      await expect(admin.getByRole('table', { name: 'Activity logs' }).locator('tbody tr').first()).toContainText(
        'net assets under $1 million, no investment experience',
      );
    } finally {
      await adminContext.close();
    }
  } finally {
    // A passing review lifts the hold for the other specs.
    expect((await page.request.post('/api/investor/suitability-review', { data: PASSING })).ok()).toBe(true);
  }
});
