import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DealOption } from '../../../shared/deals';
import { DEAL_OIL } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field, findDialog } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { NewCallDialog } from './new-call-dialog';

const OIL: DealOption = {
  id: DEAL_OIL.id,
  title: DEAL_OIL.title,
  stage: DEAL_OIL.stage,
  status: DEAL_OIL.status,
  committedAmount: '200000.00',
  spvEntity: DEAL_OIL.spvEntity,
};
const api = { 'GET /api/deals/options': { deals: [OIL] } };
const noop = () => {};

describe('New Capital Call', () => {
  it('deal and due date are required; a percentage is at most 100; nothing is issued', async () => {
    const { user, api: fake } = await renderScreen(<NewCallDialog open onOpenChange={noop} />, { api });
    const dialog = await findDialog('New Capital Call');
    await screen.findByRole('option', { name: /^Mombasa Oil Trading Facility/ });
    await user.click(within(dialog).getByRole('button', { name: 'Issue Capital Call' }));
    expectFieldError(field('Deal', dialog), 'Choose a deal');
    expectFieldError(field('Due date', dialog), 'Due date is required');
    await expectNoA11yViolations('new capital call with errors', dialog);

    await user.type(field('Percentage of commitments (%)', dialog), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Issue Capital Call' }));
    expectFieldError(field('Percentage of commitments (%)', dialog), 'Enter a percentage above 0 and at most 100');
    await user.clear(field('Percentage of commitments (%)', dialog));
    await user.type(field('Percentage of commitments (%)', dialog), '12.34567');
    await user.click(within(dialog).getByRole('button', { name: 'Issue Capital Call' }));
    expectFieldError(field('Percentage of commitments (%)', dialog), 'Enter a percentage such as 25 or 12.5');
    expect(fake.callsTo('POST /api/capital-calls')).toEqual([]);
  });

  it('in Arabic: the deal and the due date required in Arabic', async () => {
    const { user } = await renderScreen(<NewCallDialog open onOpenChange={noop} />, { api, language: 'ar' });
    const dialog = await findDialog('طلب رأس مال جديد');
    await user.click(within(dialog).getByRole('button', { name: 'إصدار طلب رأس المال' }));
    expectFieldError(field('الصفقة', dialog), 'اختر صفقة');
    expectFieldError(field('تاريخ الاستحقاق', dialog), 'تاريخ الاستحقاق مطلوب');
  });
});
