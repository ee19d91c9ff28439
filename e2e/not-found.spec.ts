import { expect, type Page, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/** 404 page (spec section 2 "404 page"). */

async function expectNotFound(page: Page) {
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
}

test('an unknown path shows the 404 page and logs the path to the console', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (msg) => messages.push(msg.text()));
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expectNotFound(page);
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect.poll(() => messages.filter((m) => m.includes('/no-such-page'))).not.toEqual([]);
  await expectNoA11yViolations(page, '404');
});

test("'Return Home' goes to /", async ({ page }) => {
  await page.goto('/no-such-page');
  await expectNotFound(page);
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/`);
  await expect(page.getByRole('link', { name: 'Investor Login' })).toBeVisible();
});

test("'Go Back' goes back in history", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Secure access to deal syndication platform')).toBeVisible();
  await page.goto('/some/deeply/missing/path?x=1');
  await expectNotFound(page);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Secure access to deal syndication platform')).toBeVisible();
});

test('an unknown path inside the admin area shows the 404 page to a signed-in admin', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (msg) => messages.push(msg.text()));
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/no-such-screen');
  await expectNotFound(page);
  await expect.poll(() => messages.filter((m) => m.includes('/admin/no-such-screen'))).not.toEqual([]);
  await expectNoA11yViolations(page, 'admin 404');
});

test('an unknown path inside the admin area sends a logged-out visitor to /login', async ({ page }) => {
  await page.goto('/admin/no-such-screen');
  await expect(page).toHaveURL(/\/login$/);
});
