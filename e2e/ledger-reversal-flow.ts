import { expect, type Page } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, isoInDays, signIn } from './fixtures';
import { completeSigned, ensureSubscriptionPack } from './setup';

/** The demo co-investor (KYC approved), who commits to a fresh deal for this flow. */
const KILI = 'kilimanjaro@demo.example.com';
const today = () => isoInDays(0);

/**
 * Reversals on the deal ledger (issue 12): the admin reverses a contribution with a reason and a
 * confirmation, the balances follow, and reversing the reversal is refused with the server's message.
 */
export async function ledgerReversalFlow(page: Page, investor: Page, phone: boolean) {
  const stamp = `${Date.now() % 1_000_000}${phone ? 'p' : 'd'}`;
  const title = `Kisumu Cold Chain ${stamp}`;
  // Set-up through the API: Kilimanjaro commits 80,000; a 100% call; a 30,000 receipt.
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const created = await page.request.post('/api/deals', {
    // A call needs the SPV's payment details (issue 26): the demo's energy SPV has them.
    data: { title, type: 'AI & Tech', targetAmount: null, spvEntity: 'EA Energy Trade SPV Ltd' },
  });
  expect(created.status()).toBe(201);
  const dealId = (await created.json()).deal.id as string;
  expect((await page.request.patch(`/api/deals/${dealId}`, { data: { status: 'Active' } })).ok()).toBe(true);
  await ensureSubscriptionPack(page.request, dealId);
  await signIn(investor, KILI, E2E.demoPassword, /\/investor$/);
  const sub = await investor.request.post('/api/investor/subscriptions', { data: { dealId, amount: '80000' } });
  expect(sub.status()).toBe(201);
  await completeSigned(page.request, investor.request, (await sub.json()).subscription.id, {
    investor: E2E.demoPassword,
    admin: E2E.adminPassword,
  });
  const call = await page.request.post('/api/capital-calls', {
    data: { dealId, basis: 'percentage', percentage: '100', dueDate: today(), purpose: 'Closing' },
  });
  expect(call.status(), await call.text()).toBe(201);
  const c = (await call.json()).call as { id: string; lines: { investorId: string }[] };
  const receipt = await page.request.post(`/api/capital-calls/${c.id}/receipts`, {
    data: { investorId: c.lines[0]?.investorId, amount: '30000', valueDate: today() },
  });
  expect(receipt.status(), await receipt.text()).toBe(201);

  await page.goto(`/admin/deals/${dealId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel('Ledger totals')).toContainText('$30,000.00');
  const entries = page.getByRole('region', { name: 'Ledger entries' });
  const contribution = entries.getByTestId('ledger-entry').filter({ has: page.getByRole('cell', { name: 'Contribution', exact: true }) });
  await expect(contribution).toHaveCount(1);
  await expect(contribution).toContainText('$30,000.00');
  await expectNoA11yViolations(page, 'deal ledger entries');

  // Reverse: a reason (its required message: features/deals/ledger-entries.test.tsx), then a confirmation.
  await contribution.getByRole('button', { name: /^Reverse Contribution of \$30,000\.00/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Reverse Ledger Entry' });
  await expect(dialog).toContainText('Contribution of $30,000.00');
  await dialog.getByLabel(/^Reason/).fill('Receipt booked against the wrong investor');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  dialog = page.getByRole('dialog', { name: 'Confirm Reversal' });
  await expect(dialog).toContainText('Receipt booked against the wrong investor');
  await expect(dialog).toContainText('This cannot be undone');
  await expectNoA11yViolations(page, 'confirm reversal dialog');
  if (!phone) await page.screenshot({ path: '.test-logs/ledger-reversal-confirm-1280.png' });
  await dialog.getByRole('button', { name: 'Confirm Reversal' }).click();
  await expectToast(page, 'Ledger entry reversed');
  await expect(dialog).toBeHidden();

  // The original stays, marked reversed; the reversal is listed with its reason; balances follow.
  await expect(contribution.getByText('Reversed', { exact: true })).toBeVisible();
  await expect(contribution.getByRole('button', { name: /^Reverse/ })).toHaveCount(0);
  const reversal = entries.getByTestId('ledger-entry').filter({ hasText: 'Reversal of Contribution' });
  await expect(reversal).toContainText('Receipt booked against the wrong investor');
  await expect(reversal).toContainText('−$30,000.00');
  const byInvestor = page.getByRole('region', { name: 'Capital accounts by investor' });
  await expect(byInvestor.getByRole('row').filter({ hasText: 'Kilimanjaro' })).not.toContainText('$30,000.00');

  // Reversing the reversal is refused: the server's message, in the dialog and a toast.
  await reversal.getByRole('button', { name: /^Reverse Reversal of Contribution/ }).click();
  dialog = page.getByRole('dialog', { name: 'Reverse Ledger Entry' });
  await dialog.getByLabel(/^Reason/).fill('Undo the correction');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  dialog = page.getByRole('dialog', { name: 'Confirm Reversal' });
  await dialog.getByRole('button', { name: 'Confirm Reversal' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A reversal cannot be reversed; post a new entry instead');
  await expectToast(page, 'Failed to reverse the entry');
  await expectNoA11yViolations(page, 'refused reversal');
  await dialog.getByRole('button', { name: 'Back' }).click();
  // The typed reason is unsaved input: closing asks first (issue 18); the test discards it.
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.accept();
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(asked).toEqual(['You have unsaved changes. Leave this page and lose them?']);
  await expect(entries.getByTestId('ledger-entry').filter({ hasText: 'Reversal of Contribution' })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}
