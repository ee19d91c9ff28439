import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DealOption } from '../../../shared/deals';
import type { Subscription } from '../../../shared/subscriptions';
import { DEAL_OIL } from '../../testing/fixtures';
import { description, expectFieldError, expectNoA11yViolations, field, findDialog } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { AdminSubscriptionsPanel } from './admin-subscriptions-panel';

/** An investor's subscription under review, as GET /api/subscriptions lists it. */
const UNDER_REVIEW: Subscription = {
  id: '70000000-0000-4000-8000-000000000001',
  investorId: '00000000-0000-4000-8000-000000000002',
  investorName: 'Ian Investor',
  investorEmail: 'investor@demo.example.com',
  dealId: DEAL_OIL.id,
  dealTitle: DEAL_OIL.title,
  dealType: DEAL_OIL.type,
  amount: '250000.00',
  status: 'Under Review',
  progress: 50,
  rejectionReason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  reviewedAt: '2026-11-21T09:00:00.000Z',
  completedAt: null,
  signsAgreement: true,
  agreementStatus: 'sent',
};
/** Another investor's, whose agreement they have signed: it waits for the countersignature. */
const SIGNED: Subscription = {
  ...UNDER_REVIEW,
  id: '70000000-0000-4000-8000-000000000002',
  investorId: '00000000-0000-4000-8000-000000000003',
  investorName: 'Sara Signer',
  investorEmail: 'sara@demo.example.com',
  agreementStatus: 'signed',
};
const OPTION: DealOption = {
  id: DEAL_OIL.id,
  title: DEAL_OIL.title,
  stage: DEAL_OIL.stage,
  status: DEAL_OIL.status,
  committedAmount: DEAL_OIL.committedAmount,
  spvEntity: DEAL_OIL.spvEntity,
};

/**
 * The Subscriptions tab's dialogs (issue 17: form primitive + DialogActions), moved from
 * e2e/admin-subscription-dialogs.spec.ts: Reject needs a reason (the shared schema's message,
 * focus on the field); Cancel sends nothing. Issue 30: there is no Mark Completed any more; a
 * subscription completes only by the countersignature, so a signed agreement offers Countersign
 * (which moves to its item in the queue below the list) and an unsigned one says it waits.
 */
describe('Investor Onboarding, Subscriptions tab: the admin dialogs', () => {
  it('Reject requires a reason; no Mark Completed: Countersign for a signed agreement, a waiting note otherwise', async () => {
    const { user, api } = await renderScreen(
      <>
        <AdminSubscriptionsPanel />
        {/* Stands in for the countersignature queue's item of SIGNED (signing/countersign-queue.tsx). */}
        <ul>
          <li data-countersign-for={SIGNED.id}>
            <input aria-label="Countersigner name" />
          </li>
        </ul>
      </>,
      {
        api: { 'GET /api/subscriptions': { subscriptions: [UNDER_REVIEW, SIGNED] }, 'GET /api/deals/options': { deals: [OPTION] } },
      },
    );
    const panel = await screen.findByTestId('admin-subscriptions-panel');
    const rejectName = 'Reject: Ian Investor, Mombasa Oil Trading Facility';
    await user.click(await within(panel).findByRole('button', { name: rejectName }));
    const reject = await findDialog('Reject subscription');
    await user.click(within(reject).getByRole('button', { name: 'Reject Subscription' }));
    const reason = field('Reason', reject);
    expectFieldError(reason, 'A reason is required');
    await expect.poll(() => document.activeElement).toBe(reason);
    expect(description(reason)).toMatch(/reason/i);
    await expectNoA11yViolations('reject subscription with an error', reject);
    await user.type(reason, 'Allocation closed');
    expect(reason.getAttribute('aria-invalid')).not.toBe('true');
    await user.click(within(reject).getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(within(panel).getByRole('button', { name: rejectName })).toBeTruthy();

    // No way to complete without the executed agreement.
    expect(within(panel).queryAllByRole('button', { name: /Mark Completed/ })).toEqual([]);
    expect(within(panel).queryAllByRole('button', { name: 'Countersign: Ian Investor, Mombasa Oil Trading Facility' })).toEqual([]);
    const ianRow = within(panel)
      .getAllByTestId('subscription-row')
      .find((r) => r.textContent?.includes('Ian Investor')) as HTMLElement;
    expect(within(ianRow).getByTestId('agreement-state').textContent).toBe('Waiting for the investor to sign');
    await user.click(within(panel).getByRole('button', { name: 'Countersign: Sara Signer, Mombasa Oil Trading Facility' }));
    await expect.poll(() => document.activeElement).toBe(screen.getByRole('textbox', { name: 'Countersigner name' }));
    await expectNoA11yViolations('subscriptions with a signed agreement', panel);

    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
