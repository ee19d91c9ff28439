import { test } from './arabic';
import { adminScreensInArabic, dealVaultInArabic, newDealInArabic, resetPasswordInArabic, userManagementInArabic } from './screens-ar-flow';

/**
 * Issue 16 at 390 px: every admin screen no other Arabic phone walk checks (one context, the
 * navigation sheet from the right), the deal pipeline and user management flows, the Deal Vault
 * with its navigation sheet, and the reset-password form with a real link. Flows in screens-ar-flow.ts.
 */
test.describe.configure({ timeout: 120_000 });

test('phone: every admin screen in Arabic with axe and the mirror check; the sheet opens from the right', async ({ page }, testInfo) => {
  await adminScreensInArabic(page, testInfo, true);
});

test('phone: a deal created through the Arabic new-deal form shows in the pipeline and opens', async ({ page }, testInfo) => {
  await newDealInArabic(page, testInfo, 'phone');
});

test('phone: User Management in Arabic: add an investor, then edit their name and type', async ({ page }, testInfo) => {
  await userManagementInArabic(page, testInfo, 'phone');
});

test("phone: the investor's Deal Vault in Arabic; the sheet opens from the right", async ({ page }, testInfo) => {
  await dealVaultInArabic(page, testInfo, 'phone');
});

test.describe('an Arabic browser', () => {
  test.use({ locale: 'ar' });
  test('phone: a real reset link opens the Arabic form; the new password signs in', async ({ page }, testInfo) => {
    await resetPasswordInArabic(page, testInfo, 'phone');
  });
});
