import { test } from './arabic';
import { adminScreensInArabic, resetPasswordInArabic } from './screens-ar-flow';

/**
 * Issue 16 at 390 px: every admin screen no other Arabic phone walk checks, with the deal
 * pipeline and user management flows, in one context (the navigation sheet from the right), and
 * the reset-password form with a real link. The Deal Vault at 390 px, with the investor's sheet
 * from the right: deals.ar.phone.spec.ts. Flows in screens-ar-flow.ts.
 */
test.describe.configure({ timeout: 120_000 });

test('phone: every admin screen in Arabic with axe and the mirror check, a new deal into the pipeline, a user added and edited', async ({
  page,
}, testInfo) => {
  await adminScreensInArabic(page, testInfo, true);
});

test.describe('an Arabic browser', () => {
  test.use({ locale: 'ar' });
  test('phone: a real reset link opens the Arabic form; the new password signs in', async ({ page }, testInfo) => {
    await resetPasswordInArabic(page, testInfo, 'phone');
  });
});
