import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  confirmQuestions,
  DEMO,
  E2E,
  expectNoA11yViolations,
  expectToast,
  fillSignUp,
  gotoLogin,
  signInViaUi,
  toasts,
  UNSAVED_QUESTION,
} from './fixtures';

/** User Management (/admin/users): spec sections 2, 4, 5, 6, 7 (admin user operations), 8 and 9. */

const MSG = {
  loadFailed: 'Failed to load users',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
  statusUpdated: 'User status updated successfully',
  short: 'Password must be at least 6 characters',
  signupSuccess: 'Account created successfully! Your account is pending approval from an administrator.',
};
const RESET_TOAST = /^Password reset successfully\. Temporary password: (\S{24})$/;
const ADMIN_NAME = 'Eve Admin';

let seq = 0;
/** A fresh, unique e-mail and a matching name so tests never depend on each other. */
function fresh(tag: string) {
  const stamp = `${Date.now()}${seq++}`;
  return { email: `e2e.users.${tag}.${stamp}@example.com`, name: `E2E ${tag} ${stamp}` };
}

async function signInAsAdmin(page: Page) {
  await gotoLogin(page);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
}

async function gotoUsers(page: Page) {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(countText(page)).toHaveText(/^Showing \d+ of \d+ users?$/);
}

const countText = (page: Page) => page.getByTestId('users-count');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search users' });
const roleFilter = (page: Page) => page.getByRole('combobox', { name: 'Role', exact: true });
const statusFilter = (page: Page) => page.getByRole('combobox', { name: 'Status', exact: true });
const bodyRows = (page: Page) => page.getByRole('table', { name: 'Users' }).getByTestId('user-row');
const rowFor = (page: Page, text: string) => bodyRows(page).filter({ hasText: text });

async function openRowMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Creates an active user through the API as the signed-in admin (setup only; the UI path is tested separately). */
async function createUserViaApi(page: Page, u: { name: string; email: string; role?: 'admin' | 'investor'; password?: string }) {
  const res = await page.request.post('/api/users', {
    data: { name: u.name, email: u.email, password: u.password ?? 'initial-pass-1', role: u.role ?? 'investor' },
  });
  expect(res.status()).toBe(201);
  return u;
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: E2E.baseURL, viewport: { width: 1280, height: 800 } });
}

/** Waits until no toast with this text is left, so a repeated toast is not confused with an earlier one. */
async function waitForToastGone(page: Page, text: string) {
  await expect(toasts(page).getByText(text, { exact: true })).toHaveCount(0, { timeout: 15_000 });
}

/** Narrows the table to one user with the search box. */
async function findUser(page: Page, email: string) {
  await searchBox(page).fill(email);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(countText(page)).toHaveText(/^Showing 1 of \d+ users$/);
  return rowFor(page, email);
}

