import { ar, arabicAccount, expect, expectMirrored, test } from './arabic';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/** The Compliance Center in Arabic at phone width (issue 16): cards, the agenda, the library. */
test.describe.configure({ timeout: 90_000 });

test('Compliance Center in Arabic on a phone: tracker cards, agenda, library cards', async ({ page }, testInfo) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);
  await page.goto('/admin/compliance');
  await expect(page.getByRole('heading', { level: 1, name: ar('compliance', 'title') })).toBeVisible();
  await expect(page.getByTestId('compliance-card').first()).toBeVisible();
  await expect(page.getByLabel(ar('compliance', 'tracker.sortBy'))).toBeVisible();
  await expectNoA11yViolations(page, 'compliance tracker phone (ar)');
  await expectMirrored(page, testInfo, 'compliance-tracker-phone');

  await page.getByRole('tab', { name: ar('compliance', 'tabs.calendar') }).click();
  await expect(page.getByTestId('calendar-agenda')).toBeVisible();
  await expectNoA11yViolations(page, 'compliance agenda phone (ar)');
  await expectMirrored(page, testInfo, 'compliance-agenda-phone');

  await page.getByRole('tab', { name: ar('compliance', 'tabs.documents') }).click();
  await expect(page.getByTestId('library-card').first()).toBeVisible();
  await expectNoA11yViolations(page, 'compliance library phone (ar)');
  await expectMirrored(page, testInfo, 'compliance-library-phone');
});
