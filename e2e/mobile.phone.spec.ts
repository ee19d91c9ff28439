import { expect, type Page, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, fillSignUp, freshEmail, gotoLogin, signIn, signInViaUi } from './fixtures';

/** The main flows at phone width (390 px, the 'phone' project): spec section 9 sidebar below 768 px. */

const PHONE_WIDTH = 390;

async function expectNoHorizontalOverflow(page: Page) {
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth).toBeGreaterThan(0);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);
}

test('landing page fits the phone width and passes axe', async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(PHONE_WIDTH);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Investor Login' })).toBeVisible();
  await expect(page.getByText('$500M+', { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(page.getByRole('contentinfo').getByText('Meridian Capital Group', { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'landing (phone)');

  await page.getByRole('link', { name: 'Join Us' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up and login work at phone width', async ({ page }) => {
  await gotoLogin(page);
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'login (phone)');

  await page.getByRole('button', { name: "Don't have an account? Sign up as investor" }).click();
  await expect(page.getByText('Create your investor account')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'sign-up (phone)');

  // A validation message, then a successful sign-up.
  const email = freshEmail('phone');
  await fillSignUp(page, { name: 'Phone Investor', email, password: 'phone-pass-long', confirm: 'phone-pass-lon' });
  await page.getByRole('button', { name: 'Create Investor Account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm Password').fill('phone-pass-long');
  await page.getByRole('button', { name: 'Create Investor Account' }).click();
  await expectToast(page, 'Account created successfully! Please wait for administrator approval before logging in.');
  await expect(page.getByText('Secure access to deal syndication platform')).toBeVisible();

  // The pending account cannot sign in; the admin can.
  await signInViaUi(page, email, 'phone-pass-long');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your account is pending approval. Please contact an administrator.');
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eve Admin' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('the admin sidebar is an off-canvas sheet below 768 px', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eve Admin' })).toBeVisible();

  // Hidden until opened.
  await expect(page.getByRole('link', { name: 'Deal Pipeline' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'admin (phone)');

  const trigger = page.getByRole('button', { name: 'Toggle sidebar' });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await trigger.click();
  const sheet = page.getByRole('dialog', { name: 'Admin navigation' });
  await expect(sheet).toBeVisible();
  // The modal sheet hides the rest of the page from assistive technology.
  await expect(trigger).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Toggle sidebar', includeHidden: true })).toHaveAttribute('aria-expanded', 'true');
  // Focus moves into the sheet (and is trapped there).
  await expect.poll(() => sheet.evaluate((e) => e.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
  expect(await sheet.evaluate((e) => e.contains(document.activeElement))).toBe(true);
  // 18rem wide on mobile.
  await expect.poll(() => sheet.evaluate((e) => Math.round(e.getBoundingClientRect().width))).toBe(288);
  await expect(sheet.getByText('Navigation', { exact: true })).toBeVisible();
  for (const name of [
    'Dashboard',
    'Deal Pipeline',
    'SPV Firewall Tracker',
    'Document Vault',
    'Investor Onboarding',
    'Compliance Center',
    'Distribution Waterfall',
    'User Management',
    'Settings',
  ]) {
    await expect(sheet.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(sheet.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(sheet.getByRole('button', { name: 'Account menu for Eve Admin' })).toContainText('Founder');
  await expect(sheet.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'admin sidebar sheet (phone)');

  // Choosing an item navigates and closes the sheet.
  await sheet.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(sheet).toBeHidden();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();

  // Escape closes it too.
  await trigger.click();
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(trigger).toBeFocused();

  // Logout from the sheet.
  await trigger.click();
  await sheet.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});
