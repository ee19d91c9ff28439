import { test } from './arabic';
import { dateFieldFlow, firmNameFlow, kycPercentFlow, outboxAddressFlow, signedAmountFlow } from './finish-flow';

/** Issue 27 item 15 ("Finish") at 390 px; finish.spec.ts at desktop width. */
test.describe.configure({ timeout: 120_000 });

test('phone: the firm name whole in the navigation sheet, in English and Arabic', async ({ page }, testInfo) =>
  firmNameFlow(page, testInfo));
test('phone: date fields say "Select a date" when empty, "26 Nov 2026" once set', async ({ page }, testInfo) =>
  dateFieldFlow(page, testInfo));
test('phone: the KYC dialog keeps "100%" on one line', async ({ page }) => kycPercentFlow(page));
test('phone: outbox addresses wrap only before "@" and dots', async ({ page }) => outboxAddressFlow(page));
test('phone: Arabic keeps the "+" of a signed amount in front of it', async ({ page }, testInfo) => signedAmountFlow(page, testInfo));
