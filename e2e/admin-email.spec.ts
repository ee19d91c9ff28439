import { test } from '@playwright/test';
import { confirmEmailInArabic, firstSignInSetsEmailFlow, founderChangesAdminEmailFlow } from './admin-email-flow';

/** Issue 27 item 12: administrators' e-mail addresses (the flows are in admin-email-flow.ts). */

test('the first sign-in of the generated administrator sets the real e-mail address', async ({ page }) => {
  await firstSignInSetsEmailFlow(page, 'desk');
});

test("a founder changes an administrator's e-mail; the link sent to the new address applies it", async ({ page }) => {
  await founderChangesAdminEmailFlow(page, 'desk', async (p, name) => {
    await p.getByRole('button', { name: `Actions for ${name}` }).click();
  });
});

test('the e-mail confirmation page in Arabic', async ({ page }) => {
  await confirmEmailInArabic(page, 'desk');
});
