import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvestorScreening, ScreenedPerson } from '../../../shared/screening';
import type { TaxState } from '../../../shared/tax-certification';
import { field, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { TaxSection } from '../tax/tax-section';
import { InvestorScreeningSection } from './investor-screening-section';

const OWNER: ScreenedPerson = {
  id: '00000000-0000-4000-8000-000000000031',
  relation: 'beneficial_owner',
  fullName: 'Maeve Caldrick',
  aliases: [],
  dateOfBirth: '1981-06-03',
  nationality: 'IE',
  pepDeclared: false,
};
const screening = (persons: ScreenedPerson[]): InvestorScreening => ({
  investorId: INVESTOR.id,
  name: 'Coral Shoal Fund',
  investorUserType: 'offshore_fund',
  dateOfBirth: null,
  nationality: null,
  pepDeclared: false,
  persons,
  status: { frozen: false, pep: false, pepApproved: false, openHits: 0 },
});
const tax = (persons: ScreenedPerson[]): TaxState => ({
  investorId: INVESTOR.id,
  name: 'Coral Shoal Fund',
  kind: 'entity',
  residenceCountry: null,
  address: null,
  current: null,
  history: [],
  pendingChange: null,
  persons: persons.map((p) => ({ id: p.id, fullName: p.fullName, relation: p.relation })),
  blocking: [],
});

describe('DFSA Compliance: named persons and the tax self-certification', () => {
  it('a person named in the screening section appears at once in the entity tax form below it', async () => {
    // The server's state: no one named until the POST (the onboarding journey e2e found the tax
    // form still saying "not named any" after an owner was added, until a reload).
    let named: ScreenedPerson[] = [];
    const { user } = await renderScreen(
      <>
        <InvestorScreeningSection />
        <TaxSection />
      </>,
      {
        user: INVESTOR,
        api: {
          'GET /api/investor/screening': () => ({ screening: screening(named) }),
          'POST /api/investor/screening/persons': () => {
            named = [OWNER];
            return { screening: screening(named) };
          },
          'GET /api/investor/tax': () => ({ tax: tax(named) }),
        },
      },
    );
    const taxForm = await screen.findByRole('form', { name: 'Sign the certification' });
    expect(within(taxForm).getByText(/You have not named any beneficial owners/)).toBeTruthy();
    const add = screen.getByRole('form', { name: 'Add person' });
    await user.type(field('Full name', add), OWNER.fullName);
    await user.type(field('Nationality (two-letter code)', add), 'ie');
    await user.click(within(add).getByRole('button', { name: 'Add person' }));
    await expect.poll(toastTexts).toContain('Maeve Caldrick was added');
    expect(await within(taxForm).findByRole('group', { name: 'Maeve Caldrick' })).toBeTruthy();
    expect(within(taxForm).queryByText(/You have not named any beneficial owners/)).toBeNull();
  });
});
