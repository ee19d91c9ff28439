import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, isoInDays, signInViaUi } from './fixtures';

const DEAL = 'Mombasa Diesel Cargo Financing'; // a demo deal
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-docs-'));

/** A small PDF-looking file: the PDF magic, some random bytes, the trailer. */
function writePdf(fileName: string): { file: string; bytes: Buffer } {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000), Buffer.from('\n%%EOF\n')]);
  const file = path.join(tmp, fileName);
  writeFileSync(file, bytes);
  return { file, bytes };
}

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
}

async function openUploadForm(page: Page) {
  await page.goto('/admin/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Document Vault' })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Upload Document' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide Upload Form' })).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('form', { name: 'Upload document' });
}

test("empty state on a fresh database: 'No documents uploaded yet'", async ({ page }) => {
  // The second e2e server runs on a fresh database without demo data (DEMO_DATA=0).
  await page.goto(`${E2E.emptyBaseURL}/login`);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(`${E2E.emptyBaseURL}/admin`);
  await page.goto(`${E2E.emptyBaseURL}/admin/documents`);
  await expect(page.getByRole('heading', { level: 1, name: 'Document Vault' })).toBeVisible();
  await expect(page.getByText('No documents uploaded yet', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Documents' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'empty vault');
  // The upload form offers only 'General (no deal)' when there are no deals.
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByLabel('Deal').locator('option')).toHaveText(['General (no deal)']);
  await page.screenshot({ path: '.test-logs/documents-empty.png', fullPage: true });
});

test('upload a PDF linked to a deal, see it listed, download it, view it, change visibility, delete it', async ({ page }) => {
  await signInAsAdmin(page);
  const form = await openUploadForm(page);
  const submit = form.getByRole('button', { name: 'Upload Document' });
  await expect(submit).toBeDisabled();
  await expectNoA11yViolations(page, 'document vault with upload form');

  // The name follows the last file chosen (a rejected evil.exe, then a PDF) unless the user typed one.
  const evil = path.join(tmp, 'evil.exe');
  writeFileSync(evil, Buffer.from('MZ\x90\x00 not really a program'));
  await form.getByLabel('File').setInputFiles(evil);
  await expect(form.getByLabel('Document Name')).toHaveValue('evil');
  await form.getByLabel('File').setInputFiles(writePdf('Q3-Report.v2.pdf').file);
  await expect(form.getByLabel('Document Name')).toHaveValue('Q3-Report');
  await form.getByLabel('Document Name').fill('Board pack');
  await form.getByLabel('File').setInputFiles(writePdf('Other.pdf').file);
  await expect(form.getByLabel('Document Name')).toHaveValue('Board pack');
  await form.getByLabel('Document Name').fill('');

  const stamp = Date.now();
  const { file, bytes } = writePdf(`e2e-ppm-${stamp}.v1.pdf`);
  await form.getByLabel('File').setInputFiles(file);
  // The name defaults to the file name before its first dot.
  await expect(form.getByLabel('Document Name')).toHaveValue(`e2e-ppm-${stamp}`);
  await expect(submit).toBeEnabled();

  // Type is required.
  await submit.click();
  await expect(form.getByText('Document type is required')).toBeVisible();

  const name = `E2E PPM ${stamp}`;
  await form.getByLabel('Document Name').fill(name);
  await form.getByLabel('Document Type').selectOption('PPM');
  await form.getByLabel('Expiration Date').fill(isoInDays(10));
  await form.getByLabel('Deal').selectOption({ label: DEAL });
  await form.getByLabel('Visible to investors').check();
  await page.screenshot({ path: '.test-logs/documents-form-desktop.png', fullPage: true });
  await submit.click();
  await expectToast(page, 'Document uploaded successfully!');
  // The form is reset for the next upload.
  await expect(form.getByLabel('Document Name')).toHaveValue('');
  await expect(submit).toBeDisabled();

  const table = page.getByRole('table', { name: 'Documents' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('PPM');
  await expect(row).toContainText(DEAL);
  await expect(row).toContainText(/\d+ KB/);
  await expect(row.getByText('Expires in 10 days')).toBeVisible();
  const visible = row.getByRole('checkbox', { name: `Visible to investors: ${name}` });
  await expect(visible).toBeChecked();
  // Newest first.
  await expect(table.getByRole('row').nth(1)).toContainText(name);

  // Download: the same bytes, saved under the document name with its extension.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download/ }).click()]);
  expect(download.suggestedFilename()).toBe(`${name}.pdf`);
  const saved = await download.path();
  expect(readFileSync(saved).equals(bytes)).toBe(true);

  // View opens a new tab with the PDF served inline.
  const viewLink = row.getByRole('link', { name: /^View/ });
  await expect(viewLink).toHaveAttribute('target', '_blank');
  await expect(viewLink).toHaveAttribute('rel', /noopener/);
  const responsePromise = page.context().waitForEvent('response', { predicate: (r) => r.url().endsWith('/view') });
  const [popup] = await Promise.all([page.waitForEvent('popup'), viewLink.click()]);
  const response = await responsePromise;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^inline/);
  await popup.close();

  // Investor visibility can be changed from the list.
  await visible.uncheck();
  await expectToast(page, `'${name}' is now hidden from investors`);
  await expect(visible).not.toBeChecked();
  await expect(visible).toBeEnabled();
  let listed = (await (await page.request.get('/api/documents')).json()) as { documents: { name: string; investorVisible: boolean }[] };
  expect(listed.documents.find((d) => d.name === name)?.investorVisible).toBe(false);
  await visible.check();
  await expect(visible).toBeChecked();
  await expect(visible).toBeEnabled();
  listed = (await (await page.request.get('/api/documents')).json()) as typeof listed;
  expect(listed.documents.find((d) => d.name === name)?.investorVisible).toBe(true);

  await expectNoA11yViolations(page, 'document vault after upload');
  await page.screenshot({ path: '.test-logs/documents-desktop.png', fullPage: true });
  for (const width of [1536, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.test-logs/documents-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expectNoA11yViolations(page, 'document vault phone');
  await page.screenshot({ path: '.test-logs/documents-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete, after a confirmation that names the document.
  await row.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete document?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Document deleted successfully');
  await expect(row).toHaveCount(0);
  const after = (await (await page.request.get('/api/documents')).json()) as { documents: { name: string }[] };
  expect(after.documents.some((d) => d.name === name)).toBe(false);
});

test('refuses a renamed executable and an unsupported extension', async ({ page }) => {
  await signInAsAdmin(page);
  const form = await openUploadForm(page);
  const submit = form.getByRole('button', { name: 'Upload Document' });
  await expect(submit).toBeDisabled();

  // An unsupported extension is caught as soon as it is chosen.
  const exe = path.join(tmp, 'setup.exe');
  const mz = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), randomBytes(4096)]);
  writeFileSync(exe, mz);
  await form.getByLabel('File').setInputFiles(exe);
  await expect(form.getByText(/Files of this type are not accepted\. Allowed: pdf, doc, docx/)).toBeVisible();

  // The same executable renamed to .pdf passes the client check but the server refuses it.
  const fake = path.join(tmp, 'invoice.pdf');
  writeFileSync(fake, mz);
  await form.getByLabel('File').setInputFiles(fake);
  // The name follows the last file chosen (issue 18: it used to keep 'setup').
  await expect(form.getByLabel('Document Name')).toHaveValue('invoice');
  await form.getByLabel('Document Type').selectOption('Other');
  await submit.click();
  await expectToast(page, 'Failed to upload document. Please try again.');
  await expect(form.getByText("The file's content does not match its .pdf extension")).toBeVisible();
  await expect(form.getByLabel('File')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: 'invoice' })).toHaveCount(0);
  await page.screenshot({ path: '.test-logs/documents-refused.png', fullPage: true });
});

test('an upload after the session ended keeps the typed fields and returns after signing in', async ({ page }) => {
  await signInAsAdmin(page);
  const form = await openUploadForm(page);
  const { file } = writePdf('board-minutes.pdf');
  await form.getByLabel('File').setInputFiles(file);
  await form.getByLabel('Document Name').fill('Board Minutes Q3');
  await form.getByLabel('Document Type').selectOption('Legal Structure');
  await form.getByLabel('Deal').selectOption({ label: DEAL });

  await page.context().clearCookies();
  await form.getByRole('button', { name: 'Upload Document' }).click();
  const alert = form.getByRole('alert').filter({ hasText: 'You must be logged in to upload documents' });
  await expect(alert).toBeVisible();
  await page.screenshot({ path: '.test-logs/documents-session-ended.png' });
  await expect(page).toHaveURL(/\/admin\/documents$/);
  await alert.getByRole('button', { name: 'Sign in again' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin\/documents$/);
  const again = page.getByRole('form', { name: 'Upload document' });
  await expect(again.getByLabel('Document Name')).toHaveValue('Board Minutes Q3');
  await expect(again.getByLabel('Document Type')).toHaveValue('Legal Structure');
  await expect(again.getByLabel('Deal').locator('option:checked')).toHaveText(DEAL);
  await expect(again.getByText('Please select the file again', { exact: false })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Upload Document' })).toBeDisabled();
  await page.screenshot({ path: '.test-logs/documents-after-sign-in.png' });

  await again.getByLabel('File').setInputFiles(file);
  await expect(again.getByLabel('Document Name')).toHaveValue('Board Minutes Q3');
  await again.getByRole('button', { name: 'Upload Document' }).click();
  await expectToast(page, 'Document uploaded successfully!');
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: 'Board Minutes Q3' })).toContainText(DEAL);
});

