import { test } from '@playwright/test';
import { ledgerReversalFlow } from './ledger-reversal-flow';

/** Reversals on the deal ledger at 390 px. */
test.describe.configure({ timeout: 180_000 });

test('ledger reversals work at phone width', async ({ browser, page }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await ledgerReversalFlow(page, await ctx.newPage(), true);
  await ctx.close();
});
