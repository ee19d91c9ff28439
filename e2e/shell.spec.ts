import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/** Admin and investor shells (spec section 2 "Admin area" / "Investor area", section 9 sidebar). */

const ADMIN_ITEMS: [label: string, href: string][] = [
  ['Dashboard', '/admin'],
  ['Deal Pipeline', '/admin/deals'],
  ['SPV Firewall Tracker', '/admin/spv-tracker'],
  ['Document Vault', '/admin/documents'],
  ['Investor Onboarding', '/admin/investors'],
  ['Compliance Center', '/admin/compliance'],
  ['Distribution Waterfall', '/admin/distributions'],
  ['User Management', '/admin/users'],
  ['Settings', '/admin/settings'],
];

const INVESTOR_ITEMS: [label: string, href: string][] = [
  ['Dashboard', '/investor'],
  ['Deal Vault', '/investor/deals'],
  ['Subscription Portal', '/investor/subscriptions'],
  ['Performance Dashboard', '/investor/performance'],
  ['Distribution Calendar', '/investor/distributions'],
  ['Secure Messages', '/investor/messages'],
  ['DFSA Compliance', '/investor/compliance'],
  ['Capital Calls', '/investor/capital-calls'],
  ['Statements', '/investor/statements'],
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const urlFor = (href: string) => new RegExp(`${escapeRegExp(href)}$`);

const adminSidebar = (page: Page) => page.getByRole('complementary', { name: 'Admin navigation' });
const investorSidebar = (page: Page) => page.getByRole('complementary', { name: 'Investor Portal navigation' });

/** The sidebar's navigation links as [text, href] pairs, in document order. */
async function navLinks(sidebar: Locator): Promise<[string, string][]> {
  return sidebar
    .getByRole('list')
    .first()
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => {
        // The item's label, without an unread badge's count ('2 (2 unread)').
        const label = (a.textContent ?? '').trim().replace(/\d+ \(\d+ unread\)$/, '');
        return [label, a.getAttribute('href') ?? ''] as [string, string];
      }),
    );
}

const width = (l: Locator) => l.evaluate((e) => Math.round(e.getBoundingClientRect().width));

async function sidebarCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'sidebar_state');
}

test.describe('admin shell', () => {
  test('sidebar: header, Navigation group with the nine items in order, current item, footer', async ({ page }) => {
    await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    const sidebar = adminSidebar(page);
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByText('Meridian Capital Group', { exact: true })).toBeVisible();
    await expect(sidebar.getByText('Navigation', { exact: true })).toBeVisible();

    // The spec's nine items come first, in order (later issues append their own after them).
    const links = await navLinks(sidebar);
    expect(links.slice(0, ADMIN_ITEMS.length)).toEqual(ADMIN_ITEMS);

    // The current item is highlighted.
    const dashboard = sidebar.getByRole('link', { name: 'Dashboard', exact: true });
    const deals = sidebar.getByRole('link', { name: 'Deal Pipeline', exact: true });
    await expect(dashboard).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
    await deals.click();
    await expect(page).toHaveURL(/\/admin\/deals$/);
    await expect(deals).toHaveAttribute('aria-current', 'page');
    await expect(dashboard).not.toHaveAttribute('aria-current', 'page');
    await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);

    // Footer: name, user type, Logout.
    const account = sidebar.getByRole('button', { name: 'Account menu for Eve Admin' });
    await expect(account).toContainText('Eve Admin');
    await expect(account).toContainText('Founder');
    await expect(sidebar.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    await expectNoA11yViolations(page, 'admin shell');

    // The user menu.
    await account.click();
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expectNoA11yViolations(page, 'admin user menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('another admin type shows its label in the footer', async ({ page }) => {
    await signIn(page, DEMO.legal, E2E.demoPassword, /\/admin$/);
    const account = adminSidebar(page).getByRole('button', { name: 'Account menu for Leila Haddad' });
    await expect(account).toContainText('Leila Haddad');
    await expect(account).toContainText('Legal');
  });

  test('collapses to 3rem with the trigger and Ctrl+B, remembered in a cookie across reloads', async ({ page, context }) => {
    await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    const sidebar = adminSidebar(page);
    const trigger = page.getByRole('button', { name: 'Toggle sidebar' });
    await expect.poll(() => width(sidebar)).toBe(256);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');

    // Collapse with the trigger.
    await trigger.click();
    await expect.poll(() => width(sidebar)).toBe(48);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    const cookie = await sidebarCookie(context);
    expect(cookie?.value).toBe('false');
    expect(cookie?.path).toBe('/');
    // Remembered for 7 days (604800 s).
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 604_800))).toBeLessThan(120);
    // Icons keep their names, and the footer keeps Logout.
    await expect(sidebar.getByRole('link', { name: 'Deal Pipeline' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoA11yViolations(page, 'admin shell collapsed');

    // Survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eve Admin' })).toBeVisible();
    await expect.poll(() => width(sidebar)).toBe(48);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Expand with Ctrl+B.
    await page.keyboard.press('Control+b');
    await expect.poll(() => width(sidebar)).toBe(256);
    expect((await sidebarCookie(context))?.value).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eve Admin' })).toBeVisible();
    await expect.poll(() => width(sidebar)).toBe(256);

    // Collapse with Ctrl+B, and it survives a reload too.
    await page.keyboard.press('Control+b');
    await expect.poll(() => width(sidebar)).toBe(48);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eve Admin' })).toBeVisible();
    await expect.poll(() => width(sidebar)).toBe(48);
  });

  test('every admin route renders its title, with its sidebar item current', async ({ page }) => {
    test.slow(); // ten screens, each checked with axe
    await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    const sidebar = adminSidebar(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eve Admin' })).toBeVisible();
    for (const [label, href] of ADMIN_ITEMS.slice(1)) {
      const link = sidebar.getByRole('link', { name: label, exact: true });
      await link.click();
      await expect(page).toHaveURL(urlFor(href));
      await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expectNoA11yViolations(page, href);
    }
    // Reserved route, not in the sidebar.
    await page.goto('/admin/activity-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity Logs', exact: true })).toBeVisible();
    await expectNoA11yViolations(page, '/admin/activity-logs');
  });
});

test.describe('investor shell', () => {
  test('side navigation: the seven items in order, name, type and Logout', async ({ page }) => {
    await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
    const sidebar = investorSidebar(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sarah Mwangi' })).toBeVisible();
    expect(await navLinks(sidebar)).toEqual(INVESTOR_ITEMS);
    await expect(sidebar.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');

    const account = sidebar.getByRole('button', { name: 'Account menu for Sarah Mwangi' });
    await expect(account).toContainText('Sarah Mwangi');
    await expect(account).toContainText('HNI');
    await expect(sidebar.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    await expectNoA11yViolations(page, 'investor shell');

    await sidebar.getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/investor');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('every investor route renders its title, with its item current', async ({ page }) => {
    await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
    const sidebar = investorSidebar(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sarah Mwangi' })).toBeVisible();
    for (const [label, href] of INVESTOR_ITEMS.slice(1)) {
      // Secure Messages may carry an unread count in its name ('Secure Messages (2 unread)').
      const link = sidebar.getByRole('link', { name: new RegExp(`^${escapeRegExp(label)}( \\(\\d+ unread\\))?$`) });
      await link.click();
      await expect(page).toHaveURL(urlFor(href));
      await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expectNoA11yViolations(page, href);
    }
  });
});
