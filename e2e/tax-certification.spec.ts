import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, OWN_PASSWORD, signIn } from './fixtures';
import { createActiveDeal, newApprovedInvestor } from './setup';

test.describe.configure({ timeout: 180_000 });

/**
 * Issue 31 part 3: an investor without a tax self-certification is told why they cannot subscribe;
 * on DFSA Compliance they sign one (field errors first, then the residence, name, attestation, a
 * signature drawn on the pad as for the subscription agreement, and password); the subscription form no longer blocks; a change of address asks for a renewal.
 */
test('tax self-certification: blocked, signed with re-authentication, renewal after a change of address', async ({ browser, page }) => {
  const stamp = `${Date.now() % 1_000_000}`;
  const name = `Tax Investor ${stamp}`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const dealId = await createActiveDeal(page, { title: `Tax Deal ${stamp}`, targetAmount: '5000000' });
  const { page: inv } = await newApprovedInvestor(browser, page, { name, tag: `tax-${stamp}`, suitability: true, taxCertified: false });
  try {
    // The gate says why before anything is typed.
    await inv.goto(`/investor/subscriptions?deal=${dealId}`);
    await expect(inv.getByText('Complete your tax self-certification (FATCA and CRS)').first()).toBeVisible();

    await inv.goto('/investor/compliance');
    const section = inv.getByTestId('tax-certification');
    await expect(section.getByTestId('tax-status')).toHaveText('You have not signed a tax self-certification yet.');
    await expectNoA11yViolations(inv, 'tax self-certification form');
    const form = section.getByRole('form', { name: 'Sign the certification' });
    // Field-level errors from the server.
    await form.getByRole('button', { name: 'Sign certification' }).click();
    await expect(form.getByText('Choose a country (ISO 3166 two-letter code)')).toBeVisible();
    await expect(form.getByText('Confirm that the certification is true, correct and complete')).toBeVisible();

    await form.getByLabel(/^Country \(two-letter code/).fill('ae');
    await form.getByLabel(/^Tax identification number/).fill('784-1990-7654321-1');
    await form.getByLabel(/^I declare that the information/).check();
    await form.getByLabel(/^Type your full name to sign/).fill(name);
    await form.getByLabel(/^Your password/).fill('not-my-password');
    await form.getByRole('button', { name: 'Sign certification' }).click();
    await expect(form.getByText('The password is incorrect')).toBeVisible();
    // The same signature as the subscription agreement (decision 036): drawn on the pad this time.
    await form.getByRole('radio', { name: 'Draw my signature' }).check();
    await expect(form.getByLabel(/^Your full name/)).toHaveValue(name);
    await form.getByLabel(/^Your password/).fill(OWN_PASSWORD);
    await form.getByRole('button', { name: 'Sign certification' }).click();
    await expect(form.getByText('Draw your signature on the pad')).toBeVisible();
    const pad = form.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await inv.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await inv.mouse.down();
    for (let i = 1; i <= 12; i++)
      await inv.mouse.move(box.x + 20 + i * (box.width / 16), box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
    await inv.mouse.up();
    await expectNoA11yViolations(inv, 'tax self-certification with the signature pad');
    await form.getByLabel(/^Your password/).fill(OWN_PASSWORD);
    await form.getByRole('button', { name: 'Sign certification' }).click();
    await expectToast(inv, 'Tax self-certification signed');
    await expect(section.getByTestId('tax-status')).toContainText('Certification version 1, signed on');

    // A change of address on the Profile (change of circumstances): a new certification is due
    // within 90 days (not blocking yet), said on the Profile and on DFSA Compliance.
    await inv.goto('/investor/profile');
    const card = inv.getByTestId('profile-residence');
    await expect(card.getByText('Address and residence')).toBeVisible();
    const address = card.getByRole('form', { name: 'Address and residence' });
    await address.getByLabel(/^Country of residence/).fill('GB');
    await address.getByLabel(/^Address/).fill('1 High Street, London');
    await address.getByRole('button', { name: 'Save address' }).click();
    await expectToast(inv, 'Address saved');
    await expect(card.getByText(/Sign a new certification by/)).toBeVisible();
    await expectNoA11yViolations(inv, 'profile with the address card and a renewal due');
    await card.getByRole('link', { name: 'Sign the new certification on DFSA Compliance' }).click();
    await expect(section.getByText(/Sign a new certification by/)).toBeVisible();
    await expect(section.getByRole('form', { name: 'Address and residence' }).getByLabel(/^Address/)).toHaveValue('1 High Street, London');
    await expectNoA11yViolations(inv, 'tax self-certification with a renewal due');

    // Subscribing is no longer blocked by the tax condition.
    await inv.goto(`/investor/subscriptions?deal=${dealId}`);
    await expect(inv.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(inv.getByText('Complete your tax self-certification (FATCA and CRS)')).toHaveCount(0);

    // The admin sees the certification in force and the renewal due on the KYC review.
    await page.goto('/admin/investors');
    await expect(page.getByRole('heading', { level: 1, name: 'Investor Onboarding' })).toBeVisible();
    await page.getByLabel('Search investors').fill(name);
    const row = page.getByRole('table', { name: 'KYC applications' }).getByTestId('kyc-row').filter({ hasText: name });
    await row.getByRole('button', { name: /^Review/ }).click();
    const panel = page.getByRole('dialog').getByTestId('admin-tax-panel');
    await expect(panel.getByRole('heading', { name: 'Tax self-certification' })).toBeVisible();
    await expect(panel.getByTestId('admin-tax-status')).toContainText(/^Version 1 in force, signed on .+ by /);
    await expect(panel.getByText(/^Address or residence changed on .+: a new certification is due by /)).toBeVisible();
    await expect(panel.getByText('AE · 784-1990-7654321-1')).toBeVisible();
    await expect(panel.getByTestId('admin-tax-signature')).toContainText('Signed with a drawn signature');
    await expect(panel.getByRole('img', { name: 'Signed with a drawn signature' })).toBeVisible();
    await expectNoA11yViolations(page, 'KYC review with the tax panel');
    await page.keyboard.press('Escape');

    // The CRS/FATCA export on the Compliance Center: a bad year on its field, then the CSV.
    await page.goto('/admin/compliance');
    await page.getByRole('tab', { name: 'Document Library' }).click();
    const exportCard = page.getByTestId('tax-export');
    await expect(exportCard.getByText('CRS/FATCA export')).toBeVisible();
    const year = exportCard.getByLabel(/^Reporting year/);
    const last = new Date().getFullYear() - 1;
    await year.fill(String(last + 1));
    await exportCard.getByRole('button', { name: 'Download CSV' }).click();
    await expect(exportCard.getByText(`Enter a finished reporting year between 2014 and ${last}`)).toBeVisible();
    await expect(year).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page, 'CRS/FATCA export with a year error');
    await year.fill(String(last));
    const [download] = await Promise.all([page.waitForEvent('download'), exportCard.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    // The header line of the return's columns (decision 049, EXPORT_COLUMNS).
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      'regime,account_holder,account_holder_email,account_holder_type,reportable_person,person_role,jurisdiction,tin,no_tin_reason,fatca_classification,crs_entity_type,giin,balance_year_end,payments_in_year,gross_proceeds_in_year,income_in_year,currency',
    );
    await expectToast(page, 'CRS/FATCA export downloaded');
  } finally {
    await inv.context().close();
  }
});
