import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLASSIFICATION_LABELS, type MyClassification, RETAIL_NOTICE_VERSION } from '../../../shared/dfsa-classification';
import type { InvestorComplianceData } from '../../../shared/investor-compliance';
import { expectFieldError, expectNoA11yViolations, expectNoFieldError, field, findDialog, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { RequiredActions } from './compliance-sections';

const PROFESSIONAL: MyClassification = {
  state: 'professional',
  basis: 'assessed_individual',
  decidedAt: '2026-06-01T09:00:00.000Z',
  reviewDue: '2027-06-01',
  expired: false,
  reasons: 'Bank letter confirms net assets.',
  latest: null,
  pendingEvidence: [],
  noticeVersion: RETAIL_NOTICE_VERSION,
  blocking: [],
};
const DATA: InvestorComplianceData = {
  categories: [],
  review: {
    dueDate: '2026-12-19',
    daysRemaining: 21,
    lastCompletedAt: '2025-12-19T09:00:00.000Z',
    answers: { experience: 'extensive', riskTolerance: 'medium', netWorthBand: '5m_25m', investmentHorizon: '5_10y' },
  },
  documents: [],
  regulatory: {
    authorization: 'DFSA',
    licenseNumber: 'F000000',
    classification: CLASSIFICATION_LABELS.professional,
    classificationReview: '2027-06-01',
    contactName: 'Layla Legal',
    contactEmail: 'compliance@demo.example.com',
    contactPhone: '+971 4 000 0000',
  },
};

const show = (language?: 'ar') =>
  renderScreen(<RequiredActions data={DATA} />, {
    user: INVESTOR,
    at: '/investor/compliance',
    language,
    api: { 'GET /api/investor/classification': PROFESSIONAL, 'POST /api/investor/suitability-review': DATA },
  });
const MESSAGES = {
  'Investment experience': 'Choose your investment experience',
  'Risk tolerance': 'Choose your risk tolerance',
  'Net-worth band': 'Choose a net-worth band',
  'Investment horizon': 'Choose an investment horizon',
};

describe('Annual Suitability Review', () => {
  it('the four answers are required (focus on the first); the last answers are hints; a full review is sent', async () => {
    const { user, api } = await show();
    const review = await screen.findByTestId('suitability-review');
    expect(within(review).getByRole('heading', { name: 'Annual Suitability Review' })).toBeTruthy();
    // 21 days left: Due Soon (the review falls due within 30 days).
    expect(within(review).getByText('Due Soon', { exact: true })).toBeTruthy();
    expect(within(review).getByTestId('review-days-remaining').textContent).toBe('21 days remaining');
    await user.click(within(review).getByRole('button', { name: 'Start Review' }));
    const dialog = await findDialog('Annual Suitability Review');
    // Not pre-filled: each answer is confirmed again, the last one shown beside it.
    expect((field('Investment experience', dialog) as HTMLSelectElement).value).toBe('');
    expect(document.getElementById('suitability-experience-hint')?.textContent).toBe(
      'Your experience with private and alternative investments.Last answer: Extensive',
    );
    expect(document.getElementById('suitability-netWorthBand-hint')?.textContent).toContain('Last answer: $5M - $25M');

    await user.click(within(dialog).getByRole('button', { name: 'Complete Review' }));
    for (const [label, message] of Object.entries(MESSAGES)) expectFieldError(field(label, dialog), message);
    expect(document.activeElement).toBe(field('Investment experience', dialog));
    await expectNoA11yViolations('suitability review with errors', dialog);
    expect(api.callsTo('POST /api/investor/suitability-review')).toEqual([]);

    // An answer clears its own message at once; the others stay until the next submit.
    await user.selectOptions(field('Investment experience', dialog), 'Moderate');
    expectNoFieldError(field('Investment experience', dialog));
    expectFieldError(field('Risk tolerance', dialog), 'Choose your risk tolerance');
    await user.selectOptions(field('Risk tolerance', dialog), 'High');
    await user.selectOptions(field('Net-worth band', dialog), '$1M - $5M');
    await user.click(within(dialog).getByRole('button', { name: 'Complete Review' }));
    expectFieldError(field('Investment horizon', dialog), 'Choose an investment horizon');
    expect(document.activeElement).toBe(field('Investment horizon', dialog));
    expect(api.callsTo('POST /api/investor/suitability-review')).toEqual([]);

    await user.selectOptions(field('Investment horizon', dialog), 'Over 10 years');
    await user.click(within(dialog).getByRole('button', { name: 'Complete Review' }));
    await expect.poll(toastTexts).toContain('Suitability review completed');
    expect(api.callsTo('POST /api/investor/suitability-review').map((c) => c.body)).toEqual([
      { experience: 'moderate', riskTolerance: 'high', netWorthBand: '1m_5m', investmentHorizon: 'over_10y' },
    ]);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('in Arabic: the first answer required in Arabic', async () => {
    const { user } = await show('ar');
    const review = await screen.findByTestId('suitability-review');
    await user.click(within(review).getByRole('button', { name: 'بدء المراجعة' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'إكمال المراجعة' }));
    const experience = dialog.querySelector<HTMLElement>('#suitability-experience');
    if (!experience) throw new Error('no experience field');
    expectFieldError(experience, 'اختر خبرتك الاستثمارية');
  });
});
