import { test } from '@playwright/test';
import { spvPaymentFlow } from './spv-payment-flow';

/** SPV payment instructions on the form, the card and the capital call notice (issue 12), desktop. */
test.describe.configure({ timeout: 180_000 });

test('the admin enters SPV payment instructions (validated) and the investor sees them on the call notice and its PDF', async ({
  browser,
  page,
}) => {
  await spvPaymentFlow(browser, page, false);
});
