import { expect, type Page, test } from '@playwright/test';
import { dealAlertsOffFlow, forgotPasswordFlow, smtpSettingsFlow } from './email-flows';

/** The e-mail flows at phone width (390 px): recovery, SMTP settings with a test e-mail, deal alerts off. */

async function expectNoHorizontalOverflow(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
}

test('forgot password -> e-mail -> new password -> sign in, at phone width', async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  await forgotPasswordFlow(page, 'phone-recover');
  await expectNoHorizontalOverflow(page);
});

test('SMTP settings and a test e-mail at phone width', async ({ page }) => {
  await smtpSettingsFlow(page, 'phone');
  await expectNoHorizontalOverflow(page);
});

test('deal alerts turned off from the profile at phone width', async ({ page }) => {
  await dealAlertsOffFlow(page, 'phone', async (p) => {
    // The sidebar is a sheet below 768 px: open it, then the account menu.
    await p.getByRole('button', { name: 'Toggle sidebar' }).click();
    await p.getByRole('button', { name: /^Account menu for / }).click();
    await p.getByRole('menuitem', { name: 'Profile & notifications' }).click();
  });
  await expectNoHorizontalOverflow(page);
});
