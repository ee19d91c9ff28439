import { expect, test } from '@playwright/test';
import { confirmQuestions, DEMO, E2E, expectNoA11yViolations, signIn, UNSAVED_QUESTION } from './fixtures';

/** Issue 18 at 390 px: a dialog or form with unsaved input asks before it is closed or left. */

test('phone: Add Admin User with a typed name asks before closing; the KYC reason too', async ({ page }) => {
  const { asked, answer } = confirmQuestions(page);
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);

  await page.goto('/admin/users');
  await expect(page.getByRole('list', { name: 'Users' }).getByTestId('user-card').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add Admin User' }).click();
  const add = page.getByRole('dialog', { name: 'Add Admin User' });
  await add.getByLabel('Name').fill('Typed On A Phone');
  await expectNoA11yViolations(page, 'add user dialog at 390 px');
  answer(false);
  await add.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => asked).toEqual([UNSAVED_QUESTION]);
  await expect(add.getByLabel('Name')).toHaveValue('Typed On A Phone');
  answer(true);
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();

  await page.goto('/admin/investors');
  const card = page.getByTestId('kyc-card').filter({ hasText: 'ahmed@demo.example.com' });
  await card.getByRole('button', { name: /^Reject/ }).click();
  const reject = page.getByRole('dialog');
  await reject.getByLabel(/^Reason/).fill('Typed on a phone');
  answer(true);
  await page.keyboard.press('Escape');
  await expect(reject).toBeHidden();
  expect(asked).toEqual([UNSAVED_QUESTION, UNSAVED_QUESTION, UNSAVED_QUESTION]);
});

test('phone: the suitability review with an answer chosen asks before closing', async ({ page }) => {
  const asked: string[] = [];
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await page.goto('/investor/compliance');
  await page.getByRole('button', { name: 'Start Review' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Risk tolerance/).selectOption({ label: 'Medium' });
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.keyboard.press('Escape');
  await expect.poll(() => asked).toEqual([UNSAVED_QUESTION]);
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'suitability review at 390 px');
});
