import type { Browser, Locator, Page } from '@playwright/test';
import { formatDate } from '../src/shared/dates';
import { DISPLAY_LOCALE } from '../src/shared/i18n/languages';
import { ar, arabicAccount, expect, expectMirrored, plain, test } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, isoInDays, signIn, toasts } from './fixtures';
import { completeSigned, createActiveDeal } from './setup';
import { CO_INVESTOR, dealWithOneHolder } from './waterfall-setup';

/**
 * Issue 16, the money screens in Arabic at desktop width: a capital call issued and a receipt
 * recorded, a distribution previewed, recorded and confirmed as paid (admin), and the investor's
 * dashboard, performance, distribution calendar, capital calls and statements, each with axe and
 * the mirrored-layout check. Expected texts come from the Arabic catalogues.
 */
test.describe.configure({ timeout: 120_000 });

/** A toast with this text (bidi isolation marks aside). */
async function expectArabicToast(page: Page, text: string) {
  await expect.poll(async () => (await toasts(page).locator('li').allTextContents()).map(plain)).toContain(plain(text));
}

async function expectHeading(page: Page, text: string) {
  await expect.poll(async () => plain((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')).toBe(plain(text));
}

const text = async (locator: Locator) => plain((await locator.textContent()) ?? '');

/** A field by its label (a required field's label ends with '*'). */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

async function otherContext(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: E2E.baseURL, viewport: { width: 1280, height: 800 } });
  return ctx.newPage();
}

test('an admin issues a capital call and records a receipt in Arabic', async ({ page, browser }, testInfo) => {
  const title = `Lake Turkana Wind ${Date.now() % 1_000_000}ar`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  // Set-up through the API: a fresh deal with the co-investor's completed 200,000 subscription.
  // The demo's energy SPV holds payment details: a call on a deal without them is refused (issue 26).
  const dealId = await createActiveDeal(page, { title, spvEntity: 'EA Energy Trade SPV Ltd' });
  const investor = await otherContext(browser);
  await signIn(investor, CO_INVESTOR.email, E2E.demoPassword, /\/investor$/);
  const sub = await investor.request.post('/api/investor/subscriptions', { data: { dealId, amount: '200000' } });
  expect(sub.status()).toBe(201);
  await completeSigned(page.request, investor.request, (await sub.json()).subscription.id, {
    investor: E2E.demoPassword,
    admin: E2E.adminPassword,
  });
  await investor.context().close();

  await arabicAccount(page);
  await page.goto('/admin/capital-calls');
  await expectHeading(page, ar('capital-calls', 'title'));
  await expect(page.getByRole('heading', { name: ar('capital-calls', 'statements.title') })).toBeVisible();
  await expect(page.getByRole('table', { name: ar('capital-calls', 'table') })).toBeVisible();
  await expectNoA11yViolations(page, 'capital calls in Arabic');
  await expectMirrored(page, testInfo, 'capital-calls-ar');

  // Issue a 25% call through the dialog.
  await page.getByRole('button', { name: ar('capital-calls', 'newCall') }).click();
  const dialog = page.getByRole('dialog', { name: ar('capital-calls', 'dialog.title') });
  await field(dialog, ar('capital-calls', 'dialog.deal')).selectOption(dealId);
  // The option names the deal and its commitment, isolated inside the Arabic sentence.
  expect(plain((await dialog.locator(`option[value="${dealId}"]`).textContent()) ?? '')).toBe(
    plain(ar('capital-calls', 'dialog.dealOption', { title, amount: '$200,000.00' })),
  );
  await field(dialog, ar('capital-calls', 'dialog.percentage')).fill('25');
  // (The Arabic validation messages: src/web/features/capital-calls/new-call-dialog.test.tsx.)
  await field(dialog, ar('capital-calls', 'dialog.dueDate')).fill(isoInDays(14));
  await field(dialog, ar('capital-calls', 'dialog.purpose')).fill('Turbine deposit');
  await expectNoA11yViolations(page, 'new capital call dialog in Arabic');
  await dialog.getByRole('button', { name: ar('capital-calls', 'dialog.submit') }).click();
  // One investor: the Arabic singular form.
  await expectArabicToast(page, ar('capital-calls', 'toast.issued_one', { amount: '$50,000.00' }));
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('$50,000.00');
  await expect(row).toContainText(ar('common', 'enum.callLineStatus.Due'));

  // The call's page: a partial receipt, recorded in Arabic.
  await row.getByRole('link', { name: title }).click();
  await expectHeading(page, ar('capital-calls', 'detail.titleOf', { deal: title }));
  const line = page.getByRole('row').filter({ hasText: CO_INVESTOR.name });
  await line.getByRole('button').click();
  const receipt = page.getByRole('dialog', { name: ar('capital-calls', 'receipt.title') });
  await receipt.getByLabel(ar('capital-calls', 'receipt.amount')).fill('0');
  await receipt.getByRole('button', { name: ar('capital-calls', 'receipt.submit') }).click();
  await expect(receipt.getByText(ar('capital-calls', 'receipt.aboveZero'))).toBeVisible();
  await receipt.getByLabel(ar('capital-calls', 'receipt.amount')).fill('20,000');
  await receipt.getByRole('button', { name: ar('capital-calls', 'receipt.submit') }).click();
  await expectArabicToast(page, ar('capital-calls', 'toast.receiptRecorded', { amount: '$20,000.00', name: CO_INVESTOR.name }));
  await expect(line).toContainText(ar('common', 'enum.callLineStatus.Partly Paid'));
  await expect(line).toContainText('$30,000.00');
  expect(await text(page.getByRole('group', { name: ar('capital-calls', 'column.outstanding') }))).toContain('$30,000.00');
  await expectNoA11yViolations(page, 'capital call detail in Arabic');
  await expectMirrored(page, testInfo, 'capital-call-detail-ar');
});

test('an admin previews, records and confirms a distribution in Arabic; the waterfall reads right to left', async ({
  page,
  browser,
}, testInfo) => {
  const title = `Lake Naivasha Geothermal ${Date.now() % 1_000_000}ar`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const investor = await otherContext(browser);
  await signIn(investor, CO_INVESTOR.email, E2E.demoPassword, /\/investor$/);
  const dealId = await dealWithOneHolder(page, investor, title);
  await investor.context().close();

  await arabicAccount(page);
  await page.goto('/admin/distributions');
  await expectHeading(page, ar('distributions', 'admin.title'));
  await expect(page.getByRole('heading', { name: ar('distributions', 'byDeal.title') })).toBeVisible();
  await expect(page.getByRole('table', { name: ar('distributions', 'byDeal.table') })).toBeVisible();
  await expect(page.getByTestId('distribution-event').first()).toBeVisible();
  await expectNoA11yViolations(page, 'distribution waterfall in Arabic');
  await expectMirrored(page, testInfo, 'distribution-waterfall-ar');

  const form = page.getByRole('form', { name: ar('distributions', 'record.title') });
  await field(form, ar('distributions', 'record.deal')).selectOption(dealId);
  await expect(form.getByText('$100', { exact: false })).toBeVisible();
  // The distribution types are the common catalogue's Arabic labels.
  const type = field(form, ar('distributions', 'record.type'));
  await expect(type.locator('option[value="Income"]')).toHaveText(ar('common', 'enum.distributionType.Income'));
  await field(form, ar('distributions', 'record.totalAmount')).fill('1,000');
  await field(form, ar('distributions', 'record.paymentDate')).fill(isoInDays(10));
  // A record date before the deal existed: the server's message, with its date as every Arabic
  // date on screen (not the API's ISO day).
  await field(form, ar('distributions', 'record.recordDate')).fill(isoInDays(-1));
  await form.getByRole('button', { name: ar('distributions', 'record.preview') }).click();
  const created = formatDate(isoInDays(0), { locale: DISPLAY_LOCALE.ar });
  const tooEarly = ar('errors', 'The record date cannot be before the deal existed ({{created, date}})', { created });
  await expect.poll(async () => text(form)).toContain(plain(tooEarly));
  expect(await text(form)).not.toContain(isoInDays(0));
  await expectNoA11yViolations(page, 'distribution record date error in Arabic');
  await field(form, ar('distributions', 'record.recordDate')).fill(isoInDays(0));
  await form.getByRole('button', { name: ar('distributions', 'record.preview') }).click();

  const preview = page.getByRole('dialog', { name: ar('distributions', 'preview.title') });
  const tiers = preview.getByRole('table', { name: ar('distributions', 'preview.tiers') });
  await expect(tiers).toBeVisible();
  await expect(tiers.getByRole('row').nth(1)).toContainText(ar('distributions', 'tier.returnOfCapital'));
  await expect(tiers.getByRole('row').nth(1)).toContainText('$100.00');
  // The first bar starts at the right-hand edge of its track in Arabic.
  const bar = await tiers.getByRole('row').nth(1).locator('[aria-hidden="true"] > div').boundingBox();
  const track = await tiers.getByRole('row').nth(1).locator('div[aria-hidden="true"]').boundingBox();
  expect(bar && track && Math.abs(bar.x + bar.width - (track.x + track.width))).toBeLessThanOrEqual(1);
  expect(bar && track && bar.x - track.x).toBeGreaterThan(1);
  await expectNoA11yViolations(page, 'distribution preview in Arabic');
  await expectMirrored(page, testInfo, 'distribution-preview-ar');
  await preview.getByRole('button', { name: ar('distributions', 'preview.submit') }).click();
  await expectArabicToast(page, ar('distributions', 'toast.recorded'));
  await expect(preview).toBeHidden();

  // The new event: Scheduled, its allocations add up, then confirmed as paid.
  const event = page.getByTestId('distribution-event').filter({ hasText: title });
  await expect(event).toContainText(ar('distributions', 'status.Scheduled'));
  await expect(event).toContainText(ar('common', 'enum.distributionType.Income'));
  await expect(event.getByTestId('allocation-sum')).toBeVisible();
  expect(await text(event.getByTestId('allocation-sum'))).toBe('$1,000.00');
  await expect
    .poll(async () => (await event.locator('p').allTextContents()).map(plain))
    .toContain(plain(ar('distributions', 'event.matches', { total: '$1,000.00' })));
  await event.getByRole('button', { name: ar('distributions', 'event.confirmPayment') }).click();
  const confirm = page.getByRole('dialog', { name: ar('distributions', 'confirm.title') });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page, 'confirm payment in Arabic');
  await confirm.getByRole('button', { name: ar('distributions', 'confirm.submit') }).click();
  await expectArabicToast(page, ar('distributions', 'toast.paid'));
  await expect(event).toContainText(ar('distributions', 'status.Paid'));
});

