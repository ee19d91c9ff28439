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

  it('a deal whose SPV has no payment details: the Deal field names what is missing and nothing is issued (issue 26 item 8)', async () => {
    const missing =
      'The SPV Bare SPV Ltd has no payment details (missing: bank name, SWIFT/BIC): add them on the SPVs screen before issuing a call';
    const late = {
      investorId: 'inv-late',
      investorName: 'Late Closer',
      closeDate: '2024-06-01',
      committed: '3000.00',
      unfunded: '3000.00',
    };
    const { user, api: fake } = await renderScreen(<NewCallDialog open onOpenChange={noop} />, {
      api: {
        ...api,
        'GET /api/deals/:id/call-choices': {
          choices: {
            dealId: OIL.id,
            investors: [late],
            closes: [{ date: '2024-06-01', investorIds: [late.investorId] }],
            paymentDetailsMissing: missing,
          },
        },
        'POST /api/capital-calls/preview': {
          plan: { dealId: OIL.id, target: 'all', weighting: 'unfunded', totalAmount: '0.00', lines: [], closes: [] },
        },
      },
    });
    const dialog = await findDialog('New Capital Call');
    await screen.findByRole('option', { name: /^Mombasa Oil Trading Facility/ });
    await user.selectOptions(field('Deal', dialog), OIL.id);
    await expect.poll(() => field('Deal', dialog).getAttribute('aria-invalid')).toBe('true');
    expectFieldError(field('Deal', dialog), missing);
    await user.type(field('Percentage of commitments (%)', dialog), '25');
    await user.type(field('Due date', dialog), '2030-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Issue Capital Call' }));
    expectFieldError(field('Deal', dialog), missing);
    expect(fake.callsTo('POST /api/capital-calls')).toEqual([]);
    await expectNoA11yViolations('new capital call, SPV without payment details', dialog);
  });

  it('"One close" defaults to the latest close: the preview asks the later closers only, each amount shown before issuing', async () => {
    // Issue 26: a first close (Early, fully called) and a later close (Late, 3,000.00 unfunded).
    const early = {
      investorId: 'inv-early',
      investorName: 'Early Closer',
      closeDate: '2024-02-01',
      committed: '1000.00',
      unfunded: '0.00',
    };
    const late = {
      investorId: 'inv-late',
      investorName: 'Late Closer',
      closeDate: '2024-06-01',
      committed: '3000.00',
      unfunded: '3000.00',
    };
    const closes = [
      { date: '2024-02-01', investorIds: [early.investorId] },
      { date: '2024-06-01', investorIds: [late.investorId] },
    ];
    const { user, api: fake } = await renderScreen(<NewCallDialog open onOpenChange={noop} />, {
      api: {
        ...api,
        'GET /api/deals/:id/call-choices': { choices: { dealId: OIL.id, investors: [early, late], closes, paymentDetailsMissing: null } },
        // The server's plan for the later close: 600.00, all of it the later closer's.
        'POST /api/capital-calls/preview': (req) => ({
          plan: {
            dealId: OIL.id,
            target: 'close',
            weighting: 'unfunded',
            totalAmount: '600.00',
            lines: (req.body as { closeDate?: string }).closeDate === '2024-06-01' ? [{ ...late, amount: '600.00' }] : [],
            closes,
          },
        }),
      },
    });
    const dialog = await findDialog('New Capital Call');
    await screen.findByRole('option', { name: /^Mombasa Oil Trading Facility/ });
    await user.selectOptions(field('Deal', dialog), OIL.id);
    await user.selectOptions(field('Whom to call', dialog), 'close');
    // The latest close is chosen without a click.
    await within(dialog).findByRole('option', { name: /^Close of .*: Late Closer$/ });
    await expect.poll(() => dialog.querySelector<HTMLSelectElement>('select#call-closeDate')?.value).toBe('2024-06-01');
    await user.selectOptions(field('Call by', dialog), 'amount');
    await user.type(field('Amount (USD)', dialog), '600');
    const preview = within(dialog).getByRole('region', { name: "Each investor's amount" });
    await expect
      .poll(() =>
        within(preview)
          .queryAllByTestId('call-preview-line')
          .map((l) => l.textContent),
      )
      .toEqual([expect.stringMatching(/^Late Closer.*\$3,000\.00 unfunded.*\$600\.00$/)]);
    expect(within(preview).getByTestId('call-preview-total').textContent).toBe('$600.00');
    expect(fake.callsTo('POST /api/capital-calls/preview').at(-1)?.body).toMatchObject({
      target: 'close',
      closeDate: '2024-06-01',
      weighting: 'unfunded',
      basis: 'amount',
      amount: '600',
    });
    await expectNoA11yViolations('new capital call to the later close', dialog);
  });

  it('in Arabic: the deal and the due date required in Arabic', async () => {
    const { user } = await renderScreen(<NewCallDialog open onOpenChange={noop} />, { api, language: 'ar' });
    const dialog = await findDialog('طلب رأس مال جديد');
    // The deals have arrived (the form is ready) before the click.
    await screen.findByRole('option', { name: /Mombasa Oil Trading Facility/ });
    await user.click(within(dialog).getByRole('button', { name: 'إصدار طلب رأس المال' }));
    expectFieldError(field('الصفقة', dialog), 'اختر صفقة');
    expectFieldError(field('تاريخ الاستحقاق', dialog), 'تاريخ الاستحقاق مطلوب');
  });
});
