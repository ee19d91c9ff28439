import { test } from '@playwright/test';
import { suitabilityGateFlow } from './suitability-gate';

test.describe.configure({ timeout: 120_000 });

test('no subscription without a completed suitability review, at phone width', async ({ browser, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await suitabilityGateFlow(browser, page, { width: 390, height: 844 });
});
