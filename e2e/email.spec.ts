import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { forgotPasswordFlow } from './email-flows';
import { DEMO, E2E, expectNoA11yViolations, expectToast, gotoLogin, signInViaUi } from './fixtures';
import { mailbox, waitForMail } from './mail';

/**
 * E-mail (issue 15) in Chromium against the real servers and a real SMTP receiver
 * (scripts/e2e-smtp-receiver.ts, started by playwright.config.ts): password recovery through
 * the e-mailed link, the Email tab's SMTP settings and test e-mail, and an investor who turns
 * deal alerts off and gets none.
 */

/** Saves the settings once earlier toasts have gone, so the new toast is the one checked. */
async function save(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully');
}

test('forgot password -> e-mail -> new password -> sign in', async ({ page }) => {
  await forgotPasswordFlow(page, 'desktop-recover');
});

test('an admin saves the SMTP settings and sends a test e-mail; the answer and the outbox are shown', async ({ page }) => {
  const started = Date.now();
  // The empty server has no SMTP_URL: the Email tab is what it sends with.
  await page.goto(`${E2E.emptyBaseURL}/login`);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: /^Email/ }).click();
  await expect(page.getByText('Requires an SMS provider')).toHaveCount(0);

  await page.getByLabel('SMTP host', { exact: true }).fill('127.0.0.1');
  await page.getByLabel('SMTP port', { exact: true }).fill(String(E2E.smtpPort));
  await page.getByLabel('From address', { exact: true }).fill('alerts@harbour.example.com');
  // The test uses the saved settings: unsaved edits hold the button back.
  await expect(page.getByRole('button', { name: 'Send test e-mail' })).toBeDisabled();
  await expect(page.getByText('Save your changes first: the test uses the saved settings.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully');

  await expect(page.getByLabel('Send test e-mail to')).toHaveValue(E2E.adminEmail);
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByText('Sent. The server answered:')).toBeVisible();
  await expect(page.getByTestId('smtp-answer')).toHaveText(/^250 /);
  const mail = await waitForMail(page.request, E2E.adminEmail, (m) => m.receivedAt >= started && m.subject.startsWith('Test e-mail from'));
  expect(mail.text).toContain('This test e-mail was sent from the Email tab of the settings by Eve Admin.');

  // The outbox lists what was queued and how links are built.
  const outbox = page.getByRole('table', { name: 'Outbox' });
  await expect(outbox).toBeVisible();
  await expect(page.getByText(`Links in e-mails point to ${E2E.emptyBaseURL}.`)).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, 'settings: Email with test e-mail');

  // A wrong port: the test reports the failure instead of pretending.
  await page.getByLabel('SMTP port', { exact: true }).fill('1');
  await save(page);
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByText('Not sent. The server answered:')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('smtp-answer')).toContainText('ECONNREFUSED');
  await page.getByLabel('SMTP port', { exact: true }).fill(String(E2E.smtpPort));
  await save(page);
});

test('an investor turns off deal alerts on their profile and gets no deal alert; others still do', async ({ page }) => {
  await gotoLogin(page);
  await signInViaUi(page, DEMO.investor, E2E.demoPassword);
  await expect(page).toHaveURL(/\/investor$/);
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Profile & notifications' }).click();
  await expect(page).toHaveURL(/\/investor\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const alerts = page.getByRole('checkbox', { name: 'Deal alerts' });
  await expect(alerts).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'New sign-ups' })).toHaveCount(0);
  await alerts.uncheck();
  await expectToast(page, 'Deal alerts e-mails turned off');
  await expect(alerts).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Deal alerts' })).not.toBeChecked();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, 'investor profile');

  // An admin opens a new deal.
  const admin = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
  try {
    expect((await admin.post('/api/auth/sign-in', { data: { email: E2E.adminEmail, password: E2E.adminPassword } })).ok()).toBe(true);
    const title = `Lamu Port Logistics ${Date.now()}`;
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
  await page.getByRole('checkbox', { name: 'Deal alerts' }).check();
  await expectToast(page, 'Deal alerts e-mails turned on');
});
