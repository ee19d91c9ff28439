import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KycDetail, KycDocument } from '../../../shared/kyc';
import { useMyKyc } from '../../lib/queries/kyc';
import { failWith } from '../../testing/fake-api';
import { expectNoA11yViolations, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { ApplicationStatus, CategoryCard, KYC_CATEGORIES } from './kyc-application';

/** The KYC part of the DFSA Compliance page as the page builds it: the status card and the two categories. */
function KycPart() {
  const me = useMyKyc();
  if (!me.data) return null;
  return (
    <>
      <ApplicationStatus app={me.data} />
      {KYC_CATEGORIES.map((c) => (
        <CategoryCard key={c} app={me.data} category={c} />
      ))}
    </>
  );
}

const NONE = { passport: false, address_proof: false, financial_statements: false, source_of_funds: false };
const ALL = { passport: true, address_proof: true, financial_statements: true, source_of_funds: true };
const doc = (kind: KycDocument['kind'], originalName: string): KycDocument => ({
  kind,
  originalName,
  extension: 'pdf',
  byteSize: 2048,
  uploadedAt: '2026-11-20T09:00:00.000Z',
});
const PENDING: KycDetail = {
  id: '60000000-0000-4000-8000-000000000003',
  investorId: INVESTOR.id,
  investorName: INVESTOR.name,
  email: INVESTOR.email,
  type: 'hni',
  status: 'pending',
  completionPercentage: 0,
  flags: NONE,
  submittedAt: null,
  reviewedBy: null,
  reviewedByName: null,
  reviewedAt: null,
  reviewNote: null,
  suitabilityReviewRequired: false,
  documents: [],
  history: [],
};
const READY: KycDetail = {
  ...PENDING,
  completionPercentage: 100,
  flags: ALL,
  documents: [
    doc('passport', 'passport.pdf'),
    doc('address_proof', 'utility-bill.pdf'),
    doc('financial_statements', 'statements.pdf'),
    doc('source_of_funds', 'funds.pdf'),
  ],
};
const IN_REVIEW: KycDetail = { ...READY, status: 'in_review', submittedAt: '2026-11-21T09:00:00.000Z' };
const REJECTED: KycDetail = {
  ...READY,
  status: 'rejected',
  submittedAt: '2026-11-21T09:00:00.000Z',
  reviewedByName: 'Layla Legal',
  reviewedAt: '2026-11-22T09:00:00.000Z',
  reviewNote: 'The bank statement is older than three months',
};

const show = (app: KycDetail, language?: 'ar') =>
  renderScreen(<KycPart />, {
    user: INVESTOR,
    at: '/investor/compliance',
    language,
    api: { 'GET /api/kyc/me': { application: app }, 'POST /api/kyc/me/submit': { application: IN_REVIEW } },
  });
const statusCard = () => screen.getByTestId('kyc-application-status');
const item = (kind: string) => screen.getByTestId(`kyc-item-${kind}`);
// Uploads go through XMLHttpRequest (upload progress), which the fake API does not see.
const xhrOpen = () => vi.spyOn(XMLHttpRequest.prototype, 'open');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('KYC application on DFSA Compliance', () => {
  it('nothing uploaded: submit disabled with the reason; a file of another type or an empty one is refused in the browser', async () => {
    const opened = xhrOpen();
    await show(PENDING);
    const card = await screen.findByTestId('kyc-application-status');
    expect(within(card).getByText('Pending', { exact: true })).toBeTruthy();
    expect(within(card).getByText('0 of 4 documents uploaded')).toBeTruthy();
    expect(within(card).getByText('Upload the four documents below, then submit your application for review.')).toBeTruthy();
    const submit = within(card).getByRole('button', { name: 'Submit for Review' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(submit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Upload all four documents to submit (0 of 4 uploaded).',
    );
    const identity = screen.getByTestId('kyc-category-Identity Verification');
    expect(within(identity).getByText('In Progress', { exact: true })).toBeTruthy();
    expect(within(identity).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(within(item('passport')).getByText('Not uploaded')).toBeTruthy();

    // As a file chooser set to 'All files' would (the accept list is only a hint).
    const anyFile = userEvent.setup({ applyAccept: false });
    const passport = within(item('passport')).getByLabelText('Passport file');
    await anyFile.upload(passport, new File(['not a document'], 'notes.txt', { type: 'text/plain' }));
    const alert = within(item('passport')).getByRole('alert');
    expect(alert.textContent).toBe('This file type is not accepted. Allowed: PDF, JPG or PNG.');
    expect(within(item('passport')).getByRole('button', { name: 'Upload Passport' }).getAttribute('aria-describedby')).toBe(alert.id);
    await expectNoA11yViolations('KYC checklist with a refused file', identity);
    await anyFile.upload(passport, new File([], 'blank.pdf', { type: 'application/pdf' }));
    expect(within(item('passport')).getByRole('alert').textContent).toBe('The selected file is empty');
    // The other documents carry no error.
    expect(within(item('address_proof')).queryByRole('alert')).toBeNull();
    expect(opened).not.toHaveBeenCalled();
  });

  it('all four uploaded: submitting sends the application; a refusal says so; then it is locked in review', async () => {
    const { user, api } = await show(READY);
    const card = await screen.findByTestId('kyc-application-status');
    expect(within(card).getByText('4 of 4 documents uploaded')).toBeTruthy();
    expect(
      within(card).getByText('All four documents are uploaded. Submit your application so that our compliance team can review it.'),
    ).toBeTruthy();
    expect(within(card).getByText('After submitting, documents are locked until the review is complete.')).toBeTruthy();
    expect(within(item('passport')).getByText('passport.pdf')).toBeTruthy();
    expect(within(item('passport')).getByRole('button', { name: 'Replace Passport' })).toBeTruthy();
    const submit = within(card).getByRole('button', { name: 'Submit for Review' });

    api.set({ 'POST /api/kyc/me/submit': failWith(409, 'Upload all four documents before submitting') });
    await user.click(submit);
    await expect.poll(toastTexts).toContain('Failed to submit KYC application');
    expect(within(card).getByText('Pending', { exact: true })).toBeTruthy();

    api.set({ 'GET /api/kyc/me': { application: IN_REVIEW }, 'POST /api/kyc/me/submit': { application: IN_REVIEW } });
    await user.click(submit);
    await expect.poll(toastTexts).toContain('KYC application submitted for review');
    expect(api.callsTo('POST /api/kyc/me/submit')).toHaveLength(2);
    await within(card).findByText('In Review', { exact: true });
    expect(within(card).getByText('Documents cannot be changed while your application is in review.')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Submit for Review' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(item('passport')).getByRole('button', { name: 'Replace Passport' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('kyc-category-Financial Suitability')).getByText('In Review', { exact: true })).toBeTruthy();
  });

  it('rejected: the reason, who reviewed it, and resubmitting', async () => {
    await show(REJECTED);
    const rejection = await screen.findByTestId('kyc-rejection');
    expect(within(rejection).getByText('Your application was not approved')).toBeTruthy();
    expect(rejection.textContent).toContain('Reason: The bank statement is older than three months');
    expect(rejection.textContent).toMatch(/Reviewed .+ by Layla Legal$/);
    expect(within(statusCard()).getByText('Submitting again sends your corrected application back to review.')).toBeTruthy();
    expect((within(statusCard()).getByRole('button', { name: 'Submit for Review' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(screen.getByTestId('kyc-category-Identity Verification')).getByText('Action Required', { exact: true })).toBeTruthy();
  });

  it('in Arabic: a refused file type in Arabic', async () => {
    await show(PENDING, 'ar');
    await screen.findByTestId('kyc-application-status');
    const anyFile = userEvent.setup({ applyAccept: false });
    // The document's name is isolated (FSI ... PDI) inside the Arabic sentence.
    await anyFile.upload(
      within(item('passport')).getByLabelText('ملف \u2068جواز السفر\u2069'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(within(item('passport')).getByRole('alert').textContent).toBe(
      'نوع الملف هذا غير مقبول. المسموح: \u2068PDF أو JPG أو PNG\u2069.',
    );
  });
});
