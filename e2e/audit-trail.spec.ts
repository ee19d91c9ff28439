import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openAuditTrail, verifyIntact } from './audit-trail-flow';
import { DEMO, expectNoA11yViolations, expectToast } from './fixtures';

/**
 * The audit trail (issue 33, decision 042): an admin verifies the hash chain (intact), sees the
 * latest hash, downloads it as a file and e-mails it to an address outside the firm.
 */

test('an admin verifies the chain, downloads and e-mails the latest hash', async ({ page }) => {
  await openAuditTrail(page, true);
  await expect(page.getByText('Every activity-log entry is linked to the one before it by a hash chain')).toBeVisible();
  await verifyIntact(page);
  // The check itself is logged: the head moves to it.
  const hash = page.getByTestId('chain-hash');
  await expect(hash).toHaveText(/^[0-9a-f]{64}$/);
  const shown = (await hash.textContent()) as string;
  await expect(page.getByText(`npm run audit:verify -- --expect`)).toContainText(shown);
  await expectNoA11yViolations(page, 'audit trail, verified');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-trail-hash-\d+\.txt$/);
  const text = await readFile((await download.path()) as string, 'utf8');
  expect(text).toContain('Audit trail: latest hash');
  expect(text).toContain(`Hash (SHA-256): ${shown}`);

  // E-mail: queued (a bad address's field error: features/audit-trail/audit-trail-page.test.tsx).
  const to = page.getByLabel('Send to');
  await to.fill('auditor@outside.example');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Queued for auditor@outside.example.')).toBeVisible();
  await expectNoA11yViolations(page, 'audit trail, e-mail queued');

  // Both are in the activity log.
  await page.getByRole('link', { name: 'Activity Logs' }).click();
  await expect(page.getByRole('table', { name: 'Activity logs' })).toContainText('Audit hash e-mailed');
  await expect(page.getByRole('table', { name: 'Activity logs' })).toContainText('Audit trail verified');
});

test('an admin puts an investor on legal hold with a reason, then lifts it', async ({ page }) => {
  await openAuditTrail(page, false);
  const holds = page.getByRole('list', { name: 'Legal holds' });
  // The required investor and reason: features/audit-trail/audit-trail-page.test.tsx.
  const investor = page.getByLabel('Investor', { exact: true });
  const choice = investor.locator('option', { hasText: DEMO.investor });
  const label = (await choice.textContent()) as string;
  const name = label.replace(/ \(.*$/, '');
  await investor.selectOption({ label });
  await page.getByLabel('Reason', { exact: true }).fill('DFSA enquiry 2026/14');
  await page.getByRole('button', { name: 'Put on hold' }).click();
  await expectToast(page, `${name} is on legal hold.`);
  const item = holds.getByTestId('legal-hold').filter({ hasText: 'DFSA enquiry 2026/14' });
  await expect(item).toContainText(name);
  await expect(item).toContainText('Active');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, 'audit trail, investor on hold');
  // A second hold on the same investor: refused with the server's message.
  await investor.selectOption({ label });
  await page.getByLabel('Reason', { exact: true }).fill('Again');
  await page.getByRole('button', { name: 'Put on hold' }).click();
  await expect(page.getByText('This one is already under legal hold')).toBeVisible();
  // Lift it with a reason.
  await item.getByLabel(`Reason for lifting the hold on ${name}`).fill('Enquiry closed');
  await item.getByRole('button', { name: 'Lift' }).click();
  await expectToast(page, `The hold on ${name} was lifted.`);
  await expect(item).toContainText('Lifted');
  await expect(item).toContainText('Enquiry closed');
});
