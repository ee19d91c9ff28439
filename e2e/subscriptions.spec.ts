import { readFileSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, gotoLogin, signInViaUi, toasts } from './fixtures';
import { completeSigned } from './setup';

// Flows across an investor's and an admin's browser contexts, with several servers sharing the machine.
test.describe.configure({ timeout: 180_000 });

const OPEN_DEAL = 'Nairobi Distressed Office Tower'; // open (Active, Sourcing) with capacity left; also held
const OIL_DEAL = 'Mombasa Diesel Cargo Financing'; // open and held; has the investor-visible 'Mombasa Diesel Cargo PPM'
const HELD_ONLY = 'Kigali AI Credit Scoring Platform'; // held, Post-Investment: not open
const NOT_OPEN = 'Kampala Northern Bypass PPP'; // status Pending: not open, not held
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** '$1,250,000' → 1250000 */
const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

async function signInAs(page: Page, email: string, password: string, landing: RegExp) {
  await gotoLogin(page);
  await signInViaUi(page, email, password);
  await expect(page).toHaveURL(landing);
}

async function newSession(browser: Browser, email: string, password: string, landing: RegExp): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: E2E.baseURL, viewport: DESKTOP });
  const page = await ctx.newPage();
  await signInAs(page, email, password, landing);
  return page;
}

