import { ar, expect, overflowingText, test } from './arabic';
import { E2E } from './fixtures';
import { signInAdminArabic } from './investors-ar';
import { adminProfile, dealVaultInArabic, resetPasswordInArabic } from './screens-ar-flow';

/**
 * Issue 16 at desktop width: the Arabic screens no other desktop walk checks with axe and the
 * mirror check (the admin's profile, the investor's Deal Vault, the reset-password form with a
 * real link). Flows in screens-ar-flow.ts.
 */

test("Arabic: the admin's profile and the investor's Deal Vault", async ({ page, browser }, testInfo) => {
  await signInAdminArabic(page);
  await adminProfile(page, testInfo, 'desktop');
  // The investor in a context of their own (axe needs a page of browser.newContext()).
  const context = await browser.newContext({ baseURL: E2E.baseURL, viewport: { width: 1280, height: 800 } });
  try {
    await dealVaultInArabic(await context.newPage(), testInfo, 'desktop');
  } finally {
    await context.close();
  }
});

test.describe('an Arabic browser', () => {
  test.use({ locale: 'ar' });
  test('Arabic: a real reset link opens the Arabic form; the new password signs in', async ({ page }, testInfo) => {
    await resetPasswordInArabic(page, testInfo, 'desktop');
  });
});

test.describe('the overflow check itself', () => {
  test.use({ locale: 'ar' });
  test('overflowingText finds text wider than its box and leaves scroll and truncate containers alone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'login.title') })).toBeVisible();
    expect(await overflowingText(page)).toEqual([]);
    await page.evaluate(() => {
      const long = 'نص طويل جدًا لا يتسع في صندوقه الضيق';
      // A container of its own, outside what React renders (a re-render would drop it).
      const box = document.body.appendChild(document.createElement('div'));
      const add = (html: string) => box.insertAdjacentHTML('beforeend', html);
      add(`<button data-testid="too-wide" style="width:60px;white-space:nowrap">${long}</button>`);
      add(`<p data-testid="cut" class="truncate" style="width:60px">${long}</p>`);
      add(`<div style="width:60px;overflow-x:auto"><p data-testid="scrolls" style="width:30px;white-space:nowrap">${long}</p></div>`);
      add(`<span class="sr-only">${long}</span>`);
    });
    const found = await overflowingText(page);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('too-wide');
  });
});
