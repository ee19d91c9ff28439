import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { formatDate } from '../src/shared/format';
import { E2E, expectNoA11yViolations, expectToast, isoInDays, signIn, UNSAVED_QUESTION } from './fixtures';
import { completeSigned, createActiveDeal } from './setup';

/** The demo co-investor (KYC approved), who takes a commitment in a fresh deal for this flow. */
const KILI = 'kilimanjaro@demo.example.com';
/** Days in the company's zone (Dubai), as the server counts them. */
const today = () => isoInDays(0);
const inDays = isoInDays;

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/**
 * Statements and notices open with the firm's particulars from the company profile and close with
 * its disclaimer (issue 26 item 7). The demo's profile (src/server/seed/demo.ts,
 * DEMO_REGULATORY_DETAILS) and the default disclaimer (src/shared/settings.ts), written out here.
 */
function expectFirmParticulars(text: string) {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  expect(lines.slice(1, 4)).toEqual([
    'Meridian Capital Group Limited',
    'Registered office: Unit 1407, Level 14, Al Wasl Gate Tower, DIFC, Dubai, United Arab Emirates',
    'DFSA licence number: F004217 (demo)',
  ]);
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('This document is provided for information only to the named investor');
  expect(flat.trim().endsWith('Please contact us at once if anything in it is not as you expect.')).toBe(true);
  // Zero is never signed (issue 26).
  expect(text).not.toContain('-$0.00');
}

/** Opens a navigation item: on a phone through the off-canvas sheet. */
async function nav(page: Page, area: 'Admin navigation' | 'Investor Portal navigation', label: string, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('dialog', { name: area }).getByRole('link', { name: label, exact: true }).click();
  } else {
    await page.getByRole('complementary', { name: area }).getByRole('link', { name: label, exact: true }).click();
  }
}

/**
 * The whole capital-call flow in the browser: the admin issues a call, the investor sees the
 * notice and downloads it, the admin records a partial and then a full receipt, the investor's
 * statement shows the right closing balance, and an exported CSV parses.
 */
