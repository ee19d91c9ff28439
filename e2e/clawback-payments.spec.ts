import { expect, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast } from './fixtures';
import { completeSigned } from './setup';
import { CO_INVESTOR, dealWithOneHolder, isoInDays, signInBoth } from './waterfall-setup';

/**
 * Issue 29 leftover (decision 058): a clawback owed by the GP shows on the Distribution Waterfall
 * screen, and an admin records the GP paying part of it back: field messages for too much and a
 * future day, then the amount owed drops, the payment and the investor it went to are listed.
 * The history is made through the real API, all dated today (the screens that make it have their
 * own specs): carry paid on an early exit, then a second close takes the profit away.
 */
test.describe.configure({ timeout: 180_000 });

test('a clawback shows on the waterfall screen; the GP pays part of it back and what is owed drops', async ({ browser }) => {
  const { admin, investor } = await signInBoth(browser, 1280, 800);
  const title = `Clawback Payment Deal ${Date.now()}`;
  const dealId = await dealWithOneHolder(admin, investor, title);
  const saved = await admin.request.put(`/api/deals/${dealId}/terms`, {
    data: {
      hurdleRate: '0',
      catchUp: 'none',
      carryRate: '20',
      carryRecipients: [{ kind: 'gp', name: 'Payback GP Ltd', share: '100' }],
      managementFee: null,
      conventions: { prefCompounding: 'annual', dayCount: 'act365', clawback: 'owed', clawbackTaxRate: '0', escrowRate: '0' },
    },
  });
  expect(saved.status()).toBe(200);
  // 200 paid today on the 100 contributed: 100 back, the 100 profit 80 / 20: the GP 20.00.
  const today = isoInDays(0);
  const rec = await admin.request.post('/api/distributions', {
    data: { dealId, type: 'Capital Gain', totalAmount: '200', paymentDate: today, recordDate: today },
  });
  expect(rec.status()).toBe(201);
  const event = (await rec.json()).event;
  expect(event.waterfall.gp).toBe('20.00');
  expect((await admin.request.post(`/api/distributions/${event.id}/pay`)).status()).toBe(200);
  // A second close of 100 from the same investor: the cumulative profit is 200 - 200 = 0 and the
  // GP holds 20: 20.00 owed (no tax relief), all to the one carry recipient.
  const sub = await investor.request.post('/api/investor/subscriptions', { data: { dealId, amount: '100' } });
  expect(sub.status()).toBe(201);
  await completeSigned(admin.request, investor.request, (await sub.json()).subscription.id, {
    investor: E2E.demoPassword,
    admin: E2E.adminPassword,
  });
  const investorId = (await (await investor.request.get('/api/auth/session')).json()).user.id as string;
  const call = await admin.request.post('/api/capital-calls', {
    data: { dealId, basis: 'amount', amount: '100', dueDate: today, purpose: 'Second close', investorIds: [investorId] },
  });
  expect(call.status()).toBe(201);
  const receipt = await admin.request.post(`/api/capital-calls/${(await call.json()).call.id}/receipts`, {
    data: { investorId, amount: '100', valueDate: today },
  });
  expect(receipt.status()).toBe(201);

  await admin.goto('/admin/distributions');
  const summary = admin.getByTestId('deal-waterfall').filter({ hasText: title });
  await expect(summary.getByTestId('clawback-owed')).toHaveText('Clawback owed by the GP: $20.00');
  await expect(summary.getByTestId('clawback-recipients')).toHaveText('Payback GP Ltd: $20.00');
  await expect(summary.getByTestId('clawback-paid')).toHaveCount(0);
  await expectNoA11yViolations(admin, 'distribution waterfall with a clawback owed');

  await summary.getByRole('button', { name: 'Record Clawback Payment' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Record Clawback Payment' });
  await expect(dialog).toContainText(`The GP owes $20.00 on ${title}.`);
  const amount = dialog.getByLabel(/^Amount paid \(USD\)/);
  const paidOn = dialog.getByLabel(/^Paid on/);
  await expect(paidOn).toHaveValue(today);
  // More than is owed, and a day after today: a message at each field, nothing sent.
  await amount.fill('20.01');
  await paidOn.fill(isoInDays(1));
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/The GP owes \$20\.00: record at most that/);
  await expect(paidOn).toHaveAccessibleDescription(/The payment date cannot be after today/);
  await expectNoA11yViolations(admin, 'clawback payment with field messages');
  await amount.fill('12.50');
  await paidOn.fill(today);
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expectToast(admin, 'Clawback payment recorded: $12.50');
  await expect(dialog).toHaveCount(0);

  // 20.00 - 12.50 = 7.50 still owed; the 12.50 went to the deal's one investor.
  await expect(summary.getByTestId('clawback-owed')).toHaveText('Clawback owed by the GP: $7.50');
  await expect(summary.getByTestId('clawback-paid')).toHaveText('Paid back by the GP to the investors: $12.50');
  await expect(summary.getByRole('list', { name: 'Clawback payments' })).toContainText(`$12.50 to ${CO_INVESTOR.name} $12.50`);
  await expect(summary.getByRole('button', { name: 'Record Clawback Payment' })).toBeVisible();
  await expectNoA11yViolations(admin, 'distribution waterfall after a clawback payment');
});
