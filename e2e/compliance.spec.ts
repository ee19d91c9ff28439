import { expect, type Locator, type Page, test } from '@playwright/test';
import { type ComplianceOverview, nextOccurrence } from '../src/shared/compliance';
import { documentExpiry, type VaultDocument } from '../src/shared/documents';
import { formatDate } from '../src/shared/format';
import { confirmQuestions, E2E, expectNoA11yViolations, expectToast, isoInDays, signInViaUi, UNSAVED_QUESTION } from './fixtures';

/** An ISO day (YYYY-MM-DD, UTC) `days` from today, as the server counts days. */

function monthTitle(iso: string, deltaMonths = 0): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + deltaMonths, 1)),
  );
}

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
}

async function dfsaTileValue(page: Page): Promise<number> {
  const tile = page.locator('[data-tile="dfsaFilingsDueToday"]');
  await expect(tile).toContainText(/DFSA Filings Due Today\s*\d+/);
  const m = /DFSA Filings Due Today\s*(\d+)/.exec((await tile.textContent()) ?? '');
  return Number(m?.[1]);
}

async function openCompliance(page: Page) {
  await page.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name: 'Compliance Center' }).click();
  await expect(page).toHaveURL(/\/admin\/compliance/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Center' })).toBeVisible();
  await expect(page.getByTestId('compliance-score')).toBeVisible();
}

/** The tracker's table row for a title (desktop layout). */
function trackerRow(page: Page, title: string): Locator {
  return page.getByTestId('compliance-row').filter({ hasText: title });
}

async function overviewFromApi(page: Page): Promise<ComplianceOverview> {
  const res = await page.request.get('/api/compliance');
  expect(res.ok()).toBe(true);
  return (await res.json()) as ComplianceOverview;
}