test.describe('user management', () => {
  test('table, search, role and status filters narrow the list; own row offers no Suspend or Delete', async ({ page }) => {
    await signInAsAdmin(page);
    await gotoUsers(page);

    for (const h of ['Name', 'Email', 'Role', 'User Type', 'Status', 'Last Login', 'Created']) {
      await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    }
    await expect(roleFilter(page).getByRole('option')).toHaveText(['All roles', 'Admin', 'Investor']);
    await expect(statusFilter(page).getByRole('option')).toHaveText(['All statuses', 'Pending', 'Active', 'Suspended']);
    await expectNoA11yViolations(page, 'user management');

    const total = Number((await countText(page).textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(8);
    await expect(bodyRows(page)).toHaveCount(total);

    // Demo users: the active HNI investor, the pending family office and the suspended fund.
    const sarah = rowFor(page, DEMO.investor);
    await expect(sarah).toContainText('Sarah Mwangi');
    await expect(sarah).toContainText('Investor');
    await expect(sarah).toContainText('HNI');
    await expect(sarah.getByText('Active', { exact: true })).toBeVisible();
    await expect(rowFor(page, DEMO.pending).getByText('Pending', { exact: true })).toBeVisible();
    await expect(rowFor(page, DEMO.suspended).getByText('Suspended', { exact: true })).toBeVisible();
    await expect(rowFor(page, DEMO.cio)).toContainText('CIO');
    // The signed-in admin has logged in; a never-used demo account shows 'Never'.
    await expect(rowFor(page, DEMO.pending)).toContainText('Never');

    // Search by name, case-insensitively, then by e-mail.
    await searchBox(page).fill('sarah mw');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(countText(page)).toHaveText(`Showing 1 of ${total} users`);
    await searchBox(page).fill('@demo.example.com');
    const demoCount = await bodyRows(page).count();
    expect(demoCount).toBeGreaterThanOrEqual(7);
    await expect(countText(page)).toHaveText(`Showing ${demoCount} of ${total} users`);

    // Role filter.
    await roleFilter(page).selectOption('investor');
    await expect(rowFor(page, DEMO.cio)).toHaveCount(0);
    await expect(rowFor(page, DEMO.investor)).toHaveCount(1);
    const investors = await bodyRows(page).count();
    for (let i = 0; i < investors; i++) await expect(bodyRows(page).nth(i).getByRole('cell').nth(2)).toHaveText('Investor');

    // Status filter on top.
    await statusFilter(page).selectOption('pending');
    await expect(rowFor(page, DEMO.pending)).toHaveCount(1);
    await expect(rowFor(page, DEMO.investor)).toHaveCount(0);
    await expect(rowFor(page, DEMO.suspended)).toHaveCount(0);
    await statusFilter(page).selectOption('suspended');
    await expect(rowFor(page, DEMO.suspended)).toHaveCount(1);
    await expect(rowFor(page, DEMO.pending)).toHaveCount(0);

    // Nothing matches: the empty text, then 'Clear filters' restores everything.
    await searchBox(page).fill('no-such-user-anywhere');
    await expect(bodyRows(page)).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Users' }).getByText('No users match your search and filters.')).toBeVisible();
    await expect(countText(page)).toHaveText(`Showing 0 of ${total} users`);
    await expectNoA11yViolations(page, 'user management, no match');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(roleFilter(page)).toHaveValue('all');
    await expect(statusFilter(page)).toHaveValue('all');
    await expect(bodyRows(page)).toHaveCount(total);

    // The admin's own row: Edit and Change My Password, but no Suspend, no Delete and no reset (it would end this session).
    const own = rowFor(page, E2E.adminEmail);
    await expect(own.getByText('You', { exact: true })).toBeVisible();
    const menu = await openRowMenu(page, ADMIN_NAME);
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Change My Password' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Reset Password' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Suspend' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Approve & Activate' })).toHaveCount(0);
    await expectNoA11yViolations(page, 'row menu open');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Own status cannot be changed in the edit dialog either.
    await openRowMenu(page, ADMIN_NAME);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Status')).toBeDisabled();
    await expect(dialog.getByText('You cannot change your own status.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus returns to the row's menu button.
    await expect(page.getByRole('button', { name: `Actions for ${ADMIN_NAME}` })).toBeFocused();
  });

  test('a signed-up investor is approved, signs in, then is suspended and their open session ends', async ({ page, browser }) => {
    const inv = fresh('signup');
    const investorCtx = await newContext(browser);
    const investor = await investorCtx.newPage();

    // 1. The investor signs up at /login.
    await gotoLogin(investor);
    await investor.getByRole('button', { name: "Don't have an account? Sign up as investor" }).click();
    await fillSignUp(investor, {
      name: inv.name,
      email: inv.email,
      password: 'investor-pass-1',
      confirm: 'investor-pass-1',
      type: 'Family Office',
    });
    await investor.getByRole('button', { name: 'Create Investor Account' }).click();
    await expectToast(investor, MSG.signupSuccess);

    // 2. The admin finds them: search, role and status filters.
    await signInAsAdmin(page);
    await gotoUsers(page);
    const row = await findUser(page, inv.email);
    await expect(row).toContainText(inv.name);
    await expect(row).toContainText('Family Office');
    await expect(row).toContainText('Never');
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await roleFilter(page).selectOption('admin');
    await expect(bodyRows(page)).toHaveCount(0);
    await roleFilter(page).selectOption('investor');
    await expect(bodyRows(page)).toHaveCount(1);
    await statusFilter(page).selectOption('active');
    await expect(bodyRows(page)).toHaveCount(0);
    await statusFilter(page).selectOption('pending');
    await expect(bodyRows(page)).toHaveCount(1);
    await statusFilter(page).selectOption('all');

    // 3. Approve & Activate.
    let menu = await openRowMenu(page, inv.name);
    await expect(menu.getByRole('menuitem', { name: 'Suspend' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Approve & Activate' }).click();
    await expectToast(page, MSG.statusUpdated);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await waitForToastGone(page, MSG.statusUpdated);
    menu = await openRowMenu(page, inv.name);
    await expect(menu.getByRole('menuitem', { name: 'Approve & Activate' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // 4. The investor signs in (separate browser context) and reaches the portal.
    await gotoLogin(investor);
    await signInViaUi(investor, inv.email, 'investor-pass-1');
    await expect(investor).toHaveURL(/\/investor$/);

    // 5. The admin suspends them.
    menu = await openRowMenu(page, inv.name);
    await menu.getByRole('menuitem', { name: 'Suspend' }).click();
    await expectToast(page, MSG.statusUpdated);
    await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
    await statusFilter(page).selectOption('suspended');
    await expect(bodyRows(page)).toHaveCount(1);

    // 6. The investor's open session has ended: the next load goes to /login.
    await investor.reload();
    await expect(investor).toHaveURL(/\/login$/);
    await investor.goto('/investor');
    await expect(investor).toHaveURL(/\/login$/);
    await investorCtx.close();
  });

  test('reset password: the temporary password from the toast signs in and must be changed', async ({ page, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsAdmin(page);
    const u = await createUserViaApi(page, { ...fresh('reset'), role: 'investor' });
    await gotoUsers(page);
    await findUser(page, u.email);

    const menu = await openRowMenu(page, u.name);
    await menu.getByRole('menuitem', { name: 'Reset Password' }).click();
    const dialog = page.getByRole('dialog', { name: `Reset password for ${u.name}?` });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, 'reset password dialog');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await expect(dialog).toBeHidden();

    const toast = toasts(page).getByText(RESET_TOAST);
    await expect(toast).toBeVisible();
    await page.screenshot({ path: '.test-logs/users-1280-reset-toast.png' });
    const token = ((await toast.textContent()) ?? '').match(RESET_TOAST)?.[1] ?? '';
    expect(token).toHaveLength(24);
    await expectNoA11yViolations(page, 'reset password toast');

    // The Copy action copies exactly the token and keeps the toast open.
    await toasts(page).getByRole('button', { name: 'Copy' }).click();
    await expect(toasts(page).getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    // Shown for 10 seconds, then gone.
    await expect(toast).toBeHidden({ timeout: 15_000 });

    // The user signs in with it, is forced to /change-password, changes it and lands in their area.
    const userCtx = await newContext(browser);
    const userPage = await userCtx.newPage();
    await gotoLogin(userPage);
    await signInViaUi(userPage, u.email, 'initial-pass-1');
    await expect(userPage.getByText('Invalid email or password').first()).toBeVisible();
    await signInViaUi(userPage, u.email, token);
    await expect(userPage).toHaveURL(/\/change-password$/);
    await userPage.getByLabel(/^Current password\*?$/).fill(token);
    await userPage.getByLabel(/^New password\*?$/).fill('my-own-pass-1');
    await userPage.getByLabel(/^Confirm new password\*?$/).fill('my-own-pass-1');
    await userPage.getByRole('button', { name: 'Change Password' }).click();
    await expect(userPage).toHaveURL(/\/investor$/);
    await userCtx.close();
  });

  test('Add Admin User: validation, role-dependent user types, creates an active user who must change the password', async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page);
    await gotoUsers(page);
    const u = fresh('added');

    await page.getByRole('button', { name: 'Add Admin User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/Only administrators can create admin accounts\./)).toBeVisible();
    await expect(dialog.getByText(/must change this password at their first sign-in/)).toBeVisible();
    await expectNoA11yViolations(page, 'add user dialog');

    // Role defaults to admin with type founder; switching the role switches the options.
    const role = dialog.getByLabel('Role');
    const type = dialog.getByLabel('User Type');
    await expect(role).toHaveValue('admin');
    await expect(type.getByRole('option')).toHaveText(['Founder', 'CIO', 'Legal', 'Nairobi Lead']);
    await expect(type).toHaveValue('founder');
    await role.selectOption('investor');
    await expect(type.getByRole('option')).toHaveText(['HNI', 'Family Office', 'Offshore Fund']);
    await expect(type).toHaveValue('hni');
    await role.selectOption('admin');
    await type.selectOption('cio');

    // The client checks (required name, short password, focus, nothing sent, axe with the error):
    // src/web/features/users/user-forms.test.tsx.
    await dialog.getByLabel('Name').fill(u.name);
    await dialog.getByLabel('Email').fill(u.email);
    await dialog.getByLabel('Password').fill('first-pass-1');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, MSG.created);
    await expect(dialog).toBeHidden();
    const row = await findUser(page, u.email);
    await expect(row).toContainText(u.name);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Admin');
    await expect(row).toContainText('CIO');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row).toContainText('Never');

    // The same e-mail again: the server's message.
    await page.getByRole('button', { name: 'Add Admin User' }).click();
    await dialog.getByLabel('Name').fill('Someone Else');
    await dialog.getByLabel('Email').fill(u.email.toUpperCase());
    await dialog.getByLabel('Password').fill('other-pass-1');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'A user with this email is already registered');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    // The typed input is unsaved: Cancel asks first (issue 18).
    page.once('dialog', (d) => void d.accept());
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The new admin signs in and must change the password first.
    const ctx = await newContext(browser);
    const p = await ctx.newPage();
    await gotoLogin(p);
    await signInViaUi(p, u.email, 'first-pass-1');
    await expect(p).toHaveURL(/\/change-password$/);
    await ctx.close();
  });

  test('a dirty Add or Edit dialog asks before closing; an untouched one closes at once (issue 18)', async ({ page }) => {
    await signInAsAdmin(page);
    await gotoUsers(page);
    const { asked, answer } = confirmQuestions(page);

    // Untouched: Escape closes without a question.
    await page.getByRole('button', { name: 'Add Admin User' }).click();
    const add = page.getByRole('dialog', { name: 'Add Admin User' });
    await expect(add).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
    expect(asked).toEqual([]);

    // Typed: Escape, the close button and Cancel ask; dismissing keeps the dialog and the input.
    await page.getByRole('button', { name: 'Add Admin User' }).click();
    await add.getByLabel('Name').fill('Half Typed');
    answer(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => asked).toEqual([UNSAVED_QUESTION]);
    await expect(add).toBeVisible();
    await expect(add.getByLabel('Name')).toHaveValue('Half Typed');
    answer(false);
    await add.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => asked.length).toBe(2);
    await expect(add.getByLabel('Name')).toHaveValue('Half Typed');
    answer(true);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
    expect(asked).toEqual([UNSAVED_QUESTION, UNSAVED_QUESTION, UNSAVED_QUESTION]);

    // Edit: a changed type asks; OK discards.
    const before = asked.length;
    await openRowMenu(page, 'Sarah Mwangi');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Name').fill('Sarah Mwangi Changed');
    answer(true);
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    expect(asked.length).toBe(before + 1);
    await expect(page.getByRole('table', { name: 'Users' })).not.toContainText('Sarah Mwangi Changed');
  });

  test('Edit User changes the name and type; the e-mail is read-only', async ({ page }) => {
    await signInAsAdmin(page);
    const u = await createUserViaApi(page, { ...fresh('edit'), role: 'investor' });
    await gotoUsers(page);
    await findUser(page, u.email);

    await openRowMenu(page, u.name);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, 'edit user dialog');
    const email = dialog.getByLabel('Email');
    await expect(email).toHaveValue(u.email);
    await expect(email).not.toBeEditable();
    await expect(dialog.getByLabel('Status').getByRole('option')).toHaveText(['Pending', 'Active', 'Suspended']);
    await expect(dialog.getByLabel('Status')).toHaveValue('active');
    await expect(dialog.getByLabel('User Type').getByRole('option')).toHaveText(['HNI', 'Family Office', 'Offshore Fund']);

    // (A blank name is refused on the client: src/web/features/users/user-forms.test.tsx.)
    const renamed = `${u.name} Renamed`;
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByLabel('User Type').selectOption('offshore_fund');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, MSG.updated);
    await expect(dialog).toBeHidden();
    const row = rowFor(page, u.email);
    await expect(row).toContainText(renamed);
    await expect(row).toContainText('Offshore Fund');

    // Persisted: survives a reload.
    await page.reload();
    await expect(rowFor(page, u.email)).toContainText(renamed);
  });

  test('Delete asks for confirmation naming the user, then removes them', async ({ page }) => {
    await signInAsAdmin(page);
    const u = await createUserViaApi(page, { ...fresh('delete'), role: 'investor' });
    await gotoUsers(page);
    const before = Number((await countText(page).textContent())?.match(/of (\d+)/)?.[1]);
    await findUser(page, u.email);

    // Cancel keeps the user.
    await openRowMenu(page, u.name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${u.name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(u.email);
    await expectNoA11yViolations(page, 'delete user dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(bodyRows(page)).toHaveCount(1);

    // Confirm removes them.
    await openRowMenu(page, u.name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await expectToast(page, MSG.deleted);
    await expect(dialog).toBeHidden();
    await expect(bodyRows(page)).toHaveCount(0);
    await expect(countText(page)).toHaveText(`Showing 0 of ${before - 1} users`);
    await page.reload();
    await searchBox(page).fill(u.email);
    await expect(bodyRows(page)).toHaveCount(0);
  });

  test('a refused delete shows the server message and offers suspension instead', async ({ page }) => {
    await signInAsAdmin(page);
    const u = await createUserViaApi(page, { ...fresh('refused'), role: 'investor' });
    const refusal = 'This user holds assigned compliance items that must be kept. Suspend the account instead.';
    // No demo user holds such records yet, so the server's 409 is simulated for this user only.
    await page.route('**/api/users/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: refusal, code: 'HAS_RECORDS' }) })
        : route.fallback(),
    );
    await gotoUsers(page);
    await findUser(page, u.email);
    await openRowMenu(page, u.name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${u.name}?` });
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await expectToast(page, MSG.deleteFailed);
    await expect(toasts(page).getByText(refusal)).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(refusal);
    await expectNoA11yViolations(page, 'delete refused');
    await dialog.getByRole('button', { name: 'Suspend Instead' }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, MSG.statusUpdated);
    await expect(rowFor(page, u.email).getByText('Suspended', { exact: true })).toBeVisible();
  });

  test("a failed load shows 'Failed to load users' and can be retried", async ({ page }) => {
    await signInAsAdmin(page);
    await page.route('**/api/users', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) })
        : route.fallback(),
    );
    await page.goto('/admin/users');
    await expectToast(page, MSG.loadFailed);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(MSG.loadFailed);
    // Not 'Loading users...' above the failure.
    await expect(page.getByText('Loading users...')).toHaveCount(0);
    await expect(countText(page)).toHaveText('Users unavailable');
    await expectNoA11yViolations(page, 'users load failed');
    await page.unroute('**/api/users');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(countText(page)).toHaveText(/^Showing \d+ of \d+ users$/);
    await expect(rowFor(page, E2E.adminEmail)).toHaveCount(1);
  });

  test('layout at 1280 px and 390 px (screenshots in .test-logs)', async ({ page }) => {
    await signInAsAdmin(page);
    await gotoUsers(page);
    await page.screenshot({ path: '.test-logs/users-1280.png', fullPage: true });
    await openRowMenu(page, 'Sarah Mwangi');
    await page.screenshot({ path: '.test-logs/users-1280-menu.png' });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add Admin User' }).click();
    await page.screenshot({ path: '.test-logs/users-1280-add.png' });
    await page.keyboard.press('Escape');

    // A tablet: the table scrolls sideways inside its region while the actions column stays in view.
    await page.setViewportSize({ width: 900, height: 800 });
    await page.reload();
    await expect(countText(page)).toHaveText(/^Showing \d+ of \d+ users$/);
    await expect(
      bodyRows(page)
        .first()
        .getByRole('button', { name: /^Actions for / }),
    ).toBeInViewport();
    await page.screenshot({ path: '.test-logs/users-900.png' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    // Phones get one card per user instead of the table; every card still has its menu.
    await expect(page.getByRole('table', { name: 'Users' })).toBeHidden();
    const cards = page.getByRole('list', { name: 'Users' }).getByTestId('user-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasText: DEMO.investor }).getByText('Active', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page, 'user management at 390 px');
    // No horizontal page overflow.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.test-logs/users-390.png' });
    await page.screenshot({ path: '.test-logs/users-390-full.png', fullPage: true });
    await openRowMenu(page, 'Sarah Mwangi');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    await expectNoA11yViolations(page, 'edit dialog at 390 px');
    await page.screenshot({ path: '.test-logs/users-390-edit.png' });
  });
});
