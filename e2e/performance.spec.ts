import { expect, type Page, test } from '@playwright/test';
import type { DistributionCalendar } from '../src/shared/distributions';
import { formatUSD } from '../src/shared/format';
import { fromCents, toCents } from '../src/shared/money';
import type { PerformanceData } from '../src/shared/performance';
import { formatIrr, formatMoic } from '../src/web/features/performance/format';
import { DEMO, E2E, expectNoA11yViolations, firstSignIn, freshEmail, INITIAL_PASSWORD, isoInDays, signIn } from './fixtures';

/** Performance Dashboard (/investor/performance), issue 6. */

test.describe.configure({ timeout: 120_000 });

const DEMO_HOLDINGS = [
  { deal: 'Mombasa Diesel Cargo Financing', type: 'Oil Trading', status: 'Performing', exit: '2027' },
  { deal: 'Nairobi Distressed Office Tower', type: 'Distressed Real Estate', status: 'On Track', exit: '2028' },
  { deal: 'Kigali AI Credit Scoring Platform', type: 'AI & Tech', status: 'Watch', exit: '2029' },
] as const;

const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test('the demo investor sees portfolio totals, three holdings with their statuses and the charts', async ({ page }) => {
  // The chart module (and recharts with it) is fetched only on this screen.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const chartChunk = (u: string) => /performance-charts/.test(u);

  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.filter(chartChunk), 'no chart code before the Performance Dashboard').toEqual([]);

  await page
    .getByRole('complementary', { name: 'Investor Portal navigation' })
    .getByRole('link', { name: 'Performance Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/investor\/performance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Performance Dashboard' })).toBeVisible();

  // Totals: the five cards show the server's figures, USD without decimals, IRR in %, MOIC as a multiple.
  const res = await page.request.get('/api/investor/performance');
  expect(res.ok()).toBe(true);
  const perf = (await res.json()) as PerformanceData;
  expect(perf.holdings.length).toBeGreaterThanOrEqual(3);
  await expect(card(page, 'Total Commitment')).toContainText(formatUSD(perf.totals.commitment));
  await expect(card(page, 'Current Value')).toContainText(formatUSD(perf.totals.currentValue));
  await expect(card(page, 'Distributions Received')).toContainText(formatUSD(perf.totals.distributions));
  // The demo holdings are all younger than a year: the period return, not an annualised IRR (decision 023).
  expect(perf.totals.annualised).toBe(false);
  await expect(card(page, 'Return since first contribution')).toContainText(formatIrr(perf.totals.periodReturn));
  await expect(card(page, 'Return since first contribution')).toContainText('Not annualised: under one year of history');
  await expect(card(page, 'Portfolio IRR')).toHaveCount(0);
  await expect(card(page, 'MOIC')).toContainText(formatMoic(perf.totals.moic));
  expect(formatIrr(perf.totals.periodReturn)).toMatch(/^-?\d+\.\d%$/);
  await expect(page.getByTestId('performance-as-of')).toContainText('on paid distributions only');
  expect(formatMoic(perf.totals.moic)).toMatch(/^\d+\.\d\dx$/);
  // The demo investor's commitments: 250,000 + 150,000 + 300,000 (plus any later completed subscriptions).
  expect(Number(perf.totals.commitment)).toBeGreaterThanOrEqual(700_000);
  await expect(card(page, 'Total Commitment')).toContainText(`${perf.holdings.length} holdings`);

  // Holdings: the three demo deals with Performing / On Track / Watch, each badge with its text.
  const table = page.getByRole('table', { name: 'Holdings' });
  await expect(table).toBeVisible();
  for (const h of DEMO_HOLDINGS) {
    const row = table.getByRole('row').filter({ hasText: h.deal });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(h.type);
    await expect(row).toContainText(h.exit);
    await expect(row.getByText(h.status, { exact: true })).toBeVisible();
    const holding = perf.holdings.find((x) => x.dealTitle === h.deal);
    expect(holding?.status).toBe(h.status);
    if (!holding) continue;
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText(formatUSD(holding.commitment));
    await expect(cells.nth(2)).toHaveText(formatUSD(holding.currentValue));
    await expect(cells.nth(3)).toHaveText(holding.annualised ? formatIrr(holding.irr) : `${formatIrr(holding.periodReturn)}not annualised`);
    await expect(cells.nth(4)).toHaveText(formatMoic(holding.moic));
  }
  // Status colours: Performing green, On Track blue, Watch yellow.
  await expect(table.getByText('Performing', { exact: true })).toHaveAttribute('data-tone', 'success');
  await expect(table.getByText('On Track', { exact: true })).toHaveAttribute('data-tone', 'info');
  await expect(table.getByText('Watch', { exact: true })).toHaveAttribute('data-tone', 'warning');
  // The demo numbers (valuations 945,000 / 615,000 / 1,080,000 on 875,000 / 600,000 / 1,200,000 committed).
  // Sarah's share of the Mombasa valuation: 945,000 x 250,000 / 875,000 = 270,000. Other specs of
  // the same run may pay a distribution on that deal (distributions.spec.ts pays 2/7 of 35,000.01,
  // dated from today on; the demo's own payments are all in the past): NAV is the valuation share
  // less what was paid since (decision 023), counted here from the investor's calendar in cents.
  const calendar = (await (await page.request.get('/api/investor/distributions')).json()) as DistributionCalendar;
  const paidSince = calendar.history
    .filter((d) => d.dealName === 'Mombasa Diesel Cargo Financing' && d.status === 'Paid' && d.paymentDate >= isoInDays(0))
    .reduce((sum, d) => sum + toCents(d.amount), 0n);
  const oil = table.getByRole('row').filter({ hasText: 'Mombasa Diesel Cargo Financing' }).getByRole('cell');
  await expect(oil.nth(1)).toHaveText('$250,000');
  await expect(oil.nth(2)).toHaveText(formatUSD(fromCents(27_000_000n - paidSince)));
  const ai = table.getByRole('row').filter({ hasText: 'Kigali AI Credit Scoring Platform' }).getByRole('cell');
  await expect(ai.nth(2)).toHaveText('$270,000');
  await expect(ai.nth(4)).toHaveText('0.90x');

  // Charts: lazily loaded, drawn as SVG, each with a text alternative.
  const valueChart = page.getByRole('img', { name: 'Line chart of portfolio value over time' });
  await expect(valueChart.locator('svg.recharts-surface')).toBeVisible();
  await expect(valueChart.locator('.recharts-area-curve')).toBeVisible();
  await expect(page.getByText(/^Portfolio value went from \$[\d,]+ on .+ to \$[\d,]+ on .+, over \d+ valuation dates\.$/)).toBeVisible();
  const hiddenTable = page.getByRole('table', { name: 'Portfolio value by valuation date' });
  await expect(hiddenTable).toBeAttached();
  await expect(hiddenTable.getByRole('row')).toHaveCount(perf.history.length + 1);
  const allocation = page.getByRole('img', { name: 'Donut chart of current value by deal type' });
  await expect(allocation.locator('svg.recharts-surface')).toBeVisible();
  const legend = page.getByRole('list', { name: 'Allocation by deal type' });
  for (const h of DEMO_HOLDINGS) await expect(legend).toContainText(h.type);
  expect(scripts.filter(chartChunk).length, 'the chart chunk is fetched on this screen').toBeGreaterThan(0);

  await expectNoA11yViolations(page, 'performance dashboard');
});

