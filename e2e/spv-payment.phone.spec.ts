import { test } from '@playwright/test';
import { spvPaymentFlow } from './spv-payment-flow';

/** SPV payment instructions at 390 px. */
test.describe.configure({ timeout: 180_000 });

test('SPV payment instructions work at phone width', async ({ browser, page }) => {
  await spvPaymentFlow(browser, page, true);
});