test('shows real upload progress on a slow connection and can cancel an upload', async ({ page }) => {
  await signInAsAdmin(page);
  const form = await openUploadForm(page);
  // Throttle the upload so that progress events arrive while the file is on its way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });

  const big = path.join(tmp, 'data-room-index.pdf');
  writeFileSync(big, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1_500_000), Buffer.from('\n%%EOF\n')]));
  await form.getByLabel('File').setInputFiles(big);
  await form.getByLabel('Document Type').selectOption('Due Diligence');
  await form.getByRole('button', { name: 'Upload Document' }).click();
  const bar = form.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(form.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(10);
  await page.screenshot({ path: '.test-logs/documents-uploading.png' });
  await form.getByRole('button', { name: 'Cancel Upload' }).click();
  await expectToast(page, 'Upload cancelled');
  await expect(bar).toBeHidden();

  // The cancelled upload left nothing behind; the same file then uploads with progress to 100%.
  let listed = (await (await page.request.get('/api/documents')).json()) as { documents: { name: string }[] };
  expect(listed.documents.some((d) => d.name === 'data-room-index')).toBe(false);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await form.getByRole('button', { name: 'Upload Document' }).click();
  await expect(bar).toBeVisible();
  await expectToast(page, 'Document uploaded successfully!');
  await expect(bar).toBeHidden();
  listed = (await (await page.request.get('/api/documents')).json()) as typeof listed;
  expect(listed.documents.filter((d) => d.name === 'data-room-index')).toHaveLength(1);
});

