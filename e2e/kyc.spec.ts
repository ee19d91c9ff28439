import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  confirmQuestions,
  DEMO,
  E2E,
  expectNoA11yViolations,
  expectToast,
  firstSignIn,
  freshEmail,
  gotoLogin,
  INITIAL_PASSWORD,
  signInViaUi,
  toasts,
  UNSAVED_QUESTION,
} from './fixtures';

// Long flows across two browser contexts, with several servers sharing the machine.
test.describe.configure({ timeout: 180_000 });

const tmp = mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-kyc-'));

const DOCS = [
  { kind: 'passport', label: 'Passport' },
  { kind: 'address_proof', label: 'Proof of Address' },
  { kind: 'financial_statements', label: 'Financial Statements' },
  { kind: 'source_of_funds', label: 'Source of Funds' },
] as const;
type Doc = (typeof DOCS)[number];

const COUNTER_KEYS = ['total', 'pending', 'in_review', 'approved', 'rejected'] as const;
type Counters = Record<(typeof COUNTER_KEYS)[number], number>;

/** A small PDF: the magic, a line of text, the trailer. */
function writePdf(name: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(`% ${name} ${'x'.repeat(4000)}\n`), Buffer.from('%%EOF\n')]));
  return file;
}

async function signInAsAdmin(page: Page) {
  await gotoLogin(page);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Creates an active investor through the API as the signed-in admin. */
async function createInvestor(admin: Page, tag: string) {
  const u = { name: `KYC ${tag} ${Date.now() % 1_000_000}`, email: freshEmail(`kyc-${tag}`) };
  const res = await admin.request.post('/api/users', {
    data: { name: u.name, email: u.email, password: INITIAL_PASSWORD, role: 'investor', investorUserType: 'family_office' },
  });
  expect(res.status()).toBe(201);
  return u;
}

async function gotoCompliance(page: Page) {
  await page.goto('/investor/compliance');
  await expect(page.getByRole('heading', { level: 1, name: 'DFSA Compliance' })).toBeVisible();
  await expect(page.getByTestId('kyc-application-status')).toBeVisible();
}

const statusCard = (page: Page) => page.getByTestId('kyc-application-status');
const category = (page: Page, name: 'Identity Verification' | 'Financial Suitability') => page.getByTestId(`kyc-category-${name}`);
const item = (page: Page, d: Doc) => page.getByTestId(`kyc-item-${d.kind}`);

/** Chooses a file through the item's Upload/Replace button (the real file chooser) and waits for the toast. */
async function uploadDoc(page: Page, d: Doc, file: string, action: 'Upload' | 'Replace' = 'Upload') {
  const chooser = page.waitForEvent('filechooser');
  await item(page, d)
    .getByRole('button', { name: `${action} ${d.label}` })
    .click();
  await (await chooser).setFiles(file);
  await expectToast(page, `${d.label} uploaded`);
  await expect(item(page, d).getByText(path.basename(file))).toBeVisible();
}

async function gotoOnboarding(page: Page) {
  await page.goto('/admin/investors');
  await expect(page.getByRole('heading', { level: 1, name: 'Investor Onboarding' })).toBeVisible();
  await expect(page.getByTestId('kyc-count')).toHaveText(/^Showing \d+ of \d+ applications?$/);
}

async function readCounters(page: Page): Promise<Counters> {
  const out = {} as Counters;
  for (const k of COUNTER_KEYS) {
    const text = (await page.getByTestId(`kyc-counter-${k}`).textContent()) ?? '';
    out[k] = Number(/(\d+)\s*$/.exec(text)?.[1] ?? Number.NaN);
  }
  return out;
}

async function expectCounters(page: Page, expected: Counters) {
  for (const k of COUNTER_KEYS) await expect(page.getByTestId(`kyc-counter-${k}`)).toHaveText(new RegExp(`\\D${expected[k]}$`));
}

const rows = (page: Page) => page.getByRole('table', { name: 'KYC applications' }).getByTestId('kyc-row');

async function findRow(page: Page, email: string): Promise<Locator> {
  await page.getByLabel('Search investors').fill(email);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).filter({ hasText: email });
  await expect(row).toBeVisible();
  return row;
}

async function waitForToastGone(page: Page, text: string) {
  await expect(toasts(page).getByText(text, { exact: true })).toHaveCount(0, { timeout: 15_000 });
}

// ---------------------------------------------------------------------------------------------

