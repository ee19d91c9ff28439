import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEAL_OIL, SPV_MAURITIUS, spvList } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, expectNoFieldError, field } from '../../testing/queries';
import { currentLocation, renderScreen } from '../../testing/render';
import NewDealPage from './new-deal-page';

const api = { 'GET /api/spvs': spvList(SPV_MAURITIUS), 'POST /api/deals': { deal: DEAL_OIL } } as const;

describe('New Deal Registration', () => {
  it('title and deal type are required: field errors, focus on the title, nothing sent', async () => {
    const { user, api: fake } = await renderScreen(<NewDealPage />, { at: '/admin/deals/new', api });
    await user.click(await screen.findByRole('button', { name: 'Create Deal' }));
    expectFieldError(field('Title'), 'Title is required');
    expectFieldError(field('Deal Type'), 'Deal type is required');
    expect(document.activeElement).toBe(field('Title'));
    await expectNoA11yViolations('new deal with errors');
    // A corrected field drops its message at once; the other keeps it until the next submit.
    await user.type(field('Title'), 'Mombasa Terminal');
    expectNoFieldError(field('Title'));
    expectFieldError(field('Deal Type'), 'Deal type is required');
    expect(fake.callsTo('POST /api/deals')).toEqual([]);
  });

  it('the target amount: commas only between groups of three digits, at most 2 decimals', async () => {
    const { user, api: fake } = await renderScreen(<NewDealPage />, { at: '/admin/deals/new', api });
    await user.type(await screen.findByLabelText(/^Title/), 'Mombasa Terminal');
    await user.selectOptions(field('Deal Type'), 'Infrastructure');
    const target = field('Target Amount (USD)');
    await user.type(target, '25,00,000');
    await user.click(screen.getByRole('button', { name: 'Create Deal' }));
    expectFieldError(target, 'Target amount: use a comma only between groups of three digits (1,500.50); use a point for cents');
    await user.clear(target);
    await user.type(target, '2500000.505');
    await user.click(screen.getByRole('button', { name: 'Create Deal' }));
    expectFieldError(target, 'Target amount must be a non-negative amount with at most 2 decimals');
    expect(fake.callsTo('POST /api/deals')).toEqual([]);

    // '2,500,000' is a valid way to write it: sent as an exact decimal string.
    await user.clear(target);
    await user.type(target, '2,500,000');
    await user.type(field('Expected IRR'), '24%');
    await user.selectOptions(field('Risk Score'), '6/10 (Moderate-High)');
    await user.selectOptions(field('SPV Entity'), 'Meridian East Africa SPV I');
    await user.click(screen.getByRole('button', { name: 'Create Deal' }));
    await expect.poll(currentLocation).toBe('/admin/deals');
    expect(fake.callsTo('POST /api/deals').map((c) => c.body)).toEqual([
      {
        title: 'Mombasa Terminal',
        type: 'Infrastructure',
        targetAmount: '2500000',
        expectedIrr: '24%',
        riskScore: '6/10',
        spvEntity: 'Meridian East Africa SPV I',
        nextStep: null,
        description: null,
      },
    ]);
    expect(await screen.findByText('Deal created successfully!')).toBeTruthy();
  });

  it('in Arabic: the required messages in Arabic', async () => {
    const { user } = await renderScreen(<NewDealPage />, { at: '/admin/deals/new', api, language: 'ar' });
    await user.click(await screen.findByRole('button', { name: 'إنشاء الصفقة' }));
    expectFieldError(field('العنوان'), 'العنوان مطلوب');
    expectFieldError(field('نوع الصفقة'), 'نوع الصفقة مطلوب');
  });
});
