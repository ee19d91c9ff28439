import { test } from '@playwright/test';
import { jobsFlow } from './jobs-flow';

/** The Background Jobs screen of issue 32. */
test.describe.configure({ timeout: 120_000 });

test('the admin finds the statement run and the periodic jobs on Background Jobs', async ({ page }) => {
  await jobsFlow(page, false);
});
