import { test } from '@playwright/test';
import { riskOverrideFlow } from './risk-flow';

test.describe.configure({ timeout: 150_000 });

test('an admin overrides a risk rating with a reason; the investor sees the KYC refresh due date (desktop)', async ({ browser, page }) => {
  await riskOverrideFlow(browser, page, { width: 1280, height: 800 });
});
