import { test } from '@playwright/test';
import { laterClosesFlow } from './later-closes-flow';

/** Issue 29 part 1: equalisation chosen in a deal's terms, desktop. */
test.describe.configure({ timeout: 180_000 });

test('an admin chooses equalisation for later closes; the first investor’s holding stays at cost', async ({ browser, page }) => {
  await laterClosesFlow(browser, page, false);
});
