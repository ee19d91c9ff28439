import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WaterfallPreview } from '../../../shared/deal-terms';
import type { DealOption } from '../../../shared/deals';
import { DEAL_OIL } from '../../testing/fixtures';
import { description, expectFieldError, expectNoA11yViolations, field } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { RecordDistributionCard } from './record-distribution-card';

const OIL: DealOption = {
  id: DEAL_OIL.id,
  title: DEAL_OIL.title,
  stage: DEAL_OIL.stage,
  status: DEAL_OIL.status,
  committedAmount: '750000.00',
  spvEntity: DEAL_OIL.spvEntity,
};
const SOLAR: DealOption = { ...OIL, id: '20000000-0000-4000-8000-000000000009', title: 'Rift Valley Solar', committedAmount: '0.00' };
const api = { 'GET /api/deals/options': { deals: [OIL, SOLAR] } };
const noop = () => {};

describe('Record Distribution', () => {
  it('deal, total and dates are checked before any preview is asked', async () => {
    const { user, api: fake } = await renderScreen(<RecordDistributionCard onRecorded={noop} />, { api });
    const form = await screen.findByRole('form', { name: 'Record Distribution' });
    await screen.findByRole('option', { name: OIL.title });
    const preview = screen.getByRole('button', { name: 'Preview Distribution' });
    await user.click(preview);
    expectFieldError(field('Deal', form), 'Choose a deal');
    expect(document.activeElement).toBe(field('Deal', form));
    expect(description(field('Total Amount (USD)', form))).toBe('Total amount is required');
    expect(description(field('Payment Date', form))).toBe('Payment date is required');
    expect(description(field('Record Date', form))).toBe('Record date is required');
    await expectNoA11yViolations('record distribution with errors', form);

    await user.type(field('Total Amount (USD)', form), '12.345');
    await user.click(preview);
    expect(description(field('Total Amount (USD)', form))).toBe('Total amount must be a non-negative amount with at most 2 decimals');
    await user.clear(field('Total Amount (USD)', form));
    await user.type(field('Total Amount (USD)', form), '1,00,000');
    await user.click(preview);
    expect(description(field('Total Amount (USD)', form))).toBe(
      'Total amount: use a comma only between groups of three digits (1,500.50); use a point for cents',
    );
    expect(fake.callsTo('POST /api/distributions/preview')).toEqual([]);
  });

  it('a deal without completed subscriptions says there is no one to allocate to', async () => {
    const { user } = await renderScreen(<RecordDistributionCard onRecorded={noop} />, { api });
    const form = await screen.findByRole('form', { name: 'Record Distribution' });
    await screen.findByRole('option', { name: SOLAR.title });
    await user.selectOptions(field('Deal', form), SOLAR.title);
    expect(description(field('Deal', form))).toBe('This deal has no completed subscriptions yet, so there is no one to allocate to.');
  });

  it('on a units deal the preview says the split follows units held on the record date and shows each investor’s units', async () => {
    // Issue 29's staged close by units (hand figures, src/server/modules/ledger/ownership.test.ts):
    // 370,000 over 1,000,000.000000 and 681,818.181818 units is 220,000.00 and 150,000.00.
    const tiers = (roc: string) => ({ returnOfCapital: roc, preferredReturn: '0.00', catchUp: '0.00', carriedInterest: '0.00' });
    const investor = (investorId: string, investorName: string, units: string, amount: string) => ({
      investorId,
      investorName,
      units,
      amount,
      tiers: tiers(amount),
      feeDeducted: '0.00',
      net: amount,
    });
    const preview: WaterfallPreview = {
      dealId: OIL.id,
      dealTitle: OIL.title,
      totalAmount: '370000.00',
      paymentDate: '2026-01-31',
      terms: null,
      termsSummary: 'No terms set: distributions go 100% to investors',
      tiers: {
        returnOfCapital: '370000.00',
        preferredReturn: '0.00',
        catchUp: '0.00',
        carriedInterestLp: '0.00',
        carriedInterestGp: '0.00',
      },
      lpTotal: '370000.00',
      gp: '0.00',
      gpCatchUp: '0.00',
      hurdleBefore: '0.00',
      hurdleAfter: '0.00',
      carry: [],
      feeDeducted: '0.00',
      netToInvestors: '370000.00',
      clawback: {
        mode: 'net',
        excess: '0.00',
        taxRelief: '0.00',
        arose: '0.00',
        fromEscrow: '0.00',
        netted: '0.00',
        owed: '0.00',
        byRecipient: [],
      },
      escrow: { held: '0.00', released: '0.00', balanceAfter: '0.00' },
      splitBasis: 'units',
      investors: [
        investor('10000000-0000-4000-8000-00000000000a', 'Unit Holder A', '1000000.000000', '220000.00'),
        investor('10000000-0000-4000-8000-00000000000b', 'Unit Holder B', '681818.181818', '150000.00'),
      ],
    };
    const { user } = await renderScreen(<RecordDistributionCard onRecorded={noop} />, {
      api: { ...api, 'POST /api/distributions/preview': { preview } },
    });
    const form = await screen.findByRole('form', { name: 'Record Distribution' });
    await screen.findByRole('option', { name: OIL.title });
    await user.selectOptions(field('Deal', form), OIL.title);
    await user.type(field('Total Amount (USD)', form), '370000');
    await user.type(field('Payment Date', form), '2026-01-31');
    await user.type(field('Record Date', form), '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Preview Distribution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Distribution Preview' });
    expect(within(dialog).getByTestId('split-basis').textContent).toBe(
      "Units at NAV: the investors' part is split by units held on the record date, not by contributed capital.",
    );
    const table = within(dialog).getByRole('table', { name: "Each investor's amount" });
    expect(within(table).getByRole('columnheader', { name: 'Units on the record date' })).toBeTruthy();
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(
      within(row('Unit Holder A'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['1000000.000000', '$220,000.00']));
    expect(
      within(row('Unit Holder B'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['681818.181818', '$150,000.00']));
    await expectNoA11yViolations('distribution preview on a units deal', dialog);
  });

  it('in Arabic: the required total and record date in Arabic', async () => {
    const { user } = await renderScreen(<RecordDistributionCard onRecorded={noop} />, { api, language: 'ar' });
    const form = await screen.findByRole('form', { name: 'تسجيل التوزيع' });
    await user.click(screen.getByRole('button', { name: 'معاينة التوزيع' }));
    expectFieldError(field('الصفقة', form), 'اختر صفقة');
    expectFieldError(field('المبلغ الإجمالي (دولار أمريكي)', form), 'المبلغ الإجمالي مطلوب');
    expectFieldError(field('تاريخ التسجيل', form), 'تاريخ التسجيل مطلوب');
  });
});
