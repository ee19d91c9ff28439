import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { openAuditTrail, verifyIntact } from './audit-trail-flow';
import { DEMO, expectNoA11yViolations, expectToast } from './fixtures';

/**
 * The regulator's evidence pack (issue 33, decision 052): an admin produces a pack for an
 * investor from the Audit Trail screen, follows it to Ready, downloads the archive, and the
 * chain still verifies intact (the pack's production is logged in it).
 */

test('an admin produces an evidence pack for an investor, downloads it, and the chain verifies intact', async ({ page }) => {
  test.setTimeout(120_000);
  await openAuditTrail(page, false);
  await expect(page.getByRole('heading', { name: 'Evidence packs' })).toBeVisible();
  const investor = page.getByLabel('Investor to cover');
  const label = (await investor.locator('option', { hasText: DEMO.investor }).textContent()) as string;
  const name = label.replace(/ \(.*$/, '');
  await investor.selectOption({ label });
  await page.getByRole('button', { name: 'Produce evidence pack' }).click();
  await expectToast(page, 'The evidence pack is being produced');

  const item = page
    .getByRole('list', { name: 'Evidence packs produced' })
    .getByTestId('evidence-pack')
    .filter({ hasText: `Investor: ${name}` })
    .first();
  await expect(item).toContainText('Ready', { timeout: 60_000 });
  await expect(item).toContainText(/\d+ files, /);
  await expectNoA11yViolations(page, 'audit trail, evidence pack ready');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('link', { name: `Download the evidence pack: Investor: ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^evidence-pack-investor-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip$/);
  const bytes = await readFile((await download.path()) as string);
  // The hash shown on the screen is the archive's.
  await expect(item).toContainText(createHash('sha256').update(bytes).digest('hex'));
  const names = Object.keys(unzipSync(new Uint8Array(bytes)));
  for (const n of [
    'README.txt',
    'index.pdf',
    'manifest.json',
    'verify-chain.mjs',
    'audit/extract.jsonl',
    'audit/links.csv',
    'data/ledger-entries.json',
  ])
    expect(names).toContain(n);

  // The production is in the chain, and the chain is intact.
  await verifyIntact(page);
  await expectNoA11yViolations(page, 'audit trail, verified after the pack');
});
