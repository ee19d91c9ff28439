import type { Page, TestInfo } from '@playwright/test';
import { ar, arabicAccount, expect, expectMirrored, expectSheetFromRight, plain } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, freshEmail, signIn } from './fixtures';
import { expectArabicToast } from './investors-ar';
import { createActiveInvestor, linkIn, waitForMail } from './mail';

/**
 * Arabic walks of the screens the flow specs leave out (issue 16), each in one browser context:
 * every admin screen at phone width with axe and the mirror check, the admin's profile, the
 * investor's Deal Vault, the reset-password form with a real link, the deal pipeline and user
 * management flows. Shared by screens.ar.spec.ts (desktop) and screens.ar.phone.spec.ts (390 px).
 */

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);

/** The page's level-1 heading reads `text` (compared without the bidi isolation marks). */
export async function expectHeading(page: Page, text: string) {
  await expect
    .poll(async () => plain((await page.getByRole('main').getByRole('heading', { level: 1 }).first().textContent()) ?? '').trim())
    .toBe(plain(text).trim());
}

/** The screen has loaded (no busy region, no toast left moving), then axe and the mirror check. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expectNoA11yViolations(page, `${name} (ar)`);
  await expectMirrored(page, testInfo, name);
}

/** A screen reached by its address: its heading, then the checks. */
async function visit(page: Page, testInfo: TestInfo, path: string, heading: string, name: string) {
  await page.goto(path);
  await expectHeading(page, heading);
  await checkScreen(page, testInfo, name);
}

/** The id of the first capital call (GET /api/capital-calls). */
async function firstCallId(page: Page): Promise<string> {
  const res = await page.request.get('/api/capital-calls');
  expect(res.ok()).toBe(true);
  const { calls } = (await res.json()) as { calls: { id: string }[] };
  expect(calls.length, 'the demo data has capital calls').toBeGreaterThan(0);
  return calls[0]?.id ?? '';
}

/**
 * Every admin screen the other Arabic walks leave out, in one context: the dashboard (at phone
 * width the navigation sheet opens from the right), the deal pipeline flow (pipeline, new-deal
 * form, the new deal in the pipeline, its page), the SPV tracker, the Document Vault, the user
 * management flow, a capital call and the profile.
 */
export async function adminScreensInArabic(page: Page, testInfo: TestInfo, phone: boolean) {
  const w = phone ? 'phone' : 'desktop';
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);
  await expectHeading(page, ar('admin-dashboard', 'welcome', { name: 'Eve Admin' }));
  await checkScreen(page, testInfo, `admin-dashboard-${w}`);
  if (phone) await expectSheetFromRight(page, testInfo, 'admin-nav-sheet-phone');

  await newDealInArabic(page, testInfo, w);
  await visit(page, testInfo, '/admin/spv-tracker', ar('spvs', 'title'), `spv-tracker-${w}`);
  await visit(page, testInfo, '/admin/documents', ar('documents', 'page.title'), `documents-${w}`);
  await userManagementInArabic(page, testInfo, w);
  await page.goto(`/admin/capital-calls/${await firstCallId(page)}`);
  await expect(page.getByRole('group', { name: ar('capital-calls', 'column.outstanding') })).toBeVisible();
  await checkScreen(page, testInfo, `capital-call-detail-${w}`);
  await adminProfile(page, testInfo, w);
}

/** The admin's own profile: account details and the notification switches, in Arabic. */
export async function adminProfile(page: Page, testInfo: TestInfo, w: string) {
  await page.goto('/admin/profile');
  await expectHeading(page, ar('profile', 'title'));
  await expect(page.getByText(ar('profile', 'account.title'), { exact: true })).toBeVisible();
  await expect(page.getByText(E2E.adminEmail)).toBeVisible();
  await expect(page.getByRole('link', { name: ar('profile', 'account.changePassword') })).toBeVisible();
  await expect(page.getByText(ar('profile', 'notifications.description'))).toBeVisible();
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await checkScreen(page, testInfo, `admin-profile-${w}`);
}

/** The investor's Deal Vault in Arabic (desktop: the other walk is digits only). */
export async function dealVaultInArabic(page: Page, testInfo: TestInfo, w: string) {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);
  await visit(page, testInfo, '/investor/deals', ar('investor-deals', 'title'), `deal-vault-${w}`);
  await expect(page.getByTestId('open-deals').getByRole('heading', { level: 2, name: ar('investor-deals', 'section.open') })).toBeVisible();
  await expect(page.getByTestId('held-deals').getByRole('heading', { level: 2, name: ar('investor-deals', 'section.held') })).toBeVisible();
  const card = page.getByTestId('deal-card').first();
  await expect(card).toContainText(ar('investor-deals', 'card.target'));
  await expect(card).toContainText(ar('investor-deals', 'card.risk'));
}

/**
 * In a browser whose language is Arabic: a real reset link from the e-mail opens the Arabic form,
 * a short password is refused in Arabic, a good one is saved and the new password signs in.
 */
