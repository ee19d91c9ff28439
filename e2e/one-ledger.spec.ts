import { test } from '@playwright/test';
import { oneLedgerFlow } from './one-ledger-flow';

/** Issue 26: the dashboard, performance, statement PDF and capital-accounts CSV agree, desktop. */
test.describe.configure({ timeout: 240_000 });

test('one ledger, one answer: returned capital, NAV, MOIC and the period return agree on every screen, the PDF and the CSV', async ({
  browser,
  page,
}) => {
  await oneLedgerFlow(browser, page, false);
});
