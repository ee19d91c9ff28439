import type { Page } from '@playwright/test';
import { ar, arabicAccount, expect, expectMirrored, plain, test } from './arabic';
import { E2E, expectNoA11yViolations, gotoLogin, signInViaUi } from './fixtures';

/**
 * Issue 16 in Arabic (desktop): the admin dashboard, the SPV tracker (create an SPV), the deal
 * pipeline (create a deal, move it, open its detail). Texts come from the Arabic catalogues.
 */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A toast with this text (sonner's region is named by the shell, whichever language). */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function settled(page: Page, label: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, label);
}

test('admin in Arabic: dashboard, SPV tracker, deal pipeline: create, move and open a deal', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await gotoLogin(page);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await arabicAccount(page);

  // Admin dashboard.
  await expect(page.getByRole('heading', { level: 2, name: ar('admin-dashboard', 'pipeline.title') })).toBeVisible();
  await expect(page.getByRole('list', { name: ar('admin-dashboard', 'tiles.label') })).toContainText(
    ar('admin-dashboard', 'tiles.activeDeals'),
  );
  await expect(page.getByRole('link', { name: ar('admin-dashboard', 'pipeline.viewAll') })).toBeVisible();
  await expectNoA11yViolations(page, 'admin dashboard (ar)');
  await expectMirrored(page, testInfo, 'admin-dashboard');

  // SPV tracker: create one, the Arabic toast, its card.
  await page.goto('/admin/spv-tracker');
  await expect(page.getByRole('heading', { level: 1, name: ar('spvs', 'title') })).toBeVisible();
  await expectNoA11yViolations(page, 'SPV tracker (ar)');
  await expectMirrored(page, testInfo, 'spv-tracker');
  const spvName = unique('AR SPV');
  await page.getByRole('button', { name: ar('spvs', 'new') }).click();
  const dialog = page.getByRole('dialog', { name: ar('spvs', 'dialog.newTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ar('spvs', 'dialog.create') }).click();
  await expect(dialog.getByLabel(ar('spvs', 'dialog.name'))).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel(ar('spvs', 'dialog.name')).fill(spvName);
  await dialog.getByLabel(ar('spvs', 'dialog.returnDue')).fill('2030-06-30');
  await dialog.getByLabel(ar('spvs', 'dialog.balance')).fill('1250000');
  await expectNoA11yViolations(page, 'SPV dialog (ar)');
  await dialog.getByRole('button', { name: ar('spvs', 'dialog.create') }).click();
  await expect(toast(page, ar('spvs', 'toast.created'))).toBeVisible();
  const card = page.getByTestId('spv-card').filter({ hasText: spvName });
  await expect(card).toContainText(ar('spvs', 'card.balance'));
  await expect(card).toContainText(ar('spvs', 'status.Active'));

  // Pipeline.
  await page.goto('/admin/deals');
  await expect(page.getByRole('heading', { level: 1, name: ar('deals', 'pipeline.title') })).toBeVisible();
  await expect(page.getByRole('region', { name: ar('deals', 'pipeline.stages') })).toBeVisible();
  await settled(page, 'pipeline (ar)');
  await expectMirrored(page, testInfo, 'pipeline');

  // New deal: the Arabic form, then the Arabic toast.
  await page.getByRole('link', { name: ar('deals', 'pipeline.newDeal') }).click();
  await expect(page.getByRole('heading', { level: 1, name: ar('deals', 'new.title') })).toBeVisible();
  await expectMirrored(page, testInfo, 'new-deal');
  const title = unique('صفقة تجريبية');
  await page.getByLabel(ar('deals', 'form.title')).fill(title);
  await page.getByLabel(ar('deals', 'form.type')).selectOption('PPP');
  await page.getByLabel(ar('deals', 'form.target')).fill('2500000');
  await page.getByLabel(ar('deals', 'form.risk')).selectOption('4/10');
  await settled(page, 'new deal (ar)');
  await page.getByRole('button', { name: ar('deals', 'new.create') }).click();
  await expect(toast(page, ar('deals', 'messages.created'))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/deals$/);

  // Move it with its Move menu: the Arabic menu and the announcement.
  const dealCard = page.getByRole('article', { name: title, exact: true });
  await expect(dealCard).toBeVisible();
  await expect(dealCard).toContainText(ar('deals', 'card.target'));
  await dealCard.getByRole('button', { name: ar('deals', 'card.moveLabel', { title }) }).click();
  await expect(page.getByRole('menu')).toContainText(ar('deals', 'card.moveTo'));
  await page.getByRole('menuitem').nth(1).click();
  const announced = page.getByRole('status').filter({ hasText: title });
  await expect(announced).toHaveCount(1);
  expect(plain((await announced.textContent()) ?? '')).toContain(plain(ar('deals', 'pipeline.moved', { title, stage: '' })).trim());

  // Its detail page.
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(ar('deals', 'overview.title'), { exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: ar('deals', 'terms.form') })).toBeVisible();
  await expect(page.getByTestId('terms-summary')).toContainText(ar('deals', 'terms.describe.none'));
  await expect(page.getByText(ar('deals', 'fees.none'))).toBeVisible();
  await expect(page.getByText(ar('deals', 'activity.created'), { exact: true })).toBeVisible();
  await settled(page, 'deal detail (ar)');
  await expectMirrored(page, testInfo, 'deal-detail');
});