test("the investor's dashboard, performance, distributions, capital calls and statements in Arabic", async ({ page }, testInfo) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);

  // Dashboard.
  await expect(page.getByRole('group', { name: ar('investor-dashboard', 'totalCommitted') })).toBeVisible();
  await expect(page.getByRole('region', { name: ar('investor-dashboard', 'deals.title') })).toBeVisible();
  await expect(page.getByRole('group', { name: ar('investor-dashboard', 'nextPayment.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: ar('investor-dashboard', 'deals.vault') })).toBeVisible();
  await expectNoA11yViolations(page, 'investor dashboard in Arabic');
  await expectMirrored(page, testInfo, 'investor-dashboard-ar');

  // Performance: the value chart's time axis runs right to left, its value axis on the right.
  await page.goto('/investor/performance');
  await expectHeading(page, ar('performance', 'title'));
  await expect(page.getByRole('group', { name: ar('performance', 'totals.commitment') })).toContainText(
    ar('performance', 'totals.holdings_few', { count: 3 }),
  );
  // Under a year of history: the period return, labelled so in Arabic (decision 023).
  await expect(page.getByRole('group', { name: ar('performance', 'totals.periodReturn') })).toContainText(
    ar('performance', 'totals.periodReturnCaption'),
  );
  await expect(page.getByTestId('performance-as-of')).toContainText('المدفوعة فقط');
  await expect(page.getByRole('table', { name: ar('performance', 'holdings') })).toContainText(ar('performance', 'notAnnualised'));
  await expect(page.getByRole('table', { name: ar('performance', 'holdings') })).toContainText(
    ar('common', 'enum.performanceStatus.Performing'),
  );
  const chart = page.getByRole('img', { name: ar('performance', 'value.chart') });
  await expect(chart.locator('.recharts-xAxis-tick-labels text').first()).toBeVisible();
  const ticks = await chart.locator('.recharts-xAxis-tick-labels text').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
  expect(ticks.length).toBeGreaterThan(1);
  expect(ticks[0]).toBeGreaterThan(ticks.at(-1) ?? 0);
  const box = await chart.boundingBox();
  const yAxis = await chart.locator('.recharts-yAxis-tick-labels').boundingBox();
  expect(box && yAxis && yAxis.x > box.x + box.width / 2).toBe(true);
  await expect(page.getByRole('list', { name: ar('performance', 'allocation.legend') })).toContainText(
    ar('common', 'enum.dealType.Oil Trading'),
  );
  await expectNoA11yViolations(page, 'performance in Arabic');
  await expectMirrored(page, testInfo, 'performance-ar');

  // Distribution Calendar.
  await page.goto('/investor/distributions');
  await expectHeading(page, ar('distributions', 'calendar.title'));
  await expect(page.getByRole('region', { name: ar('distributions', 'calendar.history'), exact: true })).toBeVisible();
  await expect(page.getByTestId('distribution-item').first()).toBeVisible();
  await expectNoA11yViolations(page, 'distribution calendar in Arabic');
  await expectMirrored(page, testInfo, 'distribution-calendar-ar');

  // Capital calls and statements.
  await page.goto('/investor/capital-calls');
  await expectHeading(page, ar('capital-account', 'calls.title'));
  await expectNoA11yViolations(page, 'investor capital calls in Arabic');
  await expectMirrored(page, testInfo, 'investor-capital-calls-ar');
  await page.goto('/investor/statements');
  await expectHeading(page, ar('capital-account', 'statements.title'));
  await expect(page.getByRole('region', { name: ar('capital-account', 'statements.issuedTitle') })).toBeVisible();
  await expectNoA11yViolations(page, 'statements in Arabic');
  await expectMirrored(page, testInfo, 'statements-ar');
});
