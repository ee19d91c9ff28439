import { expect, type Locator, test } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/** Landing page (spec section 2 "Landing page", section 9 landing claims). */

const OFFICES = ['Nairobi, Kenya', 'Dubai, UAE', 'Port Louis, Mauritius'];

test.describe('landing page', () => {
  test('shows every section, claim, card and office of the spec, in order', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Investor Login' })).toBeVisible();
    await expectNoA11yViolations(page, 'landing');

    // Sections in order: hero, statistics, about, values, opportunities, reasons, offices, calls to action.
    const sections = page.getByRole('main').getByRole('region');
    await expect(sections).toHaveCount(8);
    const [hero, stats, about, values, opportunities, reasons, offices, cta] = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => sections.nth(i)) as [
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
    ];

    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Access Platform', exact: true })).toBeVisible();
    await expect(hero.getByRole('button', { name: 'Learn More' })).toBeVisible();

    // Statistics: the four landing claims (the demo profile's, issue 27; '3' counts its offices).
    await expect(stats.locator('dd')).toHaveText(['$500M+', '150+', '25+', '3']);

    await expect(about.getByRole('heading', { level: 2 })).toBeVisible();

    // Three value cards with the spec's titles.
    await expect(values.getByRole('heading', { level: 3 })).toHaveText([
      'Secure & Compliant',
      'Proven Track Record',
      'Strategic Partnerships',
    ]);

    // Four opportunity cards and six reasons.
    await expect(opportunities.getByRole('heading', { level: 3 })).toHaveCount(4);
    await expect(reasons.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(reasons).toContainText('Teams in Nairobi, Dubai and Port Louis source, structure and monitor transactions locally.');

    // Three offices, each with an address, a phone number and an e-mail contact.
    await expect(offices.getByRole('heading', { level: 3 })).toHaveText(OFFICES);
    for (const city of OFFICES) {
      const card = offices.getByRole('listitem').filter({ has: page.getByRole('heading', { name: city }) });
      await expect(card.getByRole('link', { name: /^Phone:/ })).toHaveAttribute('href', /^tel:\+\d+$/);
      await expect(card.getByRole('link', { name: /^E-mail:/ })).toHaveAttribute('href', /^mailto:.+@.+/);
      await expect(card.locator('address')).toContainText(city.split(', ')[0] ?? city);
    }

    // Calls to action.
    await expect(cta.getByRole('heading', { name: 'Looking to invest?' })).toBeVisible();
    await expect(cta.getByRole('heading', { name: 'Seeking to raise funds?' })).toBeVisible();
    for (const name of ['Get Started Today', 'Access Platform Now', 'Join Us']) {
      await expect(cta.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(cta.getByRole('button', { name: 'Apply Here' })).toBeVisible();

    // Footer: the company name (settings default), the demo profile's licence, legal name and
    // investor-relations contact, and the offices' contacts repeated; no placeholder anywhere.
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('DFSA licence number F004217 (demo)');
    await expect(footer).toContainText('Meridian Capital Group Limited');
    await expect(footer.getByRole('link', { name: /^Investor relations e-mail:/ })).toHaveAttribute(
      'href',
      'mailto:ir@meridian-capital.example',
    );
    expect(await page.locator('body').innerText()).not.toMatch(/placeholder|to be confirmed|000 000|example\.com/i);
    await expect(footer.getByText('Meridian Capital Group', { exact: true })).toBeVisible();
    await expect(footer).toContainText(`${new Date().getFullYear()} Meridian Capital Group`);
    for (const city of OFFICES) {
      await expect(footer.getByRole('link', { name: `${city} phone:`, exact: false })).toBeVisible();
      await expect(footer.getByRole('link', { name: `${city} e-mail:`, exact: false })).toBeVisible();
    }
  });

  for (const name of ['Investor Login', 'Access Platform', 'Get Started Today', 'Access Platform Now', 'Join Us']) {
    test(`'${name}' leads to /login`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Secure access to deal syndication platform')).toBeVisible();
    });
  }

  for (const name of ['Learn More', 'Apply Here']) {
    test(`'${name}' has no action`, async ({ page }) => {
      await page.goto('/');
      const button = page.getByRole('button', { name, exact: true });
      await button.click();
      await expect(button).toBeFocused();
      await expect(page).toHaveURL(`${E2E.baseURL}/`);
      await expect(page.getByRole('link', { name: 'Investor Login' })).toBeVisible();
    });
  }

  test('an anonymous visit to / and /login logs no error (no 401) to the console', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') errors.push(msg.text());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('link', { name: 'Investor Login' })).toBeVisible();
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.getByText('Secure access to deal syndication platform')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('loads no admin or investor code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script' || req.url().endsWith('.js')) scripts.push(req.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('link', { name: 'Investor Login' })).toBeVisible();
    // Scroll through the whole page in case anything is loaded lazily.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    // The areas, their screens, and the shell (Rollup names the shell's chunk after app/screen.tsx).
    expect(scripts.filter((u) => /\/assets\/(admin-|investor-|app-shell|screen-)/.test(u))).toEqual([]);
  });

  test('a signed-in admin visiting / is redirected to /admin', async ({ page }) => {
    await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Eve Admin' })).toBeVisible();
  });

  test('a signed-in investor visiting / is redirected to /investor', async ({ page }) => {
    await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/investor$/);
  });
});
