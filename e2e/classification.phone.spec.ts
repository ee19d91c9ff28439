import { test } from '@playwright/test';
import { classificationFlow, retailBlockedFlow } from './classification-flow';

test.describe.configure({ timeout: 150_000 });

test('client classification, approval and subscription at phone width', async ({ browser, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await classificationFlow(browser, page, { width: 390, height: 844 });
});

test('a Retail Client is blocked at phone width', async ({ browser, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await retailBlockedFlow(browser, page, { width: 390, height: 844 });
});
