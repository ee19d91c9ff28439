import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';
import { E2E } from '../playwright.config';
import { addDays, setDefaultZone, todayIso } from '../src/shared/dates';

/**
 * The demo company's time zone (Settings default UTC+4, decision record 020): the servers count
 * "today" in it, and so do the specs (formatDate of an instant, isoInDays).
 */
export const COMPANY_ZONE = 'Asia/Dubai';
setDefaultZone(COMPANY_ZONE);

/** The ISO day `days` from today in the company's zone, as the server counts days. */
export const isoInDays = (days: number) => addDays(todayIso(COMPANY_ZONE), days);

export { E2E };

/** The demo accounts the e2e server is started with (see src/server/seed/demo.ts). */
export const DEMO = {
  investor: 'investor@demo.example.com',
  pending: 'family@demo.example.com',
  suspended: 'fund@demo.example.com',
  cio: 'cio@demo.example.com',
  legal: 'legal@demo.example.com',
};

/** Runs axe on the page and fails on serious or critical violations. */
export async function expectNoA11yViolations(page: Page, label = page.url()) {
  // A toast can start to leave while axe is still measuring (its timer is its own), and axe then
  // reads its colours mid-fade: an analysis during which a toast changed is run again.
  for (let attempt = 1; ; attempt++) {
    await waitForStillPage(page);
    const before = await toastState(page);
    // Legacy mode runs axe in the page itself; the default opens a blank page per analysis to
    // combine the results of cross-origin frames, which the app has none of (no iframes at all).
    // Same rules, same results, half the browser CPU per analysis (decision 060).
    const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    if (attempt < 4 && (await toastState(page)) !== before) continue;
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe violations on ${label}`,
    ).toEqual([]);
    return;
  }
}

/** Every toast and the state sonner gives it (coming in, in front, leaving...). */
function toastState(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify(
      [...document.querySelectorAll('[data-sonner-toast]')].map((t) =>
        [...t.attributes].filter((a) => a.name.startsWith('data-') && a.name !== 'data-swipe-out').map((a) => `${a.name}=${a.value}`),
      ),
    ),
  );
}

/**
 * Lets transitions settle first (toasts sliding in and stacking, sheets opening): axe measures
 * colours mid-fade otherwise. Waits for a few consecutive animation frames with nothing running;
 * infinite animations (spinners) are ignored.
 */
async function waitForStillPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __axeQuietFrames: number }).__axeQuietFrames = 0;
  });
  await page.waitForFunction(() => {
    const w = window as unknown as { __axeQuietFrames: number };
    const busy = document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
    // A toast that is still coming in or going out (sonner marks it) counts as moving too: its
    // transition may start a few frames after it is added.
    const toastMoving = document.querySelector('[data-sonner-toast][data-mounted="false"], [data-sonner-toast][data-removed="true"]');
    w.__axeQuietFrames = busy || toastMoving ? 0 : w.__axeQuietFrames + 1;
    return w.__axeQuietFrames >= 5;
  });
}

/** The password field's label (the sign-up form marks it required with an aria-hidden '*'). */
export const PASSWORD_LABEL = /^Password\*?$/;

/** Signs in through the login form. */
export async function signInViaUi(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(PASSWORD_LABEL).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function gotoLogin(page: Page) {
  await page.goto('/login');
  await expect(page.getByText('Secure access to deal syndication platform')).toBeVisible();
}

/** The toast region (sonner's live region "Notifications alt+T"); toasts render inside it. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /^Notifications/ });
}

/** Expects a toast with exactly this text. */
export async function expectToast(page: Page, text: string) {
  await expect(toasts(page).getByText(text, { exact: true })).toBeVisible();
}

/** The inline message of the login / sign-up card (the toaster lives outside <main>). */
export function inlineAlert(page: Page) {
  return page.getByRole('main').getByRole('alert');
}

/** Opens /login and signs in; waits until the app has left /login. */
export async function signIn(page: Page, email: string, password: string, expectedPath: RegExp) {
  await gotoLogin(page);
  await signInViaUi(page, email, password);
  await expect(page).toHaveURL(expectedPath);
}

/** A fresh e-mail address for sign-up tests. */
export function freshEmail(tag = 'e2e') {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Fills the sign-up form (the page must be in sign-up mode). */
export async function fillSignUp(
  page: Page,
  f: { name: string; email: string; password: string; confirm: string; type?: 'HNI' | 'Family Office' | 'Offshore Fund' },
) {
  await page.getByLabel('Full Name').fill(f.name);
  await page.getByLabel('Email').fill(f.email);
  if (f.type) await page.getByLabel('Investor Type').selectOption({ label: f.type });
  await page.getByLabel(PASSWORD_LABEL).fill(f.password);
  await page.getByLabel('Confirm Password').fill(f.confirm);
}

/** The question every unsaved-changes guard asks (page links, reloads and dialogs alike). */
export const UNSAVED_QUESTION = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Answers the browser's confirm questions one at a time: `answer(true)` accepts the next one,
 * `answer(false)` dismisses it; `asked` records every question in order.
 */
export function confirmQuestions(page: Page) {
  const asked: string[] = [];
  const answer = (accept: boolean) =>
    page.once('dialog', (d) => {
      asked.push(d.message());
      void (accept ? d.accept() : d.dismiss());
    });
  return { asked, answer };
}

/** The password an admin gives a new account, and the one its owner picks at the first sign-in. */
export const INITIAL_PASSWORD = 'initial-pass-1';
export const OWN_PASSWORD = 'my-own-pass-1';

/** Signs a new investor in for the first time in a context of their own, changing the initial password. */
export async function firstSignIn(browser: Browser, email: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: E2E.baseURL, viewport });
  const page = await ctx.newPage();
  await gotoLogin(page);
  await signInViaUi(page, email, INITIAL_PASSWORD);
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel(/^Current password\*?$/).fill(INITIAL_PASSWORD);
  await page.getByLabel(/^New password\*?$/).fill(OWN_PASSWORD);
  await page.getByLabel(/^Confirm new password\*?$/).fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/investor$/);
  return page;
}
