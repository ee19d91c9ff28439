import { expect, type Page, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/**
 * Issue 18: the tabs, searches and filters of KYC, users, activity logs and the compliance
 * center are kept in the URL: a refresh and Back (after leaving the screen) bring them back.
 */

/** Leaves through the sidebar, then comes back with the browser's Back button. */
async function leaveAndComeBack(page: Page) {
  const url = page.url();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goBack();
  await expect(page).toHaveURL(url);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
});

test('KYC: search, status and type survive a refresh and Back; the Subscriptions tab too', async ({ page }) => {
  await page.goto('/admin/investors');
  await page.getByLabel('Status', { exact: true }).selectOption('in_review');
  await page.getByLabel('Search investors').fill('ahmed');
  await expect(page).toHaveURL(/status=in_review/);
  await expect(page).toHaveURL(/q=ahmed/);
  for (const step of [() => page.reload(), () => leaveAndComeBack(page)]) {
    await step();
    await expect(page.getByLabel('Search investors')).toHaveValue('ahmed');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_review');
    await expect(page.getByTestId('kyc-count')).toContainText('Showing 1 of');
  }
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(page).toHaveURL(/tab=subscriptions/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Subscriptions' })).toHaveAttribute('aria-selected', 'true');
  // Back steps to the KYC tab with its filters.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'KYC Applications' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_review');
  await expectNoA11yViolations(page, 'kyc filtered from the URL');
});

test('users: search and role survive a refresh and Back', async ({ page }) => {
  await page.goto('/admin/users');
  await page.getByLabel('Role').selectOption('investor');
  await page.getByLabel('Search users').fill('kilimanjaro');
  await expect(page).toHaveURL(/role=investor.*q=kilimanjaro|q=kilimanjaro.*role=investor/);
  for (const step of [() => page.reload(), () => leaveAndComeBack(page)]) {
    await step();
    await expect(page.getByLabel('Search users')).toHaveValue('kilimanjaro');
    await expect(page.getByLabel('Role')).toHaveValue('investor');
    await expect(page.getByRole('table', { name: 'Users' }).locator('tbody tr')).toHaveCount(1);
  }
  await expectNoA11yViolations(page, 'users filtered from the URL');
});

test('activity logs: search and type survive a refresh and Back', async ({ page }) => {
  await page.goto('/admin/activity-logs');
  await page.getByLabel('Activity type').selectOption({ label: 'Settings updated' });
  const type = 'settings_updated';
  await page.getByLabel('Search activity logs').fill('no such entry zz');
  await expect(page).toHaveURL(new RegExp(`type=${type}`));
  for (const step of [() => page.reload(), () => leaveAndComeBack(page)]) {
    await step();
    await expect(page.getByLabel('Search activity logs')).toHaveValue('no such entry zz');
    await expect(page.getByLabel('Activity type')).toHaveValue(type);
  }
  await expectNoA11yViolations(page, 'activity logs filtered from the URL');
});

test('compliance center: the tracker filter and the tab survive a refresh and Back', async ({ page }) => {
  await page.goto('/admin/compliance');
  await page.getByLabel('Status', { exact: true }).selectOption('in_progress');
  await page.getByLabel('Search by title').fill('DFSA');
  await expect(page).toHaveURL(/status=in_progress/);
  for (const step of [() => page.reload(), () => leaveAndComeBack(page)]) {
    await step();
    await expect(page.getByLabel('Search by title')).toHaveValue('DFSA');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_progress');
  }
  await page.getByRole('tab', { name: 'Calendar View' }).click();
  await expect(page).toHaveURL(/tab=calendar/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Calendar View' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Compliance Tracker' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Search by title')).toHaveValue('DFSA');
  await expectNoA11yViolations(page, 'compliance filtered from the URL');
});
