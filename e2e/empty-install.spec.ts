import { expect, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/** Issue 18: an empty install claims nothing it has not checked. */
test('with nothing tracked, the dashboard and the Compliance Center say so instead of Up-to-Date and 100%', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E.emptyBaseURL });
  const page = await context.newPage();
  try {
    await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    await expect(page.getByText('Nothing tracked yet')).toBeVisible();
    await expect(page.getByText('Up-to-Date', { exact: true })).toHaveCount(0);
    await page.goto('/admin/compliance');
    await expect(page.getByTestId('compliance-score')).toHaveText('Nothing tracked yet');
    await expect(page.getByText('Add compliance items to track them here.')).toBeVisible();
    await expect(page.getByText('100%')).toHaveCount(0);
    await expectNoA11yViolations(page, 'compliance center, nothing tracked');
  } finally {
    await context.close();
  }
});
