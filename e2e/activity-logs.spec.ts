import { expect, type Page, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, fillSignUp, freshEmail, gotoLogin, signInViaUi } from './fixtures';

/**
 * Activity logs (issue 4): the sign-up of a new investor appears with their name, the search
 * and the type filter run on the server and narrow the table, 'No activity logs found' when
 * nothing matches, older records through 'Load older', and the spec's toast on failure.
 */

/** axe once no toast is on screen: a toast caught mid-animation (half transparent) fails contrast. */
async function checkA11y(page: Page, label: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, label);
}

const COLUMNS = ['Activity', 'User', 'Target User', 'Details', 'IP Address', 'Timestamp'];

async function signInAsAdmin(page: Page) {
  await gotoLogin(page);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
}

async function openLogs(page: Page) {
  await page.getByRole('link', { name: 'Activity Logs' }).click();
  await expect(page).toHaveURL(/\/admin\/activity-logs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Logs' })).toBeVisible();
  await expect(totalText(page)).toHaveText(/^[\d,]+ records?$/);
}

const table = (page: Page) => page.getByRole('table', { name: 'Activity logs' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const totalText = (page: Page) => page.getByTestId('activity-logs-total');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search activity logs' });
const typeFilter = (page: Page) => page.getByLabel('Activity type');

async function total(page: Page): Promise<number> {
  const text = (await totalText(page).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** Waits until the table shows results for the current filters (not the previous ones). */
async function settled(page: Page) {
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status').filter({ hasText: /Loading|Updating/ })).toHaveCount(0);
}

/** Runs a filter change and waits for the server's answer to exactly these filters. */
async function filterBy(page: Page, action: () => Promise<unknown>, want: { search?: string; type?: string }) {
  const answered = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return (
      u.pathname === '/api/activity-logs' &&
      (u.searchParams.get('search') ?? '') === (want.search ?? '') &&
      (u.searchParams.get('type') ?? '') === (want.type ?? '') &&
      !u.searchParams.has('before')
    );
  });
  await action();
  await answered;
  await settled(page);
}

async function screenshots(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: `.test-logs/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `.test-logs/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a new investor sign-up appears in the log; search and type filter narrow it on the server', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Logan Ledger ${suffix}`;
  const email = freshEmail('logs');

  // Sign up through the UI.
  await gotoLogin(page);
  await page.getByRole('button', { name: "Don't have an account? Sign up as investor" }).click();
  await fillSignUp(page, { name, email, password: 'secret-123-long', confirm: 'secret-123-long' });
  await page.getByRole('button', { name: 'Create Investor Account' }).click();
  await expectToast(page, 'Account created successfully! Your account is pending approval from an administrator.');

  await signInAsAdmin(page);
  await openLogs(page);
  await expect(table(page).getByRole('columnheader')).toHaveText(COLUMNS);
  await settled(page);
  const all = await total(page);
  expect(all).toBeGreaterThan(0);
  await expect(bodyRows(page).first()).toBeVisible();
  // The newest record is our own sign-in.
  await expect(bodyRows(page).first().getByRole('cell').first()).toHaveText('User login');
  await expect(bodyRows(page).first().getByRole('cell').nth(1)).toContainText('Eve Admin');
  await checkA11y(page, 'activity logs');
  await screenshots(page, 'activity-logs');

  // Search for the new investor's e-mail: exactly their sign-up, with their name as user and target.
  await filterBy(page, () => search(page).fill(email), { search: email });
  await expect(totalText(page)).toHaveText('1 record');
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText('User sign-up');
  await expect(cells.nth(1)).toContainText(name);
  await expect(cells.nth(2)).toContainText(name);
  await expect(cells.nth(3)).toHaveText(`Email: ${email}Role: investor`);
  await expect(cells.nth(3)).not.toContainText('{');
  await expect(cells.nth(4)).toHaveText(/\S/);
  await expect(cells.nth(5).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  // The type filter narrows on the server: the same search with another type finds nothing.
  await filterBy(page, () => typeFilter(page).selectOption({ label: 'Deal created' }), { search: email, type: 'deal_created' });
  await expect(table(page).getByText('No activity logs found', { exact: true })).toBeVisible();
  await expect(totalText(page)).toHaveText('0 records');
  await filterBy(page, () => typeFilter(page).selectOption({ label: 'User sign-up' }), { search: email, type: 'user_signup' });
  await expect(totalText(page)).toHaveText('1 record');
  await expect(bodyRows(page).first().getByRole('cell').first()).toHaveText('User sign-up');

  // Type alone: every row is of that type, and there are fewer rows than all records.
  await filterBy(page, () => search(page).fill(''), { type: 'user_signup' });
  const signups = await total(page);
  expect(signups).toBeGreaterThanOrEqual(1);
  expect(signups).toBeLessThan(all);
  const activities = await bodyRows(page).locator('td:first-child').allTextContents();
  expect(activities.length).toBe(Math.min(signups, 100));
  expect(new Set(activities)).toEqual(new Set(['User sign-up']));
  await expect(bodyRows(page).filter({ hasText: email })).toHaveCount(1);

  // A search that matches nothing.
  const nothing = `no-such-record-${suffix}`;
  await filterBy(page, () => search(page).fill(nothing), { search: nothing, type: 'user_signup' });
  await filterBy(page, () => typeFilter(page).selectOption({ label: 'All types' }), { search: nothing });
  await expect(table(page).getByText('No activity logs found', { exact: true })).toBeVisible();
  await expect(totalText(page)).toHaveText('0 records');
  await expect(page.getByRole('button', { name: 'Load older' })).toHaveCount(0);
  await checkA11y(page, 'activity logs, no match');
});

test('older records load through the cursor; no user reads System, a deleted user Unknown', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const token = `logpage${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  // 101 records naming the token: a deal created and updated 100 times. It is closed at once,
  // so the dashboard's active deals and pipeline cards stay as the demo data has them.
  const created = await page.request.post('/api/deals', { data: { title: `Paging ${token}`, type: 'Infrastructure' } });
  expect(created.status()).toBe(201);
  const dealId = ((await created.json()) as { deal: { id: string } }).deal.id;
  const patch = (data: Record<string, unknown>) => page.request.patch(`/api/deals/${dealId}`, { data });
  expect((await patch({ status: 'Closed' })).ok()).toBe(true);
  for (let i = 1; i <= 99; i++) expect((await patch({ nextStep: `${token} step ${i}` })).ok()).toBe(true);

  await openLogs(page);
  await filterBy(page, () => search(page).fill(token), { search: token });
  await expect(totalText(page)).toHaveText('101 records');
  await expect(bodyRows(page)).toHaveCount(100);
  await expect(page.getByText('Showing 100 of 101 records, newest first')).toBeVisible();
  const newest = bodyRows(page).first().getByRole('cell');
  await expect(newest.nth(0)).toHaveText('Deal updated');
  await expect(newest.nth(1)).toContainText('Eve Admin');
  await expect(newest.nth(3)).toHaveText(`Deal: Paging ${token}Next step: ${token} step 98 → ${token} step 99`);

  await page.getByRole('button', { name: 'Load older' }).click();
  await expect(bodyRows(page)).toHaveCount(101);
  await expect(page.getByText('Showing 101 of 101 records, newest first')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load older' })).toHaveCount(0);
  const oldest = bodyRows(page).last().getByRole('cell');
  await expect(oldest.nth(0)).toHaveText('Deal created');
  await expect(oldest.nth(3)).toHaveText(`Deal: Paging ${token}Type: Infrastructure`);
  await checkA11y(page, 'activity logs, all pages');

  // A failed sign-in for an unknown address names no user ('System') and has no target user ('—').
  const stranger = freshEmail('logs-stranger');
  // (`request` has no cookies: the admin's browser session is not involved.)
  const refused = await request.post('/api/auth/sign-in', {
    data: { email: stranger, password: 'wrong-password' },
    failOnStatusCode: false,
  });
  expect(refused.status()).toBe(401);
  await filterBy(page, () => search(page).fill(stranger), { search: stranger });
  await expect(totalText(page)).toHaveText('1 record');
  const failed = bodyRows(page).first().getByRole('cell');
  await expect(failed.nth(0)).toHaveText('Failed sign-in');
  await expect(failed.nth(1)).toHaveText('System');
  await expect(failed.nth(2)).toHaveText('—');
  await expect(failed.nth(3)).toHaveText(`Email: ${stranger}Reason: Invalid credentials`);

  // A deleted user's records stay and read 'Unknown'.
  const gone = freshEmail('logs-gone');
  const signedUp = await request.post('/api/auth/sign-up', { data: { email: gone, password: 'secret-123-long', name: `Gone ${token}` } });
  expect(signedUp.status()).toBe(201);
  const users = ((await (await page.request.get('/api/users')).json()) as { users: { id: string; email: string | null }[] }).users;
  const goneId = users.find((u) => u.email === gone)?.id;
  expect(goneId).toBeTruthy();
  expect((await page.request.delete(`/api/users/${goneId}`)).ok()).toBe(true);
  await filterBy(page, () => search(page).fill(gone), { search: gone });
  await expect(totalText(page)).toHaveText('2 records');
  const deleted = bodyRows(page).filter({ hasText: 'User deleted' }).getByRole('cell');
  await expect(deleted.nth(1)).toContainText('Eve Admin');
  await expect(deleted.nth(2)).toHaveText('Unknown');
  const signup = bodyRows(page).filter({ hasText: 'User sign-up' }).getByRole('cell');
  await expect(signup.nth(1)).toHaveText('Unknown');
  await expect(signup.nth(2)).toHaveText('Unknown');
});

test('beyond the count cap the total reads 10,000+ records', async ({ page }) => {
  // The server counts at most 10,001 matching records. Rather than create them, its first-page
  // answer is rewritten as the server gives it beyond the cap: total 10,000 and totalCapped.
  await page.route(
    (url) => url.pathname === '/api/activity-logs' && !url.searchParams.has('before'),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { total: number; totalCapped: boolean };
      await route.fulfill({ response, json: { ...body, total: 10_000, totalCapped: true } });
    },
  );
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Activity Logs' }).click();
  await expect(totalText(page)).toHaveText('10,000+ records');
  await settled(page);
  const rows = await bodyRows(page).count();
  expect(rows).toBeGreaterThan(0);
  await expect(page.getByText(`Showing ${rows.toLocaleString('en-US')} of 10,000+ records, newest first`, { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '10,000+ records found' })).toBeAttached();
  await checkA11y(page, 'activity logs, capped total');
});

test('a failed load shows the spec toast', async ({ page }) => {
  await signInAsAdmin(page);
  await page.route('**/api/activity-logs**', (route) => route.fulfill({ status: 500, json: { message: 'Internal error' } }));
  await page.getByRole('link', { name: 'Activity Logs' }).click();
  await expectToast(page, 'Failed to load activity logs');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await checkA11y(page, 'activity logs error');
});
