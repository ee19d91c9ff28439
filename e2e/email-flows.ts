import { expect, type Page, request as playwrightRequest } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, expectToast, freshEmail, gotoLogin, PASSWORD_LABEL, signInViaUi } from './fixtures';
import { createActiveInvestor, linkIn, mailbox, waitForMail } from './mail';

/** "Forgot password?" -> the e-mail arrives -> its link sets a new password -> sign-in works (desktop and phone). */
export async function forgotPasswordFlow(page: Page, tag: string) {
  const email = freshEmail(tag);
  await createActiveInvestor(page, E2E.baseURL, 'Rosa Recover', email, 'temporary-pass-1');

  await gotoLogin(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
  await expectNoA11yViolations(page, `forgot password (${tag})`);
  // A malformed address is refused on the field.
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an active account uses that address, we have sent it a link');
  await expectNoA11yViolations(page, `forgot password sent (${tag})`);

  const mail = await waitForMail(page.request, email, (m) => m.subject.startsWith('Reset your'));
  expect(mail.html).toContain('Rosa Recover');
  const link = linkIn(mail, '/reset-password#token=');
  expect(link.startsWith(`${E2E.baseURL}/reset-password#token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, `reset password (${tag})`);
  // The policy's length before sending: features/auth/reset-password-page.test.tsx.
  await page.getByLabel('New password', { exact: true }).fill('recovered-pass-1');
  await page.getByLabel('Confirm new password').fill('recovered-pass-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Your password has been changed. Sign in with your new password.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel(PASSWORD_LABEL).fill('recovered-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/investor$/);

  // The link is single-use.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
  await expectNoA11yViolations(page, `reset link used (${tag})`);
  return { email };
}

/** Saves the settings once earlier toasts have gone, so the new toast is the one checked. */
async function save(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully');
}

/** An admin saves the SMTP settings on the Email tab and sends a test e-mail (on the server without SMTP_URL). */
export async function smtpSettingsFlow(page: Page, label: string) {
  const started = Date.now();
  await page.goto(`${E2E.emptyBaseURL}/login`);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${E2E.emptyBaseURL}/admin/settings`);
  await page.getByRole('tab', { name: /^Email/ }).click();

  await page.getByLabel('SMTP host', { exact: true }).fill('127.0.0.1');
  await page.getByLabel('SMTP port', { exact: true }).fill(String(E2E.smtpPort));
  // A new From address each run, so the form has unsaved changes whatever an earlier run saved.
  await page.getByLabel('From address', { exact: true }).fill(`alerts.${label}.${Date.now()}@harbour.example.com`);
  // The test uses the saved settings: unsaved edits hold the button back.
  await expect(page.getByRole('button', { name: 'Send test e-mail' })).toBeDisabled();
  await expect(page.getByText('Save your changes first: the test uses the saved settings.')).toBeVisible();
  await save(page);

  // The address is checked with the server's schema first: the error on the field, focus on it.
  const to = page.getByLabel('Send test e-mail to');
  await expect(to).toHaveValue(E2E.adminEmail);
  await to.fill('not-an-address');
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(to).toBeFocused();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await to.fill(E2E.adminEmail);
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByText('Sent. The server answered:')).toBeVisible();
  await expect(page.getByTestId('smtp-answer')).toHaveText(/^250 /);
  const mail = await waitForMail(page.request, E2E.adminEmail, (m) => m.receivedAt >= started && m.subject.startsWith('Test e-mail from'));
  expect(mail.text).toContain('This test e-mail was sent from the Email tab of the settings by Eve Admin.');

  // The outbox lists what was queued and how links are built.
  await expect(page.getByRole('table', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByText(`Links in e-mails point to ${E2E.emptyBaseURL}.`)).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, `settings: Email with test e-mail (${label})`);

  // A wrong port: the test reports the failure instead of pretending.
  await page.getByLabel('SMTP port', { exact: true }).fill('1');
  await save(page);
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByText('Not sent. The server answered:')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('smtp-answer')).toContainText('ECONNREFUSED');

  // An e-mail queued while the server is unreachable waits in the outbox with the error ...
  const subject = 'Reset your Meridian Capital Group password';
  const forgot = await page.request.post(`${E2E.emptyBaseURL}/api/auth/forgot-password`, { data: { email: E2E.adminEmail } });
  expect(forgot.ok()).toBe(true);
  const outbox = page.getByRole('table', { name: 'Outbox' });
  const row = outbox.getByRole('row').filter({ hasText: subject }).first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toContainText('ECONNREFUSED', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('Queued');

  // ... and goes out with "Retry now" once the settings are right.
  await page.getByLabel('SMTP port', { exact: true }).fill(String(E2E.smtpPort));
  await save(page);
  await row.getByRole('button', { name: /^Retry now/ }).click();
  await expectToast(page, 'The e-mail will be sent again now');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toContainText('Sent', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await waitForMail(page.request, E2E.adminEmail, (m) => m.receivedAt >= started && m.subject === subject);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, `settings: outbox after retry (${label})`);
}

/** The demo investor turns deal alerts off on their profile; a new open deal then reaches others but not them. */
export async function dealAlertsOffFlow(page: Page, label: string, openProfile: (page: Page) => Promise<void>) {
  await gotoLogin(page);
  await signInViaUi(page, DEMO.investor, E2E.demoPassword);
  await expect(page).toHaveURL(/\/investor$/);
  await openProfile(page);
  await expect(page).toHaveURL(/\/investor\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const alerts = page.getByRole('checkbox', { name: 'Deal alerts' });
  await expect(alerts).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'New sign-ups' })).toHaveCount(0);
  // A click, then the state: the switch is controlled by the saved preference, so it turns once the server answers.
  await alerts.click();
  await expectToast(page, 'Deal alerts e-mails turned off');
  await expect(alerts).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Deal alerts' })).not.toBeChecked();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, `investor profile (${label})`);

  // An admin opens a new deal.
  const admin = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
  try {
    expect((await admin.post('/api/auth/sign-in', { data: { email: E2E.adminEmail, password: E2E.adminPassword } })).ok()).toBe(true);
    const title = `Lamu Port Logistics ${label} ${Date.now()}`;
    const created = await admin.post('/api/deals', { data: { title, type: 'Infrastructure', targetAmount: '4000000' } });
    expect(created.ok(), await created.text()).toBe(true);
    const id = (await created.json()).deal.id as string;
    const opened = await admin.patch(`/api/deals/${id}`, { data: { status: 'Active' } });
    expect(opened.ok(), await opened.text()).toBe(true);
    // An investor who kept deal alerts on gets it; the one who turned them off does not.
    await waitForMail(page.request, 'kilimanjaro@demo.example.com', (m) => m.subject.includes(title));
    await page.waitForTimeout(1500);
    const forInvestor = (await mailbox(page.request)).filter((m) => m.to.includes(DEMO.investor) && m.subject.includes(title));
    expect(forInvestor).toEqual([]);
  } finally {
    await admin.dispose();
  }

  // Turned back on for the other specs.
  await page.getByRole('checkbox', { name: 'Deal alerts' }).click();
  await expectToast(page, 'Deal alerts e-mails turned on');
  await expect(page.getByRole('checkbox', { name: 'Deal alerts' })).toBeChecked();
}
