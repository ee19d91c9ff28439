import { expect, request as playwrightRequest, test } from '@playwright/test';
import { dealAlertsOffFlow, forgotPasswordFlow, smtpSettingsFlow } from './email-flows';
import { E2E, expectNoA11yViolations, freshEmail } from './fixtures';
import { createActiveInvestor, linkIn, mailbox, waitForMail } from './mail';

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

test('the unsubscribe link of a deal alert turns deal alerts off without signing in', async ({ page }) => {
  const email = freshEmail('unsub');
  await createActiveInvestor(page, E2E.baseURL, 'Uma Unsubscribe', email, 'temporary-pass-1');
  const admin = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
  try {
    expect((await admin.post('/api/auth/sign-in', { data: { email: E2E.adminEmail, password: E2E.adminPassword } })).ok()).toBe(true);
    const openDeal = async (title: string) => {
      const created = await admin.post('/api/deals', { data: { title, type: 'AI & Tech', targetAmount: '750000' } });
      expect(created.ok(), await created.text()).toBe(true);
      const opened = await admin.patch(`/api/deals/${(await created.json()).deal.id}`, { data: { status: 'Active' } });
      expect(opened.ok()).toBe(true);
    };
    const first = `Nairobi Data Centre ${Date.now()}`;
    await openDeal(first);
    const alert = await waitForMail(page.request, email, (m) => m.subject.includes(first));
    expect(alert.text).toContain('Unsubscribe:');
    await page.goto(linkIn(alert, '/unsubscribe#'));
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail notifications' })).toBeVisible();
    await expect(page.getByText('Stop receiving deal alerts e-mails?')).toBeVisible();
    await expectNoA11yViolations(page, 'unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe from deal alerts' }).click();
    await expect(page.getByRole('status')).toHaveText('You will no longer receive deal alerts e-mails.');
    await expectNoA11yViolations(page, 'unsubscribed');

    const second = `Mombasa Cold Chain ${Date.now()}`;
    await openDeal(second);
    await waitForMail(page.request, 'kilimanjaro@demo.example.com', (m) => m.subject.includes(second));
    await page.waitForTimeout(1500);
    expect((await mailbox(page.request)).filter((m) => m.to.includes(email) && m.subject.includes(second))).toEqual([]);
  } finally {
    await admin.dispose();
  }
});
