import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONVENTIONS, type DealTermsData } from '../../../shared/deal-terms';
import { formatDate } from '../../../shared/format';
import type { EqualisationPreview } from '../../../shared/ownership';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { EqualisationCard } from './equalisation-card';

const DEAL = '11111111-1111-4111-8111-111111111111';
const A = '22222222-2222-4222-8222-222222222222';
const B = '33333333-3333-4333-8333-333333333333';

const terms: DealTermsData = {
  current: {
    id: '44444444-4444-4444-8444-444444444444',
    dealId: DEAL,
    version: 1,
    hurdleRate: '8',
    catchUp: 'full',
    catchUpRate: '100',
    carryRate: '20',
    carryRecipients: [{ kind: 'gp', userId: null, name: 'Lamu GP Ltd', share: '100' }],
    managementFee: null,
    ownership: { method: 'equalisation', equalisationRate: '8' },
    conventions: DEFAULT_CONVENTIONS,
    createdAt: '2025-01-10T08:00:00.000Z',
    createdByName: 'Eve Admin',
    distributionCount: 0,
  },
  versions: [],
  administrators: [],
};

// Issue 29's staged close (the server computes it; these are the hand figures of
// src/shared/ownership.test.ts): B's share of A's 1,000,000 call is 1,500,000; 258 days at 8%:
// 1,500,000 x 0.08 x 258 / 365 = 84,821.92, all of it to A.
const plan: EqualisationPreview = {
  dealId: DEAL,
  rate: '8',
  closes: ['2025-09-30'],
  closeDate: '2025-09-30',
  payers: [{ investorId: B, investorName: 'Second Closer', catchUp: '1500000.00', interest: '84821.92' }],
  receivers: [{ investorId: A, investorName: 'First Closer', interest: '84821.92' }],
  earlierCalls: [{ date: '2025-01-15', amount: '1000000.00', days: 258 }],
  total: '84821.92',
  charged: null,
};

const charged: EqualisationPreview = { ...plan, charged: { paymentDate: '2025-09-30', createdAt: '2025-10-01T08:00:00.000Z' } };

describe('Equalisation of later closes (decision 040)', () => {
  it('shows the later close’s plan, refuses a payment date ahead with a field message, then charges it once', async () => {
    let tries = 0;
    const { user, api } = await renderScreen(<EqualisationCard dealId={DEAL} />, {
      at: `/admin/deals/${DEAL}`,
      api: {
        'GET /api/deals/:id/terms': terms,
        // After the charge the server answers the charged plan (the card refetches it).
        'GET /api/deals/:id/equalisation': () => ({ equalisation: tries > 1 ? charged : plan }),
        'POST /api/deals/:id/equalisation': () =>
          ++tries === 1
            ? failWith(409, 'The payment date cannot be after today', {
                code: 'FUTURE_DATE',
                fields: { paymentDate: 'Enter a date on or before 2025-10-01' },
              })
            : { equalisation: charged },
      },
    });
    expect(await screen.findByText('Equalisation of later closes')).toBeTruthy();
    const calls = await screen.findByRole('table', { name: 'Earlier calls' });
    expect(within(calls).getAllByRole('row')[1]?.textContent).toContain('$1,000,000.00');
    expect(within(calls).getAllByRole('row')[1]?.textContent).toContain('258');
    const payers = screen.getByRole('table', { name: 'Paid by the later closers' });
    expect(within(payers).getByRole('row', { name: /Second Closer/ }).textContent).toMatch(/\$1,500,000\.00.*\$84,821\.92/);
    const receivers = screen.getByRole('table', { name: 'Received by the earlier investors' });
    expect(within(receivers).getByRole('row', { name: /First Closer/ }).textContent).toContain('$84,821.92');
    expect(screen.getByTestId('equalisation-total').textContent).toBe('Total equalisation: $84,821.92');
    expect((field('Payment date') as HTMLInputElement).value).toBe('2025-09-30');
    await expectNoA11yViolations('equalisation plan');

    await user.click(screen.getByRole('button', { name: 'Charge equalisation' }));
    await expect.poll(() => field('Payment date').getAttribute('aria-invalid')).toBe('true');
    expectFieldError(field('Payment date'), 'Enter a date on or before 2025-10-01');
    await user.click(screen.getByRole('button', { name: 'Charge equalisation' }));
    expect((await screen.findByTestId('equalisation-charged')).textContent).toBe(`Charged on ${formatDate('2025-09-30')}`);
    expect(screen.queryByRole('button', { name: 'Charge equalisation' })).toBeNull();
    expect(api.callsTo('POST /api/deals/:id/equalisation').map((c) => c.body)).toEqual([
      { closeDate: '2025-09-30', paymentDate: '2025-09-30' },
      { closeDate: '2025-09-30', paymentDate: '2025-09-30' },
    ]);
    await expectNoA11yViolations('equalisation charged');
  });

  it('says so when nobody came in at a later close', async () => {
    await renderScreen(<EqualisationCard dealId={DEAL} />, {
      api: {
        'GET /api/deals/:id/terms': terms,
        'GET /api/deals/:id/equalisation': failWith(409, 'This deal has had one close only: there is nobody to equalise', {
          code: 'NO_LATER_CLOSE',
        }),
      },
    });
    expect(await screen.findByText('Nobody came in at a later close yet.')).toBeTruthy();
    await expectNoA11yViolations('equalisation, one close');
  });
});
