import { expect, test } from '@playwright/test';
import { openAuditTrail, verifyIntact } from './audit-trail-flow';
import { expectNoA11yViolations } from './fixtures';

/** The audit trail at phone width (390 px): verify the chain, read the hash, no sideways scrolling. */
test('an admin verifies the chain on a phone', async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  await openAuditTrail(page, false);
  await verifyIntact(page);
  await expect(page.getByTestId('chain-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByRole('button', { name: 'Put on hold' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page, 'audit trail, phone');
});
