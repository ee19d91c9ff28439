import { expect, type Page, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/**
 * Issue 18 at 390 px: the filters of KYC, users, activity logs and the compliance tracker are
 * kept in the URL on a phone too (a refresh, and Back after leaving the screen).
 */

async function refreshAndComeBack(page: Page, check: () => Promise<void>) {
  await page.reload();
  await check();
  const url = page.url();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goBack();
  await expect(page).toHaveURL(url);
  await check();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
});

test('phone: KYC, users, activity logs and compliance filters survive a refresh and Back', async ({ page }) => {
  await page.goto('/admin/investors');
  await page.getByLabel('Status', { exact: true }).selectOption('in_review');
  await page.getByLabel('Search investors').fill('ahmed');
  await expect(page).toHaveURL(/q=ahmed/);
  await refreshAndComeBack(page, async () => {
    await expect(page.getByLabel('Search investors')).toHaveValue('ahmed');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_review');
    await expect(page.getByTestId('kyc-count')).toContainText('Showing 1 of');
  });
  await expectNoA11yViolations(page, 'phone: kyc filtered from the URL');

  await page.goto('/admin/users');
  await page.getByLabel('Role').selectOption('investor');
  await page.getByLabel('Search users').fill('kilimanjaro');
  await expect(page).toHaveURL(/q=kilimanjaro/);
  await refreshAndComeBack(page, async () => {
    await expect(page.getByLabel('Search users')).toHaveValue('kilimanjaro');
    await expect(page.getByLabel('Role')).toHaveValue('investor');
  });
  await expectNoA11yViolations(page, 'phone: users filtered from the URL');

  await page.goto('/admin/activity-logs');
  await page.getByLabel('Activity type').selectOption({ label: 'Settings updated' });
  await page.getByLabel('Search activity logs').fill('no such entry zz');
  await expect(page).toHaveURL(/type=settings_updated/);
  await refreshAndComeBack(page, async () => {
    await expect(page.getByLabel('Search activity logs')).toHaveValue('no such entry zz');
    await expect(page.getByLabel('Activity type')).toHaveValue('settings_updated');
  });

  await page.goto('/admin/compliance');
  await page.getByLabel('Status', { exact: true }).selectOption('in_progress');
  await page.getByLabel('Search by title').fill('DFSA');
  await expect(page).toHaveURL(/status=in_progress/);
  await refreshAndComeBack(page, async () => {
    await expect(page.getByLabel('Search by title')).toHaveValue('DFSA');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_progress');
  });
  await expectNoA11yViolations(page, 'phone: compliance filtered from the URL');
});
