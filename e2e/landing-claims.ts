import { type Browser, expect, type Page } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/**
 * Issue 27 item 13: the landing page's claims are the firm's own settings. On the empty install
 * (no demo data) the page claims nothing and still lays out: no figures, no presence sentence, no
 * offices. The admin sets two figures and the presence sentence in English and Arabic under
 * Settings > Company Profile (a bad figure gets a field message); the public page then shows
 * exactly those, in each language. Everything set is cleared at the end.
 */
const CLEAR = { claimAssetsUnderManagement: '', claimInvestors: '', claimCompletedDeals: '', claimPresence: '', claimPresenceAr: '' };
const SPEC_FIGURES = /\$500M\+|150\+|25\+|Teams in Nairobi/;

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

export async function landingClaimsFlow(browser: Browser, viewport: { width: number; height: number }) {
  const phone = viewport.width < 500;
  const admin = await browser.newContext({ baseURL: E2E.emptyBaseURL, viewport: { width: 1280, height: 800 } });
  const visitor = await browser.newContext({ baseURL: E2E.emptyBaseURL, viewport, isMobile: phone, hasTouch: phone });
  const arabic = await browser.newContext({ baseURL: E2E.emptyBaseURL, viewport, locale: 'ar-AE', isMobile: phone, hasTouch: phone });
  const page = await admin.newPage();
  try {
    // Nothing claimed: no figures section, five reasons, and the rest of the page in order.
    const publicPage = await visitor.newPage();
    await publicPage.goto('/');
    await expect(publicPage.getByRole('link', { name: 'Investor Login' })).toBeVisible();
    await publicPage.waitForLoadState('networkidle');
    await expect(publicPage.getByRole('region', { name: 'Key figures' })).toHaveCount(0);
    const reasons = publicPage.getByRole('region', { name: 'Six reasons investors work with us' });
    await expect(reasons.getByRole('heading', { level: 3 })).toHaveCount(5);
    await expect(reasons.getByRole('heading', { name: 'On-the-ground presence' })).toHaveCount(0);
    expect(await publicPage.locator('body').innerText()).not.toMatch(SPEC_FIGURES);
    await expect(publicPage.getByRole('main').getByRole('region')).toHaveCount(6);
    await noHorizontalScroll(publicPage);
    await expectNoA11yViolations(publicPage, `landing without claims (${viewport.width} px)`);

    // The admin sets them in Settings > Company Profile.
    await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    await page.goto('/admin/settings?tab=profile');
    const aum = page.getByLabel('Assets under management', { exact: true });
    await aum.fill('lots');
    await page.getByLabel('Completed deals', { exact: true }).fill('4');
    await page.getByLabel('On-the-ground presence (English)', { exact: true }).fill('Our team in Kigali meets every sponsor in person.');
    await page.getByLabel('On-the-ground presence (Arabic)', { exact: true }).fill('يلتقي فريقنا في كيغالي كل راعٍ شخصيًا.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(aum).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#setting-claimAssetsUnderManagement-error')).toHaveText(
      'Enter a figure with digits, such as 150+ or $500M+',
    );
    await expectNoA11yViolations(page, 'settings: a landing claim with an error');
    await aum.fill('$12M');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Settings saved successfully');

    // The public page shows exactly those: two figures, the presence sentence, in each language.
    await publicPage.reload();
    const stats = publicPage.getByRole('region', { name: 'Key figures' });
    await expect(stats.locator('dd')).toHaveText(['$12M', '4']);
    await expect(stats.locator('dt')).toHaveText(['Assets Under Management', 'Completed Deals']);
    await expect(reasons.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(reasons).toContainText('Our team in Kigali meets every sponsor in person.');
    expect(await publicPage.locator('body').innerText()).not.toMatch(SPEC_FIGURES);
    await noHorizontalScroll(publicPage);
    await expectNoA11yViolations(publicPage, `landing with two claims (${viewport.width} px)`);

    const arabicPage = await arabic.newPage();
    await arabicPage.goto('/');
    await expect(arabicPage.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabicPage.getByText('يلتقي فريقنا في كيغالي كل راعٍ شخصيًا.')).toBeVisible();
    await expect(arabicPage.getByTestId('landing-stats').locator('dd')).toHaveText(['$12M', '4']);
    await noHorizontalScroll(arabicPage);
    await expectNoA11yViolations(arabicPage, `landing with claims in Arabic (${viewport.width} px)`);
  } finally {
    const res = await page.request.put('/api/settings', { data: CLEAR });
    expect(res.ok()).toBe(true);
    await admin.close();
    await visitor.close();
    await arabic.close();
  }
}