test('demo applications: counters, filters, columns and actions only for in-review rows', async ({ page }) => {
  await signInAsAdmin(page);
  await gotoOnboarding(page);
  const c = await readCounters(page);
  expect(c.total).toBe(c.pending + c.in_review + c.approved + c.rejected);
  expect(c.approved).toBeGreaterThanOrEqual(1);
  expect(c.rejected).toBeGreaterThanOrEqual(1);
  expect(c.in_review).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('tab', { name: 'KYC Applications' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'KYC applications' }).getByRole('columnheader')).toHaveText([
    'Investor',
    'Type',
    'Status',
    'Completion',
    'Submitted',
    'Reviewed By',
    'Actions',
  ]);
  await expectNoA11yViolations(page, 'investor onboarding');
  // At 1280 px the table fits without horizontal scrolling.
  const region = page.getByRole('region', { name: 'KYC applications' });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '.test-logs/kyc-onboarding-1280.png', fullPage: true });

  // Approved demo investor: Review only, reviewed by the CIO.
  const approved = await findRow(page, DEMO.investor);
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
  await expect(approved.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(approved.getByRole('button', { name: /^Review/ })).toBeVisible();
  await expect(approved.getByRole('button', { name: /^(Approve|Reject)/ })).toHaveCount(0);

  // In review (ahmed): Approve and Reject are offered.
  const inReview = await findRow(page, 'ahmed@demo.example.com');
  await expect(inReview.getByText('In Review', { exact: true })).toBeVisible();
  await expect(inReview.getByRole('button', { name: /^Approve/ })).toBeVisible();
  await expect(inReview.getByRole('button', { name: /^Reject/ })).toBeVisible();

  // Pending with two documents (grace): 50%, not submitted, not reviewed.
  const pending = await findRow(page, 'grace@demo.example.com');
  await expect(pending.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await expect(pending.getByRole('cell').nth(4)).toHaveText('—');
  await expect(pending.getByRole('cell').nth(5)).toHaveText('—');
  await expect(pending.getByRole('button', { name: /^(Approve|Reject)/ })).toHaveCount(0);

  // Status and type filters.
  await page.getByLabel('Search investors').fill('');
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Rejected' });
  await expect(rows(page)).toHaveCount(c.rejected);
  await expect(rows(page).filter({ hasText: DEMO.suspended })).toHaveCount(1);
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'HNI' });
  for (const r of await rows(page).all()) await expect(r.getByRole('cell').nth(1)).toHaveText('HNI');
  await page.getByLabel('Search investors').fill('no-such-investor-xyz');
  await expect(page.getByRole('table', { name: 'KYC applications' }).getByText('No applications match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByTestId('kyc-count')).toHaveText(`Showing ${c.total} of ${c.total} applications`);

  // The rejected demo application shows its reason and history in the review dialog.
  const rejected = await findRow(page, DEMO.suspended);
  await rejected.getByRole('button', { name: /^Review/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^KYC application: / })).toBeVisible();
  await expect(dialog.getByText('Proof of address and source of funds are missing').first()).toBeVisible();
  await expect(dialog.getByTestId('kyc-doc-address_proof')).toContainText('Not uploaded');
  await expect(dialog.getByTestId('kyc-doc-address_proof').getByRole('link', { name: /^View/ })).toHaveCount(0);
  await expect(dialog.getByTestId('kyc-doc-passport').getByRole('link', { name: /^View/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'review dialog (rejected)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Subscriptions tab: real subscriptions (the demo investor's are there).
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('tabpanel').getByText('investor@demo.example.com').first()).toBeVisible();
  await expectNoA11yViolations(page, 'subscriptions tab');
  await page.screenshot({ path: '.test-logs/kyc-subscriptions-1280.png', fullPage: true });
});

