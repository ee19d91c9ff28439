import { expect, test } from '@playwright/test';
import { forgotPasswordFlow } from './email-flows';

/** Password recovery at phone width (390 px): the e-mail arrives, its link sets a new password, sign-in works. */
test('forgot password -> e-mail -> new password -> sign in, at phone width', async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  await forgotPasswordFlow(page, 'phone-recover');
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
});
