import { expect, type Page, test } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/**
 * Issue 18: every form with unsaved input warns before a link leaves it (not only Settings):
 * Cancel keeps the input, OK leaves; nothing typed, no question.
 */
const QUESTION = 'You have unsaved changes. Leave this page and lose them?';

async function leaveAsks(page: Page, link: string, stayOn: RegExp) {
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('link', { name: link, exact: true }).first().click();
  await expect.poll(() => asked).toEqual([QUESTION]);
  await expect(page).toHaveURL(stayOn);
}

test('subscription amount typed but not submitted: leaving asks first', async ({ page }) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await page.getByRole('link', { name: 'Subscription Portal', exact: true }).click();
  await expect(page).toHaveURL(/\/investor\/subscriptions/);
  const amount = page.getByLabel(/^Amount \(USD\)\*?$/);
  await amount.fill('25000');
  await leaveAsks(page, 'Statements', /\/investor\/subscriptions/);
  await expect(amount).toHaveValue('25000');
  await expectNoA11yViolations(page, 'subscription portal with a typed amount');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('link', { name: 'Statements', exact: true }).click();
  await expect(page).toHaveURL(/\/investor\/statements/);
  // Nothing typed: no question.
  await page.getByRole('link', { name: 'Subscription Portal', exact: true }).click();
  await page.getByRole('link', { name: 'Statements', exact: true }).click();
  await expect(page).toHaveURL(/\/investor\/statements/);
});

test('a secure-message reply typed but not sent: reloading warns (beforeunload)', async ({ page }) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await page.getByRole('link', { name: /^Secure Messages/ }).click();
  await expect(page).toHaveURL(/\/investor\/messages/);
  await page.getByRole('button', { name: 'View Full Message' }).first().click();
  const message = page.getByRole('dialog').getByRole('textbox', { name: 'Message' });
  await message.fill('Draft reply about the Q3 statement');
  const unload: string[] = [];
  page.once('dialog', (d) => {
    unload.push(d.type());
    void d.dismiss();
  });
  await page.reload({ timeout: 3000 }).catch(() => {});
  await expect.poll(() => unload).toEqual(['beforeunload']);
  await expect(message).toHaveValue('Draft reply about the Q3 statement');
});

test('deal forms: new deal, deal edit and a valuation typed but not saved ask before leaving; saved, they do not', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.getByRole('link', { name: 'Deal Pipeline', exact: true }).click();
  await page.getByRole('link', { name: 'New Deal' }).click();
  await expect(page).toHaveURL(/\/admin\/deals\/new$/);
  const title = page.getByLabel(/^Title\*?$/);
  await title.fill('Unsaved Lamu Port deal');
  await leaveAsks(page, 'Back to Pipeline', /\/admin\/deals\/new$/);
  await expect(title).toHaveValue('Unsaved Lamu Port deal');
  // Cancel clears the form and leaves without asking.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/deals$/);

  // A deal's detail: the edit form, then the valuation form.
  const card = page.getByRole('article').first();
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/deals\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Next Step').fill('Unsaved next step');
  await leaveAsks(page, 'Back to Pipeline', /\/admin\/deals\/[0-9a-f-]{36}\?edit=1$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Edit deal' })).toHaveCount(0);

  const value = page.getByLabel(/^Current value \(USD\)\*?$/);
  await value.fill('1,250,000');
  await leaveAsks(page, 'Back to Pipeline', /\/admin\/deals\/[0-9a-f-]{36}$/);
  await expect(value).toHaveValue('1,250,000');
  await expectNoA11yViolations(page, 'deal detail with a typed valuation');
  await page.getByRole('button', { name: 'Record Valuation' }).click();
  await expectToast(page, 'Valuation recorded');
  await expect(value).toHaveValue('');
  // Saved: nothing is lost, so no question.
  await page.getByRole('link', { name: 'Back to Pipeline' }).click();
  await expect(page).toHaveURL(/\/admin\/deals$/);
});

test('Record Distribution typed but not previewed: leaving asks first, and the draft is kept', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.getByRole('link', { name: 'Distribution Waterfall', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/distributions$/);
  const form = page.getByRole('form', { name: 'Record Distribution' });
  const amount = form.getByLabel(/^Total Amount \(USD\)\*?$/);
  await amount.fill('43,750.00');
  await leaveAsks(page, 'Deal Pipeline', /\/admin\/distributions$/);
  await expect(amount).toHaveValue('43,750.00');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('link', { name: 'Deal Pipeline', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/deals$/);
  // Back on the page, the draft is restored (and still counts as unsaved).
  await page.getByRole('link', { name: 'Distribution Waterfall', exact: true }).click();
  await expect(amount).toHaveValue('43,750.00');
  // The draft is written into the fields first and counted as unsaved on the next render: let that
  // render happen (a person cannot click within it; a loaded CI machine's test could).
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await leaveAsks(page, 'Deal Pipeline', /\/admin\/distributions$/);
});

/** Closing a dialog with unsaved input asks; `answer` true discards. Returns the question asked. */
async function closeAsks(page: Page, close: () => Promise<void>, answer: boolean) {
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void (answer ? d.accept() : d.dismiss());
  });
  await close();
  await expect.poll(() => asked).toEqual([QUESTION]);
}

test('New Capital Call with unsaved input asks before closing (Escape, Cancel); discarded, it reopens empty', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/capital-calls');
  await page.getByRole('button', { name: 'New Capital Call' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Capital Call' });
  const purpose = dialog.getByLabel(/^Purpose\*?$/);
  await purpose.fill('Unsaved: second close of the facility');
  await closeAsks(page, () => page.keyboard.press('Escape'), false);
  await expect(dialog).toBeVisible();
  await expect(purpose).toHaveValue('Unsaved: second close of the facility');
  await expectNoA11yViolations(page, 'new capital call with unsaved input');
  await closeAsks(page, () => dialog.getByRole('button', { name: 'Cancel' }).click(), true);
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'New Capital Call' }).click();
  await expect(purpose).toHaveValue('');
  // Nothing typed: Cancel closes without a question.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('an SPV edited but not saved asks before the dialog closes; Cancel on the question keeps the edit', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.getByRole('link', { name: 'SPV Firewall Tracker', exact: true }).click();
  await page.getByTestId('spv-card').first().getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit SPV' });
  const reference = dialog.getByLabel('Payment Reference');
  await reference.fill('UNSAVED-REF-1');
  await closeAsks(page, () => dialog.getByRole('button', { name: 'Close' }).click(), false);
  await expect(reference).toHaveValue('UNSAVED-REF-1');
  await closeAsks(page, () => page.keyboard.press('Escape'), true);
  await expect(dialog).toBeHidden();
  await page.getByTestId('spv-card').first().getByRole('button', { name: /^Edit/ }).click();
  await expect(reference).not.toHaveValue('UNSAVED-REF-1');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
