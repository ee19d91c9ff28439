import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Envelope, SigningQuestionnaire } from '../../../shared/signing';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { QuestionnaireStep } from './questionnaire-step';

const SUB = '22222222-2222-4222-8222-222222222222';

// What the product holds about the investor (issue 30's pre-fill): profile, KYC, classification, tax.
const held: SigningQuestionnaire = {
  name: 'Amina Okafor',
  entity: 'Amina Okafor',
  investorType: 'hni',
  address: 'Villa 14, Street 7, Jumeirah 2, Dubai',
  residenceCountry: 'AE',
  nationality: 'KE',
  kycStatus: 'approved',
  classification: { state: 'professional', reviewDue: '2027-03-01' },
  tax: {
    kind: 'individual',
    version: 2,
    signedAt: '2026-09-28T08:00:00.000Z',
    residences: [
      { country: 'AE', tin: '784-1985-4821937-2' },
      { country: 'GB', tin: null },
    ],
    usPerson: false,
  },
};

describe('the signing questionnaire (issue 30)', () => {
  it('is pre-filled from what the product holds; the address and the confirmation are required (field-level); corrections are sent', async () => {
    let opens = 0;
    const { user, api } = await renderScreen(<QuestionnaireStep subscriptionId={SUB} />, {
      user: INVESTOR,
      at: `/investor/subscriptions/${SUB}/sign`,
      api: {
        'GET /api/investor/subscriptions/:id/questionnaire': { questionnaire: held },
        'POST /api/investor/subscriptions/:id/envelope': () =>
          ++opens === 1
            ? failWith(400, 'At most 500 characters', { fields: { 'questionnaire.address': 'At most 500 characters' } })
            : { envelope: { id: 'e' } as unknown as Envelope },
      },
    });
    expect(await screen.findByDisplayValue('Villa 14, Street 7, Jumeirah 2, Dubai')).toBeTruthy();
    expect((field('Subscribing entity') as HTMLInputElement).value).toBe('Amina Okafor');
    const facts = screen.getByTestId('questionnaire-facts').textContent ?? '';
    for (const text of [
      'HNI',
      'United Arab Emirates',
      'Kenya',
      'Approved',
      'Professional Client, review due',
      'Version 2, signed',
      'United Arab Emirates · TIN 784-1985-4821937-2',
      'United Kingdom · no TIN',
      'US person (FATCA)No',
    ])
      expect(facts).toContain(text);
    expect(screen.getByRole('link', { name: 'DFSA Compliance page' }).getAttribute('href')).toBe('/investor/compliance');
    await expectNoA11yViolations('questionnaire');

    // Nothing confirmed and the address emptied: both errors on their fields, nothing sent.
    await user.clear(field('Address'));
    await user.click(screen.getByRole('button', { name: 'Prepare the agreement' }));
    expectFieldError(field('Address'), 'Enter your address');
    const confirm = screen.getByRole('checkbox', { name: 'I confirm that these details are correct and up to date.' });
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Confirm that these details are correct')).toBeTruthy();
    expect(document.activeElement).toBe(field('Address'));
    expect(api.callsTo('POST /api/investor/subscriptions/:id/envelope')).toHaveLength(0);
    await expectNoA11yViolations('questionnaire with errors');

    // Corrected and confirmed: the server's field message lands on the field; then it goes through.
    await user.type(field('Address'), 'Office 4, Gate Village 3, DIFC, Dubai');
    await user.clear(field('Subscribing entity'));
    await user.type(field('Subscribing entity'), 'Okafor Family Holdings Ltd');
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Prepare the agreement' }));
    await expect.poll(() => field('Address').getAttribute('aria-invalid')).toBe('true');
    expectFieldError(field('Address'), 'At most 500 characters');
    await user.click(screen.getByRole('button', { name: 'Prepare the agreement' }));
    const body = {
      entity: 'Okafor Family Holdings Ltd',
      questionnaire: { address: 'Office 4, Gate Village 3, DIFC, Dubai', confirmed: true },
    };
    await expect.poll(() => api.callsTo('POST /api/investor/subscriptions/:id/envelope').map((c) => c.body)).toEqual([body, body]);
  });

  it('says plainly when no tax self-certification is signed and nothing is on the profile', async () => {
    await renderScreen(<QuestionnaireStep subscriptionId={SUB} />, {
      user: INVESTOR,
      api: {
        'GET /api/investor/subscriptions/:id/questionnaire': {
          questionnaire: {
            ...held,
            address: null,
            residenceCountry: null,
            nationality: null,
            kycStatus: 'not_started',
            classification: { state: 'none', reviewDue: null },
            tax: null,
          },
        },
      },
    });
    expect(await screen.findByText('None signed yet')).toBeTruthy();
    const facts = screen.getByTestId('questionnaire-facts').textContent ?? '';
    expect(facts).toContain('Not yet classified');
    expect(facts).toContain('Not started');
    expect(facts).toContain('Not given');
    expect(facts).not.toContain('US person');
    expect((field('Address') as HTMLTextAreaElement).value).toBe('');
  });
});
