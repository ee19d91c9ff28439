import { expect, type Page, test } from '@playwright/test';
import { formatDate } from '../src/shared/format';
import { E2E, expectNoA11yViolations, expectToast, isoInDays, signInViaUi } from './fixtures';

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
}

test('SPV Firewall Tracker: demo SPVs, create an SPV, edit it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/spv-tracker');
  await expect(page.getByRole('heading', { level: 1, name: 'SPV Firewall Tracker' })).toBeVisible();
  // The demo data holds the spec's two Mauritius SPVs.
  const demo = page.getByTestId('spv-card').filter({ hasText: 'EA Energy Trade SPV Ltd' });
  await expect(demo).toBeVisible();
  await expect(demo).toContainText('Mauritius');
  await expect(demo).toContainText('$2,450,000');
  await expect(demo.getByText('Active', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'spv tracker');

  // Create a valid SPV whose annual return is due in 10 days (the dialog's defaults and
  // validation: src/web/features/spvs/spv-tracker-page.test.tsx).
  await page.getByRole('button', { name: 'New SPV' }).click();
  const dialog = page.getByRole('dialog', { name: 'New SPV' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'new spv dialog');

  const name = `E2E Holdings SPV ${Date.now()}`;
  const due = isoInDays(10);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Annual Return Due').fill(due);
  await dialog.getByLabel('Bank Balance (USD)').fill('500000');
  await dialog.getByLabel('Advisory Fee Flow').fill('Mauritius SPV to Dubai adviser, 2% p.a.');
  await dialog.getByRole('button', { name: 'Create SPV' }).click();
  await expectToast(page, 'SPV created successfully');
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('spv-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Mauritius');
  await expect(card).toContainText(formatDate(due));
  await expect(card.getByText('Due in 10 days')).toBeVisible();
  await expect(card).toContainText('$500,000');
  await expect(card).toContainText('Mauritius SPV to Dubai adviser, 2% p.a.');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  // Edit: the same dialog, prefilled; make the return overdue and the SPV dormant.
  await card.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit SPV' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await expect(edit.getByLabel('Annual Return Due')).toHaveValue(due);
  await expect(edit.getByLabel('Jurisdiction')).toHaveValue('Mauritius');
  await edit.getByLabel('Bank Balance (USD)').fill('750000');
  await edit.getByLabel('Annual Return Due').fill(isoInDays(-3));
  await edit.getByLabel('Status').selectOption('Dormant');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'SPV updated successfully');
  await expect(edit).toBeHidden();
  await expect(card).toContainText('$750,000');
  await expect(card.getByText('Overdue')).toBeVisible();
  await expect(card.getByText('Dormant', { exact: true })).toBeVisible();

  // A bad amount is refused inline and the dialog stays open.
  await card.getByRole('button', { name: /^Edit/ }).click();
  await edit.getByLabel('Bank Balance (USD)').fill('-5');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText(/Bank balance must be a non-negative amount/)).toBeVisible();
  // The edit is unsaved: Cancel asks first (issue 18); discarding it closes the dialog.
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.accept();
  });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  expect(asked).toEqual(['You have unsaved changes. Leave this page and lose them?']);

  await expectNoA11yViolations(page, 'spv tracker after edits');
  await page.screenshot({ path: '.test-logs/spv-tracker-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await expectNoA11yViolations(page, 'spv tracker phone');
  await page.screenshot({ path: '.test-logs/spv-tracker-phone.png', fullPage: true });
  await page.getByRole('button', { name: 'New SPV' }).click();
  await page.screenshot({ path: '.test-logs/spv-dialog-phone.png' });
});

test("empty state on a fresh database: 'No SPVs yet'", async ({ page }) => {
  // The second e2e server runs on a fresh database without demo data (DEMO_DATA=0).
  await page.goto(`${E2E.emptyBaseURL}/login`);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(`${E2E.emptyBaseURL}/admin`);
  const { spvs } = (await (await page.request.get(`${E2E.emptyBaseURL}/api/spvs`)).json()) as { spvs: unknown[] };
  test.skip(spvs.length > 0, 'another spec created an SPV on the empty server');
  await page.goto(`${E2E.emptyBaseURL}/admin/spv-tracker`);
  await expect(page.getByRole('heading', { level: 1, name: 'SPV Firewall Tracker' })).toBeVisible();
  await expect(page.getByText('No SPVs yet', { exact: true })).toBeVisible();
  await expect(page.getByTestId('spv-card')).toHaveCount(0);
  await expectNoA11yViolations(page, 'empty spv tracker');
});