test('a document addressed to one investor shows its audience truthfully at every width (no visibility box)', async ({ page }) => {
  await signInAsAdmin(page);
  const form = await openUploadForm(page);
  const name = `e2e-letter-${Date.now()}`;
  await form.getByLabel('File').setInputFiles(writePdf(`${name}.pdf`).file);
  await form.getByLabel('Document Type').selectOption({ index: 1 });
  await form.getByLabel('Addressed to investor').selectOption({ label: 'Sarah Mwangi (investor@demo.example.com)' });
  await form.getByRole('button', { name: 'Upload Document' }).click();
  await expectToast(page, 'Document uploaded successfully!');
  try {
    const row = page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Only Sarah Mwangi');
    await expect(row.getByRole('checkbox')).toHaveCount(0);
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const card = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: name });
      await expect(card).toBeVisible();
      // Before: an unticked 'Visible' box here, and ticking it changed nothing.
      await expect(card.getByRole('checkbox')).toHaveCount(0);
      await expect(card.getByText('Only Sarah Mwangi')).toBeVisible();
      await expectNoA11yViolations(page, `document vault, addressed document, ${width}px`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    const listed = (await (await page.request.get('/api/documents')).json()) as { documents: { id: string; name: string }[] };
    const doc = listed.documents.find((d) => d.name === name);
    if (doc) expect((await page.request.delete(`/api/documents/${doc.id}`)).ok()).toBe(true);
  }
});

test('a chosen file or typed fields are not lost silently: leaving by a link asks first (issue 18)', async ({ page }) => {
  const UNSAVED = 'You have unsaved changes. Leave this page and lose them?';
  await signInAsAdmin(page);
  const form = await openUploadForm(page);
  // Nothing chosen or typed: a link leaves at once.
  await page.getByRole('link', { name: 'Activity Logs', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/activity-logs/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Document Vault' })).toBeVisible();
  if ((await page.getByRole('button', { name: 'Upload Document' }).getAttribute('aria-expanded')) === 'false')
    await page.getByRole('button', { name: 'Upload Document' }).click();

  const { file } = writePdf('side-letter.pdf');
  await form.getByLabel('File').setInputFiles(file);
  await form.getByLabel('Document Type').selectOption('Legal Structure');
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('link', { name: 'Activity Logs', exact: true }).click();
  await expect.poll(() => asked).toEqual([UNSAVED]);
  await expect(page).toHaveURL(/\/admin\/documents$/);
  await expect(form.getByLabel('Document Name')).toHaveValue('side-letter');
  await expect(form.getByLabel('Document Type')).toHaveValue('Legal Structure');

  // Once uploaded, nothing is unsaved: the link leaves without a question.
  await form.getByRole('button', { name: 'Upload Document' }).click();
  await expectToast(page, 'Document uploaded successfully!');
  await page.getByRole('link', { name: 'Activity Logs', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/activity-logs/);
  expect(asked).toHaveLength(1);
});
