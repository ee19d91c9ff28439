import { expect, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/**
 * The admin Subscriptions tab's dialogs (issue 17: form primitive + DialogActions): Reject needs a
 * reason (the shared schema's message, focus on the field), Mark Completed states the effect;
 * Cancel closes both without changing anything.
 */
test('admin subscription dialogs: Reject requires a reason; Cancel changes nothing', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/investors');
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  const panel = page.getByTestId('admin-subscriptions-panel');
  const reject = panel.getByRole('button', { name: /^Reject: / }).first();
  await expect(reject).toBeVisible();
  const rejectName = (await reject.getAttribute('aria-label')) ?? '';
  await reject.click();
  const dialog = page.getByRole('dialog', { name: 'Reject subscription' });
  await dialog.getByRole('button', { name: 'Reject Subscription' }).click();
  const reason = dialog.getByLabel(/^Reason/);
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(/reason/i);
  await expectNoA11yViolations(page, 'reject subscription with an error');
  await reason.fill('Allocation closed');
  await expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('button', { name: rejectName })).toBeVisible();

  const complete = panel.getByRole('button', { name: /^Mark Completed: / }).first();
  if ((await complete.count()) > 0) {
    await complete.click();
    const confirm = page.getByRole('dialog', { name: 'Mark subscription completed?' });
    await expect(confirm.getByTestId('committed-note')).toContainText('This cannot be undone.');
    await expect(confirm.getByRole('button', { name: 'Mark Completed' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  }
});