test('an investor uploads the four documents and submits; the admin reviews, views a document and approves', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const u = await createInvestor(page, 'approve');
  await gotoOnboarding(page);
  const before = await readCounters(page);
  const row0 = await findRow(page, u.email);
  await expect(row0.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row0.getByRole('cell').nth(1)).toHaveText('Family Office');

  // The investor's dashboard invites them to complete KYC.
  const inv = await firstSignIn(browser, u.email);
  const cta = inv.getByTestId('kyc-cta');
  await expect(cta.getByText('Pending', { exact: true })).toBeVisible();
  await expect(cta.getByText('0 of 4 documents uploaded')).toBeVisible();
  await expectNoA11yViolations(inv, 'investor dashboard with KYC call to action');
  await cta.getByRole('link', { name: 'Complete your KYC' }).click();
  await expect(inv).toHaveURL(/\/investor\/compliance$/);
  await expect(inv.getByRole('heading', { level: 1, name: 'DFSA Compliance' })).toBeVisible();

  // Overview: two live categories, the rest clearly marked as coming later.
  await expect(inv.getByRole('heading', { level: 2, name: 'Compliance Overview' })).toBeVisible();
  for (const name of ['Risk Assessment', 'Annual Documentation', 'Required Actions', 'Compliance Documents', 'Regulatory Information']) {
    await expect(inv.getByRole('heading', { name })).toBeVisible();
  }
  await expect(category(inv, 'Identity Verification').getByText('In Progress', { exact: true })).toBeVisible();
  await expect(category(inv, 'Identity Verification').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  const submit = statusCard(inv).getByRole('button', { name: 'Submit for Review' });
  await expect(submit).toBeDisabled();
  await expect(statusCard(inv).getByText('Upload all four documents to submit (0 of 4 uploaded).')).toBeVisible();
  await expectNoA11yViolations(inv, 'DFSA compliance (empty)');

  // A refused file type or an empty file: features/investor-compliance/kyc-application.test.tsx.
  const stamp = Date.now();
  await uploadDoc(inv, DOCS[0], writePdf(`passport-${stamp}.pdf`));
  await expect(category(inv, 'Identity Verification').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await expect(statusCard(inv).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  await uploadDoc(inv, DOCS[1], writePdf(`address-${stamp}.pdf`));
  await expect(category(inv, 'Identity Verification').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await uploadDoc(inv, DOCS[2], writePdf(`statements-${stamp}.pdf`));
  await expect(submit).toBeDisabled();
  await uploadDoc(inv, DOCS[3], writePdf(`funds-${stamp}.pdf`));
  await expect(category(inv, 'Financial Suitability').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(statusCard(inv).getByText('4 of 4 documents uploaded')).toBeVisible();
  await expect(item(inv, DOCS[0]).getByRole('link', { name: /^View Passport/ })).toBeVisible();
  await expect(submit).toBeEnabled();
  await expectNoA11yViolations(inv, 'DFSA compliance (complete)');
  await inv.screenshot({ path: '.test-logs/kyc-compliance-ready-1280.png', fullPage: true });

  // The investor downloads their own file.
  const download = inv.waitForEvent('download');
  await item(inv, DOCS[0]).getByRole('button', { name: 'Download Passport' }).click();
  expect((await download).suggestedFilename()).toBe('Passport.pdf');

  await submit.click();
  await expectToast(inv, 'KYC application submitted for review');
  await expect(statusCard(inv).getByText('In Review', { exact: true })).toBeVisible();
  await expect(statusCard(inv).getByText('Documents cannot be changed while your application is in review.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(item(inv, DOCS[0]).getByRole('button', { name: 'Replace Passport' })).toBeDisabled();
  await expect(category(inv, 'Identity Verification').getByText('In Review', { exact: true })).toBeVisible();
  await expectNoA11yViolations(inv, 'DFSA compliance (in review)');

  // The admin sees the application in review; counters moved from pending to in review.
  await gotoOnboarding(page);
  await expectCounters(page, { ...before, pending: before.pending - 1, in_review: before.in_review + 1 });
  const row = await findRow(page, u.email);
  await expect(row.getByText('In Review', { exact: true })).toBeVisible();
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('—');

  await row.getByRole('button', { name: /^Review/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `KYC application: ${u.name}` })).toBeVisible();
  for (const d of DOCS) await expect(dialog.getByTestId(`kyc-doc-${d.kind}`).getByRole('link', { name: /^View/ })).toBeVisible();
  await expect(dialog.getByTestId('kyc-history').getByRole('listitem')).toHaveCount(2);
  await expect(dialog.getByTestId('kyc-history')).toContainText(u.name);
  await expectNoA11yViolations(page, 'review dialog (in review)');
  await page.screenshot({ path: '.test-logs/kyc-review-dialog-1280.png' });

  // View opens the file in a new tab, inline, as a PDF.
  const responsePromise = page.context().waitForEvent('response', { predicate: (r) => r.url().endsWith('/documents/passport/view') });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByTestId('kyc-doc-passport').getByRole('link', { name: /^View/ }).click(),
  ]);
  const response = await responsePromise;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^inline/);
  await popup.close();

  // Approve from the review dialog with a note.
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByRole('heading', { name: 'Approve KYC application' })).toBeVisible();
  await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
  await expectNoA11yViolations(page, 'approve dialog');
  await dialog.getByLabel('Note (optional)').fill('Documents verified by e2e');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'KYC application approved');
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText('Eve Admin');
  await expect(row.getByRole('button', { name: /^(Approve|Reject)/ })).toHaveCount(0);
  await expectCounters(page, { ...before, pending: before.pending - 1, approved: before.approved + 1 });

  // The investor sees the approval.
  await inv.reload();
  await expect(statusCard(inv).getByText('Approved', { exact: true })).toBeVisible();
  await expect(statusCard(inv).getByText(/Your KYC was approved on .* by Eve Admin/)).toBeVisible();
  await expect(statusCard(inv).getByText('Documents verified by e2e')).toBeVisible();
  await expect(category(inv, 'Identity Verification').getByText('Complete', { exact: true })).toBeVisible();
  await expect(category(inv, 'Financial Suitability').getByText('Complete', { exact: true })).toBeVisible();
  await expect(item(inv, DOCS[3]).getByRole('button', { name: 'Replace Source of Funds' })).toBeDisabled();
  await expectNoA11yViolations(inv, 'DFSA compliance (approved)');
  await inv.goto('/investor');
  await expect(inv.getByTestId('kyc-cta').getByRole('link', { name: 'View KYC status' })).toBeVisible();
  await expect(inv.getByTestId('kyc-cta').getByText('Approved', { exact: true })).toBeVisible();
  await inv.context().close();
});