test('an investor without holdings sees the empty state, and no chart is loaded', async ({ page, browser }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const email = freshEmail('perf-empty');
  const created = await page.request.post('/api/users', {
    data: { name: `Perf Empty ${Date.now() % 1_000_000}`, email, password: INITIAL_PASSWORD, role: 'investor', investorUserType: 'hni' },
  });
  expect(created.status()).toBe(201);

  const investor = await firstSignIn(browser, email);
  const scripts: string[] = [];
  investor.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await investor.goto('/investor/performance');
  await expect(investor.getByRole('heading', { level: 1, name: 'Performance Dashboard' })).toBeVisible();
  await expect(investor.getByText('You have no holdings yet')).toBeVisible();
  await expect(card(investor, 'Total Commitment')).toContainText('$0');
  await expect(card(investor, 'Portfolio IRR')).toContainText('—');
  await expect(card(investor, 'MOIC')).toContainText('—');
  await expect(investor.getByRole('table', { name: 'Holdings' })).toHaveCount(0);
  await expect(investor.getByRole('link', { name: 'Browse the Deal Vault' })).toHaveAttribute('href', '/investor/deals');
  expect(scripts.filter((u) => /performance-charts/.test(u))).toEqual([]);
  await expectNoA11yViolations(investor, 'performance dashboard, empty');
  await investor.context().close();
});
