import { test } from '@playwright/test';
import { jobsFlow } from './jobs-flow';

/** The Background Jobs screen of issue 32 at 390 px. */
test.describe.configure({ timeout: 120_000 });

test('Background Jobs works at phone width', async ({ page }) => {
  await jobsFlow(page, true);
});
