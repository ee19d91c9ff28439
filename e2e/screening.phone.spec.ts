import { test } from '@playwright/test';
import { screeningFlow } from './screening-flow';

test.describe.configure({ timeout: 180_000 });

test('beneficial owners, a list import, a false positive, four eyes and a frozen subscription, at phone width', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await screeningFlow(browser, page, { width: 390, height: 844 });
});
