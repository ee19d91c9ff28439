import { ar, arabicAccount, expect, expectMirrored, plain, test } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/** Issue 16 in Arabic at 390 px: the investor's Deal Vault (open deals, holdings, documents). */
test('investor in Arabic at phone width: the Deal Vault', async ({ page }, testInfo) => {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);
  await page.goto('/investor/deals');
  await expect(page.getByRole('heading', { level: 1, name: ar('investor-deals', 'title') })).toBeVisible();
  const open = page.getByTestId('open-deals');
  const held = page.getByTestId('held-deals');
  await expect(open.getByRole('heading', { level: 2, name: ar('investor-deals', 'section.open') })).toBeVisible();
  await expect(held.getByRole('heading', { level: 2, name: ar('investor-deals', 'section.held') })).toBeVisible();
  // Every card speaks Arabic: its facts and its documents heading.
  const card = page.getByTestId('deal-card').first();
  await expect(card).toBeVisible();
  await expect(card).toContainText(ar('investor-deals', 'card.target'));
  await expect(card).toContainText(ar('investor-deals', 'card.risk'));
  await expect(card.getByRole('heading', { level: 4, name: ar('investor-deals', 'documents.title') })).toBeVisible();
  // Subscribe links are named 'الاكتتاب في <deal>' and read 'اكتتب'.
  const subscribeTo = plain(ar('investor-deals', 'card.subscribeTo', { title: '' })).trim();
  const subscribe = open.getByRole('link', { name: new RegExp(`^${subscribeTo}`) }).first();
  if ((await open.getByTestId('deal-card').count()) > 0) await expect(subscribe).toHaveText(ar('investor-deals', 'card.subscribe'));
  await expectNoA11yViolations(page, 'deal vault (ar, phone)');
  await expectMirrored(page, testInfo, 'deal-vault-phone');
});
