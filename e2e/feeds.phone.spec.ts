import { expect, test } from '@playwright/test';
import { investorFeedsFlow } from './feeds-flow';

test('phone: an investor subscribes to the calendar feed and downloads ILPA CSV', async ({ page }) => {
  await investorFeedsFlow(page, 'phone');
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(390);
});
