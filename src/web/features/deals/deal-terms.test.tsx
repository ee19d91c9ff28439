import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONVENTIONS, type DealTerms, type DealTermsData } from '../../../shared/deal-terms';
import { formatDate } from '../../../shared/format';
import { failWith } from '../../testing/fake-api';
import { ADMIN_USERS } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, expectNoFieldError, field, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { DealTermsCard } from './deal-terms';

const DEAL = '20000000-0000-4000-8000-000000000001';
const NO_TERMS: DealTermsData = { current: null, versions: [], administrators: ADMIN_USERS.map((u) => ({ id: u.id, name: u.name })) };

const V1: DealTerms = {
  id: '40000000-0000-4000-8000-000000000001',
  dealId: DEAL,
  version: 1,
  hurdleRate: '8',
  catchUp: 'full',
  catchUpRate: '100',
  carryRate: '20',
  carryRecipients: [{ kind: 'gp', userId: null, name: 'Waterfall GP Ltd', share: '100' }],
  managementFee: { rate: '2', basis: 'commitments', method: 'capital_call' },
  conventions: { ...DEFAULT_CONVENTIONS, prefCompounding: 'simple', dayCount: '30360', clawback: 'owed', clawbackTaxRate: '25' },
  ownership: { method: 'equalisation', equalisationRate: '8' },
  createdAt: '2026-10-02T08:00:00.000Z',
  createdByName: 'Fatima Founder',
  distributionCount: 0,
};

const form = () => screen.getByRole('form', { name: 'Economic terms' });
const save = () => within(form()).getByRole('button', { name: 'Save Terms' });

