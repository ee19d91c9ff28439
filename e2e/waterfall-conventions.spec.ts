import { expect, type Page, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast } from './fixtures';
import { completeSigned } from './setup';
import { dealWithOneHolder, isoInDays, signInBoth } from './waterfall-setup';

/**
 * Issue 29 part 2 (decision record 039): an admin sets the waterfall conventions on a deal's terms
 * (simple preferred return on 30/360, clawback recorded as owed net of 25% tax); a distribution
 * pays carry, a later contribution takes the profit away, and the clawback shows on the
 * Distribution Waterfall screen per carry recipient and in the next distribution's preview.
 */
test.describe.configure({ timeout: 180_000 });

/** A further 100.00 from the investor today: a second subscription, called and received. */
async function contributeAgain(admin: Page, investor: Page, dealId: string) {
  const sub = await investor.request.post('/api/investor/subscriptions', { data: { dealId, amount: '100' } });
  expect(sub.status()).toBe(201);
  const subId = (await sub.json()).subscription.id as string;
  await completeSigned(admin.request, investor.request, subId, { investor: E2E.demoPassword, admin: E2E.adminPassword });
  const investorId = (await (await investor.request.get('/api/auth/session')).json()).user.id as string;
  const today = isoInDays(0);
  const call = await admin.request.post('/api/capital-calls', {
    data: { dealId, basis: 'amount', amount: '100', dueDate: today, purpose: 'Second close', investorIds: [investorId] },
  });
  expect(call.status()).toBe(201);
  const receipt = await admin.request.post(`/api/capital-calls/${(await call.json()).call.id}/receipts`, {
    data: { investorId, amount: '100', valueDate: today },
  });
  expect(receipt.status()).toBe(201);
}

test('an admin sets the waterfall conventions; a clawback shows on the waterfall screen and in the preview', async ({ browser }) => {
  const { admin, investor } = await signInBoth(browser, 1280, 800);
  const title = `Clawback Deal ${Date.now()}`;
  const dealId = await dealWithOneHolder(admin, investor, title);

  await admin.goto(`/admin/deals/${dealId}`);
  const terms = admin.getByRole('form', { name: 'Economic terms' });
  await terms.getByLabel(/^Preferred Return \(%\)/).fill('8');
  await terms.getByLabel(/^Catch-up\*?$/).selectOption('none');
  await terms.getByLabel(/^Carried Interest \(%\)/).fill('20');
  await terms.getByLabel('GP Entity Name').fill('Clawback GP Ltd');
  const conventions = terms.getByRole('group', { name: 'Waterfall conventions' });
  await expect(conventions).toContainText('How the preferred return accrues, and how carry already paid is held to account.');
  // The defaults are today's conventions.
  await expect(conventions.getByLabel('Preferred Return Accrual')).toHaveValue('annual');
  await expect(conventions.getByLabel('Day Count')).toHaveValue('act365');
  await conventions.getByLabel('Preferred Return Accrual').selectOption({ label: 'Simple interest' });
  await conventions.getByLabel('Day Count').selectOption({ label: '30/360' });
  await conventions.getByLabel('GP Clawback').selectOption({ label: 'Record it as owed by the GP' });
  // The tax rate's limit and the escrow's release date field: features/deals/deal-terms.test.tsx.
  await conventions.getByLabel('Clawback Net of Tax (%)').fill('25');
  await terms.getByRole('button', { name: 'Save Terms' }).click();
  await expectToast(admin, 'Terms saved (version 1)');
  await expect(admin.getByTestId('terms-conventions')).toHaveText('Simple interest on 30/360, clawback recorded as owed, net of 25% tax');
  await expectNoA11yViolations(admin, 'deal terms with conventions');
  // Kept on reload.
  await admin.reload();
  await expect(terms.getByRole('group', { name: 'Waterfall conventions' }).getByLabel('Day Count')).toHaveValue('30360');

  // 200 paid today on the 100 contributed today: no time for a preferred return, 100 back, the 100
  // profit 80 / 20: the GP 20.00. Recorded and paid through the API (their screens have their specs).
  const today = isoInDays(0);
  const rec = await admin.request.post('/api/distributions', {
    data: { dealId, type: 'Capital Gain', totalAmount: '200', paymentDate: today, recordDate: today },
  });
  expect(rec.status()).toBe(201);
  const event = (await rec.json()).event;
  expect(event.waterfall.gp).toBe('20.00');
  expect((await admin.request.post(`/api/distributions/${event.id}/pay`)).status()).toBe(200);
  // A second close of 100: the cumulative profit is 200 - 200 = 0, the GP holds 20 of it.
  // Owed net of 25% tax: 20 - 5 = 15.00, all to the one carry recipient.
  await contributeAgain(admin, investor, dealId);

  await admin.goto('/admin/distributions');
  const summary = admin.getByTestId('deal-waterfall').filter({ hasText: title });
  await expect(summary.getByTestId('clawback-owed')).toHaveText('Clawback owed by the GP: $15.00');
  await expect(summary.getByTestId('clawback-recipients')).toHaveText('Clawback GP Ltd: $15.00');
  await expect(summary.getByTestId('clawback-escrow')).toContainText(
    'Simple interest on 30/360, clawback recorded as owed, net of 25% tax',
  );
  await expectNoA11yViolations(admin, 'distribution waterfall with a clawback');

  // The next distribution's preview: the clawback found, the tax forgiven, what stays owed.
  const form = admin.getByRole('form', { name: 'Record Distribution' });
  await form.getByLabel(/^Deal\*?$/).selectOption({ label: title });
  await form.getByLabel('Distribution Type').selectOption('Capital Gain');
  await form.getByLabel(/^Total Amount \(USD\)\*?$/).fill('50');
  await form.getByLabel(/^Payment Date\*?$/).fill(isoInDays(30));
  await form.getByLabel(/^Record Date\*?$/).fill(today);
  await form.getByRole('button', { name: 'Preview Distribution' }).click();
  const preview = admin.getByRole('dialog', { name: 'Distribution Preview' });
  const section = preview.getByRole('region', { name: 'Clawback and escrow' });
  await expect(section).toContainText('Clawback found at this date: $15.00');
  await expect(section).toContainText('Forgiven as tax on the carry: $5.00');
  await expect(section.getByTestId('preview-owed')).toHaveText('Clawback owed by the GP: $15.00');
  await expectNoA11yViolations(admin, 'distribution preview with a clawback');
});

