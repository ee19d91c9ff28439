import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('in Arabic: the required total and record date in Arabic', async () => {
    const { user } = await renderScreen(<RecordDistributionCard onRecorded={noop} />, { api, language: 'ar' });
    const form = await screen.findByRole('form', { name: 'تسجيل التوزيع' });
    await user.click(screen.getByRole('button', { name: 'معاينة التوزيع' }));
    expectFieldError(field('الصفقة', form), 'اختر صفقة');
    expectFieldError(field('المبلغ الإجمالي (دولار أمريكي)', form), 'المبلغ الإجمالي مطلوب');
    expectFieldError(field('تاريخ التسجيل', form), 'تاريخ التسجيل مطلوب');
  });
});
