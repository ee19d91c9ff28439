import { test } from '@playwright/test';
import { riskOverrideFlow } from './risk-flow';

test.describe.configure({ timeout: 150_000 });

test('risk override and the KYC refresh due date at phone width', async ({ browser, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await riskOverrideFlow(browser, page, { width: 390, height: 844 });
});
