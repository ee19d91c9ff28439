import { type Browser, expect, type Page } from '@playwright/test';
import { E2E, isoInDays, signIn } from './fixtures';
import { completeSigned, ensureSubscriptionPack } from './setup';

export { isoInDays };

/** The co-investor demo account: no other spec asserts its figures. */
export const CO_INVESTOR = { email: 'kilimanjaro@demo.example.com', name: 'Kilimanjaro Family Office' };

/** An ISO day (YYYY-MM-DD, UTC) `days` from today, as the server counts days. */

export async function contextPage(browser: Browser, width: number, height: number): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: E2E.baseURL, viewport: { width, height } });
  return ctx.newPage();
}

/**
 * A fresh active deal in which the co-investor holds a completed 100.00 subscription, made
 * called and received today, through the API (those screens have their own specs).
 */
export async function dealWithOneHolder(admin: Page, investor: Page, title: string): Promise<string> {
  const created = await admin.request.post('/api/deals', {
    // A call needs the SPV's payment details (issue 26): the demo's energy SPV has them.
    data: { title, type: 'Infrastructure', targetAmount: null, spvEntity: 'EA Energy Trade SPV Ltd' },
  });
  expect(created.status()).toBe(201);
  const dealId = (await created.json()).deal.id as string;
  expect((await admin.request.patch(`/api/deals/${dealId}`, { data: { status: 'Active' } })).status()).toBe(200);
  await ensureSubscriptionPack(admin.request, dealId);
  const sub = await investor.request.post('/api/investor/subscriptions', { data: { dealId, amount: '100' } });
  expect(sub.status()).toBe(201);
  const subId = (await sub.json()).subscription.id as string;
  await completeSigned(admin.request, investor.request, subId, { investor: E2E.demoPassword, admin: E2E.adminPassword });
  // Called in full and received today: the investor holds contributed capital from today.
  const investorId = (await (await investor.request.get('/api/auth/session')).json()).user.id as string;
  const today = isoInDays(0);
  const call = await admin.request.post('/api/capital-calls', {
    data: { dealId, basis: 'amount', amount: '100', dueDate: today, purpose: 'Closing', investorIds: [investorId] },
  });
  expect(call.status()).toBe(201);
  const callId = (await call.json()).call.id as string;
  const receipt = await admin.request.post(`/api/capital-calls/${callId}/receipts`, {
    data: { investorId, amount: '100', valueDate: today },
  });
  expect(receipt.status()).toBe(201);
  return dealId;
}

export async function signInBoth(browser: Browser, width: number, height: number): Promise<{ admin: Page; investor: Page }> {
  const admin = await contextPage(browser, width, height);
  await signIn(admin, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const investor = await contextPage(browser, width, height);
  await signIn(investor, CO_INVESTOR.email, E2E.demoPassword, /\/investor$/);
  return { admin, investor };
}
