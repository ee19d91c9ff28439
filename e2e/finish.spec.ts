import { test } from './arabic';
import { dateFieldFlow, firmNameFlow, kycPercentFlow, outboxAddressFlow, signedAmountFlow } from './finish-flow';

/** Issue 27 item 15 ("Finish") at desktop width; finish.phone.spec.ts at 390 px. */
test.describe.configure({ timeout: 120_000 });

test('the sidebar shows the firm name whole, a long one on two lines, in English and Arabic', async ({ page }, testInfo) =>
  firmNameFlow(page, testInfo));
test('date fields say "Select a date" when empty and show "26 Nov 2026" once set, in English and Arabic', async ({ page }, testInfo) =>
  dateFieldFlow(page, testInfo));
test('the KYC dialog keeps "100%" on one line', async ({ page }) => kycPercentFlow(page));
test('outbox addresses wrap only before "@" and dots, and read whole', async ({ page }) => outboxAddressFlow(page));
test('Arabic keeps the "+" of a signed amount in front of it', async ({ page }, testInfo) => signedAmountFlow(page, testInfo));