test('a rejected application shows the reason to the investor, who replaces a document and resubmits', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const u = await createInvestor(page, 'reject');
  const inv = await firstSignIn(browser, u.email);
  await gotoCompliance(inv);
  const stamp = Date.now();
  for (const d of DOCS) await uploadDoc(inv, d, writePdf(`${d.kind}-${stamp}.pdf`));
  await statusCard(inv).getByRole('button', { name: 'Submit for Review' }).click();
  await expectToast(inv, 'KYC application submitted for review');

  await gotoOnboarding(page);
  const before = await readCounters(page);
  const row = await findRow(page, u.email);

  // Reject straight from the row (the required reason, in English and Arabic, with axe:
  // src/web/features/kyc/kyc-dialogs.test.tsx).
  await row.getByRole('button', { name: /^Reject/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reject KYC application' })).toBeVisible();
  const reason = 'The source of funds statement is older than three months';
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expectToast(page, 'KYC application rejected');
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
  await expectCounters(page, { ...before, in_review: before.in_review - 1, rejected: before.rejected + 1 });

  // The investor sees the reason, replaces the document and resubmits.
  await inv.reload();
  await expect(statusCard(inv).getByText('Rejected', { exact: true })).toBeVisible();
  await expect(inv.getByTestId('kyc-rejection')).toContainText(reason);
  await expect(category(inv, 'Financial Suitability').getByText('Action Required', { exact: true })).toBeVisible();
  await expectNoA11yViolations(inv, 'DFSA compliance (rejected)');
  await inv.screenshot({ path: '.test-logs/kyc-compliance-rejected-1280.png', fullPage: true });
  await inv.goto('/investor');
  await expect(inv.getByTestId('kyc-cta').getByRole('link', { name: 'Complete your KYC' })).toBeVisible();
  await gotoCompliance(inv);
  await uploadDoc(inv, DOCS[3], writePdf(`funds-fresh-${stamp}.pdf`), 'Replace');
  await statusCard(inv).getByRole('button', { name: 'Submit for Review' }).click();
  await expectToast(inv, 'KYC application submitted for review');
  await expect(statusCard(inv).getByText('In Review', { exact: true })).toBeVisible();
  await expect(inv.getByTestId('kyc-rejection')).toHaveCount(0);

  // Back in review for the admin, with the whole history.
  await page.reload();
  await expectCounters(page, before);
  const again = await findRow(page, u.email);
  await expect(again.getByText('In Review', { exact: true })).toBeVisible();
  await expect(again.getByRole('cell').nth(5)).toHaveText('—');
  await again.getByRole('button', { name: /^Review/ }).click();
  await expect(dialog.getByTestId('kyc-history').getByRole('listitem')).toHaveCount(4);
  await expect(dialog.getByTestId('kyc-history')).toContainText(reason);
  await expect(dialog.getByTestId('kyc-doc-source_of_funds')).toContainText(`funds-fresh-${stamp}.pdf`);

  // Another admin decides meanwhile: the stale Approve fails with the server's message.
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByRole('heading', { name: 'Approve KYC application' })).toBeVisible();
  const list = (await (await page.request.get('/api/kyc')).json()) as { applications: { id: string; email: string }[] };
  const appId = list.applications.find((a) => a.email === u.email)?.id;
  expect(appId).toBeTruthy();
  const res = await page.request.post(`/api/kyc/${appId}/reject`, { data: { reason: 'Rejected elsewhere' } });
  expect(res.status()).toBe(200);
  await waitForToastGone(page, 'KYC application rejected');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Failed to approve KYC application');
  await expect(toasts(page).getByText(/cannot move to approved/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(again.getByText('Rejected', { exact: true })).toBeVisible();
  await inv.context().close();
});

test('phone layout: onboarding cards and the compliance screen at 390 px', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await gotoOnboarding(page);
  await expect(page.getByRole('table', { name: 'KYC applications' })).toBeHidden();
  await page.getByLabel('Search investors').fill('demo.example.com');
  await expect(page.getByTestId('kyc-card').first()).toBeVisible();
  await expectNoA11yViolations(page, 'investor onboarding (phone)');
  await page.screenshot({ path: '.test-logs/kyc-onboarding-390.png', fullPage: true });
  const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noOverflow).toBe(true);
  await page
    .getByTestId('kyc-card')
    .filter({ hasText: 'ahmed@demo.example.com' })
    .getByRole('button', { name: /^Review/ })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoA11yViolations(page, 'review dialog (phone)');
  await page.screenshot({ path: '.test-logs/kyc-review-dialog-390.png' });
  await page.keyboard.press('Escape');

  // The demo investor with a pending application of two documents.
  const ctx = await browser.newContext({ baseURL: E2E.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const inv = await ctx.newPage();
  await gotoLogin(inv);
  await signInViaUi(inv, 'grace@demo.example.com', E2E.demoPassword);
  await expect(inv).toHaveURL(/\/investor$/);
  await expect(inv.getByTestId('kyc-cta').getByText('2 of 4 documents uploaded')).toBeVisible();
  await inv.screenshot({ path: '.test-logs/kyc-dashboard-390.png', fullPage: true });
  await gotoCompliance(inv);
  await expect(category(inv, 'Identity Verification').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(category(inv, 'Financial Suitability').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expectNoA11yViolations(inv, 'DFSA compliance (phone)');
  expect(await inv.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await inv.screenshot({ path: '.test-logs/kyc-compliance-390.png', fullPage: true });
  await inv.setViewportSize({ width: 1280, height: 800 });
  await inv.screenshot({ path: '.test-logs/kyc-compliance-1280.png', fullPage: true });
  await ctx.close();
});

test('a typed rejection reason or approval note is not lost silently: closing asks first (issue 18)', async ({ page }) => {
  const { asked, answer } = confirmQuestions(page);
  await signInAsAdmin(page);
  await gotoOnboarding(page);
  const row = await findRow(page, 'ahmed@demo.example.com');

  // Nothing typed: Escape closes at once.
  await row.getByRole('button', { name: /^Reject/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reject KYC application' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(asked).toEqual([]);

  // A typed reason: Escape and Cancel ask; dismissing keeps the text.
  await row.getByRole('button', { name: /^Reject/ }).click();
  await dialog.getByLabel(/^Reason/).fill('Half-written reason');
  answer(false);
  await page.keyboard.press('Escape');
  await expect.poll(() => asked).toEqual([UNSAVED_QUESTION]);
  await expect(dialog.getByLabel(/^Reason/)).toHaveValue('Half-written reason');
  answer(false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => asked.length).toBe(2);
  await expect(dialog.getByLabel(/^Reason/)).toHaveValue('Half-written reason');
  answer(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // From the review: a typed approval note asks before going back; OK returns to the review.
  await row.getByRole('button', { name: /^Review/ }).click();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByRole('heading', { name: 'Approve KYC application' })).toBeVisible();
  await dialog.getByLabel(/^Note/).fill('Looks complete');
  answer(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('heading', { name: /^KYC application: / })).toBeVisible();
  expect(asked).toEqual([UNSAVED_QUESTION, UNSAVED_QUESTION, UNSAVED_QUESTION, UNSAVED_QUESTION]);
  // Back in the review nothing is typed: Escape closes without a question.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(asked).toHaveLength(4);
  await expect(row.getByText('In Review', { exact: true })).toBeVisible();
});
