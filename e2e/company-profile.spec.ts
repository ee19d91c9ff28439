import { expect, type Page, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/**
 * Issue 18: the company profile (legal name, licence, registered office, offices, contacts) is
 * edited in Settings. What is not set, the public sees no line for (never a placeholder); admins
 * see it listed as 'not set' with a link to Settings. Runs on the empty install, which ships no
 * profile, and clears what it set at the end.
 */
const PLACEHOLDER = /placeholder|to be confirmed|000 000|000 0000|example\.com|not set/i;

const BLANK = {
  legalName: '',
  registeredOffice: '',
  offices: [],
  investorRelationsName: '',
  investorRelationsEmail: '',
  investorRelationsPhone: '',
  licenseNumber: '',
};

async function expectNoPlaceholder(page: Page) {
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect(await page.locator('body').innerText()).not.toMatch(PLACEHOLDER);
  const hrefs = await page.locator('a[href^="mailto:"], a[href^="tel:"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const href of hrefs) expect(href).not.toMatch(/example\.com|0{3} ?0{3}/);
}

test('the company profile is set in Settings and shown on the landing page; nothing unset is shown', async ({ browser }) => {
  const admin = await browser.newContext({ baseURL: E2E.emptyBaseURL });
  const visitor = await browser.newContext({ baseURL: E2E.emptyBaseURL, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await admin.newPage();
  const publicPage = await visitor.newPage();
  try {
    // Nothing set: the landing page has no office section and no contact line, at phone width.
    await publicPage.goto('/');
    await expect(publicPage.getByRole('link', { name: 'Investor Login' })).toBeVisible();
    await expectNoPlaceholder(publicPage);
    await expect(publicPage.getByRole('heading', { name: 'Our regional offices' })).toHaveCount(0);
    await expect(publicPage.getByRole('contentinfo').getByText(/DFSA licence number/)).toHaveCount(0);

    // The admin sees what is missing, and a link to the Settings tab that sets it.
    await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    const gaps = page.getByRole('region', { name: 'Company profile incomplete' });
    await expect(gaps.getByRole('listitem')).toHaveText([
      'Legal name: not set',
      'DFSA licence number: not set',
      'Registered office: not set',
      'Offices: not set',
      'Investor relations contact: not set',
      'Compliance contact: not set',
    ]);
    await expectNoA11yViolations(page, 'dashboard: company profile incomplete');
    await gaps.getByRole('link', { name: 'Complete the company profile in Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?tab=profile$/);
    await expect(page.getByRole('tab', { name: 'Company Profile' })).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Legal name').fill('Harbour Rock Capital Limited');
    await page.getByLabel('DFSA licence number').fill('F009876');
    await page.getByLabel('Registered office').fill('Level 9, Gate Avenue, DIFC, Dubai');
    await page.getByLabel('Investor relations email').fill('ir@harbour-rock.example');
    await expect(page.getByText('No office yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add office' }).click();
    const office = page.getByRole('group', { name: 'Office 1' });
    await office.getByLabel('City').fill('Kigali, Rwanda');
    await office.getByLabel('Address').fill('KG 7 Avenue, Kacyiru, Kigali');
    await office.getByLabel('Phone').fill('+250 788 555 012');
    await office.getByLabel('Email').fill('kigali@harbour-rock');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Office 1: Enter a valid email address')).toBeVisible();
    await expect(office.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page, 'settings: company profile with an error');
    await office.getByLabel('Email').fill('kigali@harbour-rock.example');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Settings saved successfully');

    // The dashboard lists only what is still missing.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(gaps.getByRole('listitem')).toHaveText(['Compliance contact: not set']);

    // The public page shows exactly what was set.
    await publicPage.reload();
    const offices = publicPage.getByRole('region', { name: 'Our regional offices' });
    await expect(offices.getByRole('heading', { level: 3 })).toHaveText(['Kigali, Rwanda']);
    await expect(offices.getByRole('link', { name: 'Phone: +250 788 555 012' })).toHaveAttribute('href', 'tel:+250788555012');
    await expect(offices.getByRole('link', { name: 'E-mail: kigali@harbour-rock.example' })).toBeVisible();
    const footer = publicPage.getByRole('contentinfo');
    await expect(footer).toContainText('Harbour Rock Capital Limited');
    await expect(footer).toContainText('DFSA licence number F009876');
    await expect(footer).toContainText('Registered office: Level 9, Gate Avenue, DIFC, Dubai');
    await expect(footer.getByRole('link', { name: 'Investor relations e-mail: ir@harbour-rock.example' })).toBeVisible();
    await expectNoPlaceholder(publicPage);
    await expectNoA11yViolations(publicPage, 'landing with a company profile, phone width');
  } finally {
    const res = await page.request.put('/api/settings', { data: BLANK });
    expect(res.ok()).toBe(true);
    await admin.close();
    await visitor.close();
  }
});
