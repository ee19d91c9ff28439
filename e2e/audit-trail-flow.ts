import { expect, type Page } from '@playwright/test';
import { E2E, gotoLogin, signInViaUi } from './fixtures';

/** Steps shared by the audit trail's desktop and phone specs. */

export async function openAuditTrail(page: Page, viaNav: boolean) {
  await gotoLogin(page);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  if (viaNav) await page.getByRole('link', { name: 'Audit Trail' }).click();
  else await page.goto('/admin/audit-trail');
  await expect(page).toHaveURL(/\/admin\/audit-trail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
}

export async function verifyIntact(page: Page) {
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(page.getByTestId('verify-result')).toHaveText(/^Intact: [\d,]+ entries checked, no break\.$/);
}