test('Compliance Center: create a DFSA filing due today; tracker, dashboard tile and calendar show it', async ({ page }) => {
  await signInAsAdmin(page);
  const before = await dfsaTileValue(page);

  await openCompliance(page);
  // Score and counters match the server's overview (demo data: one each overdue, due soon and completed).
  const api = await overviewFromApi(page);
  await expect(page.getByTestId('compliance-score')).toHaveText(`${api.score}%`);
  for (const s of ['overdue', 'due_soon', 'in_progress', 'completed'] as const) {
    await expect(page.getByTestId(`compliance-counter-${s}`)).toContainText(String(api.counts[s]));
  }
  await expect(trackerRow(page, 'DFSA quarterly prudential return').getByText('Due Soon', { exact: true })).toBeVisible();
  await expect(trackerRow(page, 'AML refresher training for staff').getByText('Overdue', { exact: true })).toBeVisible();
  await expect(trackerRow(page, 'Renew fund administration agreement').getByText('Completed', { exact: true })).toBeVisible();
  // A vault document expiring within 30 days shows beside the items, marked with its source.
  const docRow = trackerRow(page, 'Document expiry: Office Tower Due Diligence Summary');
  await expect(docRow.getByText('Document', { exact: true })).toBeVisible();
  await expect(docRow).toContainText('not counted in the score');
  await expect(docRow.getByRole('link', { name: /Open in Vault/ })).toHaveAttribute('href', '/admin/documents');
  await expectNoA11yViolations(page, 'compliance tracker');
  await page.screenshot({ path: '.test-logs/compliance-tracker-1280.png', fullPage: true });

  // New Item: a DFSA filing due today (the dialog's validation, in English and Arabic:
  // src/web/features/compliance/compliance-center-page.test.tsx).
  await page.getByRole('button', { name: 'New Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Compliance Item' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'new compliance item dialog');
  await page.screenshot({ path: '.test-logs/compliance-dialog-1280.png' });

  const title = `E2E DFSA filing ${Date.now()}`;
  const today = isoInDays(0);
  await dialog.getByLabel('Type').selectOption({ label: 'DFSA Filing' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Filed by the e2e suite');
  await dialog.getByLabel('Due Date').fill(today);
  await dialog.getByLabel('Assigned To').selectOption({ label: 'Eve Admin' });
  await dialog.getByLabel('Priority').selectOption({ label: 'High' });
  await dialog.getByRole('button', { name: 'Create Item' }).click();
  await expectToast(page, 'Compliance item created');
  await expect(dialog).toBeHidden();

  const row = trackerRow(page, title);
  await expect(row).toBeVisible();
  await expect(row.getByText('Due Soon', { exact: true })).toBeVisible();
  await expect(row).toContainText('DFSA Filing');
  await expect(row).toContainText(formatDate(today));
  await expect(row).toContainText('High');
  await expect(row).toContainText('Eve Admin');
  await expect(row).toContainText('Filed by the e2e suite');

  // The dashboard tile counts it.
  await page.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect.poll(() => dfsaTileValue(page)).toBe(before + 1);

  // The calendar shows it on today's cell; month navigation.
  await openCompliance(page);
  await page.getByRole('tab', { name: 'Calendar View' }).click();
  const calTitle = page.getByTestId('calendar-title');
  await expect(calTitle).toHaveText(monthTitle(today));
  const todayCell = page.locator(`td[data-date="${today}"]`);
  await expect(todayCell).toHaveAttribute('aria-current', 'date');
  const chip = todayCell.getByRole('button', { name: new RegExp(title) });
  await expect(chip).toBeVisible();
  await expect(chip).toContainText(title);
  await expect(chip).toHaveAccessibleName(new RegExp(`${title}.*Due Soon`));
  await expect(page.getByRole('table', { name: `Compliance due dates, ${monthTitle(today)}` })).toBeVisible();
  await expectNoA11yViolations(page, 'compliance calendar');
  await page.screenshot({ path: '.test-logs/compliance-calendar-1280.png', fullPage: true });

  // A chip opens the item's edit dialog.
  await chip.click();
  const edit = page.getByRole('dialog', { name: 'Edit Compliance Item' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Due Date')).toHaveValue(today);
  await expectNoA11yViolations(page, 'edit compliance item dialog');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(chip).toBeFocused();

  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(calTitle).toHaveText(monthTitle(today, 1));
  await expect(page.locator(`td[data-date="${today}"][aria-current="date"]`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(calTitle).toHaveText(monthTitle(today, -1));
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(calTitle).toHaveText(monthTitle(today));
  await expect(todayCell.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  // The tab is kept in the address, so a reload stays on the calendar.
  await expect(page).toHaveURL(/tab=calendar/);
});

test('Compliance Center: start and complete a recurring item, edit an item, file an SPV return', async ({ page }) => {
  await signInAsAdmin(page);

  // An SPV whose annual return is due in 10 days appears in the tracker.
  const spvName = `E2E Compliance SPV ${Date.now()}`;
  const spvDue = isoInDays(10);
  const created = await page.request.post('/api/spvs', {
    data: { name: spvName, jurisdiction: 'Mauritius', annualReturnDue: spvDue, bankBalance: '100000' },
  });
  expect(created.status()).toBe(201);

  await openCompliance(page);

  // Start, then complete the annual UAE tax return: its next occurrence is created a year later.
  const taxTitle = 'UAE corporate tax return';
  const taxRows = trackerRow(page, taxTitle);
  await expect(taxRows).toHaveCount(1);
  const taxDue = isoInDays(45);
  await taxRows.getByRole('button', { name: `Start ${taxTitle}` }).click();
  await expectToast(page, 'Compliance item started');
  await expect(taxRows.getByRole('button', { name: `Start ${taxTitle}` })).toHaveCount(0);

  await taxRows.getByRole('button', { name: `Complete ${taxTitle}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Complete compliance item' });
  const nextDue = nextOccurrence(taxDue, 'annual');
  await expect(confirm).toContainText(formatDate(nextDue));
  await expectNoA11yViolations(page, 'complete dialog');
  await confirm.getByRole('button', { name: 'Complete item' }).click();
  await expectToast(page, 'Compliance item completed');
  await expectToast(page, `Next occurrence created for ${formatDate(nextDue)}`);
  await expect(taxRows).toHaveCount(2);
  await expect(taxRows.filter({ hasText: formatDate(taxDue) }).getByText('Completed', { exact: true })).toBeVisible();
  const nextRow = taxRows.filter({ hasText: formatDate(nextDue) });
  await expect(nextRow.getByText('In Progress', { exact: true })).toBeVisible();
  await expect(nextRow.getByRole('button', { name: `Start ${taxTitle}` })).toBeVisible();
  // Focus went back to the completed row (its Complete button is gone).
  await expect(taxRows.filter({ hasText: formatDate(taxDue) }).getByRole('button', { name: `Edit ${taxTitle}` })).toBeFocused();
  const api = await overviewFromApi(page);
  await expect(page.getByTestId('compliance-score')).toHaveText(`${api.score}%`);

  // Edit through the same dialog from the row action.
  const kyc = 'Annual KYC refresh for HNI investors';
  await trackerRow(page, kyc)
    .getByRole('button', { name: `Edit ${kyc}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Compliance Item' });
  await expect(edit.getByLabel('Type')).toHaveValue('kyc_refresh');
  await edit.getByLabel('Priority').selectOption({ label: 'Critical' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Compliance item updated');
  await expect(trackerRow(page, kyc)).toContainText('Critical');

  // The SPV's return: marked as filed, it moves a year ahead and leaves the 30-day window.
  const spvRow = trackerRow(page, `Annual return: ${spvName}`);
  await expect(spvRow.getByText('SPV', { exact: true })).toBeVisible();
  await expect(spvRow).toContainText(formatDate(spvDue));
  await expectNoA11yViolations(page, 'compliance tracker with an SPV return');
  await spvRow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.test-logs/compliance-tracker-spv-1280.png' });

  // The calendar shows the SPV's return on its due date, linking to the SPV tracker.
  await page.getByRole('tab', { name: 'Calendar View' }).click();
  if (spvDue.slice(0, 7) !== isoInDays(0).slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(monthTitle(spvDue));
  const spvChip = page.locator(`td[data-date="${spvDue}"]`).getByRole('link', { name: new RegExp(`Annual return: ${spvName}`) });
  await expect(spvChip).toHaveAttribute('href', '/admin/spv-tracker');
  await expect(spvChip).toContainText('SPV');
  await page.getByRole('tab', { name: 'Compliance Tracker' }).click();

  await spvRow.getByRole('button', { name: /Mark as filed/ }).click();
  const file = page.getByRole('dialog', { name: 'Mark annual return as filed' });
  await expect(file).toContainText(formatDate(nextOccurrence(spvDue, 'annual')));
  await expectNoA11yViolations(page, 'file return dialog');
  await file.getByRole('button', { name: 'Mark as filed' }).click();
  await expectToast(page, 'Annual return marked as filed');
  await expect(spvRow).toHaveCount(0);
  const spvs = (await (await page.request.get('/api/spvs')).json()) as { spvs: { name: string; annualReturnDue: string }[] };
  expect(spvs.spvs.find((s) => s.name === spvName)?.annualReturnDue).toBe(nextOccurrence(spvDue, 'annual'));
});

test('Compliance Center: tracker sorting and filters', async ({ page }) => {
  await signInAsAdmin(page);
  await openCompliance(page);
  const rows = page.getByTestId('compliance-row');
  await expect(rows.first()).toBeVisible();

  const dueHeader = page.getByRole('columnheader', { name: /Due Date/ });
  const priorityHeader = page.getByRole('columnheader', { name: /Priority/ });
  const statusHeader = page.getByRole('columnheader', { name: /Status/ });
  await expect(dueHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(priorityHeader).toHaveAttribute('aria-sort', 'none');

  await priorityHeader.getByRole('button').click();
  await expect(priorityHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(dueHeader).toHaveAttribute('aria-sort', 'none');
  await expect(rows.first()).toContainText('Critical');

  await statusHeader.getByRole('button').click();
  await expect(statusHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first().getByText('Overdue', { exact: true })).toBeVisible();
  await statusHeader.getByRole('button').click();
  await expect(statusHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first().getByText('Completed', { exact: true })).toBeVisible();

  await dueHeader.getByRole('button').click();
  await expect(dueHeader).toHaveAttribute('aria-sort', 'ascending');
  const dues = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td:nth-child(3) span')?.textContent ?? ''));
  const parsed = dues.map((d) => Date.parse(`${d} UTC`));
  expect(parsed).toEqual([...parsed].sort((a, b) => a - b));

  // Filters: status, type, search.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Overdue' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('AML refresher training for staff');
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Document Expiry' });
  await expect(rows.filter({ hasText: 'Office Tower Due Diligence Summary' })).toBeVisible();
  await expect(page.locator('[data-testid="compliance-row"]:not([data-source="document"])')).toHaveCount(0);
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'All types' });
  await page.getByLabel('Search by title').fill('zzz no such item');
  await expect(page.getByRole('table', { name: 'Compliance items' }).getByText('No items match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByLabel('Search by title')).toHaveValue('');
  await expect(rows.first()).toBeVisible();
});

test('Compliance Center: the Document Library filters by expiry and type', async ({ page }) => {
  await signInAsAdmin(page);
  const docs = ((await (await page.request.get('/api/documents')).json()) as { documents: VaultDocument[] }).documents;
  const byState = (state: string) =>
    docs
      .filter((d) => documentExpiry(d.expirationDate).state === state)
      .map((d) => d.name)
      .sort();

  await openCompliance(page);
  await page.getByRole('tab', { name: 'Document Library' }).click();
  const rows = page.getByTestId('library-row');
  await expect(rows).toHaveCount(docs.length);
  await expectNoA11yViolations(page, 'compliance document library');
  await page.screenshot({ path: '.test-logs/compliance-library-1280.png', fullPage: true });
  const names = () => rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td span')?.textContent ?? '').sort());

  const expiry = page.getByLabel('Expiry');
  await expiry.selectOption('expiring');
  await expect.poll(names).toEqual(byState('expiring'));
  // The demo due-diligence summary expires in 20 days.
  const dd = rows.filter({ hasText: 'Office Tower Due Diligence Summary' });
  await expect(dd).toContainText('Expires in 20 days');
  await expect(dd).toContainText('Due Diligence');
  await expect(dd).toContainText('Nairobi Distressed Office Tower');

  await expiry.selectOption('valid');
  await expect.poll(names).toEqual(byState('valid'));
  await expect(rows.filter({ hasText: 'Group Legal Structure' })).toContainText(formatDate(isoInDays(400)));

  await expiry.selectOption('none');
  await expect.poll(names).toEqual(byState('none'));
  const ppm = rows.filter({ hasText: 'Mombasa Diesel Cargo PPM' });
  const view = ppm.getByRole('link', { name: /View Mombasa Diesel Cargo PPM/ });
  const href = await view.getAttribute('href');
  expect(href).toMatch(/^\/api\/documents\/[0-9a-f-]+\/view$/);
  await expect(ppm.getByRole('link', { name: /Download Mombasa Diesel Cargo PPM/ })).toHaveAttribute(
    'href',
    href?.replace(/view$/, 'download') ?? '',
  );
  expect((await page.request.get(href ?? '')).ok()).toBe(true);

  await expiry.selectOption('expired');
  await expect.poll(names).toEqual(byState('expired'));
  if (byState('expired').length === 0)
    await expect(
      page.getByRole('table', { name: 'Compliance document library' }).getByText('No documents match your filters'),
    ).toBeVisible();

  await expiry.selectOption('all');
  await page.getByLabel('Document type').selectOption('Legal Structure');
  await expect.poll(names).toEqual(
    docs
      .filter((d) => d.type === 'Legal Structure')
      .map((d) => d.name)
      .sort(),
  );
});

test('Compliance Center: load failure shows the error state', async ({ page }) => {
  await signInAsAdmin(page);
  await page.route('**/api/compliance', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/admin/compliance');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to load compliance items');
  await expectToast(page, 'Failed to load compliance items');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('Compliance Center on a phone: cards and the calendar agenda', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await page.goto('/admin/compliance');
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Center' })).toBeVisible();
  const cards = page.getByTestId('compliance-card');
  await expect(cards.filter({ hasText: 'AML refresher training for staff' })).toBeVisible();
  await expect(page.getByTestId('compliance-row').first()).toBeHidden();
  await page.screenshot({ path: '.test-logs/compliance-tracker-390.png' });
  await cards.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.test-logs/compliance-tracker-cards-390.png' });
  await expectNoA11yViolations(page, 'compliance tracker (phone)');

  await page.getByRole('tab', { name: 'Calendar View' }).click();
  const agenda = page.getByTestId('calendar-agenda');
  const today = isoInDays(0);
  await expect(agenda.locator(`li[data-date="${today}"]`)).toContainText('DFSA quarterly prudential return');
  await expect(agenda.locator(`li[data-date="${today}"]`)).toContainText('Today');
  await page.getByTestId('calendar-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.test-logs/compliance-calendar-390.png' });
  await expectNoA11yViolations(page, 'compliance calendar (phone)');

  await page.getByRole('tab', { name: 'Document Library' }).click();
  await expect(page.getByTestId('library-card').first()).toBeVisible();
  await page.getByTestId('library-card').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.test-logs/compliance-library-390.png' });

  await page.getByRole('button', { name: 'New Item' }).click();
  await expect(page.getByRole('dialog', { name: 'New Compliance Item' })).toBeVisible();
  await page.screenshot({ path: '.test-logs/compliance-dialog-390.png' });
});

test('Compliance Center: a New or Edit Item dialog with unsaved input asks before closing (issue 18)', async ({ page }) => {
  const { asked, answer } = confirmQuestions(page);
  await signInAsAdmin(page);
  await openCompliance(page);

  // Untouched: Cancel closes at once.
  await page.getByRole('button', { name: 'New Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Compliance Item' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(asked).toEqual([]);

  // Typed: Escape and Cancel ask; dismissing keeps the input; OK discards it.
  await page.getByRole('button', { name: 'New Item' }).click();
  await dialog.getByLabel('Title').fill('Half-typed filing');
  answer(false);
  await page.keyboard.press('Escape');
  await expect.poll(() => asked).toEqual([UNSAVED_QUESTION]);
  await expect(dialog.getByLabel('Title')).toHaveValue('Half-typed filing');
  answer(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(asked).toEqual([UNSAVED_QUESTION, UNSAVED_QUESTION]);
  await page.getByRole('button', { name: 'New Item' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(asked).toHaveLength(2);
});
