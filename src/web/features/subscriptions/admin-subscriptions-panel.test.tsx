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
  signsAgreement: false,
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
 * focus on the field), Mark Completed states its effect; Cancel closes both and sends nothing.
 */
describe('Investor Onboarding, Subscriptions tab: the admin dialogs', () => {
  it('Reject requires a reason; Mark Completed says what the committed amount becomes; Cancel changes nothing', async () => {
    const { user, api } = await renderScreen(<AdminSubscriptionsPanel />, {
      api: { 'GET /api/subscriptions': { subscriptions: [UNDER_REVIEW] }, 'GET /api/deals/options': { deals: [OPTION] } },
    });
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

    await user.click(within(panel).getByRole('button', { name: 'Mark Completed: Ian Investor, Mombasa Oil Trading Facility' }));
    const confirm = await findDialog('Mark subscription completed?');
    // Reference: 750,000.00 committed + 250,000.00 subscribed = 1,000,000.00 (whole dollars shown without cents).
    await expect
      .poll(() => within(confirm).getByTestId('committed-note').textContent)
      .toBe("The deal's committed amount will rise by $250,000, from $750,000 to $1,000,000. This cannot be undone.");
    expect(within(confirm).getByRole('button', { name: 'Mark Completed' })).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();

    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
