import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import type { DistributionCalendar } from '../src/shared/distributions';
import { formatDate, formatUSD } from '../src/shared/format';
import { DEMO, E2E, expectNoA11yViolations, expectToast, freshEmail, gotoLogin, isoInDays, signIn, signInViaUi } from './fixtures';

/** Distribution Calendar (/investor/distributions) and Distribution Waterfall (/admin/distributions), issue 6. */

// Flows across two browser contexts, with several servers sharing the machine.
test.describe.configure({ timeout: 180_000 });

const OIL = 'Mombasa Diesel Cargo Financing';
const OFFICE = 'Nairobi Distressed Office Tower';
const AI = 'Kigali AI Credit Scoring Platform';
const NO_HOLDERS_DEAL = 'Kampala Northern Bypass PPP';
const INITIAL_PASSWORD = 'initial-pass-1';
const OWN_PASSWORD = 'my-own-pass-1';

/** '2025-12-16' -> 'Dec 16' (the Next Payment Date card). */
const monthDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
/** '$1,234.56' -> 123456 (cents). */
const cents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);

const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const list = (page: Page, heading: 'Upcoming Distributions' | 'Distribution History') =>
  page.getByRole('region', { name: heading, exact: true });
const items = (scope: Locator, deal: string) =>
  scope.getByTestId('distribution-item').filter({ has: scope.page().getByRole('heading', { name: deal, exact: true }) });

async function calendarData(page: Page): Promise<DistributionCalendar> {
  const res = await page.request.get('/api/investor/distributions');
  expect(res.ok()).toBe(true);
  return (await res.json()) as DistributionCalendar;
}

async function gotoCalendar(page: Page) {
  await page.goto('/investor/distributions');
  await expect(page.getByRole('heading', { level: 1, name: 'Distribution Calendar' })).toBeVisible();
  await expect(list(page, 'Upcoming Distributions').getByRole('status')).toHaveCount(0);
}

async function newContextPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: E2E.baseURL, viewport: { width: 1280, height: 800 } });
  return ctx.newPage();
}

test('Distribution Calendar: the spec title and subtitle, three cards with captions, and both lists with the demo items', async ({
  page,
}) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await page
    .getByRole('complementary', { name: 'Investor Portal navigation' })
    .getByRole('link', { name: 'Distribution Calendar' })
    .click();
  await expect(page).toHaveURL(/\/investor\/distributions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Distribution Calendar' })).toBeVisible();
  await expect(page.getByText('Track upcoming and past distribution payments', { exact: true })).toBeVisible();

  const data = await calendarData(page);
  // Cards: totals in USD without decimals, with the spec's captions; the next payment date as 'Dec 16' over its year.
  const upcomingCard = card(page, 'Upcoming Distributions');
  await expect(upcomingCard).toContainText(formatUSD(data.upcomingTotal));
  await expect(upcomingCard.getByText('Next 90 days', { exact: true })).toBeVisible();
  expect(data.nextPaymentDate).not.toBeNull();
  const next = data.nextPaymentDate as string;
  await expect(card(page, 'Next Payment Date').getByText(monthDay(next), { exact: true })).toBeVisible();
  await expect(card(page, 'Next Payment Date').getByText(next.slice(0, 4), { exact: true })).toBeVisible();
  const pastCard = card(page, 'Past Year Total');
  await expect(pastCard).toContainText(formatUSD(data.pastYearTotal));
  await expect(pastCard.getByText('Received distributions', { exact: true })).toBeVisible();
  // The demo investor, by contributed capital on each record date: 2/7 of Mombasa (12,500 upcoming, 12,500 paid);
  // Nairobi 150,000 of 500,000 contributed today (18,000 upcoming), 150,000 of 465,000 at the interest's record
  // date (5,806.45 paid) and all of a distribution whose record date fell before the second close (4,500 paid).
  expect(formatUSD(data.upcomingTotal)).toBe('$30,500');
  expect(formatUSD(data.pastYearTotal)).toBe('$22,806');
  expect(next).toBe(isoInDays(25));

  // Upcoming: Mombasa income in 25 days and Nairobi return of capital in 70 days, both Scheduled.
  const upcoming = list(page, 'Upcoming Distributions');
  await expect(upcoming.getByRole('heading', { level: 2, name: 'Upcoming Distributions' })).toBeVisible();
  const oil = items(upcoming, OIL);
  await expect(oil).toHaveCount(1);
  await expect(oil).toContainText('Income');
  await expect(oil.getByText('Scheduled', { exact: true })).toHaveAttribute('data-tone', 'info');
  await expectFacts(oil, { amount: '$12,500', date: formatDate(isoInDays(25)), spv: 'EA Energy Trade SPV Ltd' });
  await expect(oil).toContainText('In 25 days');
  const office = items(upcoming, OFFICE);
  await expect(office).toContainText('Return of Capital');
  await expect(office.getByText('Scheduled', { exact: true })).toBeVisible();
  await expectFacts(office, { amount: '$18,000', date: formatDate(isoInDays(70)), spv: 'EA Real Assets SPV Ltd' });

  // History, newest first: the Kigali dividend whose date has come (Pending), then the paid ones.
  const history = list(page, 'Distribution History');
  await expect(history.getByRole('heading', { level: 2, name: 'Distribution History' })).toBeVisible();
  const pending = items(history, AI);
  await expect(pending.getByText('Pending', { exact: true })).toHaveAttribute('data-tone', 'warning');
  await expect(pending).toContainText('Dividend');
  // The Kigali deal names its SPV since calls need payment details (issue 26).
  await expectFacts(pending, { amount: '$6,000', date: formatDate(isoInDays(-3)), spv: 'EA Real Assets SPV Ltd' });
  const paidOil = items(history, OIL).filter({ hasText: formatDate(isoInDays(-120)) });
  await expect(paidOil.getByText('Paid', { exact: true })).toHaveAttribute('data-tone', 'success');
  await expectFacts(paidOil, { amount: '$12,500', date: formatDate(isoInDays(-120)), spv: 'EA Energy Trade SPV Ltd' });
  const paidOffice = items(history, OFFICE).filter({ hasText: formatDate(isoInDays(-45)) });
  await expect(paidOffice).toContainText('Interest');
  await expectFacts(paidOffice, { amount: '$5,806', date: formatDate(isoInDays(-45)), spv: 'EA Real Assets SPV Ltd' });
  // Recorded before the office tower's second close: all of it went to the demo investor.
  const beforeClose = items(history, OFFICE).filter({ hasText: formatDate(isoInDays(-140)) });
  await expectFacts(beforeClose, { amount: '$4,500', date: formatDate(isoInDays(-140)), spv: 'EA Real Assets SPV Ltd' });
  await expect(history.getByTestId('distribution-item').first()).toContainText(AI);

  await expectNoA11yViolations(page, 'distribution calendar');
});

