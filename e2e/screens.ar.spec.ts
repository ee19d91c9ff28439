import { test } from './arabic';
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
