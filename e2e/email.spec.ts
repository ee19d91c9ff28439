import { test } from '@playwright/test';
import { dealAlertsOffFlow, forgotPasswordFlow, smtpSettingsFlow } from './email-flows';

/**
 * E-mail (issue 15) in Chromium against the real servers and a real SMTP receiver
 * (scripts/e2e-smtp-receiver.ts, started by playwright.config.ts): password recovery through
 * the e-mailed link, the Email tab's SMTP settings and test e-mail, and an investor who turns
 * deal alerts off and gets none. The same flows run at phone width in email.phone.spec.ts.
 */

test('forgot password -> e-mail -> new password -> sign in', async ({ page }) => {
  await forgotPasswordFlow(page, 'desktop-recover');
});

test('an admin saves the SMTP settings and sends a test e-mail; the answer and the outbox are shown', async ({ page }) => {
  await smtpSettingsFlow(page, 'desktop');
});

test('an investor turns off deal alerts on their profile and gets no deal alert; others still do', async ({ page }) => {
  await dealAlertsOffFlow(page, 'desktop', async (p) => {
    await p.getByRole('button', { name: /^Account menu for / }).click();
    await p.getByRole('menuitem', { name: 'Profile & notifications' }).click();
  });
});