test('carry escrow: held on the waterfall screen until the final distribution, whose preview releases it', async ({ browser }) => {
  const { admin, investor } = await signInBoth(browser, 1280, 800);
  const title = `Escrow Deal ${Date.now()}`;
  const dealId = await dealWithOneHolder(admin, investor, title);
  const saved = await admin.request.put(`/api/deals/${dealId}/terms`, {
    data: {
      hurdleRate: '0',
      catchUp: 'none',
      carryRate: '20',
      carryRecipients: [{ kind: 'gp', name: 'Escrow GP Ltd', share: '100' }],
      managementFee: null,
      conventions: { prefCompounding: 'annual', dayCount: 'act365', clawback: 'net', clawbackTaxRate: '0', escrowRate: '50' },
    },
  });
  expect(saved.status()).toBe(200);
  // 200 on the 100 contributed: 100 back, 80 / 20; half the GP's 20 held: 10.00.
  const today = isoInDays(0);
  const rec = await admin.request.post('/api/distributions', {
    data: { dealId, type: 'Capital Gain', totalAmount: '200', paymentDate: today, recordDate: today },
  });
  expect(rec.status()).toBe(201);
  expect((await admin.request.post(`/api/distributions/${(await rec.json()).event.id}/pay`)).status()).toBe(200);

  await admin.goto('/admin/distributions');
  const summary = admin.getByTestId('deal-waterfall').filter({ hasText: title });
  await expect(summary.getByTestId('escrow-held')).toHaveText('Held in escrow: $10.00');
  await expect(summary).toContainText('Released with the final distribution');

  const form = admin.getByRole('form', { name: 'Record Distribution' });
  await form.getByLabel(/^Deal\*?$/).selectOption({ label: title });
  await form.getByLabel('Distribution Type').selectOption('Capital Gain');
  await form.getByLabel(/^Total Amount \(USD\)\*?$/).fill('50');
  await form.getByLabel(/^Payment Date\*?$/).fill(isoInDays(30));
  await form.getByLabel(/^Record Date\*?$/).fill(today);
  const final = form.getByRole('checkbox', { name: 'Final distribution of this deal' });
  await expect(final).toHaveAccessibleDescription('Releases the carry held in escrow.');
  await final.check();
  await form.getByRole('button', { name: 'Preview Distribution' }).click();
  const preview = admin.getByRole('dialog', { name: 'Distribution Preview' });
  await expect(preview.getByRole('region', { name: 'Clawback and escrow' })).toContainText('Escrow released: $10.00');
  await expectNoA11yViolations(admin, 'distribution preview releasing escrow');
  await preview.getByRole('button', { name: 'Back' }).click();

  // The final distribution paid today releases the 10.00; it is paid out to the carry recipient
  // from the waterfall screen (issue 29 leftover): 50 more profit, GP 20% of 150 = 30 in all, 10.00
  // released (by hand), all of it to Escrow GP Ltd (100%).
  const last = await admin.request.post('/api/distributions', {
    data: { dealId, type: 'Capital Gain', totalAmount: '50', paymentDate: today, recordDate: today, final: true },
  });
  expect(last.status(), await last.text()).toBe(201);
  expect((await admin.request.post(`/api/distributions/${(await last.json()).event.id}/pay`)).status()).toBe(200);
  await admin.reload();
  const released = admin.getByTestId('deal-waterfall').filter({ hasText: title });
  await expect(released.getByTestId('escrow-to-pay-out')).toHaveText('Released, still to pay out to the carry recipients: $10.00');
  await released.getByRole('button', { name: 'Pay Out Released Escrow' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Pay Out Released Escrow' });
  await expect(dialog).toContainText(`$10.00 of carry released from escrow on ${title} goes to the carry recipients`);
  const paidOn = dialog.getByLabel(/^Paid on/);
  await expect(paidOn).toHaveValue(today);
  await paidOn.fill(isoInDays(1));
  await dialog.getByRole('button', { name: 'Pay Out' }).click();
  await expect(dialog.getByText('The payout date cannot be after today')).toBeVisible();
  await expect(paidOn).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(admin, 'escrow payout with a future date');
  await paidOn.fill(today);
  await dialog.getByRole('button', { name: 'Pay Out' }).click();
  await expectToast(admin, 'Released escrow paid out: $10.00');
  await expect(released.getByTestId('escrow-paid-out')).toHaveText('Paid out to the carry recipients: $10.00');
  await expect(released.getByRole('list', { name: 'Escrow payouts' })).toContainText('Escrow GP Ltd $10.00');
  await expect(released.getByRole('button', { name: 'Pay Out Released Escrow' })).toHaveCount(0);
  await expectNoA11yViolations(admin, 'escrow paid out');
});
