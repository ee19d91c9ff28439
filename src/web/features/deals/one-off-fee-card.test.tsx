import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import type { DealLedger, LedgerEntry } from '../../../shared/ledger';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { OneOffFeeCard } from './one-off-fee-card';

const DEAL = '20000000-0000-4000-8000-000000000001';
const AHMED = '00000000-0000-4000-8000-000000000030';
const balances = (committed: string) => ({
  committed,
  called: '0.00',
  contributed: '0.00',
  unfunded: committed,
  distributed: '0.00',
  returnedCapital: '0.00',
  unreturnedCapital: '0.00',
  fees: '0.00',
});
const figures = { nav: '0.00', gain: '0.00', moic: null, irr: null, periodReturn: null, annualised: false, units: null };
const LEDGER: DealLedger = {
  dealId: DEAL,
  ownershipMethod: 'contributions',
  asOf: '2026-11-27',
  totals: { ...balances('500000.00'), nav: '0.00' },
  investors: [
    { investorId: AHMED, investorName: 'Ahmed Al-Rashid', balances: balances('500000.00'), figures },
    // No commitment: not a choice.
    { investorId: '00000000-0000-4000-8000-000000000031', investorName: 'Nadia Haddad', balances: balances('0.00'), figures },
  ],
  entries: [],
};
const FEE: LedgerEntry = {
  id: '90000000-0000-4000-8000-000000000001',
  investorId: AHMED,
  investorName: 'Ahmed Al-Rashid',
  dealId: DEAL,
  dealTitle: 'Mombasa Oil Trading Facility',
  kind: 'fee',
  reversedKind: null,
  amount: '12.50',
  date: '2026-11-20',
  dueDate: null,
  recordDate: null,
  distributionType: null,
  callId: null,
  reversesId: null,
  reversedBy: null,
  memo: 'Courier costs for the SPV filing',
  createdAt: '2026-11-20T08:00:00.000Z',
};

describe('Fees and Expenses (one-off fee, deal detail)', () => {
  it('investors with a commitment only; every field’s message, nothing sent; a fee is recorded and listed', async () => {
    let recorded = false;
    const { user, api } = await renderScreen(<OneOffFeeCard dealId={DEAL} />, {
      api: {
        // After the fee the ledger holds it (the card reads it again).
        'GET /api/deals/:id/ledger': () => ({ ledger: { ...LEDGER, entries: recorded ? [FEE] : [] } }),
        'POST /api/deals/:id/fees': () => {
          recorded = true;
          return { ledger: { ...LEDGER, entries: [FEE] } };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Record a fee or expense' });
    expect(
      within(field('Investor', form))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an investor', 'Ahmed Al-Rashid']);
    expect((field('Date', form) as HTMLInputElement).value).toBe(todayIso());

    await user.clear(field('Date', form));
    await user.click(within(form).getByRole('button', { name: 'Record Fee' }));
    expectFieldError(field('Investor', form), 'Choose an investor');
    expectFieldError(field('Amount (USD)', form), 'Amount must be a non-negative amount with at most 2 decimals');
    expectFieldError(field('Date', form), 'Enter a date as YYYY-MM-DD');
    expectFieldError(field('Description', form), 'Describe the fee');
    expect(document.activeElement).toBe(field('Investor', form));
    await expectNoA11yViolations('one-off fee with errors', form);

    await user.selectOptions(field('Investor', form), 'Ahmed Al-Rashid');
    await user.type(field('Amount (USD)', form), '12,50');
    await user.type(field('Date', form), '2026-11-20');
    await user.type(field('Description', form), '  Courier costs for the SPV filing ');
    await user.click(within(form).getByRole('button', { name: 'Record Fee' }));
    expectFieldError(
      field('Amount (USD)', form),
      'Amount: use a comma only between groups of three digits (1,500.50); use a point for cents',
    );
    await user.clear(field('Amount (USD)', form));
    await user.type(field('Amount (USD)', form), '0');
    await user.click(within(form).getByRole('button', { name: 'Record Fee' }));
    expectFieldError(field('Amount (USD)', form), 'Enter an amount above zero');
    expect(api.callsTo('POST /api/deals/:id/fees')).toEqual([]);

    await user.clear(field('Amount (USD)', form));
    await user.type(field('Amount (USD)', form), '12.50');
    await user.click(within(form).getByRole('button', { name: 'Record Fee' }));
    await expect.poll(toastTexts).toContain('Fee of $12.50 recorded for Ahmed Al-Rashid');
    expect(api.callsTo('POST /api/deals/:id/fees').map((c) => [c.params.id, c.body])).toEqual([
      [DEAL, { investorId: AHMED, amount: '12.50', date: '2026-11-20', memo: 'Courier costs for the SPV filing' }],
    ]);
    const recent = await screen.findByRole('table', { name: 'Recent fees and expenses' });
    expect(within(recent).getAllByRole('row')[1]?.textContent).toBe(
      `${formatDate('2026-11-20')}Ahmed Al-RashidCourier costs for the SPV filing$12.50`,
    );
    // Cleared for the next one.
    expect((field('Amount (USD)', form) as HTMLInputElement).value).toBe('');
  });

  it('says so when no investor has a commitment', async () => {
    await renderScreen(<OneOffFeeCard dealId={DEAL} />, {
      api: { 'GET /api/deals/:id/ledger': { ledger: { ...LEDGER, investors: [] } } },
    });
    expect(await screen.findByText('No investor has a commitment in this deal yet.')).toBeTruthy();
  });

  it('says so when the investors cannot be loaded', async () => {
    await renderScreen(<OneOffFeeCard dealId={DEAL} />, { api: { 'GET /api/deals/:id/ledger': failWith(500, 'Database unavailable') } });
    expect(await screen.findByText('The investors of this deal could not be loaded.')).toBeTruthy();
  });
});
