import type { Browser, Page, TestInfo } from '@playwright/test';
import { ar, chooseArabic, expect, expectMirrored, plain } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, expectToast, freshEmail, inlineAlert } from './fixtures';

/**
 * Public pages in Arabic (issue 16): the landing page following the browser's language, sign-up
 * after choosing العربية on the login page, password recovery, the unsubscribe and 404 pages.
 * Shared by public.ar.spec.ts (desktop) and public.ar.phone.spec.ts (390 px).
 */

/** The Arabic plural form CLDR picks for `n` (ar: zero, one, two, few 3-10, many 11-99, other). */
export function arabicPlural(ns: 'auth', key: string, n: number): string {
  const form = new Intl.PluralRules('ar').select(n);
  return ar(ns, `${key}_${form}`, { count: n });
}

/** A label as the form shows it: required fields add an aria-hidden '*'. */
export const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);

/** The landing page in a browser whose language is Arabic: Arabic without choosing, mirrored, no hydration error. */
export async function landingInArabic(browser: Browser, testInfo: TestInfo, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ locale: 'ar', viewport, baseURL: E2E.baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar('landing', 'hero.headline'));
    await expect(page.getByRole('link', { name: ar('landing', 'investorLogin') })).toBeVisible();
    await expect(page.getByRole('link', { name: ar('landing', 'hero.accessPlatform'), exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: ar('landing', 'values.secure.title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: ar('landing', 'cta.heading') })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(ar('landing', 'footer.disclaimer'));
    // The company profile's offices, with their Arabic contact labels.
    await expect(page.getByRole('heading', { level: 2, name: ar('landing', 'offices.heading') })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${ar('landing', 'offices.phone')}`) }).first()).toBeVisible();
    await expectNoA11yViolations(page, 'landing (ar)');
    await expectMirrored(page, testInfo, 'landing-ar');
    expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);

    // 'Investor Login' leads to the login page, still in Arabic.
    await page.getByRole('link', { name: ar('landing', 'investorLogin') }).click();
    await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'login.title') })).toBeVisible();
    await expect(page.getByText(ar('auth', 'subtitle'))).toBeVisible();
    await expectNoA11yViolations(page, 'login (ar)');
    await expectMirrored(page, testInfo, 'login-ar');
  } finally {
    await context.close();
  }
}

/** The landing page in English: prerendered, hydrated without error, English texts. */
export async function landingInEnglish(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Investor Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our regional offices' })).toBeVisible();
  expect(errors).toEqual([]);
}

/** A new investor chooses العربية on the login page and signs up; a pending account cannot sign in. */
export async function signUpInArabic(page: Page, testInfo: TestInfo) {
  await page.goto('/login');
  await expect(page.getByText('Secure access to deal syndication platform')).toBeVisible();
  await chooseArabic(page);
  await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'login.title') })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${ar('auth', 'login.title')}`));

  await page.getByRole('button', { name: ar('auth', 'login.toSignUp') }).click();
  await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'signup.title') })).toBeVisible();
  await expect(page.getByText(ar('auth', 'signup.approvalNote'))).toBeVisible();
  await expectNoA11yViolations(page, 'sign-up (ar)');
  await expectMirrored(page, testInfo, 'sign-up-ar');

  const email = freshEmail('ar-signup');
  await page.getByLabel(label(ar('auth', 'signup.name'))).fill('ليلى حداد');
  await page.getByLabel(label(ar('auth', 'signup.email'))).fill(email);
  await page.getByLabel(label(ar('auth', 'signup.investorType'))).selectOption('family_office');
  const password = page.getByLabel(label(ar('auth', 'signup.password')));
  await password.fill('Arabic-signup-2026!');
  // The policy hint, in Arabic with the minimum length.
  const policy = (await (await page.request.get('/api/auth/password-policy')).json()) as { minLength: number };
  await expect
    .poll(async () => plain((await page.locator('#signup-password-hint').textContent()) ?? ''))
    .toBe(plain(arabicPlural('auth', 'signup.passwordHint', policy.minLength)));
  await page.getByLabel(label(ar('auth', 'signup.confirmPassword'))).fill('Arabic-signup-2026!');
  await page.getByRole('button', { name: ar('auth', 'signup.submit') }).click();
  await expectToast(page, ar('auth', 'signup.success'));
  await expectToast(page, ar('auth', 'signup.afterReturn'));
  await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'login.title') })).toBeVisible();

  // The new account waits for approval: signing in says so, in Arabic.
  await page.getByLabel(label(ar('auth', 'login.email'))).fill(email);
  await page.getByLabel(label(ar('auth', 'login.password'))).fill('Arabic-signup-2026!');
  await page.getByRole('button', { name: ar('auth', 'login.submit') }).click();
  await expect(inlineAlert(page)).toHaveText(ar('auth', 'login.pending'));
  await expectNoA11yViolations(page, 'login error (ar)');
  await expectMirrored(page, testInfo, 'login-pending-ar');

  // A suspended demo account: its own message.
  await page.getByLabel(label(ar('auth', 'login.email'))).fill(DEMO.suspended);
  await page.getByLabel(label(ar('auth', 'login.password'))).fill(E2E.demoPassword);
  await page.getByRole('button', { name: ar('auth', 'login.submit') }).click();
  await expect(inlineAlert(page)).toHaveText(ar('auth', 'login.suspended'));
}

/** Password recovery, the unsubscribe link and the 404 page, in a browser whose language is Arabic. */
export async function otherPublicPagesInArabic(page: Page, testInfo: TestInfo) {
  await page.goto('/forgot-password');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'forgot.title') })).toBeVisible();
  await expectNoA11yViolations(page, 'forgot password (ar)');
  await expectMirrored(page, testInfo, 'forgot-ar');
  await page.getByLabel(label(ar('auth', 'forgot.email'))).fill(freshEmail('ar-forgot'));
  await page.getByRole('button', { name: ar('auth', 'forgot.submit') }).click();
  await expect(page.getByRole('status')).toHaveText(ar('auth', 'forgot.sent'));
  await page.getByRole('link', { name: ar('auth', 'forgot.backToSignIn') }).click();
  await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'login.title') })).toBeVisible();

  await page.goto('/reset-password');
  await expect(page.getByRole('alert').filter({ hasText: ar('auth', 'reset.invalid') })).toBeVisible();
  await expect(page.getByRole('link', { name: ar('auth', 'reset.requestNew') })).toBeVisible();
  await expectNoA11yViolations(page, 'reset link invalid (ar)');
  await expectMirrored(page, testInfo, 'reset-invalid-ar');

  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'unsubscribe.title') })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: ar('auth', 'unsubscribe.invalid') })).toBeVisible();
  await expectNoA11yViolations(page, 'unsubscribe invalid (ar)');
  await expectMirrored(page, testInfo, 'unsubscribe-ar');

  await page.goto('/no-such-page-ar');
  await expect(page.getByRole('heading', { level: 1, name: ar('not-found', 'title') })).toBeVisible();
  await expect(page.getByText(ar('not-found', 'text'))).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${ar('not-found', 'title')}`));
  await expect(page.getByRole('button', { name: ar('not-found', 'back') })).toBeVisible();
  await expectNoA11yViolations(page, '404 (ar)');
  await expectMirrored(page, testInfo, 'not-found-ar');
  await page.getByRole('link', { name: ar('not-found', 'home') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(ar('landing', 'hero.headline')));
}
