import type { Page, TestInfo } from '@playwright/test';
import { ar, arabicAccount, expect, expectMirrored, plain } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, signIn, toasts } from './fixtures';

/**
 * Activity Logs, Profile and Change password in Arabic (issue 16). Shared by account.ar.spec.ts
 * (desktop) and account.ar.phone.spec.ts (390 px).
 */

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
const plainText = async (page: Page, selector: string) => plain((await page.locator(selector).first().textContent()) ?? '').trim();

/** The admin's Activity Logs in Arabic: headings, columns, the record count as an Arabic plural, search. */
export async function activityLogsInArabic(page: Page, testInfo: TestInfo) {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);
  await page.goto('/admin/activity-logs');
  await expect(page.getByRole('heading', { level: 1, name: ar('activity-logs', 'title') })).toBeVisible();
  // A table from 768 px up; one card per record on a phone, each column named in it.
  const phone = testInfo.project.name === 'phone';
  const table = page.getByRole('table', { name: ar('activity-logs', 'table') });
  const cards = page.getByRole('list', { name: ar('activity-logs', 'table') });
  const results = page.getByTestId('activity-logs-results');
  const first = () => (phone ? cards.getByTestId('activity-log-card').first() : table.getByRole('row').nth(1));
  if (phone) {
    await expect(table).toBeHidden();
    for (const column of ['user', 'targetUser', 'details', 'ipAddress'])
      await expect(first().getByText(ar('activity-logs', `column.${column}`), { exact: true })).toBeVisible();
    await expect(first().locator('time')).toBeVisible();
  } else {
    for (const column of ['activity', 'user', 'targetUser', 'details', 'ipAddress', 'timestamp'])
      await expect(table.getByRole('columnheader', { name: ar('activity-logs', `column.${column}`), exact: true })).toBeVisible();
  }
  await expect(first()).toBeVisible();
  // The total: an Arabic count of records, digits Western.
  await expect.poll(() => plainText(page, '[data-testid="activity-logs-total"]')).toMatch(/^(\d[\d,]* سجل(ًا|ات)?|سجل واحد|سجلان)$/);
  await expectNoA11yViolations(page, 'activity logs (ar)');
  await expectMirrored(page, testInfo, 'activity-logs-ar');

  // Our own sign-in is the newest record; searching for nothing shows the Arabic empty row.
  await page.getByRole('searchbox', { name: ar('activity-logs', 'search') }).fill(`لا-شيء-${Date.now()}`);
  await expect(results.getByText(ar('activity-logs', 'empty')).filter({ visible: true })).toBeVisible();
  await expect
    .poll(() => plainText(page, '[data-testid="activity-logs-total"]'))
    .toBe(plain(ar('activity-logs', 'records_zero', { n: '0' })));
  await page.getByRole('searchbox', { name: ar('activity-logs', 'search') }).fill('');
  await page.getByLabel(ar('activity-logs', 'type')).selectOption('user_login');
  await expect(first()).toBeVisible();
  // The previous rows stay faded while the filtered ones load: wait for them.
  await expect(page.locator('.opacity-60')).toHaveCount(0);
  if (phone) await expect(first()).toContainText(ar('activity-logs', 'activityType.user_login'));
  else await expect(table.getByRole('row').nth(1).getByRole('cell').first()).not.toHaveText(ar('activity-logs', 'empty'));
  await expectNoA11yViolations(page, 'activity logs filtered (ar)');
}

/** The investor's profile in Arabic: account details, a notification switched off and on (Arabic toasts), change password. */
export async function profileInArabic(page: Page, testInfo: TestInfo) {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);
  await page.goto('/investor/profile');
  await expect(page.getByRole('heading', { level: 1, name: ar('profile', 'title') })).toBeVisible();
  await expect(page.getByText(ar('profile', 'account.title'), { exact: true })).toBeVisible();
  await expect(page.getByText(DEMO.investor)).toBeVisible();
  await expect(page.getByText(ar('profile', 'notifications.description'))).toBeVisible();
  const box = page.locator('#notify-dealAlerts');
  await expect(box).toBeVisible();
  await expectNoA11yViolations(page, 'profile (ar)');
  await expectMirrored(page, testInfo, 'profile-ar');

  // Switch deal alerts off and on again: the toasts name the topic, in Arabic.
  const topic = ((await page.locator('label[for="notify-dealAlerts"]').textContent()) ?? '').trim();
  const wasOn = await box.isChecked();
  for (const on of [!wasOn, wasOn]) {
    await expect(box).toBeEnabled();
    await box.click();
    const key = on ? 'notifications.turnedOn' : 'notifications.turnedOff';
    await expect.poll(async () => plain((await toasts(page).textContent()) ?? '')).toContain(plain(ar('profile', key, { topic })));
    await expect(box).toBeChecked({ checked: on });
  }

  await page.getByRole('link', { name: ar('profile', 'account.changePassword') }).click();
  await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'changePassword.title') })).toBeVisible();
  await expect(page.getByLabel(label(ar('auth', 'changePassword.current')))).toBeVisible();
  await expect(page.getByLabel(label(ar('auth', 'newPassword.label')))).toBeVisible();
  await expectNoA11yViolations(page, 'change password (ar)');
  await expectMirrored(page, testInfo, 'change-password-ar');
  await page.getByRole('button', { name: ar('auth', 'changePassword.cancel') }).click();
  await expect(page).toHaveURL(/\/investor$/);
}
