import { test } from '@playwright/test';
import { capitalCallFlow } from './capital-calls-flow';

/** The capital-call flow of issue 12 at 390 px. */
test.describe.configure({ timeout: 240_000 });

test('the capital-call flow works at phone width', async ({ browser, page }) => {
  await capitalCallFlow(browser, page, true);
});
