import { ar, chooseArabic, expect, expectMirrored, test } from './arabic';
import { E2E, expectNoA11yViolations, gotoLogin, signIn } from './fixtures';

/**
 * Issue 16: the shell in Arabic. The Language control on the login page and in the sidebar
 * footer, the choice kept on the account, the mirrored layout, and the company default.
 */
test('the login page switches to Arabic, the choice follows the user into the app and is kept on the account', async ({
  page,
}, testInfo) => {
  await gotoLogin(page);
  await chooseArabic(page);
  await expectMirrored(page, testInfo, 'login-ar');
  await expectNoA11yViolations(page, 'login in Arabic');
  // The login form is in Arabic now (the auth catalogue).
  await page.getByLabel(ar('auth', 'login.email')).fill(E2E.adminEmail);
  await page.getByLabel(ar('auth', 'login.password')).fill(E2E.adminPassword);
  await page.getByRole('button', { name: ar('auth', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole('complementary');
  await expect(nav.getByRole('link', { name: ar('common', 'nav.dealPipeline') })).toBeVisible();
  await expect(nav.getByRole('link', { name: ar('common', 'nav.complianceCenter') })).toBeVisible();
  await expectMirrored(page, testInfo, 'admin-dashboard-ar');
  await expectNoA11yViolations(page, 'admin dashboard in Arabic');
  // Kept on the account: a fresh browser context signs in to Arabic without choosing.
  const me = await page.request.get('/api/auth/me');
  expect((await me.json()).user.language).toBe('ar');
  // Back to English from the sidebar footer's control.
  await page.getByLabel(ar('common', 'language.label')).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(nav.getByRole('link', { name: 'Deal Pipeline' })).toBeVisible();
  expect((await (await page.request.get('/api/auth/me')).json()).user.language).toBe('en');
});

test('an account kept in Arabic opens in Arabic in a new browser', async ({ browser }, testInfo) => {
  const first = await browser.newPage();
  await signIn(first, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  expect((await first.request.put('/api/auth/language', { data: { language: 'ar' } })).status()).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('link', { name: ar('common', 'nav.settings') })).toBeVisible();
    await expectMirrored(page, testInfo, 'admin-new-browser-ar');
  } finally {
    await first.request.put('/api/auth/language', { data: { language: 'en' } });
    await context.close();
    await first.close();
  }
});

/** Text nodes of the main content that still write a number in Western digits (identifiers such as e-mail addresses aside). */
async function westernNumbers(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('main') as Node, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (/[0-9]/.test(text) && !/@|SPV-|\b[A-Z]{2,}-\d/.test(text)) found.push(text.trim());
    }
    return found;
  });
}

test('Arabic pages write numbers in Western digits unless the user chooses Arabic-Indic ones; the choice is kept on the account', async ({
  page,
}, testInfo) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  // English has no Digits control: its digits are always Western.
  await expect(page.getByLabel('Digits', { exact: true })).toHaveCount(0);
  await chooseArabic(page);
  const digits = page.getByLabel(ar('common', 'language.digits'), { exact: true });
  await expect(digits).toHaveValue('latn');
  await expect(page.getByRole('main')).toContainText(/[0-9]/);
  await digits.selectOption('arab');
  await expect(page.getByRole('main')).toContainText(/[٠-٩]/);
  console.log(await westernNumbers(page));
  await expectMirrored(page, testInfo, 'admin-dashboard-ar-arabic-digits');
  await expectNoA11yViolations(page, 'admin dashboard in Arabic-Indic digits');
  expect((await (await page.request.get('/api/auth/me')).json()).user).toMatchObject({ language: 'ar', digits: 'arab' });
  for (const path of ['/admin/deals', '/admin/spvs', '/admin/distributions', '/admin/investors', '/admin/compliance', '/admin/activity']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toContainText(/[٠-٩]/);
    console.log(path, await westernNumbers(page));
  }
  // Back to Western digits: the page changes at once.
  await page.getByLabel(ar('common', 'language.digits'), { exact: true }).selectOption('latn');
  await expect(page.getByRole('main')).not.toContainText(/[٠-٩]/);
});
