import { expect, type Page, test } from '@playwright/test';
import { formatDate, formatUSD } from '../src/shared/format';
import type { InvestorDashboardData } from '../src/shared/investor-dashboard';
import { DEMO, E2E, expectNoA11yViolations, freshEmail, gotoLogin, signIn, signInViaUi } from './fixtures';

const USD = /^\$\d{1,3}(,\d{3})*$/;

async function dashboardData(page: Page): Promise<InvestorDashboardData> {
  const res = await page.request.get('/api/investor/dashboard');
  expect(res.status()).toBe(200);
  return (await res.json()) as InvestorDashboardData;
}

async function gotoDashboard(page: Page) {
  await page.goto('/investor');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByTestId('stat-total-committed').getByTestId('stat-value')).toBeVisible();
}

test('the demo investor sees their portfolio in USD, unread messages, KYC status and deals that link to the Deal Vault', async ({
  page,
}) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await gotoDashboard(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sarah Mwangi' })).toBeVisible();
  const data = await dashboardData(page);

  // The three money cards: whole dollars, as the API computes them; the demo investor holds deals.
  for (const [testId, label, value] of [
    ['stat-total-committed', 'Total Committed', data.totalCommitted],
    ['stat-current-value', 'Current Value', data.currentValue],
    ['stat-distributions', 'Distributions Received', data.distributionsReceived],
  ] as const) {
    const card = page.getByRole('group', { name: label });
    await expect(card).toHaveAttribute('data-testid', testId);
    await expect(card.getByTestId('stat-value')).toHaveText(formatUSD(value));
    await expect(card.getByTestId('stat-value')).toHaveText(USD);
    expect(Number(value)).toBeGreaterThan(0);
  }

  // Next payment: date, amount and deal (the demo data schedules payments).
  const next = page.getByRole('group', { name: 'Next Payment' });
  expect(data.nextPayment).not.toBeNull();
  if (data.nextPayment) {
    await expect(next.getByTestId('next-payment-date')).toHaveText(formatDate(data.nextPayment.date));
    await expect(next.getByTestId('next-payment-amount')).toHaveText(formatUSD(data.nextPayment.amount));
    await expect(next.getByText(data.nextPayment.dealName, { exact: true })).toBeVisible();
  }

  // Unread messages: the demo investor starts with two (other specs may have read or sent some).
  const unread = page.getByRole('group', { name: 'Unread Messages' });
  await expect(unread.getByTestId('stat-value')).toHaveText(String(data.unreadMessages));
  expect(data.unreadMessages).toBeGreaterThanOrEqual(0);

  // The KYC card: approved, with the way to the compliance screen.
  const kyc = page.getByTestId('kyc-cta');
  await expect(kyc.getByText('Approved', { exact: true })).toBeVisible();
  await expect(kyc.getByRole('link', { name: 'View KYC status' })).toHaveAttribute('href', '/investor/compliance');

  // Your Deals: title, type and a Held/Open badge each.
  const deals = page.getByRole('region', { name: 'Your Deals' }).getByTestId('dashboard-deal');
  await expect(deals).toHaveCount(data.recentDeals.length);
  expect(data.recentDeals.length).toBeGreaterThan(0);
  for (const [i, d] of data.recentDeals.entries()) {
    const row = deals.nth(i);
    await expect(row.getByText(d.title, { exact: true })).toBeVisible();
    await expect(row.getByText(d.type, { exact: true })).toBeVisible();
    const badge = row.getByText(d.status, { exact: true });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute('data-tone', d.status === 'Held' ? 'success' : 'info');
  }
  expect(data.recentDeals.some((d) => d.status === 'Held')).toBe(true);

  await expectNoA11yViolations(page, 'investor dashboard');
  await page.screenshot({ path: '.test-logs/investor-dashboard-1280.png', fullPage: true });

  // The links work.
  await deals.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/investor\/deals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deal Vault' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'View Deal Vault' }).click();
  await expect(page).toHaveURL(/\/investor\/deals$/);
  await page.goBack();
  await unread.getByRole('link', { name: 'Open Secure Messages' }).click();
  await expect(page).toHaveURL(/\/investor\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Messages' })).toBeVisible();
  await page.goBack();
  await next.getByRole('link', { name: 'Distribution Calendar' }).click();
  await expect(page).toHaveURL(/\/investor\/distributions$/);
});

test('loading failure shows an error with a retry', async ({ page }) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  let fail = true;
  await page.route('**/api/investor/dashboard', (route) =>
    fail
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) })
      : route.continue(),
  );
  await page.goto('/investor');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load your portfolio overview' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Database unavailable')).toBeVisible();
  // The KYC card does not depend on the overview.
  await expect(page.getByTestId('kyc-cta').getByText('Approved', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'investor dashboard (error)');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('stat-total-committed').getByTestId('stat-value')).toHaveText(USD);
});

test('phone width: no horizontal overflow', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await gotoDashboard(page);
  await expect(page.getByTestId('dashboard-deal').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoA11yViolations(page, 'investor dashboard (phone)');
  await page.screenshot({ path: '.test-logs/investor-dashboard-390.png', fullPage: true });
});

test('a new investor sees zero figures, no upcoming payments and the call to complete KYC', async ({ page, browser }) => {
  await gotoLogin(page);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  const email = freshEmail('dashboard-new');
  const res = await page.request.post('/api/users', {
    data: { name: `Dashboard New ${Date.now() % 1_000_000}`, email, password: 'initial-pass-1', role: 'investor', investorUserType: 'hni' },
  });
  expect(res.status()).toBe(201);

  const ctx = await browser.newContext({ baseURL: E2E.baseURL, viewport: { width: 1280, height: 800 } });
  const inv = await ctx.newPage();
  await gotoLogin(inv);
  await signInViaUi(inv, email, 'initial-pass-1');
  await expect(inv).toHaveURL(/\/change-password$/);
  await inv.getByLabel(/^Current password\*?$/).fill('initial-pass-1');
  await inv.getByLabel(/^New password\*?$/).fill('my-own-pass-1');
  await inv.getByLabel(/^Confirm new password\*?$/).fill('my-own-pass-1');
  await inv.getByRole('button', { name: 'Change Password' }).click();
  await expect(inv).toHaveURL(/\/investor$/);

  await gotoDashboard(inv);
  for (const label of ['Total Committed', 'Current Value', 'Distributions Received']) {
    await expect(inv.getByRole('group', { name: label }).getByTestId('stat-value')).toHaveText('$0');
  }
  await expect(inv.getByRole('group', { name: 'Next Payment' }).getByText('No upcoming payments')).toBeVisible();
  await expect(inv.getByRole('group', { name: 'Unread Messages' }).getByTestId('stat-value')).toHaveText('0');
  await expect(inv.getByTestId('kyc-cta').getByRole('link', { name: 'Complete your KYC' })).toBeVisible();
  // Open deals are listed as Open; nothing is Held yet.
  const deals = inv.getByTestId('dashboard-deal');
  for (const row of await deals.all()) await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await expectNoA11yViolations(inv, 'investor dashboard (new investor)');
  await inv.screenshot({ path: '.test-logs/investor-dashboard-new-1280.png', fullPage: true });
  await ctx.close();
});
