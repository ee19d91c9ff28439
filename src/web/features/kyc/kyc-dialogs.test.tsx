import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KycApplication, KycDetail } from '../../../shared/kyc';
import { Dialog } from '../../components/ui/dialog';
import { expectFieldError, expectNoA11yViolations, field, findDialog, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { KycDialog } from './kyc-dialogs';

const APP: KycApplication = {
  id: '60000000-0000-4000-8000-000000000001',
  investorId: '00000000-0000-4000-8000-000000000030',
  investorName: 'Ahmed Al-Rashid',
  email: 'ahmed@demo.example.com',
  type: 'offshore_fund',
  status: 'in_review',
  completionPercentage: 100,
  flags: { passport: true, address_proof: true, financial_statements: true, source_of_funds: true },
  submittedAt: '2026-11-20T09:00:00.000Z',
  reviewedBy: null,
  reviewedByName: null,
  reviewedAt: null,
  reviewNote: null,
  suitabilityReviewRequired: false,
};
const REJECTED: KycDetail = { ...APP, status: 'rejected', reviewNote: 'Old statement', documents: [], history: [] };
const noop = () => {};
const reject = (language?: 'ar') =>
  renderScreen(
    <Dialog open>
      <KycDialog state={{ mode: 'reject', app: APP, fromReview: false }} onMode={noop} onClose={noop} onDirtyChange={noop} />
    </Dialog>,
    { api: { 'POST /api/kyc/:id/reject': { application: REJECTED } }, language },
  );

describe('KYC: Reject', () => {
  it('a reason is required; with one, the rejection is sent with it', async () => {
    const { user, api } = await reject();
    const dialog = await findDialog();
    expect(within(dialog).getByRole('heading', { name: 'Reject KYC application' })).toBeTruthy();
    expect(
      within(dialog).getByText("Reject Ahmed Al-Rashid's KYC application. The investor sees your reason and can correct and resubmit."),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expectFieldError(field('Reason', dialog), 'A reason is required to reject an application');
    await expectNoA11yViolations('reject dialog with error', dialog);
    // Spaces alone are no reason.
    await user.type(field('Reason', dialog), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expectFieldError(field('Reason', dialog), 'A reason is required to reject an application');
    expect(api.callsTo('POST /api/kyc/:id/reject')).toEqual([]);

    await user.type(field('Reason', dialog), 'The source of funds statement is older than three months');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect.poll(toastTexts).toContain('KYC application rejected');
    expect(api.callsTo('POST /api/kyc/:id/reject').map((c) => [c.params.id, c.body])).toEqual([
      // The shared schema trims it.
      [APP.id, { reason: 'The source of funds statement is older than three months' }],
    ]);
  });

  it('in Arabic: the reason required in Arabic', async () => {
    const { user } = await reject('ar');
    const dialog = await findDialog();
    expect(screen.getByRole('heading', { name: 'رفض طلب «اعرف عميلك»' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'رفض' }));
    expectFieldError(field('السبب', dialog), 'يلزم ذكر سبب لرفض الطلب');
  });
});