/** A toast with exactly this text (the newest, when an earlier one with the same text is still shown). */
async function expectToast(page: Page, text: string) {
  await expect(toasts(page).getByText(text, { exact: true }).last()).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const dealCard = (scope: Page | Locator, title: string) => scope.getByRole('article', { name: title, exact: true });

async function gotoVault(page: Page) {
  await page.goto('/investor/deals');
  await expect(page.getByRole('heading', { level: 1, name: 'Deal Vault' })).toBeVisible();
  await expect(dealCard(section(page, 'Open for Investment'), OPEN_DEAL)).toBeVisible();
}

async function gotoPortal(page: Page, query = '') {
  await page.goto(`/investor/subscriptions${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription Portal' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your Subscriptions' })).toBeVisible();
}

/** The review step: checks what it shows, ticks the acknowledgements and confirms. */
async function confirmReview(page: Page, deal: string, amount: string) {
  const review = page.getByRole('dialog', { name: 'Review your subscription' });
  await expect(review).toBeVisible();
  await expect(review.getByTestId('review-summary')).toContainText(deal);
  await expect(review.getByTestId('review-amount')).toHaveText(amount);
  for (const box of await review.getByRole('checkbox').all()) await box.check();
  await review.getByRole('button', { name: 'Confirm Subscription' }).click();
}

const subscriptionItem = (page: Page, id: string) => page.locator(`[data-testid="subscription-item"][data-subscription-id="${id}"]`);

/** The Committed figure of a deal's card on the admin pipeline. */
async function committedOnPipeline(page: Page, title: string): Promise<number> {
  await page.goto('/admin/deals');
  await expect(page.getByRole('heading', { level: 1, name: 'Deal Pipeline' })).toBeVisible();
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card).toBeVisible();
  const value = card.locator('dt', { hasText: /^Committed$/ }).locator('xpath=following-sibling::dd[1]');
  return dollars((await value.textContent()) ?? '');
}

// ---------------------------------------------------------------------------------------------

test('Deal Vault: the demo investor sees open deals and holdings with documents, views and downloads', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await page.getByRole('link', { name: 'Deal Vault', exact: true }).click();
  await expect(page).toHaveURL(/\/investor\/deals$/);
  await gotoVault(page);

  const open = section(page, 'Open for Investment');
  const held = section(page, 'Your Holdings');
  await expect(dealCard(open, OIL_DEAL)).toBeVisible();
  await expect(dealCard(open, HELD_ONLY)).toHaveCount(0);
  await expect(dealCard(page, NOT_OPEN)).toHaveCount(0);
  for (const title of [OIL_DEAL, OPEN_DEAL, HELD_ONLY]) await expect(dealCard(held, title)).toBeVisible();

  // A card: type, status, target, remaining capacity, IRR, risk, SPV, description.
  const nairobi = dealCard(open, OPEN_DEAL);
  await expect(nairobi.getByText('Distressed Real Estate', { exact: true })).toBeVisible();
  await expect(nairobi.getByText('Active', { exact: true })).toBeVisible();
  await expect(nairobi.locator('dd').filter({ hasText: '$1,500,000' })).toBeVisible();
  for (const label of ['Target', 'Remaining capacity', 'Expected IRR', 'Risk score', 'SPV']) {
    await expect(nairobi.locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await expect(nairobi.locator('dd').filter({ hasText: '31%' })).toBeVisible();
  await expect(nairobi.locator('dd').filter({ hasText: '7/10' })).toBeVisible();
  await expect(nairobi.locator('dd').filter({ hasText: 'EA Real Assets SPV Ltd' })).toBeVisible();
  // Held-only deals offer no Subscribe button; open ones do.
  await expect(dealCard(held, HELD_ONLY).getByRole('link', { name: /^Subscribe/ })).toHaveCount(0);
  await expect(nairobi.getByRole('link', { name: `Subscribe to ${OPEN_DEAL}` })).toBeVisible();

  // Documents: name, type, size, date; View opens a new tab, Download saves under the server's name.
  const doc = dealCard(held, OIL_DEAL).getByTestId('deal-document').filter({ hasText: 'Mombasa Diesel Cargo PPM' });
  await expect(doc).toBeVisible();
  await expect(doc).toContainText('PPM');
  await expect(doc).toContainText(/\d+ KB/);
  await expect(doc).toContainText(/\d{1,2} \w{3} \d{4}/);
  const view = doc.getByRole('link', { name: /^View Mombasa Diesel Cargo PPM/ });
  await expect(view).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), view.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/\/api\/investor\/documents\/[0-9a-f-]+\/view$/);
  await tab.close();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    doc.getByRole('button', { name: 'Download Mombasa Diesel Cargo PPM' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Mombasa Diesel Cargo PPM.pdf');
  expect(
    readFileSync((await download.path()) as string)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await expectNoA11yViolations(page, 'deal vault');
  await page.screenshot({ path: '.test-logs/subs-deal-vault-desktop.png', fullPage: true });

  // A failed download says so.
  await page.route('**/api/investor/documents/*/download', (route) =>
    route.fulfill({ status: 500, json: { message: 'Storage unavailable' } }),
  );
  await doc.getByRole('button', { name: 'Download Mombasa Diesel Cargo PPM' }).click();
  await expectToast(page, 'Failed to download document');
  await page.unroute('**/api/investor/documents/*/download');

  await page.setViewportSize(PHONE);
  await expect(dealCard(open, OPEN_DEAL)).toBeVisible();
  await page.screenshot({ path: '.test-logs/subs-deal-vault-phone.png', fullPage: true });
  await expectNoA11yViolations(page, 'deal vault (phone)');
  await page.setViewportSize(DESKTOP);

  // Subscribe leads to the portal with the deal chosen.
  await dealCard(open, OPEN_DEAL)
    .getByRole('link', { name: `Subscribe to ${OPEN_DEAL}` })
    .click();
  await expect(page).toHaveURL(/\/investor\/subscriptions\?deal=[0-9a-f-]{36}$/);
  await expect(page.getByLabel(/^Deal\*?$/)).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByLabel(/^Deal\*?$/).locator('option:checked')).toHaveText(OPEN_DEAL);
});

test('subscribe with capacity checks, cancel, admin reviews and completes: committed rises, investor sees Completed', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await gotoPortal(page);
  const form = page.getByRole('form', { name: 'New Subscription' });
  const deal = form.getByLabel(/^Deal\*?$/);
  const amount = form.getByLabel(/^Amount \(USD\)\*?$/);
  const submit = form.getByRole('button', { name: 'Submit Subscription' });
  await expect(submit).toBeEnabled();
  await expectNoA11yViolations(page, 'subscription portal');

  // The client checks (a deal, an amount above zero, not above the remaining capacity, focus, axe
  // with the errors, Arabic): src/web/features/subscriptions/subscribe-form.test.tsx.
  await deal.selectOption({ label: OPEN_DEAL });
  await expect(page).toHaveURL(/\?deal=[0-9a-f-]{36}$/);
  const summary = form.getByTestId('deal-summary');
  const remaining = dollars((await summary.getByTestId('remaining-capacity').textContent()) ?? '');
  expect(remaining).toBeGreaterThan(30_000);
  await expect(form.getByText(`Up to ${usd(remaining)}.`)).toBeVisible();
  // Above the remaining capacity the server refuses too (the client check cannot be bypassed).
  const dealId = await deal.inputValue();
  const refused = await page.request.post('/api/investor/subscriptions', { data: { dealId, amount: String(remaining + 1) } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).fields.amount).toBe('The amount is above the remaining capacity of this deal');

  // Server refusals are shown on their field and in a toast (here a deal closed meanwhile).
  await page.route('**/api/investor/subscriptions', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 409, json: { message: 'This deal is not open for investment', code: 'DEAL_CLOSED' } })
      : route.fallback(),
  );
  await amount.fill('5000');
  await submit.click();
  await confirmReview(page, OPEN_DEAL, '$5,000');
  await expectToast(page, 'Failed to submit subscription');
  await expect(form.locator('#subscription-deal-error')).toHaveText('This deal is not open for investment');
  await expect(deal).toBeFocused();
  await page.unroute('**/api/investor/subscriptions');

  // A valid subscription: toast, listed as Pending with 25%, capacity reduced.
  await amount.fill('25,000');
  await submit.click();
  await confirmReview(page, OPEN_DEAL, '$25,000');
  await expectToast(page, 'Subscription submitted');
  // Nothing stays selected: a second click cannot submit the same subscription again.
  await expect(amount).toHaveValue('');
  await expect(deal).toHaveValue('');
  await expect(page).not.toHaveURL(/\?deal=/);
  await deal.selectOption({ label: OPEN_DEAL });
  await expect(summary.getByTestId('remaining-capacity')).toHaveText(usd(remaining - 25_000));
  const mine = page.getByTestId('subscription-item').filter({ hasText: OPEN_DEAL }).filter({ hasText: '$25,000' });
  await expect(mine).toHaveCount(1);
  const subId = (await mine.getAttribute('data-subscription-id')) as string;
  const item = subscriptionItem(page, subId);
  await expect(item.getByTestId('subscription-status')).toHaveText('Pending');
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  await expect(item).toContainText('25%');
  await page.screenshot({ path: '.test-logs/subs-portal-desktop.png', fullPage: true });

  // A second one, cancelled from its confirm dialog.
  await amount.fill('1000');
  await submit.click();
  await confirmReview(page, OPEN_DEAL, '$1,000');
  await expectToast(page, 'Subscription submitted');
  const small = page.getByTestId('subscription-item').filter({ hasText: OPEN_DEAL }).filter({ hasText: '$1,000' });
  await expect(small).toHaveCount(1);
  await small.getByRole('button', { name: `Cancel subscription to ${OPEN_DEAL}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this subscription?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('$1,000');
  await expectNoA11yViolations(page, 'cancel subscription dialog');
  await page.screenshot({ path: '.test-logs/subs-cancel-dialog-desktop.png' });
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Subscription cancelled');
  await expect(dialog).toBeHidden();
  await expect(small.getByTestId('subscription-status')).toHaveText('Cancelled');
  await expect(small.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await deal.selectOption({ label: OPEN_DEAL });
  await expect(summary.getByTestId('remaining-capacity')).toHaveText(usd(remaining - 25_000));

  await page.setViewportSize(PHONE);
  await page.screenshot({ path: '.test-logs/subs-portal-phone.png', fullPage: true });
  await expectNoA11yViolations(page, 'subscription portal (phone)');
  await page.setViewportSize(DESKTOP);

  // Admin: the committed amount before, then review and complete.
  const admin = await newSession(browser, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const before = await committedOnPipeline(admin, OPEN_DEAL);

  // The admin Subscriptions tab (AdminSubscriptionsPanel) is plugged into Investor Onboarding by
  // the lead; until then the admin actions go through the API as the signed-in admin.
  const listed = (await (await admin.request.get('/api/subscriptions')).json()) as {
    subscriptions: { id: string; investorEmail: string; status: string; amount: string }[];
  };
  expect(listed.subscriptions.find((x) => x.id === subId)).toMatchObject({
    investorEmail: DEMO.investor,
    status: 'Pending',
    amount: '25000.00',
  });
  const reviewed = await admin.request.post(`/api/subscriptions/${subId}/review`, { data: {} });
  expect(reviewed.status()).toBe(200);
  expect((await reviewed.json()).subscription).toMatchObject({ status: 'Under Review', progress: 60 });
  // The investor sees the review, and can no longer cancel.
  await gotoPortal(page);
  await expect(item.getByTestId('subscription-status')).toHaveText('Under Review');
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
  await expect(item.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  // Completion is the countersignature of the signed agreement (issue 30; signing.spec.ts clicks it through).
  await completeSigned(admin.request, page.request, subId, { investor: E2E.demoPassword, admin: E2E.adminPassword });

  expect(await committedOnPipeline(admin, OPEN_DEAL)).toBe(before + 25_000);

  // The investor sees it Completed with 100%.
  await gotoPortal(page);
  await expect(item.getByTestId('subscription-status')).toHaveText('Completed');
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(item).toContainText('100%');
  await expect(item.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await page.screenshot({ path: '.test-logs/subs-portal-after-desktop.png', fullPage: true });
  await admin.context().close();
});

test('an investor without approved KYC sees the disabled form and why', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'grace@demo.example.com', E2E.demoPassword, /\/investor$/);
  await gotoPortal(page);
  const note = page.getByTestId('kyc-required');
  await expect(note).toContainText('Your KYC must be approved before you can subscribe');
  await expect(note).toContainText('Current KYC status:');
  await expect(note.getByText('Pending', { exact: true })).toBeVisible();
  await expect(note.getByRole('link', { name: 'Go to DFSA Compliance' })).toHaveAttribute('href', '/investor/compliance');
  const form = page.getByRole('form', { name: 'New Subscription' });
  await expect(form.getByRole('button', { name: 'Submit Subscription' })).toBeDisabled();
  await expect(form.getByLabel(/^Deal\*?$/)).toBeDisabled();
  await expect(form.getByLabel(/^Amount \(USD\)\*?$/)).toBeDisabled();
  await expect(page.getByText('You have no subscriptions yet')).toBeVisible();
  await expectNoA11yViolations(page, 'subscription portal without KYC');
  await page.screenshot({ path: '.test-logs/subs-portal-no-kyc-desktop.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: '.test-logs/subs-portal-no-kyc-phone.png', fullPage: true });

  // The server refuses it as well.
  const deals = (await (await page.request.get('/api/investor/deals')).json()) as { deals: { id: string; open: boolean }[] };
  const open = deals.deals.find((d) => d.open);
  expect(open).toBeTruthy();
  const res = await page.request.post('/api/investor/subscriptions', { data: { dealId: open?.id, amount: '1000' } });
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe('KYC_NOT_APPROVED');

  await note.getByRole('link', { name: 'Go to DFSA Compliance' }).click();
  await expect(page).toHaveURL(/\/investor\/compliance$/);
});

test('empty states on a fresh database: no open deals, no holdings, no subscriptions', async ({ browser }) => {
  // The second e2e server runs on a fresh database without demo data (DEMO_DATA=0).
  const ctx = await browser.newContext({ baseURL: E2E.emptyBaseURL, viewport: DESKTOP });
  const page = await ctx.newPage();
  await signInAs(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const email = `subs-empty.${Date.now()}@example.com`;
  const created = await page.request.post('/api/users', {
    data: { name: 'Empty Investor', email, password: 'initial-pass-1', role: 'investor', investorUserType: 'hni' },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  // First sign-in: the initial password is changed.
  await gotoLogin(page);
  await signInViaUi(page, email, 'initial-pass-1');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel(/^Current password\*?$/).fill('initial-pass-1');
  await page.getByLabel(/^New password\*?$/).fill('my-own-pass-1');
  await page.getByLabel(/^Confirm new password\*?$/).fill('my-own-pass-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/investor$/);

  await page.goto('/investor/deals');
  await expect(page.getByRole('heading', { level: 1, name: 'Deal Vault' })).toBeVisible();
  await expect(section(page, 'Open for Investment').getByText('No deals are open for investment right now')).toBeVisible();
  await expect(section(page, 'Your Holdings').getByText('You do not hold any deals yet')).toBeVisible();
  await expectNoA11yViolations(page, 'empty deal vault');

  await gotoPortal(page);
  await expect(page.getByText('You have no subscriptions yet')).toBeVisible();
  await expect(page.getByTestId('kyc-required')).toContainText('Your KYC must be approved before you can subscribe');
  await expect(page.getByLabel(/^Deal\*?$/).locator('option:checked')).toHaveText('No deals are open for investment');
  await expectNoA11yViolations(page, 'empty subscription portal');
  await ctx.close();
});

test('the review step: Back changes nothing, a double click on Confirm subscribes once (phone width)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await gotoPortal(page);
  const form = page.getByRole('form', { name: 'New Subscription' });
  await expect(page.getByTestId('subscription-item').first()).toBeVisible();
  const before = await page.getByTestId('subscription-item').count();
  await form.getByLabel(/^Deal\*?$/).selectOption({ label: OIL_DEAL });
  await form.getByLabel(/^Amount \(USD\)\*?$/).fill('1234.56');
  await form.getByRole('button', { name: 'Submit Subscription' }).click();

  const review = page.getByRole('dialog', { name: 'Review your subscription' });
  await expect(review).toBeVisible();
  await expect(review.getByTestId('review-summary')).toContainText(OIL_DEAL);
  await expect(review.getByTestId('review-amount')).toHaveText('$1,234.56');
  await expect(review.getByText('Expected IRR')).toBeVisible();
  await expect(review.getByRole('checkbox')).toHaveCount(3);
  await expect(review.getByText(/I confirm that I am a Professional Client under the DFSA rules/)).toBeVisible();
  await expectNoA11yViolations(page, 'subscription review (phone)');

  // Nothing is sent before Confirm (unticked acknowledgements are refused:
  // features/subscriptions/review-dialog.test.tsx).
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/investor/subscriptions')) posts++;
  });
  await review.getByRole('button', { name: 'Back' }).click();
  await expect(review).toBeHidden();
  expect(posts).toBe(0);

  // Slow server: both clicks on Confirm land while the first request is in flight.
  await form.getByRole('button', { name: 'Submit Subscription' }).click();
  for (const box of await review.getByRole('checkbox').all()) await box.check();
  await page.route('**/api/investor/subscriptions', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await new Promise((r) => setTimeout(r, 800));
    return route.fallback();
  });
  await review.getByRole('button', { name: 'Confirm Subscription' }).dblclick({ force: true });
  await expectToast(page, 'Subscription submitted');
  await expect(page.getByTestId('subscription-item')).toHaveCount(before + 1);
  expect(posts).toBe(1);
  await page.unroute('**/api/investor/subscriptions');

  // The server refuses a second subscription with the same key too (a replay returns the first).
  const mine = page.getByTestId('subscription-item').filter({ hasText: OIL_DEAL }).filter({ hasText: '$1,234.56' });
  await expect(mine).toHaveCount(1);
  const id = (await mine.getAttribute('data-subscription-id')) as string;
  await mine.getByRole('button', { name: `Cancel subscription to ${OIL_DEAL}` }).click();
  await page.getByRole('dialog', { name: 'Cancel this subscription?' }).getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(subscriptionItem(page, id).getByTestId('subscription-status')).toHaveText('Cancelled');
});
