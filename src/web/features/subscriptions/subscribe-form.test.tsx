import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kycApproved, openInvestorDeal } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field } from '../../testing/queries';
import { currentLocation, INVESTOR, renderScreen } from '../../testing/render';
import { SubscribeForm } from './subscribe-form';

const KYC_APPROVED = kycApproved(INVESTOR);
const OPEN = openInvestorDeal();
const api = { 'GET /api/kyc/me': { application: KYC_APPROVED }, 'GET /api/investor/deals': { deals: [OPEN] } };

describe('New Subscription', () => {
  it('a deal and an amount above zero, not above the remaining capacity; nothing is sent', async () => {
    const { user, api: fake } = await renderScreen(<SubscribeForm />, { user: INVESTOR, at: '/investor/subscriptions', api });
    const form = await screen.findByRole('form', { name: 'New Subscription' });
    const submit = await screen.findByRole('button', { name: 'Submit Subscription' });
    await screen.findByRole('option', { name: new RegExp(OPEN.title) });
    await user.click(submit);
    expectFieldError(field('Deal', form), 'Choose a deal');

    await user.selectOptions(field('Deal', form), OPEN.id);
    await expect.poll(currentLocation).toBe(`/investor/subscriptions?deal=${OPEN.id}`);
    expect(screen.getByText('Up to $500,000.')).toBeTruthy();
    const amount = field('Amount (USD)', form);
    await user.type(amount, '0');
    await user.click(submit);
    expectFieldError(amount, 'Enter an amount above zero');

    await user.clear(amount);
    await user.type(amount, '500,000.01');
    await user.click(submit);
    expectFieldError(amount, 'The amount is above the remaining capacity of this deal ($500,000 left).');
    expect(document.activeElement).toBe(amount);
    await expectNoA11yViolations('subscription form with errors', form);
    expect(fake.callsTo('POST /api/investor/subscriptions')).toEqual([]);
  });

  it('in Arabic: the deal and the amount refused in Arabic', async () => {
    const { user } = await renderScreen(<SubscribeForm />, { user: INVESTOR, at: '/investor/subscriptions', api, language: 'ar' });
    const form = await screen.findByRole('form', { name: 'اكتتاب جديد' });
    await screen.findByRole('option', { name: new RegExp(OPEN.title) });
    await user.click(screen.getByRole('button', { name: 'تقديم الاكتتاب' }));
    expectFieldError(field('الصفقة', form), 'اختر صفقة');
    await user.selectOptions(field('الصفقة', form), OPEN.id);
    await user.type(field('المبلغ (دولار أمريكي)', form), '0');
    await user.click(screen.getByRole('button', { name: 'تقديم الاكتتاب' }));
    expectFieldError(field('المبلغ (دولار أمريكي)', form), 'أدخل مبلغًا أكبر من صفر');
  });
});
