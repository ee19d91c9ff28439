import { readFile } from 'node:fs/promises';
import { expect, type Page, request } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { E2E, expectNoA11yViolations, freshEmail, gotoLogin, inlineAlert, signInViaUi } from './fixtures';

/**
 * Two-factor sign-in (issue 14). The demo server starts with two-factor off; the test turns it on
 * as the e2e founder, and off again at the end, so the other suites are not affected.
 */

const code = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function founderApi() {
  const ctx = await request.newContext({ baseURL: E2E.baseURL });
  const res = await ctx.post('/api/auth/sign-in', { data: { email: E2E.adminEmail, password: E2E.adminPassword } });
  expect(res.status()).toBe(200);
  return ctx;
}

/** Turns the setting on with a founder session opened before, which stays usable to turn it off again. */
async function twoFactorOn() {
  const api = await founderApi();
  expect((await api.put('/api/settings', { data: { twoFactorAuth: true } })).status()).toBe(200);
  return async () => {
    expect((await api.put('/api/settings', { data: { twoFactorAuth: false } })).status()).toBe(200);
    await api.dispose();
  };
}

async function newAdmin() {
  const api = await founderApi();
  const email = freshEmail('tfa');
  const temp = 'Temporary-pass-123';
  expect(
    (
      await api.post('/api/users', { data: { name: 'Tara Factor', email, password: temp, role: 'admin', adminUserType: 'legal' } })
    ).status(),
  ).toBe(201);
  await api.dispose();
  // The new admin replaces the temporary password first (two-factor is still off here).
  const own = await request.newContext({ baseURL: E2E.baseURL });
  expect((await own.post('/api/auth/sign-in', { data: { email, password: temp } })).status()).toBe(200);
  const password = 'Tara-own-password-2026';
  expect((await own.post('/api/auth/change-password', { data: { currentPassword: temp, newPassword: password } })).status()).toBe(200);
  await own.dispose();
  return { email, password };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login|\/$/);
}

/** The whole flow: enrol (the code computed from the secret shown), sign out, sign in with a code, then with a recovery code. */
export async function enrolAndSignIn(page: Page, label: 'desktop' | 'phone') {
  const phone = label === 'phone';
  const admin = await newAdmin();
  const off = await twoFactorOn();
  try {
    await gotoLogin(page);
    await signInViaUi(page, admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoA11yViolations(page, `enrol (${label})`);
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(inlineAlert(page)).toHaveText('Invalid authentication code');
    await page.getByLabel('Code from the app').fill(code(secret));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const recovery = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    // Copy (from the keyboard) puts the ten codes on the clipboard and says so; Download saves them as a .txt.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy codes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Recovery codes copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recovery.join('\n'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .txt' }).click()]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const saved = await readFile((await download.path()) as string, 'utf8');
    expect(saved).toContain('Two-factor recovery codes. Each code signs you in once.');
    for (const c of recovery) expect(saved).toContain(`\n${c}\n`);
    await expectNoA11yViolations(page, `recovery codes (${label})`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/admin/);

    // Sign out; sign in with a code (the next time step: the enrolment used this one).
    if (phone)
      await page
        .getByRole('button', { name: /menu|sidebar/i })
        .first()
        .click();
    await signOut(page);
    await gotoLogin(page);
    await signInViaUi(page, admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await page.getByLabel('Authentication code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(inlineAlert(page)).toHaveText('Invalid authentication code');
    await expectNoA11yViolations(page, `code step (${label})`);
    await page.getByLabel('Authentication code').fill(code(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin/);

    // And with a recovery code.
    if (phone)
      await page
        .getByRole('button', { name: /menu|sidebar/i })
        .first()
        .click();
    await signOut(page);
    await gotoLogin(page);
    await signInViaUi(page, admin.email, admin.password);
    await page.getByLabel('Authentication code').fill(recovery[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin/);
  } finally {
    await off();
  }
}