test('the admin records a distribution, the investor sees their share upcoming, the admin confirms payment and it moves to history as Paid', async ({
  page,
  browser,
}) => {
  const paymentDate = isoInDays(10);
  const investor = page;
  await signIn(investor, DEMO.investor, E2E.demoPassword, /\/investor$/);
  const before = await calendarData(investor);

  const admin = await newContextPage(browser);
  await signIn(admin, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await admin.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name: 'Distribution Waterfall' }).click();
  await expect(admin).toHaveURL(/\/admin\/distributions$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Distribution Waterfall' })).toBeVisible();
  const form = admin.getByRole('form', { name: 'Record Distribution' });
  await expect(form).toBeVisible();
  await expect(
    admin.getByText(/allocated pro rata to the capital each investor had contributed on the record date, to the cent/),
  ).toBeVisible();
  // The demo events are listed.
  await expect(admin.getByTestId('distribution-event').filter({ hasText: OIL }).first()).toBeVisible();
  await expectNoA11yViolations(admin, 'distribution waterfall');

  // The form's validation (required fields, amount formats, focus, axe with the errors, Arabic):
  // src/web/features/distributions/record-distribution-card.test.tsx.
  const deal = form.getByLabel(/^Deal\*?$/);
  const amount = form.getByLabel(/^Total Amount \(USD\)\*?$/);
  const date = form.getByLabel(/^Payment Date\*?$/);

  // A deal without completed subscriptions: the server refuses (409) and says why.
  await deal.selectOption({ label: NO_HOLDERS_DEAL });
  await expect(form.getByText('This deal has no completed subscriptions yet, so there is no one to allocate to.')).toBeVisible();
  await amount.fill('1000');
  await date.fill(paymentDate);
  const recordDate = form.getByLabel(/^Record Date\*?$/);
  await recordDate.fill(isoInDays(0));
  await form.getByRole('button', { name: 'Preview Distribution' }).click();
  await expectToast(admin, 'Nobody held contributed capital in this deal on the record date');

  // Record 35,000.01 of income on Mombasa, ten days ahead (an odd cent, to see the to-the-cent split).
  await deal.selectOption({ label: OIL });
  await expect(form.getByText(/Allocated across \$[\d,]+ of completed subscriptions/)).toBeVisible();
  await form.getByLabel('Distribution Type').selectOption('Income');
  await amount.fill('35,000.01');
  // The preview comes first: nothing is written until it is confirmed.
  await form.getByRole('button', { name: 'Preview Distribution' }).click();
  const preview = admin.getByRole('dialog', { name: 'Distribution Preview' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('table', { name: 'Waterfall tiers' })).toBeVisible();
  await preview.getByRole('button', { name: 'Record Distribution' }).click();
  await expectToast(admin, 'Distribution recorded');
  await expect(preview).toBeHidden();
  await expect(amount).toHaveValue('');

  // The new event is listed, Scheduled, opened on its allocations, which sum exactly to the total.
  const event = admin
    .getByTestId('distribution-event')
    .filter({ has: admin.getByRole('heading', { name: OIL, exact: true }) })
    .filter({ hasText: formatDate(paymentDate) })
    .filter({ hasText: '$35,000' });
  await expect(event).toHaveCount(1);
  await expect(event.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(event).toContainText('EA Energy Trade SPV Ltd');
  await expect(event.getByRole('button', { name: 'Hide allocations' })).toHaveAttribute('aria-expanded', 'true');
  const allocations = event.getByRole('table', { name: /^Allocations of / });
  await expect(allocations).toBeVisible();
  const rows = allocations.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  const amounts = await rows.locator('td:last-child').allTextContents();
  expect(amounts.reduce((s, a) => s + cents(a), 0)).toBe(3_500_001);
  await expect(event.getByTestId('allocation-sum')).toHaveText('$35,000.01');
  await expect(event.getByText('Equals the distribution total of $35,000.01.')).toBeVisible();
  const sarahRow = rows.filter({ hasText: 'Sarah Mwangi' });
  await expect(sarahRow).toHaveCount(1);
  const share = cents((await sarahRow.locator('td:last-child').textContent()) ?? '');
  // Sarah holds 250,000 of the deal's 875,000 completed (2/7), unless later tests added holders.
  expect(share).toBeGreaterThan(0);
  expect(share).toBeLessThan(3_500_001);
  // Collapse and expand again.
  await event.getByRole('button', { name: 'Hide allocations' }).click();
  await expect(allocations).toBeHidden();
  await event.getByRole('button', { name: 'Show allocations' }).click();
  await expect(allocations).toBeVisible();

  // The investor sees it under Upcoming Distributions with their share; the Upcoming total rises by it.
  await gotoCalendar(investor);
  const after = await calendarData(investor);
  expect(cents(after.upcomingTotal)).toBe(cents(before.upcomingTotal) + share);
  await expect(card(investor, 'Upcoming Distributions')).toContainText(formatUSD(after.upcomingTotal));
  await expect(card(investor, 'Next Payment Date').getByText(monthDay(paymentDate), { exact: true })).toBeVisible();
  const mine = items(list(investor, 'Upcoming Distributions'), OIL).filter({ hasText: formatDate(paymentDate) });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByText('Scheduled', { exact: true })).toBeVisible();
  await expectFacts(mine, { amount: formatUSD(share / 100), date: formatDate(paymentDate), spv: 'EA Energy Trade SPV Ltd' });
  await expect(mine).toContainText('Income');
  await expect(mine).toContainText('In 10 days');
  await expect(items(list(investor, 'Distribution History'), OIL).filter({ hasText: formatDate(paymentDate) })).toHaveCount(0);

  // The admin confirms payment (with a confirmation dialog; Cancel first changes nothing).
  await event.getByRole('button', { name: 'Confirm Payment' }).click();
  let dialog = admin.getByRole('dialog', { name: 'Confirm Payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(OIL);
  await expect(dialog).toContainText('$35,000');
  await expectNoA11yViolations(admin, 'confirm payment dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(event.getByText('Scheduled', { exact: true })).toBeVisible();
  await event.getByRole('button', { name: 'Confirm Payment' }).click();
  dialog = admin.getByRole('dialog', { name: 'Confirm Payment' });
  // Paid ahead of its date (issue 26): the day the money went out, never after today (refused in
  // features/distributions/distribution-dialogs.test.tsx); it defaults to today.
  const paidOn = dialog.getByLabel(/^Paid on/);
  await expect(paidOn).toHaveValue(isoInDays(0));
  await dialog.getByRole('button', { name: 'Confirm Payment' }).click();
  await expectToast(admin, 'Distribution marked as paid');
  await expect(dialog).toBeHidden();
  // Recorded on its real day, today, not the scheduled one.
  const paidEvent = admin
    .getByTestId('distribution-event')
    .filter({ has: admin.getByRole('heading', { name: OIL, exact: true }) })
    .filter({ hasText: formatDate(isoInDays(0)) })
    .filter({ hasText: '$35,000' });
  await expect(paidEvent.getByText('Paid', { exact: true })).toHaveAttribute('data-tone', 'success');
  await expect(paidEvent.getByRole('button', { name: 'Confirm Payment' })).toHaveCount(0);
  await expect(event).toHaveCount(0);
  // The Paid filter shows it; the Scheduled filter does not.
  await admin.getByLabel('Show', { exact: true }).selectOption('Paid');
  await expect(paidEvent).toHaveCount(1);
  await admin.getByLabel('Show', { exact: true }).selectOption('Scheduled');
  await expect(paidEvent).toHaveCount(0);
  await admin.getByLabel('Show', { exact: true }).selectOption('All');

  // The investor sees it in Distribution History as Paid, no longer upcoming.
  await gotoCalendar(investor);
  const paid = items(list(investor, 'Distribution History'), OIL)
    .filter({ hasText: formatDate(isoInDays(0)) })
    .filter({ hasText: formatUSD(share / 100) });
  await expect(paid).toHaveCount(1);
  await expect(paid.getByText('Paid', { exact: true })).toHaveAttribute('data-tone', 'success');
  await expectFacts(paid, { amount: formatUSD(share / 100), date: formatDate(isoInDays(0)), spv: 'EA Energy Trade SPV Ltd' });
  await expect(items(list(investor, 'Upcoming Distributions'), OIL).filter({ hasText: formatDate(paymentDate) })).toHaveCount(0);
  const final = await calendarData(investor);
  expect(final.upcomingTotal).toBe(before.upcomingTotal);
  await expect(card(investor, 'Upcoming Distributions')).toContainText(formatUSD(before.upcomingTotal));
  await expectNoA11yViolations(investor, 'distribution calendar after payment');

  await admin.context().close();
});

test('an investor without distributions sees empty cards and lists', async ({ page, browser }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const email = freshEmail('dist-empty');
  const created = await page.request.post('/api/users', {
    data: { name: `Dist Empty ${Date.now() % 1_000_000}`, email, password: INITIAL_PASSWORD, role: 'investor', investorUserType: 'hni' },
  });
  expect(created.status()).toBe(201);

  const investor = await newContextPage(browser);
  await gotoLogin(investor);
  await signInViaUi(investor, email, INITIAL_PASSWORD);
  await expect(investor).toHaveURL(/\/change-password$/);
  await investor.getByLabel(/^Current password\*?$/).fill(INITIAL_PASSWORD);
  await investor.getByLabel(/^New password\*?$/).fill(OWN_PASSWORD);
  await investor.getByLabel(/^Confirm new password\*?$/).fill(OWN_PASSWORD);
  await investor.getByRole('button', { name: 'Change Password' }).click();
  await expect(investor).toHaveURL(/\/investor$/);

  await gotoCalendar(investor);
  await expect(investor.getByText('Track upcoming and past distribution payments', { exact: true })).toBeVisible();
  await expect(card(investor, 'Upcoming Distributions')).toContainText('$0');
  await expect(card(investor, 'Upcoming Distributions')).toContainText('Next 90 days');
  await expect(card(investor, 'Next Payment Date')).toContainText('—');
  await expect(card(investor, 'Past Year Total')).toContainText('$0');
  await expect(card(investor, 'Past Year Total')).toContainText('Received distributions');
  await expect(list(investor, 'Upcoming Distributions')).toContainText('No distributions in the next 90 days');
  await expect(list(investor, 'Distribution History')).toContainText('No past distributions yet');
  await expect(investor.getByTestId('distribution-item')).toHaveCount(0);
  await expectNoA11yViolations(investor, 'distribution calendar, empty');
  await investor.context().close();
});

/** An item's Amount, Payment Date and SPV Entity, each under its label. */
async function expectFacts(item: Locator, f: { amount: string; date: string; spv: string }) {
  await expect(item).toHaveCount(1);
  const value = (label: string) => item.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Amount')).toHaveText(f.amount);
  await expect(value('Payment Date')).toContainText(f.date);
  await expect(value('SPV Entity')).toHaveText(f.spv);
}
