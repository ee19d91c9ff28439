import { expect, test } from '@playwright/test';
import { investorTokenFlow } from './api-tokens-flow';

test('phone: an investor creates an API token, uses it and revokes it', async ({ page }) => {
  await investorTokenFlow(page, 'phone');
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(390);
});
