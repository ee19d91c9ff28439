import { ar, expect, expectMirrored, test } from './arabic';
import { expectNoA11yViolations, freshEmail } from './fixtures';
import { createInvestor, expectArabicToast, signInAdminArabic } from './investors-ar';

test.describe.configure({ timeout: 90_000 });

test('Arabic: User Management — the admin creates a user, then approves a suspended account', async ({ page }, testInfo) => {
  await signInAdminArabic(page);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: ar('users', 'page.title') })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: ar('users', 'column.lastLogin') })).toBeVisible();
  await expect(page.getByTestId('users-count')).toContainText('عرض');
  await expectNoA11yViolations(page, 'user management (ar)');
  await expectMirrored(page, testInfo, 'users');

  // Add Admin User, in Arabic.
  await page.getByRole('button', { name: ar('users', 'page.add') }).click();
  const form = page.getByRole('form', { name: ar('users', 'create.formLabel') });
  await expect(page.getByRole('heading', { name: ar('users', 'create.title') })).toBeVisible();
  await expect(form.getByText(ar('users', 'create.notice'))).toBeVisible();
  const name = `مستخدم ${Date.now() % 1_000_000}`;
  await form.getByLabel(ar('users', 'create.name')).fill(name);
  await form.getByLabel(ar('users', 'create.email')).fill(freshEmail('ar-user'));
  await form.getByLabel(ar('users', 'create.password'), { exact: false }).fill('Ar-admin-pass-2026-long!');
  await expectNoA11yViolations(page, 'add user dialog (ar)');
  await expectMirrored(page, testInfo, 'users-add-dialog');
  await form.getByRole('button', { name: ar('users', 'create.submit') }).click();
  await expectArabicToast(page, ar('users', 'toast.created'));
  await page.getByLabel(ar('users', 'filter.search')).fill(name);
  await expect(page.getByTestId('user-row').filter({ hasText: name })).toHaveCount(1);

  // A suspended investor is approved and activated from the row menu.
  const u = await createInvestor(page, 'user');
  expect((await page.request.patch(`/api/users/${u.id}`, { data: { status: 'suspended' } })).status()).toBe(200);
  await page.reload();
  await page.getByLabel(ar('users', 'filter.search')).fill(u.email);
  const row = page.getByTestId('user-row').filter({ hasText: u.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: ar('users', 'row.actionsFor', { name: u.name }) }).click();
  await expect(page.getByRole('menuitem', { name: ar('users', 'row.resetPassword') })).toBeVisible();
  await expectMirrored(page, testInfo, 'users-row-menu');
  await page.getByRole('menuitem', { name: ar('users', 'row.activate') }).click();
  await expectArabicToast(page, ar('users', 'toast.statusUpdated'));
  await expect(page.getByText(ar('users', 'toast.statusNow.active', { name: u.name }))).toBeVisible();
});
