import { expect, type Page, test } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

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
