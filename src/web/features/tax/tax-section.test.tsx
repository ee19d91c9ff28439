import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaxState } from '../../../shared/tax-certification';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { TaxSection } from './tax-section';

const NONE: TaxState = {
  investorId: INVESTOR.id,
  name: INVESTOR.name,
  kind: 'individual',
  residenceCountry: 'AE',
  address: 'Villa 12, Jumeirah 1, Dubai',
  current: null,
  history: [],
  pendingChange: null,
  persons: [],
  blocking: [],
};
const OVERDUE: TaxState = {
  ...NONE,
  pendingChange: {
    id: '80000000-0000-4000-8000-000000000001',
    changedOn: '2026-07-01',
    dueDate: '2026-09-29',
    residenceCountry: 'AE',
    address: 'Villa 12, Jumeirah 1, Dubai',
    resolved: false,
    overdue: true,
  },
};
const SECRET = 'Your password (or the code from your authenticator app if you use two-factor authentication)';

const show = (tax: TaxState) =>
  renderScreen(<TaxSection />, {
    user: INVESTOR,
    at: '/investor/compliance',
    api: {
      'GET /api/investor/tax': { tax },
      'POST /api/investor/tax/certifications': { tax },
      'PUT /api/investor/tax/residence': { tax },
    },
  });

describe('Tax self-certification on DFSA Compliance', () => {
  it('the server’s field errors are shown on their fields; a signed certification sends the residences, the US TIN and the signature', async () => {
    const { user, api } = await show(NONE);
    const section = await screen.findByTestId('tax-certification');
    expect(within(section).getByRole('heading', { name: 'Tax self-certification (FATCA and CRS)' })).toBeTruthy();
    expect(within(section).getByTestId('tax-status').textContent).toBe('You have not signed a tax self-certification yet.');
    const form = within(section).getByRole('form', { name: 'Sign the certification' });
    const first = within(form).getByRole('group', { name: 'Tax residence 1' });

    // The country is upper-cased as typed; a second residence without a TIN (reason B) asks why.
    await user.type(field('Country (two-letter code, e.g. AE)', first), 'ae');
    expect((field('Country (two-letter code, e.g. AE)', first) as HTMLInputElement).value).toBe('AE');
    await user.type(field('Tax identification number (TIN)', first), '784-1985-1234567-1');
    await user.click(within(form).getByRole('button', { name: 'Add a tax residence' }));
    const second = within(form).getByRole('group', { name: 'Tax residence 2' });
    await user.type(field('Country (two-letter code, e.g. AE)', second), 'gb');
    await user.selectOptions(field('No TIN? Reason', second), 'B');
    expect(within(second).queryByLabelText(/^Tax identification number/)).toBeNull();
    await user.type(field('Why you cannot obtain a TIN', second), 'HMRC has not issued my UTR yet');
    expect(within(form).queryByLabelText(/^US TIN/)).toBeNull();
    await user.click(within(form).getByRole('checkbox', { name: 'I am a US person (a US citizen or US tax resident)' }));
    await user.type(field('US TIN (SSN or ITIN)', form), '123-45-6789');
    await user.click(within(form).getByRole('checkbox', { name: /^I declare that the information in this certification is true/ }));
    await user.type(field('Type your full name to sign', form), 'Ian Investor');
    await user.type(field(SECRET, form), 'wrong-password');

    api.set({
      'POST /api/investor/tax/certifications': failWith(400, 'Invalid input', {
        fields: { 'residences.0.tin': 'Enter a valid TIN for AE', password: 'The password is not correct' },
      }),
    });
    await user.click(within(form).getByRole('button', { name: 'Sign certification' }));
    await expect.poll(() => field(SECRET, form).getAttribute('aria-invalid')).toBe('true');
    // The password's error is shown on the one password-or-code field.
    expectFieldError(field(SECRET, form), 'The password is not correct');
    expectFieldError(field('Tax identification number (TIN)', first), 'Enter a valid TIN for AE');
    await expectNoA11yViolations('tax certification with errors', form);

    api.set({ 'POST /api/investor/tax/certifications': { tax: NONE } });
    await user.clear(field(SECRET, form));
    await user.type(field(SECRET, form), 'correct horse battery staple');
    await user.click(within(form).getByRole('button', { name: 'Sign certification' }));
    await expect.poll(toastTexts).toContain('Tax self-certification signed');
    expect(api.callsTo('POST /api/investor/tax/certifications')[1]?.body).toEqual({
      residences: [
        { country: 'AE', tin: '784-1985-1234567-1' },
        { country: 'GB', noTinReason: 'B', explanation: 'HMRC has not issued my UTR yet' },
      ],
      signedName: 'Ian Investor',
      method: 'typed',
      attest: true,
      password: 'correct horse battery staple',
      // The same secret as an authenticator code, cut to 20 characters.
      code: 'correct horse batter',
      kind: 'individual',
      usPerson: true,
      usTin: '123-45-6789',
    });
  });

  it('an overdue renewal says so; the address is saved, and the server’s field error shown', async () => {
    const { user, api } = await show(OVERDUE);
    const section = await screen.findByTestId('tax-certification');
    expect(
      within(section).getByText(
        /^Your address or residence changed on .+ and the new certification was due by .+: new subscriptions are paused until you sign one\.$/,
      ),
    ).toBeTruthy();
    const form = within(section).getByRole('form', { name: 'Address and residence' });
    const country = field('Country of residence (two-letter code)', form) as HTMLInputElement;
    expect(country.value).toBe('AE');
    expect((field('Address', form) as HTMLInputElement).value).toBe('Villa 12, Jumeirah 1, Dubai');
    await user.clear(country);
    await user.type(country, 'gb');
    await user.clear(field('Address', form));
    api.set({ 'PUT /api/investor/tax/residence': failWith(400, 'Invalid input', { fields: { address: 'Enter your address' } }) });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await expect.poll(() => field('Address', form).getAttribute('aria-invalid')).toBe('true');
    expectFieldError(field('Address', form), 'Enter your address');

    api.set({ 'PUT /api/investor/tax/residence': { tax: OVERDUE } });
    await user.type(field('Address', form), '4 Marylebone High Street, London');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await expect.poll(toastTexts).toContain('Address saved');
    expect(api.callsTo('PUT /api/investor/tax/residence').map((c) => c.body)).toEqual([
      { residenceCountry: 'GB', address: '' },
      { residenceCountry: 'GB', address: '4 Marylebone High Street, London' },
    ]);
  });
});
