import type { Page } from '@playwright/test';
import { ar, arabicAccount, expect, expectMirrored, plain, test } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/**
 * Issue 16 at 390 px: the investor's dashboard, performance, distribution calendar, capital calls
 * and statements in Arabic, and the admin's capital calls and distribution waterfall, each with
 * axe and the mirrored-layout check (right to left, nothing wider than the screen).
 */
test.describe.configure({ timeout: 120_000 });

async function expectHeading(page: Page, text: string) {
  await expect.poll(async () => plain((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')).toBe(plain(text));
}

test("the investor's money screens in Arabic at phone width", async ({ page }, testInfo) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);

  await expect(page.getByRole('group', { name: ar('investor-dashboard', 'totalCommitted') })).toBeVisible();
  await expect(page.getByRole('group', { name: ar('investor-dashboard', 'messages.title') })).toBeVisible();
  await expect(page.getByTestId('dashboard-deal').first()).toBeVisible();
  await expectNoA11yViolations(page, 'investor dashboard in Arabic, phone');
  await expectMirrored(page, testInfo, 'investor-dashboard-phone-ar');

  await page.goto('/investor/performance');
  await expectHeading(page, ar('performance', 'title'));
  // The holdings are cards on a phone; their statuses and deal types are the Arabic labels.
  const cards = page.getByRole('list', { name: ar('performance', 'holdings') });
  await expect(cards).toContainText(ar('common', 'enum.performanceStatus.On Track'));
  await expect(cards).toContainText(ar('common', 'enum.dealType.AI & Tech'));
  await expect(page.getByRole('img', { name: ar('performance', 'value.chart') })).toBeVisible();
  await expect(page.getByRole('img', { name: ar('performance', 'allocation.chart') })).toBeVisible();
  await expectNoA11yViolations(page, 'performance in Arabic, phone');
  await expectMirrored(page, testInfo, 'performance-phone-ar');

  await page.goto('/investor/distributions');
  await expectHeading(page, ar('distributions', 'calendar.title'));
  await expect(page.getByRole('group', { name: ar('distributions', 'calendar.pastYear') })).toBeVisible();
  const item = page.getByTestId('distribution-item').first();
  await expect(item).toBeVisible();
  await expectNoA11yViolations(page, 'distribution calendar in Arabic, phone');
  await expectMirrored(page, testInfo, 'distribution-calendar-phone-ar');

  await page.goto('/investor/capital-calls');
  await expectHeading(page, ar('capital-account', 'calls.title'));
  await expectNoA11yViolations(page, 'investor capital calls in Arabic, phone');
  await expectMirrored(page, testInfo, 'investor-capital-calls-phone-ar');

  await page.goto('/investor/statements');
  await expectHeading(page, ar('capital-account', 'statements.title'));
  await expect(page.getByRole('button', { name: ar('capital-account', 'statements.download') })).toBeVisible();
  await expectNoA11yViolations(page, 'statements in Arabic, phone');
  await expectMirrored(page, testInfo, 'statements-phone-ar');
});

test("the admin's capital calls and distribution waterfall in Arabic at phone width", async ({ page }, testInfo) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);

  await page.goto('/admin/capital-calls');
  await expectHeading(page, ar('capital-calls', 'title'));
  await expect(page.getByRole('button', { name: ar('capital-calls', 'newCall') })).toBeVisible();
  await expectNoA11yViolations(page, 'capital calls in Arabic, phone');
  await expectMirrored(page, testInfo, 'capital-calls-phone-ar');

  await page.goto('/admin/distributions');
  await expectHeading(page, ar('distributions', 'admin.title'));
  const event = page.getByTestId('distribution-event').first();
  await event.getByRole('button', { name: ar('distributions', 'event.showAllocations') }).click();
  await expect(event.getByRole('heading', { name: ar('distributions', 'event.allocations') })).toBeVisible();
  await expectNoA11yViolations(page, 'distribution waterfall in Arabic, phone');
  await expectMirrored(page, testInfo, 'distribution-waterfall-phone-ar');
});
