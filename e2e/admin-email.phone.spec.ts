import { expect, type Page, test } from '@playwright/test';
import { confirmEmailInArabic, firstSignInSetsEmailFlow, founderChangesAdminEmailFlow } from './admin-email-flow';

/** Issue 27 item 12 at phone width (390 px). */

async function expectNoHorizontalOverflow(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
}

test('the first sign-in of the generated administrator sets the real e-mail address, at phone width', async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  await firstSignInSetsEmailFlow(page, 'phone');
  await expectNoHorizontalOverflow(page);
});

test("a founder changes an administrator's e-mail at phone width; the link applies it", async ({ page }) => {
  await founderChangesAdminEmailFlow(page, 'phone', async (p, name) => {
    await p.getByRole('button', { name: `Actions for ${name}` }).click();
  });
  await expectNoHorizontalOverflow(page);
});

test('the e-mail confirmation page in Arabic', async ({ page }) => {
  await confirmEmailInArabic(page, 'phone');
});
