import { expect, type Page, test } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/**
 * The shared list primitive at 390 px (issue 17): lists that are tables from 768 px (1280 px for
 * the document library) show one card per item on a phone, with every column's data and every
 * action reachable, no sideways scrolling, and axe clean. (Activity logs and capital calls are
 * checked in account.ar.phone.spec.ts and capital-calls.phone.spec.ts.)
 */

async function expectNoHorizontalOverflow(page: Page) {
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth).toBeLessThanOrEqual(390);
}

test('phone: the admin subscriptions are cards with every column and the actions', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/investors?tab=subscriptions');
  const panel = page.getByTestId('admin-subscriptions-panel');
  await expect(panel.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Investor, e-mail or deal');
  await expect(panel.getByRole('table', { name: 'Subscriptions' })).toBeHidden();
  const cards = panel.getByRole('list', { name: 'Subscriptions' });
  const card = cards.getByTestId('subscription-card').first();
  await expect(card).toBeVisible();
  for (const label of ['Deal', 'Amount', 'Submitted', 'Status & Progress'])
    await expect(card.getByText(label, { exact: true })).toBeVisible();
  await expect(card).toContainText(/@/);
  await expect(card).toContainText(/\$[\d,]+/);
  await expect(card.getByRole('progressbar')).toBeVisible();

  // A subscription still open for review has its actions on the card.
  const open = cards
    .getByTestId('subscription-card')
    .filter({ has: page.getByRole('button', { name: /^Reject: / }) })
    .first();
  // Issue 30: no Mark Completed; Countersign once the investor has signed, else where the agreement stands.
  await expect(open.getByRole('button', { name: /^Mark Completed/ })).toHaveCount(0);
  await expect(open.getByRole('button', { name: /^Countersign: / }).or(open.getByTestId('agreement-state'))).toBeVisible();
  await open.getByRole('button', { name: /^Reject: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject subscription' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The search filters the cards too.
  const investor = (await card.locator('bdi').first().textContent()) ?? '';
  await panel.getByRole('searchbox', { name: 'Search' }).fill(investor);
  await expect(cards.getByTestId('subscription-card').first()).toContainText(investor);
  await panel.getByRole('searchbox', { name: 'Search' }).fill('no such subscription zz');
  await expect(panel.getByText('No subscriptions match the filters', { exact: true }).filter({ visible: true })).toBeVisible();
  await panel.getByRole('searchbox', { name: 'Search' }).fill('');
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'phone: admin subscriptions cards');
});

test('phone: the document library is cards with the size, dates, audience and actions', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/documents');
  await expect(page.getByRole('table', { name: 'Documents' })).toBeHidden();
  const card = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').first();
  await expect(card).toBeVisible();
  for (const label of ['Size', 'Uploaded', 'Expiry', 'Investors']) await expect(card.getByText(label, { exact: true })).toBeVisible();
  for (const action of [/^View /, /^Download /])
    await expect(card.getByRole('link', { name: action }).or(card.getByRole('button', { name: action }))).toBeVisible();
  await expect(card.getByRole('button', { name: /^Delete / })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'phone: document library cards');
});

test('phone: the performance holdings are cards with every figure', async ({ page }) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await page.goto('/investor/performance');
  await expect(page.getByRole('table', { name: 'Holdings' })).toBeHidden();
  const card = page.getByRole('list', { name: 'Holdings' }).getByTestId('holding-card').first();
  await expect(card).toBeVisible();
  for (const label of ['Commitment', 'Current Value', 'IRR / return', 'MOIC', 'Expected Exit'])
    await expect(card.getByText(label, { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'phone: performance holdings cards');
});
