import { ar, arabicAccount, expect, overflowingText, test } from './arabic';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/** The Audit Trail screen in Arabic (decision 042): the catalogue's texts, right to left, a verification. */
test('Audit Trail in Arabic: verify the chain, the latest hash and the legal holds', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);
  await page.goto('/admin/audit-trail');
  await expect(page.getByRole('heading', { level: 1, name: ar('audit-trail', 'title') })).toBeVisible();
  await page.getByRole('button', { name: ar('audit-trail', 'verify.action') }).click();
  // "سليمة: فُحص N قيدًا دون أي خلل." with the count as the account writes digits.
  await expect(page.getByTestId('verify-result')).toContainText(ar('audit-trail', 'verify.intact').split(':')[0] as string);
  await expect(page.getByTestId('chain-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByRole('heading', { name: ar('audit-trail', 'holds.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: ar('audit-trail', 'holds.place') })).toBeVisible();
  expect(await overflowingText(page)).toEqual([]);
  await expectNoA11yViolations(page, 'audit trail (ar)');
});
