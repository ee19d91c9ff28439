import { type Browser, expect, type Page } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, isoInDays, OWN_PASSWORD, signIn } from './fixtures';
import { completeSigned, createActiveDeal, newApprovedInvestor } from './setup';

const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/**
 * On a deal page whose terms still say "contributions": the admin chooses equalisation;
 * 8% a year is saved as version 1 (no distribution used it yet, so it is
 * amended in place, decision 009) and the summary says so.
 */
export async function chooseEqualisation(page: Page) {
  const terms = page.getByRole('form', { name: 'Economic terms' });
  const later = terms.getByRole('group', { name: 'Later closes' });
  const method = later.getByLabel('How later closers come in');
  await expect(method).toHaveValue('contributions');
  await method.selectOption({ label: 'Equalisation: later closers pay interest to earlier investors' });
  // A missing rate's field message: features/deals/deal-terms.test.tsx.
  await later.getByLabel(/^Equalisation rate \(% a year\)/).fill('8');
  await terms.getByRole('button', { name: 'Save Terms' }).click();
  await expectToast(page, 'Terms saved (version 1)');
  await expect(page.getByTestId('terms-summary')).toContainText(
    '8% preferred return, full catch-up, 20% carried interest, equalisation at 8% a year',
  );
}

/**
 * Issue 29 part 1 (decision 040): an admin chooses equalisation in a deal's terms, the terms
 * summary and the Equalisation card say so; the first
 * close's investor funds the call and their performance shows the holding at cost (1,000,000, by
 * hand: no valuation, nothing distributed). A fresh deal cannot hold dated history through the
 * product (every date is on or after its creation), so the charge of a later close is covered by
 * the API tests on both engines (src/server/modules/ledger/ownership.test.ts), not here.
 */
export async function laterClosesFlow(browser: Browser, page: Page, phone: boolean) {
  const stamp = `${Date.now() % 1_000_000}${phone ? 'p' : 'd'}`;
  const title = `Lamu Cold Store ${stamp}`;
  const today = isoInDays(0);
  const viewport = phone ? { width: 390, height: 844 } : { width: 1280, height: 800 };
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const dealId = await createActiveDeal(page, { title, spvEntity: 'EA Energy Trade SPV Ltd' });

  // The terms, with the later-closes group: equalisation needs a rate.
  await page.goto(`/admin/deals/${dealId}`);
  const terms = page.getByRole('form', { name: 'Economic terms' });
  await expect(terms).toBeVisible();
  await terms.getByLabel(/^Preferred Return \(%\)/).fill('8');
  await terms.getByLabel(/^Carried Interest \(%\)/).fill('20');
  await terms.getByLabel('GP Entity Name').fill('Lamu GP Ltd');
  await expect(terms.getByRole('group', { name: 'Later closes' }).getByLabel(/^Equalisation rate/)).toHaveCount(0);
  await chooseEqualisation(page);
  const saved = await (await page.request.get(`/api/deals/${dealId}/terms`)).json();
  expect(saved.current.ownership).toEqual({ method: 'equalisation', equalisationRate: '8' });

  // The Equalisation card: one close so far, nobody to equalise.
  const eq = page.getByText('Equalisation of later closes', { exact: true });
  await expect(eq).toBeVisible();
  await expect(page.getByText('Nobody came in at a later close yet.')).toBeVisible();
  await expectNoA11yViolations(page, 'deal terms with equalisation');

  // The first close: a new investor commits 1,000,000, called in full and received today.
  const { id: investorId, page: investor } = await newApprovedInvestor(browser, page, {
    name: `First Closer ${stamp}`,
    tag: `closes-${stamp}`,
    viewport,
    suitability: true,
  });
  const sub = await investor.request.post('/api/investor/subscriptions', { data: { dealId, amount: '1000000' } });
  expect(sub.status(), await sub.text()).toBe(201);
  await completeSigned(page.request, investor.request, (await sub.json()).subscription.id, {
    investor: OWN_PASSWORD,
    admin: E2E.adminPassword,
  });
  const first = await page.request.post('/api/capital-calls', {
    data: { dealId, basis: 'percentage', percentage: '100', dueDate: today, purpose: 'First close' },
  });
  expect(first.status(), await first.text()).toBe(201);
  const paid = await page.request.post(`/api/capital-calls/${(await first.json()).call.id}/receipts`, {
    data: { investorId, amount: '1000000', valueDate: today },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  // Still one close: the card says so after a reload.
  await page.reload();
  await expect(page.getByText('Nobody came in at a later close yet.')).toBeVisible();

  // The investor's performance: the holding at cost, 1,000,000 (nothing valued or distributed).
  await investor.goto('/investor/performance');
  await expect(investor.getByRole('heading', { level: 1, name: 'Performance Dashboard' })).toBeVisible();
  const perf = await (await investor.request.get('/api/investor/performance')).json();
  expect(perf.holdings.find((h: { dealId: string }) => h.dealId === dealId)).toMatchObject({
    contributed: '1000000.00',
    currentValue: '1000000.00',
    distributionsReceived: '0.00',
    gain: '0.00',
  });
  await expect(card(investor, 'Current Value')).toContainText('$1,000,000');
  await expectNoA11yViolations(investor, 'performance under equalisation terms');
  await investor.context().close();
}
