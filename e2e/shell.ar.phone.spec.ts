import { ar, arabicAccount, expect, expectMirrored, expectSheetFromRight, test } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/** Issue 16 at 390 px: the navigation sheet opens from the right in Arabic. */
test('the phone navigation opens from the right in Arabic', async ({ page }, testInfo) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);
  await expectMirrored(page, testInfo, 'investor-dashboard-phone-ar');
  const sheet = await expectSheetFromRight(page, testInfo, 'investor-nav-sheet-phone-ar', { keepOpen: true });
  await expect(sheet.getByRole('link', { name: ar('common', 'nav.dealVault') })).toBeVisible();
  await expectNoA11yViolations(page, 'investor navigation sheet in Arabic');
});

test('the Digits control works from the phone navigation', async ({ page }, testInfo) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);
  await page.getByRole('button', { name: ar('common', 'shell.toggleSidebar') }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel(ar('common', 'language.digits'), { exact: true }).selectOption('arab');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('main')).toContainText(/[٠-٩]/);
  await expectMirrored(page, testInfo, 'investor-dashboard-phone-arabic-indic');
  await expectNoA11yViolations(page, 'investor dashboard in Arabic-Indic digits at phone width');
  expect((await (await page.request.get('/api/auth/me')).json()).user.digits).toBe('arab');
});
