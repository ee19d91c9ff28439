import { test } from '@playwright/test';
import { screeningFlow } from './screening-flow';

test.describe.configure({ timeout: 180_000 });

test('beneficial owners, a list import, a false positive, four eyes and a frozen subscription', async ({ browser, page }) => {
  await screeningFlow(browser, page, { width: 1280, height: 800 });
});
