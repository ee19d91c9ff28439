import { expect, type Page, request as playwrightRequest } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, expectToast, gotoLogin, signInViaUi } from './fixtures';

/**
 * Issue 34: the demo investor creates a personal access token on their profile, their own system
 * reads the portal with it (and nothing more), then they revoke it and it stops working.
 */
export async function investorTokenFlow(page: Page, label: string) {
  await gotoLogin(page);
  await signInViaUi(page, DEMO.investor, E2E.demoPassword);
  await expect(page).toHaveURL(/\/investor$/);
  await page.goto('/investor/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'API tokens' }).or(page.getByText('API tokens', { exact: true }))).toBeVisible();
  const name = `E2E tool ${label} ${Date.now()}`;

  await page.getByRole('button', { name: 'New token' }).click();
  const form = page.getByRole('dialog', { name: 'New API token' });
  await form.getByRole('button', { name: 'Create Token' }).click();
  await expect(form.getByText('Name the token')).toBeVisible();
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel('Expires after').selectOption('30');
  await expectNoA11yViolations(page, `new token form (${label})`);
  await form.getByRole('button', { name: 'Create Token' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new token' });
  const secret = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(secret).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
  await expectNoA11yViolations(page, `token shown once (${label})`);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  const row = page.getByRole('table', { name: 'Your API tokens' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Read your own portfolio');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  // The investor's own system: no cookie, only the token.
  const system = await playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  try {
    const dashboard = await system.get('/api/investor/dashboard');
    expect(dashboard.status()).toBe(200);
    expect(Number((await dashboard.json()).totalCommitted)).toBeGreaterThan(0);
    const admin = await system.get('/api/deals');
    expect(admin.status()).toBe(403);
    expect((await admin.json()).message).toBe('This API token does not have the deals:read scope');

    // Its last use shows on the profile.
    await page.reload();
    await expect(row).toContainText('from 127.0.0.1');
    await expectNoA11yViolations(page, `profile with a used token (${label})`);

    await row.getByRole('button', { name: `Revoke the token ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, `Token "${name}" revoked`);
    await expect(row).toContainText('Revoked');
    expect((await system.get('/api/investor/dashboard')).status()).toBe(401);
  } finally {
    await system.dispose();
  }
}
