import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { formatDate } from '../src/shared/format';
import type { InvestorDashboardData } from '../src/shared/investor-dashboard';
import type { PerformanceData } from '../src/shared/performance';
import { E2E, expectNoA11yViolations, expectToast, isoInDays, OWN_PASSWORD, signIn } from './fixtures';
import { completeSigned, createActiveDeal, newApprovedInvestor } from './setup';

/** The demo co-investor (KYC approved, suitability review current): the deal's first close. */
const KILI = 'kilimanjaro@demo.example.com';

const saveTemp = (bytes: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'one-ledger-')), 'notice.pdf');
  writeFileSync(file, bytes);
  return file;
};
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');

/**
 * The figures of issue 26's newcomer flow, computed by hand (never by the code under test).
 * Deal terms: 8% preferred return, full catch-up, 20% carry to the GP. Kilimanjaro commits 300,000
 * (the first close) and is called in full; a new investor commits 200,000 afterwards (a later
 * close) and is called alone by a 200,000 call split pro rata to unfunded commitment (Kilimanjaro
 * has none left). Both pay today; 650,000 is distributed and paid today:
 * - return of capital first: 500,000 back (300,000 and 200,000); no time has passed, so no
 *   preferred return and no catch-up; the 150,000 profit splits 80/20: investors 120,000 (by
 *   contributed capital 3:2, 72,000 and 48,000), the GP 30,000;
 * - Kilimanjaro gets 372,000, the later closer 248,000; with the GP's 30,000 the lines sum to 650,000;
 * - net asset value: no valuation, so cost less returned capital = 0 for both;
 * - MOIC (372,000 + 0) / 300,000 = (248,000 + 0) / 200,000 = 1.24x; gains 72,000 and 48,000;
 * - under one year of history: the period return 72,000 / 300,000 = 48,000 / 200,000 = 24.0%, not annualised;
 * - the GP line's share of the total: 30,000 / 650,000 = 4.615...% -> 4.6%; the investors' 57.2% and 38.2%
 *   (372/650 = 57.23%, 248/650 = 38.15%): 57.2 + 38.2 + 4.6 = 100.0.
 */
const INVESTORS = [
  { key: 'kili', committed: '300,000', contributed: '300000.00', paid: '372000.00', gain: '72000.00', share: '57.2%' },
  { key: 'later', committed: '200,000', contributed: '200000.00', paid: '248000.00', gain: '48000.00', share: '38.2%' },
] as const;

/**
 * Issue 26 (decisions 023 and 024): one ledger, one answer, with two investors, a later close, a
 * call issued through the screen, a future value date refused, the distribution's allocation check
 * silent when the GP's carry explains the difference, and then the performance screen, the
 * dashboard, the statement PDF (read back) and the deal's capital-accounts CSV agreeing with the
 * figures above.
 */
