import { expect, test } from '@playwright/test';
import { openAuditTrail, verifyIntact } from './audit-trail-flow';
import { DEMO, E2E, expectNoA11yViolations, expectToast, gotoLogin, signInViaUi, toasts } from './fixtures';

/**
 * Retention and the four-eyes purge (issue 33, decision 054): the demo's former client (closed in
 * 2018) is past the six-year retention. One admin proposes its purge, another approves it; the
 * client becomes "Former investor #..." and the chain still verifies intact.
 */
test('one admin proposes the purge of a client past retention, another approves it, the chain stays intact', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await openAuditTrail(page, false);
  await expect(page.getByRole('heading', { name: 'Retention and purges' })).toBeVisible();
  await expect(page.getByLabel('KYC and AML records (years)')).toHaveValue('6');
  await page.getByRole('button', { name: 'Review now' }).click();
  const list = page.getByRole('list', { name: 'Clients whose records are past retention' });
  const client = list.getByTestId('retention-candidate').filter({ hasText: 'Zanzibar Spice Holdings' });
  // Closed on 28 June 2018 (the company's zone): six years, kept through 28 June 2024 (by hand).
  await expect(client).toContainText('KYC and AML records: 6 years from 28 Jun 2018, kept through 28 Jun 2024');
  await expect(client).toContainText('DFSA AML 14.4');
  await client.getByRole('button', { name: 'Propose purge of Zanzibar Spice Holdings' }).click();
  await expectToast(page, 'Purge of Zanzibar Spice Holdings proposed: another admin must approve it');
  await expect(client).toContainText('Another admin must approve your proposal.');
  await expect(client.getByRole('button', { name: /^Approve purge/ })).toHaveCount(0);
  await expectNoA11yViolations(page, 'audit trail, purge proposed');

  // The second pair of eyes: the legal admin, in a session of their own.
  const legalContext = await browser.newContext({ baseURL: E2E.baseURL });
  const legal = await legalContext.newPage();
  await gotoLogin(legal);
  await signInViaUi(legal, DEMO.legal, E2E.demoPassword);
  await expect(legal).toHaveURL(/\/admin$/);
  await legal.goto('/admin/audit-trail');
  const proposed = legal
    .getByRole('list', { name: 'Clients whose records are past retention' })
    .getByTestId('retention-candidate')
    .filter({ hasText: 'Zanzibar Spice Holdings' });
  await expect(proposed).toContainText(/Purge proposed by .+ on /);
  await proposed.getByRole('button', { name: 'Approve purge of Zanzibar Spice Holdings' }).click();
  await expect(toasts(legal).getByText(/^Records purged: Former investor #[0-9a-f]{8}$/)).toBeVisible();
  const purged = legal.getByRole('list', { name: 'Recent purges and proposals' }).getByTestId('retention-purge').first();
  await expect(purged).toContainText(/^Former investor #[0-9a-f]{8}Purged/);
  await expect(purged).toContainText(/Purged by Leila Haddad on /);
  await expect(purged).toContainText(/\d+ records and 2 files removed/);
  await expect(proposed).toHaveCount(0);
  await verifyIntact(legal);
  await expectNoA11yViolations(legal, 'audit trail, purged and verified');
  await legalContext.close();
});
