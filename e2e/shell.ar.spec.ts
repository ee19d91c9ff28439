import type { Page } from '@playwright/test';
import { APP_PAGES } from '../src/shared/routes';
import { ar, chooseArabic, expect, expectMirrored, test } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, gotoLogin, signIn } from './fixtures';

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

/**
 * Text of the main content that still writes a number in Western digits. Not counted: what people
 * typed or the records hold, isolated as such (a deal description, an account number, a logged
 * value: inside <bdi> or an element with its own `dir`), and digits that are part of a Latin name
 * ('IPv4', 'AES-256', 'UTC+4').
 */
async function westernNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/(?:[A-Za-z][-+]?)\d+|\d+(?:-?[A-Za-z])/g, '');
      if (!/[0-9]/.test(text)) continue;
      if (node.parentElement?.closest('bdi, [dir], option, [translate="no"]')) continue;
      found.push(text.trim());
    }
    return found;
  });
}

/** Every screen of an area without a parameter in its path (src/shared/routes.ts lists them). */
const screensOf = (area: '/admin' | '/investor') => APP_PAGES.filter((p) => p.startsWith(area) && !p.includes(':'));
const ADMIN_SCREENS = screensOf('/admin');
const INVESTOR_SCREENS = screensOf('/investor');

/** Every screen in the list, in Arabic with Arabic-Indic digits: its numbers are in them, none left in Western digits. */
async function expectArabicIndicOn(page: Page, screens: readonly string[]) {
  let withNumbers = 0;
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    expect(await westernNumbers(page), `${path}: numbers in Western digits`).toEqual([]);
    if (/[٠-٩]/.test(await page.getByRole('main').innerText())) withNumbers++;
  }
  // Nearly every screen shows numbers (the settings and profile forms may not).
  expect(withNumbers).toBeGreaterThanOrEqual(screens.length - 3);
}

test('Arabic pages write numbers in Western digits unless the user chooses Arabic-Indic ones; the choice is kept on the account', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  // English has no Digits control: its digits are always Western.
  await expect(page.getByLabel('Digits', { exact: true })).toHaveCount(0);
  await chooseArabic(page);
  const digits = page.getByLabel(ar('common', 'language.digits'), { exact: true });
  await expect(digits).toHaveValue('latn');
  await expect(page.getByRole('main')).toContainText(/[0-9]/);
  await expect(page.getByRole('main')).not.toContainText(/[٠-٩]/);
  await digits.selectOption('arab');
  // At once, without a reload: the tiles and the deal cards.
  await expect(page.getByRole('main')).toContainText(/[٠-٩]/);
  expect(await westernNumbers(page)).toEqual([]);
  await expectMirrored(page, testInfo, 'admin-dashboard-ar-arabic-indic-digits');
  await expectNoA11yViolations(page, 'admin dashboard in Arabic-Indic digits');
  expect((await (await page.request.get('/api/auth/me')).json()).user).toMatchObject({ language: 'ar', digits: 'arab' });
  await expectArabicIndicOn(page, ADMIN_SCREENS);
  // Kept on the account: after a reload the digits are still Arabic-Indic.
  await page.reload();
  await expect(page.getByLabel(ar('common', 'language.digits'), { exact: true })).toHaveValue('arab');
  // Back to Western digits: the page changes at once.
  await page.getByLabel(ar('common', 'language.digits'), { exact: true }).selectOption('latn');
  await expect(page.getByRole('main')).not.toContainText(/[٠-٩]/);
  await expect(page.getByRole('main')).toContainText(/[0-9]/);
});

test("an investor's screens in Arabic-Indic digits, and an amount typed in them is the same amount", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  expect((await page.request.put('/api/auth/language', { data: { language: 'ar', digits: 'arab' } })).status()).toBe(200);
  await expectArabicIndicOn(page, INVESTOR_SCREENS);
  await page.goto('/investor');
  await expectMirrored(page, testInfo, 'investor-dashboard-ar-arabic-indic-digits');
  await expectNoA11yViolations(page, 'investor dashboard in Arabic-Indic digits');
  // A number field reads Arabic-Indic digits as Western ones (the subscription amount).
  await page.goto('/investor/subscriptions');
  const amount = page.locator('input[inputmode="decimal"]').first();
  await amount.fill('');
  await amount.pressSequentially('٢٥٠٬٠٠٠');
  await expect(amount).toHaveValue('250,000');
});