export async function oneLedgerFlow(browser: Browser, page: Page, phone: boolean) {
  const stamp = `${Date.now() % 1_000_000}${phone ? 'p' : 'd'}`;
  const title = `Arusha Grain Silos ${stamp}`;
  const today = isoInDays(0);
  const viewport = phone ? { width: 390, height: 844 } : { width: 1280, height: 800 };
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  // Set-up through the API: the deal (its SPV holds payment details, so calls can be issued), terms.
  const dealId = await createActiveDeal(page, { title, spvEntity: 'EA Energy Trade SPV Ltd' });
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

  // The first close: Kilimanjaro, 300,000, called in full and received today.
  const kili = await (await browser.newContext({ viewport, isMobile: phone, hasTouch: phone })).newPage();
  await signIn(kili, KILI, E2E.demoPassword, /\/investor$/);
  const kiliId = (await (await kili.request.get('/api/auth/session')).json()).user.id as string;
  const sub = await kili.request.post('/api/investor/subscriptions', { data: { dealId, amount: '300000' } });
  expect(sub.status(), await sub.text()).toBe(201);
  await completeSigned(page.request, kili.request, (await sub.json()).subscription.id, {
    investor: E2E.demoPassword,
    admin: E2E.adminPassword,
  });
  const first = await page.request.post('/api/capital-calls', {
    data: { dealId, basis: 'percentage', percentage: '100', dueDate: today, purpose: 'First close' },
  });
  expect(first.status(), await first.text()).toBe(201);
  const firstId = (await first.json()).call.id as string;
  // Money cannot arrive after today (issue 26): tomorrow's value date is refused, nothing recorded.
  const early = await page.request.post(`/api/capital-calls/${firstId}/receipts`, {
    data: { investorId: kiliId, amount: '300000', valueDate: isoInDays(1) },
  });
  expect(early.status()).toBe(409);
  expect((await early.json()).message).toMatch(/^The value date cannot be after today/);
  const paidIn = await page.request.post(`/api/capital-calls/${firstId}/receipts`, {
    data: { investorId: kiliId, amount: '300000', valueDate: today },
  });
  expect(paidIn.status(), await paidIn.text()).toBe(201);

  // The later close: a new investor (KYC approved, suitability review done) commits 200,000.
  const { id: laterId, page: later } = await newApprovedInvestor(browser, page, {
    name: `Later Closer ${stamp}`,
    tag: `ledger-${stamp}`,
    viewport,
    suitability: true,
  });
  const laterSub = await later.request.post('/api/investor/subscriptions', { data: { dealId, amount: '200000' } });
  expect(laterSub.status(), await laterSub.text()).toBe(201);
  await completeSigned(page.request, later.request, (await laterSub.json()).subscription.id, {
    investor: OWN_PASSWORD,
    admin: E2E.adminPassword,
  });

  // The later closer's call, through the screen: 200,000 to all committed investors, pro rata to
  // unfunded commitment: Kilimanjaro has none left, so all of it is the later closer's (by hand).
  await page.goto('/admin/capital-calls');
  await expect(page.getByRole('heading', { level: 1, name: 'Capital Calls' })).toBeVisible();
  await page.getByRole('button', { name: 'New Capital Call' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Capital Call' });
  await dialog.getByLabel('Deal').selectOption({ label: `${title} ($500,000.00 committed)` });
  await expect(dialog.getByLabel('Whom to call')).toHaveValue('all');
  await expect(dialog.getByLabel('Split')).toHaveValue('unfunded');
  await dialog.getByLabel('Call by').selectOption({ label: 'Amount' });
  await dialog.getByLabel(/^Amount \(USD\)/).fill('200,000');
  await dialog.getByLabel('Due date').fill(isoInDays(14));
  await dialog.getByLabel('Purpose').fill('Second close');
  const preview = dialog.getByRole('region', { name: "Each investor's amount" });
  const line = preview.getByTestId('call-preview-line');
  await expect(line.filter({ hasText: `Later Closer ${stamp}` })).toContainText(/\$200,000\.00 unfunded.*\$200,000\.00/s);
  await expect(line.filter({ hasText: 'Kilimanjaro' })).toContainText(/\$0\.00 unfunded.*\$0\.00/s);
  await expect(preview.getByTestId('call-preview-total')).toHaveText('$200,000.00');
  await expectNoA11yViolations(page, 'a later closer call preview');
  await dialog.getByRole('button', { name: 'Issue Capital Call' }).click();
  await expectToast(page, 'Capital call issued: $200,000.00 to 1 investor');
  const calls = (await (await page.request.get('/api/capital-calls')).json()) as {
    calls: { id: string; dealId: string; purpose: string }[];
  };
  const secondId = calls.calls.find((c) => c.dealId === dealId && c.purpose === 'Second close')?.id;
  const secondIn = await page.request.post(`/api/capital-calls/${secondId}/receipts`, {
    data: { investorId: laterId, amount: '200000', valueDate: today },
  });
  expect(secondIn.status(), await secondIn.text()).toBe(201);
  // The later closer's call notice (PDF, read back): the firm's lines, the amount, the SPV's bank details.
  const notice = await later.request.get(`/api/investor/capital-calls/${secondId}/notice`);
  expect(notice.status()).toBe(200);
  const noticeText = pdfText(saveTemp(await notice.body()));
  expectFirmLines(noticeText);
  expect(noticeText).toContain('Amount due $200,000.00');
  expect(noticeText).toContain('Received to date $200,000.00');
  expect(noticeText).toContain('Outstanding $0.00');
  expect(noticeText).toMatch(/SPV EA Energy Trade SPV Ltd/);
  expect(noticeText).not.toMatch(/^(Bank|Account name|SWIFT \/ BIC) -$/m);
  expect(noticeText).not.toContain('-$0.00');

  // 650,000 through the waterfall, paid today. The allocation table lists the GP's carry, so it sums
  // to the total and no mismatch is reported (issue 26 item 3).
  const dist = await page.request.post('/api/distributions', {
    data: { dealId, type: 'Capital Gain', totalAmount: '650000', paymentDate: today, recordDate: today },
  });
  expect(dist.status(), await dist.text()).toBe(201);
  await page.goto('/admin/distributions');
  const event = page.getByTestId('distribution-event').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(event).toHaveCount(1);
  const showAllocations = event.getByRole('button', { name: 'Show allocations' });
  if (await showAllocations.isVisible()) await showAllocations.click();
  const allocations = event.getByRole('table', { name: /^Allocations of / });
  await expect(allocations.getByRole('row').filter({ hasText: 'Kilimanjaro' })).toContainText('$372,000.00');
  await expect(allocations.getByRole('row').filter({ hasText: 'Kilimanjaro' })).toContainText(INVESTORS[0].share);
  await expect(allocations.getByRole('row').filter({ hasText: `Later Closer ${stamp}` })).toContainText('$248,000.00');
  await expect(allocations.getByRole('row').filter({ hasText: `Later Closer ${stamp}` })).toContainText(INVESTORS[1].share);
  await expect(allocations.getByRole('row').filter({ hasText: 'Meridian GP Ltd' })).toContainText('$30,000.00');
  await expect(allocations.getByRole('row').filter({ hasText: 'Meridian GP Ltd' })).toContainText('4.6%');
  await expect(event.getByTestId('allocation-sum')).toHaveText('$650,000.00');
  await expect(event.getByText('Equals the distribution total of $650,000.00.')).toBeVisible();
  await expect(event).not.toContainText('Does not equal');
  await event.getByRole('button', { name: 'Confirm Payment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Payment' });
  await expect(confirm.getByLabel(/^Paid on/)).toHaveValue(today);
  // A payment cannot be confirmed for a day ahead (issue 26 item 5): a field error, nothing paid.
  await confirm.getByLabel(/^Paid on/).fill(isoInDays(1));
  await confirm.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(confirm.getByText('The payment date cannot be after today')).toBeVisible();
  await expect(confirm.getByLabel(/^Paid on/)).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toBeVisible();
  await confirm.getByLabel(/^Paid on/).fill(today);
  await confirm.getByRole('button', { name: 'Confirm Payment' }).click();
  await expectToast(page, 'Distribution marked as paid');
  await expectNoA11yViolations(page, 'distribution with carry, paid');

  // Each investor's screens and statement agree with the figures by hand.
  for (const [who, inv] of [
    [INVESTORS[0], kili],
    [INVESTORS[1], later],
  ] as const) {
    await checkInvestor(inv, who, title, dealId, today, phone);
  }

  // The deal's capital accounts: capital returned is the waterfall's, and the CSV has the same figures.
  await page.goto(`/admin/deals/${dealId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel('Ledger totals')).toContainText('Capital returned$500,000.00');
  const accounts = page.getByRole('region', { name: 'Capital accounts by investor' });
  await expect(accounts.getByRole('row').filter({ hasText: 'Kilimanjaro' })).toContainText('$372,000.00');
  await expect(accounts.getByRole('row').filter({ hasText: `Later Closer ${stamp}` })).toContainText('$248,000.00');
  for (const name of ['Kilimanjaro', `Later Closer ${stamp}`]) {
    await expect(accounts.getByRole('row').filter({ hasText: name })).toContainText('1.24x');
    await expect(accounts.getByRole('row').filter({ hasText: name })).toContainText('24.0%');
  }
  await expectNoA11yViolations(page, 'deal capital accounts');
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export capital accounts CSV' }).click(),
  ]);
  const csv = readFileSync(await csvDownload.path(), 'utf8').replace(/^\ufeff/, '');
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  for (const [who, name] of [
    [INVESTORS[0], 'Kilimanjaro'],
    [INVESTORS[1], `Later Closer ${stamp}`],
  ] as const)
    expect(parsed.data.find((r) => r.Investor?.includes(name))).toMatchObject({
      'As of': today,
      Contributed: who.contributed,
      'Distributed (paid)': who.paid,
      'Capital returned': who.contributed,
      'Net asset value': '0.00',
      Gain: who.gain,
      MOIC: '1.24x',
      'IRR (annualised)': '',
      'Return since first contribution (not annualised)': '24.0%',
    });
  await kili.context().close();
  await later.context().close();
}

const usd = (decimal: string) => `$${Number(decimal.split('.')[0]).toLocaleString('en-US')}`;

async function checkInvestor(
  investor: Page,
  who: (typeof INVESTORS)[number],
  title: string,
  dealId: string,
  today: string,
  phone: boolean,
) {
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
    await expect(holding).toContainText(`$${who.committed}`);
    await expect(holding).toContainText('24.0% (not annualised)');
    await expect(holding).toContainText('1.24x');
  } else {
    const cells = holding.getByRole('cell');
    await expect(cells.nth(1)).toHaveText(`$${who.committed}`);
    await expect(cells.nth(2)).toHaveText('$0');
    await expect(cells.nth(3)).toHaveText('24.0%not annualised');
    await expect(cells.nth(4)).toHaveText('1.24x');
  }
  await expectNoA11yViolations(investor, `performance, one ledger (${who.key})`);

  // The dashboard shows the performance screen's totals, and says as of when and that they are paid.
  const perf = (await (await investor.request.get('/api/investor/performance')).json()) as PerformanceData;
  expect(perf.holdings.find((h) => h.dealId === dealId)).toMatchObject({
    currentValue: '0.00',
    distributionsReceived: who.paid,
    gain: who.gain,
    annualised: false,
  });
  await investor.goto('/investor');
  const dash = (await (await investor.request.get('/api/investor/dashboard')).json()) as InvestorDashboardData;
  expect(dash.currentValue).toBe(perf.totals.currentValue);
  expect(dash.distributionsReceived).toBe(perf.totals.distributions);
  await expect(investor.getByTestId('stat-current-value')).toContainText(`Net asset value on ${formatDate(today)}`);
  await expect(investor.getByTestId('stat-distributions')).toContainText(
    `Paid to you to ${formatDate(today)} (scheduled payments not included)`,
  );
  if (who.key === 'later') {
    // The later closer holds this deal only, so the dashboard's own figures are the hand figures above
    // (Kilimanjaro's also hold the demo deals, so theirs are compared with the performance totals).
    await expect(investor.getByTestId('stat-total-committed').getByTestId('stat-value')).toHaveText(`$${who.committed}`);
    await expect(investor.getByTestId('stat-current-value').getByTestId('stat-value')).toHaveText('$0');
    await expect(investor.getByTestId('stat-distributions').getByTestId('stat-value')).toHaveText(usd(who.paid));
  }
  await expectNoA11yViolations(investor, `investor dashboard, one ledger (${who.key})`);

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
  const gain = `${usd(who.gain)}.00`;
  expect(section).toMatch(/Opening balance \$0\.00/);
  expect(section).toContain(`Contributions ${usd(who.contributed)}.00`);
  expect(section).toContain(`Distributions: Capital Gain -${usd(who.paid)}.00`);
  expect(section).toContain(`Change in value ${gain}`);
  expect(section).toContain(`Return of capital ${usd(who.contributed)}.00`);
  expect(section).toMatch(/Closing balance \$0\.00/);
  expect(section).toMatch(/MOIC \/ return since first contribution \(not annualised\) 1\.24x \/ 24\.0%/);
  expect(text).not.toContain('-$0.00');
  expectFirmLines(text);
}

/**
 * The firm as the company profile holds it (the demo profile, src/server/seed/demo.ts): a statement
 * or notice carries the legal name, registered office, DFSA licence and the disclaimer (issue 26 item 7).
 */
function expectFirmLines(text: string) {
  expect(text).toContain('Meridian Capital Group Limited');
  expect(text).toContain('Registered office: Unit 1407, Level 14, Al Wasl Gate Tower, DIFC, Dubai, United Arab Emirates');
  expect(text).toContain('DFSA licence number: F004217 (demo)');
  expect(text).toContain('This document is provided for information only to the named investor');
}