export async function capitalCallFlow(browser: Browser, page: Page, phone: boolean) {
  const stamp = `${Date.now() % 1_000_000}${phone ? 'p' : 'd'}`;
  const title = `Lake Victoria Solar ${stamp}`;
  // Set-up through the API: a fresh deal with Kilimanjaro's completed 200,000 subscription.
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  // The demo's energy SPV holds payment details: a call on a deal without them is refused (issue 26).
  const dealId = await createActiveDeal(page, { title, spvEntity: 'EA Energy Trade SPV Ltd' });
  const investor = await (
    await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {})
  ).newPage();
  await signIn(investor, KILI, E2E.demoPassword, /\/investor$/);
  const sub = await investor.request.post('/api/investor/subscriptions', { data: { dealId, amount: '200000' } });
  expect(sub.status()).toBe(201);
  await completeSigned(page.request, investor.request, (await sub.json()).subscription.id, {
    investor: E2E.demoPassword,
    admin: E2E.adminPassword,
  });

  // The admin issues a 25% call to a chosen investor through the screen (issue 26), checking each
  // investor's amount in the preview before issuing.
  await nav(page, 'Admin navigation', 'Capital Calls', phone);
  await expect(page.getByRole('heading', { level: 1, name: 'Capital Calls' })).toBeVisible();
  await page.getByRole('button', { name: 'New Capital Call' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Capital Call' });
  const preview = dialog.getByRole('region', { name: "Each investor's amount" });
  await expect(preview).toContainText('Choose a deal, whom to call and the amount');
  await dialog.getByLabel('Deal').selectOption({ label: `${title} ($200,000.00 committed)` });
  await dialog.getByLabel('Whom to call').selectOption({ label: 'Chosen investors' });
  await expect(dialog.getByLabel('Split')).toHaveValue('unfunded');
  await dialog.getByLabel('Percentage of commitments (%)').fill('25');
  await dialog.getByLabel('Due date').fill(inDays(14));
  await dialog.getByLabel('Purpose').fill('Panel procurement');
  // No investor ticked: a field-level error on the list, and nothing issued.
  await dialog.getByRole('button', { name: 'Issue Capital Call' }).click();
  const investors = dialog.getByRole('group', { name: /Investors to call/ });
  await expect(investors).toContainText('Choose at least one investor');
  await expect(investors).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page, 'new capital call with a field error');
  // Ticked with the keyboard: the preview shows the investor's amount, 25% of 200,000 = 50,000.00 (by hand).
  const kili = investors.getByRole('checkbox', { name: /Kilimanjaro/ });
  await kili.focus();
  await page.keyboard.press('Space');
  await expect(kili).toBeChecked();
  await expect(preview.getByTestId('call-preview-line')).toHaveCount(1);
  await expect(preview.getByTestId('call-preview-line')).toContainText(/Kilimanjaro.*\$200,000\.00 unfunded.*\$50,000\.00/s);
  await expect(preview.getByTestId('call-preview-total')).toHaveText('$50,000.00');
  await expectNoA11yViolations(page, 'new capital call preview');
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await dialog.getByRole('button', { name: 'Issue Capital Call' }).click();
  await expectToast(page, 'Capital call issued: $50,000.00 to 1 investor');
  // A table row from 768 px up; on a phone a card with every column, named.
  const row = phone ? page.getByTestId('capital-call-card').filter({ hasText: title }) : page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('$50,000.00');
  await expect(row).toContainText('Due');
  if (phone) {
    await expect(page.getByRole('table', { name: 'Capital calls' })).toBeHidden();
    await expect(row).toContainText('Panel procurement');
    for (const label of ['Call date', 'Due date', 'Called', 'Received', 'Outstanding'])
      await expect(row.getByText(label, { exact: true })).toBeVisible();
    await expect(row.getByText('$0.00', { exact: true })).toBeVisible();
  }
  await expectNoA11yViolations(page, 'capital calls');

  if (!phone) {
    // The quarter's statements for every investor, with progress; other requests keep being served.
    await page.getByRole('button', { name: 'Generate Quarter Statements' }).click();
    await expect(page.getByTestId('statement-run')).toContainText(/Done: (\d+) of \1 statements generated/, { timeout: 60_000 });
    expect((await page.request.get('/api/capital-calls')).ok()).toBe(true);
  }

  // Export CSV: the file opens and parses, with the new call in it.
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync(await csvDownload.path(), 'utf8').replace(/^\ufeff/, '');
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data.find((r) => r.Deal === title)).toMatchObject({
    'Amount called': '50000.00',
    Status: 'Due',
    Purpose: 'Panel procurement',
  });

  // The investor sees the notice (with the SPV payment instructions section) and downloads it.
  await investor.reload();
  await nav(investor, 'Investor Portal navigation', 'Capital Calls', phone);
  const notice = investor.getByRole('article', { name: new RegExp(`Capital call: ${title}`) });
  await expect(notice).toContainText('$50,000.00');
  await expect(notice).toContainText('Payment instructions');
  await expectNoA11yViolations(investor, 'investor capital calls');
  const [pdf] = await Promise.all([
    investor.waitForEvent('download'),
    notice.getByRole('button', { name: 'Download Notice (PDF)' }).click(),
  ]);
  const noticeText = pdfText(await pdf.path());
  expect(noticeText).toContain('Capital Call Notice');
  expect(noticeText).toContain('$50,000.00');
  // Dates in documents read as on screen ('10 Dec 2026'), in the recipient's language.
  expect(noticeText).toContain(formatDate(inDays(14), { locale: 'en' }));
  expect(noticeText).toContain('Panel procurement');
  expectFirmParticulars(noticeText);

  // The admin records a partial, then the full receipt.
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Capital Call: ${title}` })).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: 'Kilimanjaro' });
  await line.getByRole('button', { name: /Record receipt for/ }).click();
  let receipt = page.getByRole('dialog', { name: 'Record Receipt' });
  // The amount's format and the value date's limit (issue 26: not after today) are checked in
  // src/web/features/capital-calls/call-detail-page.test.tsx.
  await receipt.getByLabel(/Amount received/).fill('20,000');
  await receipt.getByLabel(/Value date/).fill(today());
  await receipt.getByRole('button', { name: 'Record Receipt' }).click();
  await expect(line).toContainText('Partly Paid');
  await expect(line).toContainText('$30,000.00');
  await expectNoA11yViolations(page, 'capital call detail');
  if (!phone) {
    // The call's notices as ILPA-template data (issue 34 part 3): the same figures as the line.
    const [ilpa] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ILPA notices (CSV)' }).click()]);
    const rows = Papa.parse<Record<string, string>>(readFileSync(await ilpa.path(), 'utf8'), { header: true, skipEmptyLines: true });
    expect(rows.errors).toEqual([]);
    expect(rows.data.find((r) => r['LP Name']?.includes('Kilimanjaro'))).toMatchObject({
      'Notice Type': 'capital_call',
      'Fund Name': title,
      'Capital Call: Investments': '50000.00',
      'Received to Date': '20000.00',
      Outstanding: '30000.00',
      Status: 'Partly Paid',
    });
  }
  await line.getByRole('button', { name: /Record receipt for/ }).click();
  receipt = page.getByRole('dialog', { name: 'Record Receipt' });
  // A typed amount is unsaved input (issue 18): Escape asks, and Cancel on the question keeps it;
  // OK on the question discards it, and the dialog reopens empty.
  const asked: string[] = [];
  const answerNext = (accept: boolean) =>
    page.once('dialog', (d) => {
      asked.push(d.message());
      void (accept ? d.accept() : d.dismiss());
    });
  await receipt.getByLabel(/Amount received/).fill('123');
  answerNext(false);
  await page.keyboard.press('Escape');
  await expect(receipt.getByLabel(/Amount received/)).toHaveValue('123');
  answerNext(true);
  await receipt.getByRole('button', { name: 'Cancel' }).click();
  await expect(receipt).toBeHidden();
  expect(asked).toEqual([UNSAVED_QUESTION, UNSAVED_QUESTION]);
  await line.getByRole('button', { name: /Record receipt for/ }).click();
  await expect(receipt.getByLabel(/Amount received/)).toHaveValue('');
  await receipt.getByLabel(/Amount received/).fill('30000.01');
  await receipt.getByRole('button', { name: 'Record Receipt' }).click();
  await expect(receipt.getByText(/above the \$30,000\.00 outstanding/)).toBeVisible();
  await receipt.getByLabel(/Amount received/).fill('30000');
  await receipt.getByRole('button', { name: 'Record Receipt' }).click();
  await expect(line).toContainText('Paid');
  await expect(page.getByRole('group', { name: 'Outstanding' })).toContainText('$0.00');

  // Reversing a call line's entry cancels the line (issue 27, decision record 024): a second call of
  // 10% (20,000.00), its call entry reversed through the API; the call screen shows it cancelled,
  // with nothing outstanding and no receipt to record.
  const second = await page.request.post('/api/capital-calls', {
    data: { dealId, basis: 'percentage', percentage: '10', dueDate: inDays(30), purpose: 'Grid connection' },
  });
  expect(second.status(), await second.text()).toBe(201);
  const secondId = (await second.json()).call.id as string;
  const ledger = (await (await page.request.get(`/api/deals/${dealId}/ledger`)).json()).ledger as {
    entries: { id: string; kind: string; callId: string | null }[];
  };
  const callEntry = ledger.entries.find((e) => e.kind === 'call' && e.callId === secondId);
  const reversed = await page.request.post(`/api/ledger/${callEntry?.id}/reverse`, { data: { reason: 'Issued in error' } });
  expect(reversed.status(), await reversed.text()).toBe(201);
  await page.goto(`/admin/capital-calls/${secondId}`);
  const cancelled = page.getByRole('row').filter({ hasText: 'Kilimanjaro' });
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).toContainText('$20,000.00');
  await expect(cancelled.getByRole('button', { name: /Record receipt for/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Outstanding' })).toContainText('$0.00');
  await expect(page.getByRole('group', { name: 'Status' })).toContainText('Cancelled');
  await expectNoA11yViolations(page, 'cancelled call line');
  // The investor's Capital Calls screen says the same (issue 27 item 3): the notice is cancelled,
  // nothing outstanding. The investor's tab is still on that screen from above: reloaded first.
  await investor.reload();
  await nav(investor, 'Investor Portal navigation', 'Capital Calls', phone);
  const cancelledNotice = investor
    .getByRole('article', { name: new RegExp(`Capital call: ${title}`) })
    .filter({ hasText: 'Grid connection' });
  await expect(cancelledNotice.getByText('Cancelled', { exact: true })).toBeVisible();
  // No bank details to pay by mistake: the card says nothing is due instead.
  await expect(cancelledNotice).toContainText('This call was cancelled for you: nothing is due. Do not pay it.');
  await expect(cancelledNotice.getByText('Payment instructions')).toHaveCount(0);
  await expect(cancelledNotice.getByText('Outstanding', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('$0.00');
  await expectNoA11yViolations(investor, 'investor cancelled call notice');

  // The investor's statement for this year: the closing balance includes the 50,000 contributed here.
  await nav(investor, 'Investor Portal navigation', 'Statements', phone);
  await expect(investor.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  await investor.getByRole('textbox', { name: 'From', exact: true }).fill(`${today().slice(0, 4)}-01-01`);
  await investor.getByRole('textbox', { name: 'To', exact: true }).fill(today());
  await expectNoA11yViolations(investor, 'statements');
  const [statement] = await Promise.all([
    investor.waitForEvent('download'),
    investor.getByRole('button', { name: 'Download Statement (PDF)' }).click(),
  ]);
  const text = pdfText(await statement.path());
  expect(text).toContain('Capital Account Statement');
  const section = text.slice(text.indexOf(title));
  expect(section).toMatch(/Contributions\s+\$50,000\.00/);
  expect(section).toMatch(/Closing balance\s+\$50,000\.00/);
  expectFirmParticulars(text);
  await investor.context().close();
}
