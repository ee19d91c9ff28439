import { expect, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, gotoLogin, signInViaUi } from './fixtures';

test('landing page to login, admin sign-in', async ({ page }) => {
  await page.goto('/');
  await expectNoA11yViolations(page, 'landing');
  await page.getByRole('link', { name: 'Investor Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await gotoLogin(page);
  await expectNoA11yViolations(page, 'login');
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Eve Admin' })).toBeVisible();
  await expectNoA11yViolations(page, 'admin');
  await page.screenshot({ path: '.test-logs/admin.png' });
});
