import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, freshEmail, gotoLogin, inlineAlert, PASSWORD_LABEL } from './fixtures';
import { enrolAndSignIn } from './two-factor-flow';

test('an admin enrols in two-factor, then signs in with a code and with a recovery code; wrong codes are refused', async ({ page }) => {
  await enrolAndSignIn(page, 'desktop');
});

test('sign-up under the strong policy shows the 12-character message', async ({ page }) => {
  await gotoLogin(page);
  await page.getByRole('button', { name: "Don't have an account? Sign up as investor" }).click();
  await page.getByLabel(/^Full Name/).fill('Polly Policy');
  await page.getByLabel(/^Email/).fill(freshEmail('policy'));
  await page.getByLabel(PASSWORD_LABEL).fill('short-pass1');
  await page.getByLabel(/^Confirm Password/).fill('short-pass1');
  await page.getByRole('button', { name: 'Create Investor Account' }).click();
  await expect(inlineAlert(page)).toHaveText('Password must be at least 12 characters');
  await page.getByLabel(/^Confirm Password/).fill('different-pass');
  await page.getByRole('button', { name: 'Create Investor Account' }).click();
  await expect(inlineAlert(page)).toHaveText('Passwords do not match');
  await expectNoA11yViolations(page, 'sign-up policy');
});
