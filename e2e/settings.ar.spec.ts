import { ar, arabicAccount, expect, expectMirrored, plain, test } from './arabic';
import { E2E, expectNoA11yViolations, expectToast, freshEmail, gotoLogin, signIn, signInViaUi } from './fixtures';

/**
 * Settings in Arabic (issue 16): every tab in Arabic and mirrored, a setting changed and saved
 * with the Arabic toast, a refused save with the Arabic summary; and the company language
 * taking effect at once for an admin whose account has no language of its own.
 */
test.describe.configure({ timeout: 90_000 });

const TABS = ['general', 'profile', 'security', 'notifications', 'system', 'email'] as const;
const tab = (page: import('@playwright/test').Page, id: (typeof TABS)[number]) =>
  page.getByRole('tab', { name: new RegExp(`^${ar('settings', `tab.${id}`)}`) });

test('Settings in Arabic: every tab, a change saved, a refused save explained', async ({ page }, testInfo) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);
  const before = (await (await page.request.get('/api/settings')).json()).settings as { backupFrequency: string };
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: ar('settings', 'title') })).toBeVisible();
  await expect(page.getByText(ar('settings', 'description'))).toBeVisible();

  for (const id of TABS) {
    await tab(page, id).click();
    await expect(tab(page, id)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectNoA11yViolations(page, `settings ${id} (ar)`);
    await expectMirrored(page, testInfo, `settings-${id}`);
  }
  // Field texts come from the catalogue.
  await tab(page, 'system').click();
  const backup = page.getByLabel(ar('settings', 'field.backupFrequency.label'));
  await expect(backup.locator('option:checked')).toHaveText(ar('settings', `option.backupFrequency.${before.backupFrequency}`));

  // A change saved: the Arabic toast, the "all saved" line.
  const next = before.backupFrequency === 'weekly' ? 'monthly' : 'weekly';
  await backup.selectOption(next);
  await expect(page.getByText(ar('settings', 'form.unsaved'))).toBeVisible();
  await page.getByRole('button', { name: ar('settings', 'form.save') }).click();
  await expectToast(page, ar('settings', 'toast.saved'));
  await expect(page.getByText(ar('settings', 'form.allSaved'))).toBeAttached();
  expect(((await (await page.request.get('/api/settings')).json()).settings as { backupFrequency: string }).backupFrequency).toBe(next);

  // A refused save: the Arabic summary names the tab, the tab counts its error.
  await tab(page, 'email').click();
  await page.getByLabel(ar('settings', 'field.smtpPort.label')).fill('70000');
  await tab(page, 'general').click();
  await page.getByRole('button', { name: ar('settings', 'form.save') }).click();
  await expect(tab(page, 'email')).toHaveAttribute('aria-selected', 'true');
  // One field on one tab: the Arabic "one" form, the tab's name isolated inside the sentence.
  const summary = page.getByRole('alert').filter({ hasText: ar('settings', 'tab.email') });
  await expect
    .poll(async () => plain((await summary.textContent()) ?? ''))
    .toBe(plain(ar('settings', 'form.nothingSaved_one', { tabs: ar('settings', 'tab.email') })));
  await expect(page.getByLabel(ar('settings', 'field.smtpPort.label'))).toBeFocused();
  await expectNoA11yViolations(page, 'settings errors (ar)');
  await expectMirrored(page, testInfo, 'settings-errors');
  await page.getByRole('button', { name: ar('settings', 'form.discard') }).click();
  await expect(page.getByText(ar('settings', 'form.allSaved'))).toBeAttached();

  const res = await page.request.put('/api/settings', { data: { backupFrequency: before.backupFrequency } });
  expect(res.ok()).toBe(true);
});

test('the company language takes effect at once for an admin without a language of their own', async ({ page, browser }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const email = freshEmail('settings-ar');
  const created = await page.request.post('/api/users', {
    data: { name: `Settings Arabic ${Date.now() % 1_000_000}`, email, password: 'initial-pass-1', role: 'admin' },
  });
  expect(created.status()).toBe(201);

  const ctx = await browser.newContext({ baseURL: E2E.baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const admin = await ctx.newPage();
  try {
    await gotoLogin(admin);
    await signInViaUi(admin, email, 'initial-pass-1');
    await expect(admin).toHaveURL(/\/change-password$/);
    await admin.getByLabel(/^Current password\*?$/).fill('initial-pass-1');
    await admin.getByLabel(/^New password\*?$/).fill('settings-arabic-pass-2');
    await admin.getByLabel(/^Confirm new password\*?$/).fill('settings-arabic-pass-2');
    await admin.getByRole('button', { name: 'Change Password' }).click();
    await expect(admin).not.toHaveURL(/\/change-password$/);
    await admin.goto('/admin/settings');
    await expect(admin.locator('html')).toHaveAttribute('lang', 'en');

    await admin.locator('#setting-language').selectOption('ar');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    // The screen switches to Arabic at once, without a reload.
    await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(admin.getByRole('heading', { level: 1, name: ar('settings', 'title') })).toBeVisible();
    await expectToast(admin, ar('settings', 'toast.saved'));
  } finally {
    const res = await page.request.put('/api/settings', { data: { language: 'en' } });
    expect(res.ok()).toBe(true);
    await ctx.close();
  }
});
