import { type Browser, expect, type Page } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';
import { newApprovedInvestor } from './setup';

/**
 * Issue 31 part 4 (decision 050): an admin opens a new investor's KYC review, sees the risk rating
 * with each factor's contribution and the KYC refresh due date, is told to give a reason, then
 * overrides the rating with one; the override shows who and why. The investor's DFSA Compliance
 * screen shows the refresh due date (not the rating). The overdue refresh, its completion and
 * approval are covered by the API tests (src/server/modules/risk/risk.test.ts): an e2e investor
 * cannot be approved years ago without a back door.
 */
export async function riskOverrideFlow(browser: Browser, page: Page, viewport: { width: number; height: number }) {
  const stamp = `${Date.now() % 1_000_000}${viewport.width < 500 ? 'p' : 'd'}`;
  const name = `Risk Investor ${stamp}`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const { email, page: inv } = await newApprovedInvestor(browser, page, { name, tag: `risk-${stamp}`, viewport, suitability: true });
  try {
    await page.goto('/admin/investors');
    await page.getByLabel('Search investors').fill(email);
    // A table row on a desktop, a card at phone width.
    const row = page.getByTestId(viewport.width < 768 ? 'kyc-card' : 'kyc-row').filter({ hasText: email });
    await row.getByRole('button', { name: /^Review/ }).click();
    const dialog = page.getByRole('dialog');
    const panel = dialog.getByTestId('risk-panel');
    await expect(panel.getByRole('heading', { name: 'Risk rating' })).toBeVisible();
    // By hand: an individual (0), no residence recorded (1), nationality not recorded (0), no PEP,
    // no hits, source-of-funds document on file (0) = 1 point: low.
    await expect(panel.getByTestId('risk-rating')).toHaveText('Low');
    await expect(panel).toContainText('Computed: Low (1 points)');
    await expect(panel.getByRole('row', { name: /Country of residence/ })).toContainText('Country of residence not recorded');
    await expect(panel).toContainText('Every 36 months at this rating');

    await panel.getByLabel(/^New rating/).selectOption('high');
    await panel.getByRole('button', { name: 'Save override' }).click();
    await expect(panel.getByText('Give the reason for the override (at least 5 characters)')).toBeVisible();
    await expect(panel.getByLabel(/^Reason/)).toHaveAttribute('aria-invalid', 'true');
    await panel.getByLabel(/^Reason/).fill('Adverse media about the source of wealth');
    await expectNoA11yViolations(page, 'risk panel in the KYC review');
    await panel.getByRole('button', { name: 'Save override' }).click();
    await expectToast(page, 'Risk rating set to High');
    await expect(panel.getByTestId('risk-rating')).toHaveText('High');
    await expect(panel.getByTestId('risk-override')).toContainText('Adverse media about the source of wealth');
    await expect(panel.getByTestId('risk-override')).toContainText('Eve Admin');
    // At a high rating the refresh is every 12 months.
    await expect(panel).toContainText('Every 12 months at this rating');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The KYC refreshes tab: nothing waits from this investor.
    await page.getByRole('tab', { name: 'KYC refreshes' }).click();
    await expect(page.getByTestId('refresh-queue').getByRole('heading', { name: 'KYC refreshes waiting for approval' })).toBeVisible();
    await expect(page.getByTestId('refresh-queue')).not.toContainText(name);
    await expectNoA11yViolations(page, 'KYC refreshes tab');

    // The investor sees the due date, a year after today's approval (high: 12 months), not the rating.
    await inv.goto('/investor/compliance');
    const card = inv.getByTestId('kyc-refresh');
    await expect(card.getByRole('heading', { name: 'Periodic KYC refresh' })).toBeVisible();
    await expect(card.getByTestId('refresh-due')).not.toBeEmpty();
    await expect(card).not.toContainText('High');
    await expectNoA11yViolations(inv, 'DFSA Compliance with the KYC refresh');
  } finally {
    await inv.context().close();
  }
}
