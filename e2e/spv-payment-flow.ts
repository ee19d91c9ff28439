import { execFileSync } from 'node:child_process';
import { type Browser, expect, type Page } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, isoInDays, signIn } from './fixtures';
import { completeSigned, ensureSubscriptionPack } from './setup';

/** The demo co-investor (KYC approved), who commits to a fresh deal of the new SPV. */
const KILI = 'kilimanjaro@demo.example.com';
const inDays = isoInDays;
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/**
 * SPV payment instructions (issue 12): the admin enters them on the SPV Tracker's form (IBAN and
 * SWIFT/BIC refused field by field until right), the card shows them, and a capital call on a deal
 * of that SPV shows them on the investor's notice, on screen and in the PDF.
 */
export async function spvPaymentFlow(browser: Browser, page: Page, phone: boolean) {
  const stamp = `${Date.now() % 1_000_000}${phone ? 'p' : 'd'}`;
  const name = `Victoria Rail SPV ${stamp} Ltd`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/spv-tracker');
  await expect(page.getByRole('heading', { level: 1, name: 'SPV Firewall Tracker' })).toBeVisible();
  await page.getByRole('button', { name: 'New SPV' }).click();
  const dialog = page.getByRole('dialog', { name: 'New SPV' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Annual Return Due').fill(inDays(120));
  await dialog.getByLabel('Bank Balance (USD)').fill('0');
  await expect(dialog.getByRole('group', { name: 'Payment Instructions' })).toBeVisible();

  // The payment instructions' validation (all or nothing, IBAN check digits, SWIFT length, axe
  // with the errors): src/web/features/spvs/spv-tracker-page.test.tsx.
  await dialog.getByLabel('Bank', { exact: true }).fill('Mauritius Commercial Bank, Port Louis');
  await dialog.getByLabel('Account Holder').fill(`${name} - Capital Account`);
  await dialog.getByLabel('IBAN or Account Number').fill('MU17 BOMM 0101 1010 3030 0200 000M UR');
  await dialog.getByLabel('SWIFT/BIC').fill('mcblmumu');
  await dialog.getByLabel('Payment Reference').fill('Your name and the call date');
  await dialog.getByRole('button', { name: 'Create SPV' }).click();
  await expectToast(page, 'SPV created successfully');
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('spv-card').filter({ hasText: name });
  await expect(card.getByTestId('spv-payment')).toContainText('MU17 BOMM 0101 1010 3030 0200 000M UR');
  await expect(card.getByTestId('spv-payment')).toContainText('MCBLMUMU');

  // Edit: prefilled, and a domestic account number is accepted too; then back to the IBAN.
  await card.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit SPV' });
  await expect(edit.getByLabel('IBAN or Account Number')).toHaveValue('MU17 BOMM 0101 1010 3030 0200 000M UR');
  await expect(edit.getByLabel('SWIFT/BIC')).toHaveValue('MCBLMUMU');
  await edit.getByLabel('SWIFT/BIC').fill('MCBLMUMUXXX');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'SPV updated successfully');
  await expect(card.getByTestId('spv-payment')).toContainText('MCBLMUMUXXX');
  await expectNoA11yViolations(page, 'spv tracker with payment instructions');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // A deal of this SPV, Kilimanjaro's commitment and a 10% call (set up through the API).
  const created = await page.request.post('/api/deals', {
    data: { title: `Victoria Rail ${stamp}`, type: 'PPP', targetAmount: null, spvEntity: name },
  });
  expect(created.status()).toBe(201);
  const dealId = (await created.json()).deal.id as string;
  expect((await page.request.patch(`/api/deals/${dealId}`, { data: { status: 'Active' } })).ok()).toBe(true);
  await ensureSubscriptionPack(page.request, dealId);
  const investor = await (
    await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {})
  ).newPage();
  await signIn(investor, KILI, E2E.demoPassword, /\/investor$/);
  const sub = await investor.request.post('/api/investor/subscriptions', { data: { dealId, amount: '100000' } });
  expect(sub.status()).toBe(201);
  await completeSigned(page.request, investor.request, (await sub.json()).subscription.id, {
    investor: E2E.demoPassword,
    admin: E2E.adminPassword,
  });
  const call = await page.request.post('/api/capital-calls', {
    data: { dealId, basis: 'percentage', percentage: '10', dueDate: inDays(10), purpose: 'Track survey' },
  });
  expect(call.status(), await call.text()).toBe(201);

  // The investor's notice shows the SPV's instructions, on screen and in the PDF.
  await investor.goto('/investor/capital-calls');
  const notice = investor.getByRole('article', { name: new RegExp(`Capital call: Victoria Rail ${stamp}`) });
  await expect(notice).toContainText('Mauritius Commercial Bank, Port Louis');
  await expect(notice).toContainText(`${name} - Capital Account`);
  await expect(notice).toContainText('MU17 BOMM 0101 1010 3030 0200 000M UR');
  await expect(notice).toContainText('MCBLMUMUXXX');
  await expect(notice).toContainText('Your name and the call date');
  await expectNoA11yViolations(investor, 'investor notice with payment instructions');
  expect(await investor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const [pdf] = await Promise.all([
    investor.waitForEvent('download'),
    notice.getByRole('button', { name: 'Download Notice (PDF)' }).click(),
  ]);
  const text = pdfText(await pdf.path());
  expect(text).toContain('Mauritius Commercial Bank, Port Louis');
  expect(text).toContain('MU17 BOMM 0101 1010 3030 0200 000M UR');
  expect(text).toContain('MCBLMUMUXXX');
  expect(text).toContain('Your name and the call date');
  await investor.context().close();
}
