import { expect, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, OWN_PASSWORD, signIn } from './fixtures';
import { createActiveDeal, newApprovedInvestor } from './setup';

test.describe.configure({ timeout: 180_000 });

/**
 * Issue 31 part 3: an investor without a tax self-certification is told why they cannot subscribe;
 * on DFSA Compliance they sign one (field errors first, then the residence, typed name, attestation
 * and password); the subscription form no longer blocks; a change of address asks for a renewal.
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
    await form.getByLabel(/^Your password/).fill(OWN_PASSWORD);
    await form.getByRole('button', { name: 'Sign certification' }).click();
    await expectToast(inv, 'Tax self-certification signed');
    await expect(section.getByTestId('tax-status')).toContainText('Certification version 1, signed on');

    // A change of address: a new certification is due within 90 days (not blocking yet).
    const address = section.getByRole('form', { name: 'Address and residence' });
    await address.getByLabel(/^Country of residence/).fill('GB');
    await address.getByLabel(/^Address/).fill('1 High Street, London');
    await address.getByRole('button', { name: 'Save address' }).click();
    await expectToast(inv, 'Address saved');
    await expect(section.getByText(/Sign a new certification by/)).toBeVisible();
    await expectNoA11yViolations(inv, 'tax self-certification with a renewal due');

    // Subscribing is no longer blocked by the tax condition.
    await inv.goto(`/investor/subscriptions?deal=${dealId}`);
    await expect(inv.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(inv.getByText('Complete your tax self-certification (FATCA and CRS)')).toHaveCount(0);
  } finally {
    await inv.context().close();
  }
});
