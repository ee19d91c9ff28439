import { ar, arabicAccount, expect, expectMirrored, test } from './arabic';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/** Settings in Arabic at phone width (issue 16): every tab mirrored, without overflow. */
test.describe.configure({ timeout: 90_000 });

test('Settings in Arabic on a phone: every tab', async ({ page }, testInfo) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: ar('settings', 'title') })).toBeVisible();
  for (const id of ['general', 'profile', 'security', 'notifications', 'system', 'email'] as const) {
    const tab = page.getByRole('tab', { name: new RegExp(`^${ar('settings', `tab.${id}`)}`) });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expectNoA11yViolations(page, `settings ${id} phone (ar)`);
    await expectMirrored(page, testInfo, `settings-${id}-phone`);
  }
  await expect(page.getByRole('button', { name: ar('settings', 'form.save') })).toBeVisible();
});
