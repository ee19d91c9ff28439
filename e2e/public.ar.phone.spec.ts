import { test } from './arabic';
import { landingInArabic, otherPublicPagesInArabic, signUpInArabic } from './public-ar-flow';

/** Public pages in Arabic at 390 px (issue 16); flows in public-ar-flow.ts. */

test('phone: the landing page follows an Arabic browser, mirrored, and leads to the Arabic login', async ({ browser }, testInfo) => {
  await landingInArabic(browser, testInfo, { width: 390, height: 844 });
});

test('phone: a new investor chooses العربية on the login page and signs up in Arabic', async ({ page }, testInfo) => {
  await signUpInArabic(page, testInfo);
});

test.describe('an Arabic browser', () => {
  test.use({ locale: 'ar' });
  test('phone: password recovery, the unsubscribe link and the 404 page are in Arabic', async ({ page }, testInfo) => {
    await otherPublicPagesInArabic(page, testInfo);
  });
});
