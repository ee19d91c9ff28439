import { expect, type Page } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, freshEmail, gotoLogin, PASSWORD_LABEL, signInViaUi } from './fixtures';
import { createActiveInvestor, linkIn, waitForMail } from './mail';

/** "Forgot password?" -> the e-mail arrives -> its link sets a new password -> sign-in works (desktop and phone). */
export async function forgotPasswordFlow(page: Page, tag: string) {
  const email = freshEmail(tag);
  await createActiveInvestor(page, E2E.baseURL, 'Rosa Recover', email, 'temporary-pass-1');

  await gotoLogin(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
  await expectNoA11yViolations(page, `forgot password (${tag})`);
  // A malformed address is refused on the field.
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an active account uses that address, we have sent it a link');
  await expectNoA11yViolations(page, `forgot password sent (${tag})`);

  const mail = await waitForMail(page.request, email, (m) => m.subject.startsWith('Reset your'));
  expect(mail.html).toContain('Rosa Recover');
  const link = linkIn(mail, '/reset-password#token=');
  expect(link.startsWith(`${E2E.baseURL}/reset-password#token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, `reset password (${tag})`);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('recovered-pass-1');
  await page.getByLabel('Confirm new password').fill('recovered-pass-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Your password has been changed. Sign in with your new password.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel(PASSWORD_LABEL).fill('recovered-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/investor$/);

  // The link is single-use.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
  await expectNoA11yViolations(page, `reset link used (${tag})`);
  return { email };
}

export { signInViaUi };
