import { test } from './arabic';
import { landingInArabic, landingInEnglish, otherPublicPagesInArabic, signUpInArabic } from './public-ar-flow';

/** Public pages in Arabic at desktop width (issue 16); flows in public-ar-flow.ts. */

test('the landing page follows an Arabic browser without choosing, mirrored, and leads to the Arabic login', async ({
  browser,
}, testInfo) => {
  await landingInArabic(browser, testInfo, { width: 1280, height: 800 });
});

test('the landing page hydrates in English without a console error', async ({ page }) => {
  await landingInEnglish(page);
});

test('a new investor chooses العربية on the login page and signs up in Arabic', async ({ page }, testInfo) => {
  await signUpInArabic(page, testInfo);
});

test.describe('an Arabic browser', () => {
  test.use({ locale: 'ar' });
  test('password recovery, the unsubscribe link and the 404 page are in Arabic', async ({ page }, testInfo) => {
    await otherPublicPagesInArabic(page, testInfo);
  });
});
