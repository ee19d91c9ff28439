import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { formatDate } from '../src/shared/format';
import type { InvestorDashboardData, PerformanceData } from '../src/shared/portal';
import { E2E, expectNoA11yViolations, isoInDays, signIn } from './fixtures';

/** The demo co-investor (KYC approved), who holds all of a fresh deal in this flow. */
const KILI = 'kilimanjaro@demo.example.com';

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');

/**
 * Issue 26 (decision 023): one ledger, one answer. A newcomer's deal (8% preferred return, full
 * catch-up, 20% carry): 500,000 called and received today, 650,000 distributed through the
 * waterfall and paid today. The performance screen, the dashboard, the statement PDF and the
 * deal's capital-accounts CSV show the same figures, equal to these computed by hand:
 * - capital first: 500,000 back; no time has passed, so no preferred return and no catch-up;
 *   the 150,000 profit splits 80/20: investors 120,000, GP 30,000; the investor gets 620,000;
 * - net asset value: no valuation, cost less returned capital = 500,000 - 500,000 = 0;
 * - MOIC (620,000 + 0) / 500,000 = 1.24x; gain 120,000;
 * - under one year of history: the period return 120,000 / 500,000 = 24.0%, not annualised.
 */
export async function oneLedgerFlow(browser: Browser, page: Page, phone: boolean) {
  const stamp = `${Date.now() % 1_000_000}${phone ? 'p' : 'd'}`;
  const title = `Arusha Grain Silos ${stamp}`;
  const today = isoInDays(0);
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const created = await page.request.post('/api/deals', { data: { title, type: 'Infrastructure', targetAmount: null } });
  expect(created.status()).toBe(201);
  const dealId = (await created.json()).deal.id as string;
  expect((await page.request.patch(`/api/deals/${dealId}`, { data: { status: 'Active' } })).ok()).toBe(true);
  const terms = await page.request.put(`/api/deals/${dealId}/terms`, {
    data: {
      hurdleRate: '8',
      catchUp: 'full',
      carryRate: '20',
      carryRecipients: [{ kind: 'gp', name: 'Meridian GP Ltd', share: '100' }],
      managementFee: null,
    },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  const viewport = phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {};
  const investor = await (await browser.newContext(viewport)).newPage();
  await signIn(investor, KILI, E2E.demoPassword, /\/investor$/);
  const sub = await investor.request.post('/api/investor/subscriptions', { data: { dealId, amount: '500000' } });
  expect(sub.status()).toBe(201);
  expect((await page.request.post(`/api/subscriptions/${(await sub.json()).subscription.id}/complete`, { data: {} })).ok()).toBe(true);
  const investorId = (await (await investor.request.get('/api/auth/session')).json()).user.id as string;
  const call = await page.request.post('/api/capital-calls', {
    data: { dealId, basis: 'percentage', percentage: '100', dueDate: today, purpose: 'Closing', investorIds: [investorId] },
  });
  expect(call.status(), await call.text()).toBe(201);
  const receipt = await page.request.post(`/api/capital-calls/${(await call.json()).call.id}/receipts`, {
    data: { investorId, amount: '500000', valueDate: today },
  });
  expect(receipt.status(), await receipt.text()).toBe(201);
  const dist = await page.request.post('/api/distributions', {
    data: { dealId, type: 'Capital Gain', totalAmount: '650000', paymentDate: today, recordDate: today },
  });
  expect(dist.status(), await dist.text()).toBe(201);
  expect((await page.request.post(`/api/distributions/${(await dist.json()).event.id}/pay`, { data: {} })).ok()).toBe(true);

  // The performance screen: the holding's row (a card on a phone), the as-of line.
  await investor.goto('/investor/performance');
  await expect(investor.getByRole('heading', { level: 1, name: 'Performance Dashboard' })).toBeVisible();
  await expect(investor.getByTestId('performance-as-of')).toHaveText(
    `Figures as of ${formatDate(today)}, on paid distributions only (scheduled ones are not included).`,
  );
  const holding = phone
    ? investor.getByTestId('holding-card').filter({ hasText: title })
    : investor.getByRole('table', { name: 'Holdings' }).getByRole('row').filter({ hasText: title });
  await expect(holding).toHaveCount(1);
  if (phone) {
    await expect(holding).toContainText('$500,000'); // commitment
    await expect(holding).toContainText('$0'); // current value
    await expect(holding).toContainText('24.0% (not annualised)');
    await expect(holding).toContainText('1.24x');
  } else {
    const cells = holding.getByRole('cell');
    await expect(cells.nth(1)).toHaveText('$500,000');
    await expect(cells.nth(2)).toHaveText('$0');
    await expect(cells.nth(3)).toHaveText('24.0%not annualised');
    await expect(cells.nth(4)).toHaveText('1.24x');
  }
  await expectNoA11yViolations(investor, 'performance, one ledger');

  // The dashboard shows the performance screen's totals, and says as of when and that they are paid.
  const perf = (await (await investor.request.get('/api/investor/performance')).json()) as PerformanceData;
  const mine = perf.holdings.find((h) => h.dealId === dealId);
  expect(mine).toMatchObject({ currentValue: '0.00', distributionsReceived: '620000.00', gain: '120000.00', annualised: false });
  await investor.goto('/investor');
  const dash = (await (await investor.request.get('/api/investor/dashboard')).json()) as InvestorDashboardData;
  expect(dash.currentValue).toBe(perf.totals.currentValue);
  expect(dash.distributionsReceived).toBe(perf.totals.distributions);
  const value = investor.getByTestId('stat-current-value');
  await expect(value).toContainText(`Net asset value on ${formatDate(today)}`);
  await expect(investor.getByTestId('stat-distributions')).toContainText(
    `Paid to you to ${formatDate(today)} (scheduled payments not included)`,
  );
  await expectNoA11yViolations(investor, 'investor dashboard, one ledger');

  // The statement PDF, read back: the balance is the NAV, the same MOIC and return.
  await investor.goto('/investor/statements');
  await expect(investor.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  await investor.getByRole('textbox', { name: 'From', exact: true }).fill(`${today.slice(0, 4)}-01-01`);
  await investor.getByRole('textbox', { name: 'To', exact: true }).fill(today);
  const [statement] = await Promise.all([
    investor.waitForEvent('download'),
    investor.getByRole('button', { name: 'Download Statement (PDF)' }).click(),
  ]);
  const text = pdfText(await statement.path());
  const section = text.slice(text.indexOf(title));
  expect(section).toMatch(/Opening balance \$0\.00/);
  expect(section).toMatch(/Contributions \$500,000\.00/);
  expect(section).toMatch(/Distributions: Capital Gain -\$620,000\.00/);
  expect(section).toMatch(/Change in value \$120,000\.00/);
  expect(section).toMatch(/Return of capital \$500,000\.00/);
  expect(section).toMatch(/Closing balance \$0\.00/);
  expect(section).toMatch(/MOIC \/ return, not annualised 1\.24x \/ 24\.0%/);
  await investor.context().close();

  // The deal's capital accounts: capital returned is the waterfall's, and the CSV has the same figures.
  await page.goto(`/admin/deals/${dealId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel('Ledger totals')).toContainText('Capital returned$500,000.00');
  const row = page.getByRole('region', { name: 'Capital accounts by investor' }).getByRole('row').filter({ hasText: 'Kilimanjaro' });
  await expect(row).toContainText('$620,000.00');
  await expect(row).toContainText('1.24x');
  await expect(row).toContainText('24.0%');
  await expectNoA11yViolations(page, 'deal capital accounts');
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export capital accounts CSV' }).click(),
  ]);
  const csv = readFileSync(await csvDownload.path(), 'utf8').replace(/^\ufeff/, '');
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data.find((r) => r.Investor?.includes('Kilimanjaro'))).toMatchObject({
    'As of': today,
    Contributed: '500000.00',
    'Distributed (paid)': '620000.00',
    'Capital returned': '500000.00',
    'Net asset value': '0.00',
    Gain: '120000.00',
    MOIC: '1.24x',
    'IRR (annualised)': '',
    'Return since first contribution (not annualised)': '24.0%',
  });
}
