import { test } from '@playwright/test';
import { ledgerReversalFlow } from './ledger-reversal-flow';

/** Reversals on the deal ledger (issue 12), desktop. */
test.describe.configure({ timeout: 180_000 });

test('an admin reverses a contribution with a reason and a confirmation; a reversal of a reversal is refused with the server message', async ({
  browser,
  page,
}) => {
  const ctx = await browser.newContext();
  await ledgerReversalFlow(page, await ctx.newPage(), false);
  await ctx.close();
});