export async function resetPasswordInArabic(page: Page, testInfo: TestInfo, w: string) {
  const email = freshEmail('ar-reset');
  await createActiveInvestor(page, E2E.baseURL, 'ريم الحسن', email, 'temporary-pass-1');
  const started = Date.now();
  expect((await page.request.post('/api/auth/forgot-password', { data: { email } })).ok()).toBe(true);
  const mail = await waitForMail(page.request, email, (m) => m.receivedAt >= started - 1000 && m.text.includes('/reset-password#token='));
  await page.goto(linkIn(mail, '/reset-password#token='));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'reset.title') })).toBeVisible();
  await expect(page.getByText(ar('auth', 'reset.subtitle'))).toBeVisible();
  const password = page.getByLabel(label(ar('auth', 'newPassword.label')));
  await expect(password).toBeVisible();
  await checkScreen(page, testInfo, `reset-password-${w}`);

  await password.fill('short');
  await page.getByRole('button', { name: ar('auth', 'reset.submit') }).click();
  const tooShort = plain(ar('errors', 'Password must be at least {{min}} characters', { min: 12 }));
  await expect.poll(async () => plain(await page.getByRole('main').innerText())).toContain(tooShort);
  await expectMirrored(page, testInfo, `reset-password-error-${w}`);
  await password.fill('recovered-pass-ar-1');
  await page.getByLabel(label(ar('auth', 'newPassword.confirm'))).fill('recovered-pass-ar-1');
  await page.getByRole('button', { name: ar('auth', 'reset.submit') }).click();
  await expectArabicToast(page, ar('auth', 'reset.done'));
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(label(ar('auth', 'login.email'))).fill(email);
  await page.getByLabel(label(ar('auth', 'login.password'))).fill('recovered-pass-ar-1');
  await page.getByRole('button', { name: ar('auth', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/investor$/);
}

/** The deal pipeline in Arabic (an admin signed in in Arabic): a deal created through the new-deal form shows in the pipeline, and its page opens. */
export async function newDealInArabic(page: Page, testInfo: TestInfo, w: string) {
  await visit(page, testInfo, '/admin/deals', ar('deals', 'pipeline.title'), `pipeline-${w}`);
  await page.getByRole('link', { name: ar('deals', 'pipeline.newDeal') }).click();
  await expectHeading(page, ar('deals', 'new.title'));
  const title = unique('صفقة الهاتف');
  await page.getByLabel(ar('deals', 'form.title')).fill(title);
  await page.getByLabel(ar('deals', 'form.type')).selectOption('PPP');
  await page.getByLabel(ar('deals', 'form.target')).fill('1750000');
  await page.getByLabel(ar('deals', 'form.risk')).selectOption('3/10');
  await checkScreen(page, testInfo, `new-deal-filled-${w}`);
  await page.getByRole('button', { name: ar('deals', 'new.create') }).click();
  await expectArabicToast(page, ar('deals', 'messages.created'));
  await expect(page).toHaveURL(/\/admin\/deals$/);

  const card = page.getByRole('article', { name: title, exact: true });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  await expect(card).toContainText(ar('deals', 'card.target'));
  await expect(card.getByRole('button', { name: ar('deals', 'card.moveLabel', { title }) })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await checkScreen(page, testInfo, `pipeline-new-deal-${w}`);

  await card.getByRole('link', { name: title }).click();
  await expectHeading(page, title);
  await expect(page.getByText(ar('deals', 'activity.created'), { exact: true })).toBeVisible();
  await checkScreen(page, testInfo, `new-deal-detail-${w}`);
}

/** User Management in Arabic (an admin signed in in Arabic): add an investor, find them, edit their name and type. */
export async function userManagementInArabic(page: Page, testInfo: TestInfo, w: string) {
  await visit(page, testInfo, '/admin/users', ar('users', 'page.title'), `users-${w}`);
  await expect(page.getByTestId('users-count')).toContainText('عرض');

  await page.getByRole('button', { name: ar('users', 'page.add') }).click();
  const form = page.getByRole('form', { name: ar('users', 'create.formLabel') });
  await expect(form.getByText(ar('users', 'create.notice'))).toBeVisible();
  const name = `مستثمر ${Date.now() % 1_000_000}`;
  const email = freshEmail('ar-user-phone');
  await form.getByLabel(ar('users', 'create.name')).fill(name);
  await form.getByLabel(ar('users', 'create.email')).fill(email);
  await form.getByLabel(ar('users', 'create.password'), { exact: false }).fill('Ar-investor-pass-2026!');
  await form.getByLabel(ar('users', 'create.role')).selectOption('investor');
  await checkScreen(page, testInfo, `users-add-${w}`);
  await form.getByRole('button', { name: ar('users', 'create.submit') }).click();
  await expectArabicToast(page, ar('users', 'toast.created'));
  await expect(form).toBeHidden();

  await page.getByLabel(ar('users', 'filter.search')).fill(email);
  const entry = page.getByTestId(w === 'phone' ? 'user-card' : 'user-row').filter({ hasText: email });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(name);
  await entry.getByRole('button', { name: ar('users', 'row.actionsFor', { name }) }).click();
  await page.getByRole('menuitem', { name: ar('users', 'row.edit') }).click();
  const dialog = page.getByRole('dialog', { name: ar('users', 'edit.title') });
  await expect(dialog.getByText(ar('users', 'edit.emailHint'))).toBeVisible();
  await expect(dialog.getByLabel(ar('users', 'edit.email'))).not.toBeEditable();
  const renamed = `${name} معدّل`;
  await dialog.getByLabel(ar('users', 'edit.name')).fill(renamed);
  await dialog.getByLabel(ar('users', 'edit.userType')).selectOption('offshore_fund');
  await checkScreen(page, testInfo, `users-edit-${w}`);
  await dialog.getByRole('button', { name: ar('users', 'edit.submit') }).click();
  await expectArabicToast(page, ar('users', 'toast.updated'));
  await expect(dialog).toBeHidden();
  await expect(entry).toContainText(renamed);
  await expect(entry).toContainText(ar('common', 'enum.userType.offshore_fund'));
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await checkScreen(page, testInfo, `users-edited-${w}`);
}