describe('Economic Terms (deal detail, admin)', () => {
  it('with no terms yet: every client-side rule has its field message and sends nothing; valid terms are sent as the body', async () => {
    const { user, api } = await renderScreen(<DealTermsCard dealId={DEAL} />, {
      api: { 'GET /api/deals/:id/terms': NO_TERMS, 'PUT /api/deals/:id/terms': { current: V1, versions: [V1], administrators: [] } },
    });
    expect(await screen.findByTestId('terms-summary')).toHaveProperty(
      'textContent',
      'In force: No terms set: distributions go 100% to investors',
    );
    const versions = screen.getByRole('table', { name: 'Terms versions' });
    expect(within(versions).getByText('No terms yet: distributions go 100% to investors, pro rata.')).toBeTruthy();
    // The defaults of a deal with no terms.
    expect((field('Preferred Return (%)') as HTMLInputElement).value).toBe('8');
    expect((field('Carried Interest (%)') as HTMLInputElement).value).toBe('20');
    expect((field('Catch-up') as HTMLSelectElement).value).toBe('full');
    expect((field('Share (%)') as HTMLInputElement).value).toBe('100');

    // Carry at 100% and no GP name: two messages, focus on the first.
    await user.clear(field('Carried Interest (%)'));
    await user.type(field('Carried Interest (%)'), '100');
    await user.click(save());
    expectFieldError(field('Carried Interest (%)'), 'Carried interest must be below 100%');
    expectFieldError(field('GP Entity Name'), 'Name the GP entity');
    expect(document.activeElement).toBe(field('Carried Interest (%)'));
    await expectNoA11yViolations('terms form with errors', form());

    // The shares' total: its message is an alert that takes the focus when it is the only one.
    await user.clear(field('Carried Interest (%)'));
    await user.type(field('Carried Interest (%)'), '20');
    await user.type(field('GP Entity Name'), '  Waterfall GP Ltd ');
    await user.clear(field('Share (%)'));
    await user.type(field('Share (%)'), '60');
    await user.click(save());
    const alert = within(form()).getByRole('alert');
    expect(alert.textContent).toBe("Carry recipients' shares must add up to 100% (they add up to 60%)");
    await expect.poll(() => document.activeElement).toBe(alert);
    expectNoFieldError(field('Carried Interest (%)'));
    await user.clear(field('Share (%)'));
    await user.type(field('Share (%)'), '100');

    // A partial catch-up asks for its rate, above the carry.
    expect(screen.queryByLabelText(/^Catch-up Rate/)).toBeNull();
    await user.selectOptions(field('Catch-up'), 'Partial');
    await user.click(save());
    expectFieldError(field('Catch-up Rate (%)'), 'Enter the GP’s share of each dollar during catch-up');
    await user.type(field('Catch-up Rate (%)'), '20');
    await user.click(save());
    expectFieldError(
      field('Catch-up Rate (%)'),
      'A partial catch-up rate must be above the carried interest and below 100% (use full catch-up for 100%)',
    );
    await user.selectOptions(field('Catch-up'), 'Full (100% to the GP)');

    // Conventions: the tax rate below 100%; an escrow shows its release date, none hides it.
    const conventions = within(form()).getByRole('group', { name: 'Waterfall conventions' });
    expect(within(conventions).getByText('How the preferred return accrues, and how carry already paid is held to account.')).toBeTruthy();
    expect((field('Preferred Return Accrual') as HTMLSelectElement).value).toBe('annual');
    expect((field('Day Count') as HTMLSelectElement).value).toBe('act365');
    await user.selectOptions(field('Preferred Return Accrual'), 'Simple interest');
    await user.selectOptions(field('Day Count'), '30/360');
    await user.selectOptions(field('GP Clawback'), 'Record it as owed by the GP');
    await user.clear(field('Clawback Net of Tax (%)'));
    await user.type(field('Clawback Net of Tax (%)'), '100');
    await user.click(save());
    expectFieldError(field('Clawback Net of Tax (%)'), 'Tax rate must be below 100%');
    expect(document.activeElement).toBe(field('Clawback Net of Tax (%)'));
    await user.clear(field('Clawback Net of Tax (%)'));
    await user.type(field('Clawback Net of Tax (%)'), '25');
    await user.clear(field('Carry Escrow (%)'));
    await user.type(field('Carry Escrow (%)'), '10');
    expect(field('Escrow Released On')).toBeTruthy();
    await user.clear(field('Carry Escrow (%)'));
    await user.type(field('Carry Escrow (%)'), '0');
    expect(screen.queryByLabelText('Escrow Released On')).toBeNull();

    // Equalisation needs its rate.
    const later = within(form()).getByRole('group', { name: 'Later closes' });
    expect((within(later).getByLabelText('How later closers come in') as HTMLSelectElement).value).toBe('contributions');
    await user.selectOptions(field('How later closers come in'), 'Equalisation: later closers pay interest to earlier investors');
    await user.clear(field('Equalisation rate (% a year)'));
    await user.click(save());
    expectFieldError(field('Equalisation rate (% a year)'), 'Enter the equalisation rate, such as 8');
    expect(api.callsTo('PUT /api/deals/:id/terms')).toEqual([]);
    await user.type(field('Equalisation rate (% a year)'), '8');

    // A management fee, then the save: the body is the shared schema's output (name trimmed).
    expect(screen.queryByLabelText('Fee Rate (%)')).toBeNull();
    await user.click(within(form()).getByRole('checkbox', { name: 'Charge an annual management fee' }));
    expect((field('Fee Rate (%)') as HTMLInputElement).value).toBe('2');
    await user.click(save());
    await expect.poll(toastTexts).toContain('Terms saved (version 1)');
    expect(api.callsTo('PUT /api/deals/:id/terms').map((c) => [c.params.id, c.body])).toEqual([
      [
        DEAL,
        {
          hurdleRate: '8',
          catchUp: 'full',
          carryRate: '20',
          carryRecipients: [{ kind: 'gp', name: 'Waterfall GP Ltd', share: '100' }],
          managementFee: { rate: '2', basis: 'commitments', method: 'capital_call' },
          conventions: {
            prefCompounding: 'simple',
            dayCount: '30360',
            clawback: 'owed',
            clawbackTaxRate: '25',
            escrowRate: '0',
            escrowReleaseDate: null,
          },
          ownership: { method: 'equalisation', equalisationRate: '8' },
        },
      ],
    ]);
    // The saved version is in force.
    await expect
      .poll(() => screen.getByTestId('terms-summary').textContent)
      .toBe(
        'In force (version 1): 8% preferred return, full catch-up, 20% carried interest, equalisation at 8% a yearSimple interest on 30/360, clawback recorded as owed, net of 25% tax',
      );
    expect(within(screen.getByRole('table', { name: 'Terms versions' })).getByRole('row', { name: /Waterfall GP Ltd 100%/ })).toBeTruthy();
  });

  it('terms used by distributions: the versions, the note that saving makes a new version, an administrator recipient', async () => {
    const used: DealTerms = {
      ...V1,
      id: '40000000-0000-4000-8000-000000000002',
      version: 2,
      carryRecipients: [
        { kind: 'gp', userId: null, name: 'Waterfall GP Ltd', share: '75' },
        { kind: 'admin', userId: ADMIN_USERS[1]?.id ?? null, name: 'Layla Legal', share: '25' },
      ],
      distributionCount: 3,
    };
    const { user, api } = await renderScreen(<DealTermsCard dealId={DEAL} />, {
      api: { 'GET /api/deals/:id/terms': { ...NO_TERMS, current: used, versions: [used, V1] } },
    });
    expect(
      await screen.findByText('3 distributions were recorded under version 2. Saving creates version 3, used only by later distributions.'),
    ).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Terms versions' })).getAllByRole('row');
    expect(rows[1]?.textContent).toBe(
      `2${'8% preferred return, full catch-up, 20% carried interest, equalisation at 8% a year'}Simple interest on 30/360, clawback recorded as owed, net of 25% tax` +
        `Waterfall GP Ltd 75%, Layla Legal 25%3${formatDate('2026-10-02')} · Fatima Founder`,
    );
    expect((field('Administrator') as HTMLSelectElement).value).toBe(ADMIN_USERS[1]?.id);
    // The same administrator twice is refused before anything is sent.
    await user.click(within(form()).getByRole('button', { name: 'Add Recipient' }));
    const admins = within(form()).getAllByLabelText('Administrator');
    await user.selectOptions(admins[1] as HTMLElement, 'Layla Legal');
    await user.clear(within(form()).getAllByLabelText('Share (%)')[2] as HTMLElement);
    await user.type(within(form()).getAllByLabelText('Share (%)')[2] as HTMLElement, '0');
    await user.click(save());
    expectFieldError(within(form()).getAllByLabelText('Share (%)')[2] as HTMLElement, 'A recipient’s share must be above 0%');
    expect(within(form()).getByRole('alert').textContent).toBe('Each administrator may appear only once');
    await user.click(within(form()).getByRole('button', { name: 'Remove recipient 3' }));
    await user.click(within(form()).getByRole('button', { name: 'Add Recipient' }));
    await user.click(save());
    expectFieldError(within(form()).getAllByLabelText('Administrator')[1] as HTMLElement, 'Choose an administrator');
    expect(api.callsTo('PUT /api/deals/:id/terms')).toEqual([]);
  });

  it('says so when the terms cannot be loaded', async () => {
    await renderScreen(<DealTermsCard dealId={DEAL} />, { api: { 'GET /api/deals/:id/terms': failWith(500, 'Database unavailable') } });
    expect(await screen.findByText('The terms could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Economic terms' })).toBeNull();
  });

  it('in Arabic: the carry message in Arabic', async () => {
    const { user } = await renderScreen(<DealTermsCard dealId={DEAL} />, { api: { 'GET /api/deals/:id/terms': NO_TERMS }, language: 'ar' });
    const form = await screen.findByRole('form', { name: 'الشروط الاقتصادية' });
    await user.clear(field('الحصة المحمولة (%)', form));
    await user.type(field('الحصة المحمولة (%)', form), '100');
    await user.click(within(form).getByRole('button', { name: 'حفظ الشروط' }));
    expectFieldError(field('الحصة المحمولة (%)', form), 'يجب أن تكون الحصة المحمولة أقل من 100%');
  });
});
