import { test } from '@playwright/test';
import { laterClosesFlow } from './later-closes-flow';

/** Issue 29 part 1 at 390 px: the terms' later-closes group and the investor's performance on a phone. */
test.describe.configure({ timeout: 180_000 });

test('equalisation for later closes at phone width', async ({ browser, page }) => {
  await laterClosesFlow(browser, page, true);
});
