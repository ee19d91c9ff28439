import { test } from '@playwright/test';
import { oneLedgerFlow } from './one-ledger-flow';

/** Issue 26 at 390 px: the same figures on the phone layouts. */
test.describe.configure({ timeout: 240_000 });

test('one ledger, one answer at phone width', async ({ browser, page }) => {
  await oneLedgerFlow(browser, page, true);
});
