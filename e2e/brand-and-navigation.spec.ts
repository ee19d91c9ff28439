import { expect, type Page, test } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/** Issue 18: one brand from settings, a tab title per screen, a skip link in both areas. */

const COMPANY = 'Meridian Capital Group';

async function expectSkipLink(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // The next Tab goes to the screen's content, not to the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
}

test('admin area: skip link first, the company as the brand, a title per screen', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await expect(page).toHaveTitle(`Dashboard - ${COMPANY}`);
  const sidebar = page.getByRole('navigation', { name: 'Admin navigation' }).or(page.locator('[aria-label="Admin navigation"]')).first();
  await expect(sidebar.getByText(COMPANY, { exact: true })).toBeVisible();
  await expect(page.getByText('Meridian Syndicate')).toHaveCount(0);
  for (const [path, title] of [
    ['/admin/deals', 'Deal Pipeline'],
    ['/admin/users', 'User Management'],
    ['/admin/settings', 'Settings'],
    ['/admin/activity-logs', 'Activity Logs'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} - ${COMPANY}`);
  }
  await expectSkipLink(page, '/admin/deals');
  await expectNoA11yViolations(page, 'admin skip link');
  await page.goto('/admin/no-such-screen');
  await expect(page).toHaveTitle(`Page Not Found - ${COMPANY}`);
});

test('investor area: skip link first and a title per screen', async ({ page }) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await expect(page).toHaveTitle(`Dashboard - ${COMPANY}`);
  await page.goto('/investor/subscriptions');
  await expect(page).toHaveTitle(`Subscription Portal - ${COMPANY}`);
  await expectSkipLink(page, '/investor/deals');
  await expect(page).toHaveTitle(`Deal Vault - ${COMPANY}`);
  await expectNoA11yViolations(page, 'investor skip link');
});

test('the landing page and the sign-in card show the same brand and logo as the app', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(COMPANY);
  const header = page.getByRole('banner');
  await expect(header.getByText(COMPANY, { exact: true })).toBeVisible();
  await expect(header.locator('svg.lucide-shield-check')).toHaveCount(1);
  await page.goto('/login');
  await expect(page).toHaveTitle(`Sign in - ${COMPANY}`);
  await expect(page.getByRole('link', { name: COMPANY })).toBeVisible();
  await expect(page.locator('svg.lucide-shield-check')).toHaveCount(1);
});
