import { test } from '@playwright/test';
import { capitalCallFlow } from './capital-calls-flow';

/** Capital calls, notices, receipts, statements and CSV export (issue 12), at desktop width. */
test.describe.configure({ timeout: 240_000 });

test('an admin issues a call, the investor downloads the notice, receipts are recorded, the statement shows the closing balance', async ({
  browser,
  page,
}) => {
  await capitalCallFlow(browser, page, false);
});
