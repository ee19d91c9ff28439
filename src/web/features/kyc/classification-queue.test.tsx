import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ClassificationApplication, type ClassificationQueue, RETAIL_NOTICE_VERSION } from '../../../shared/dfsa-classification';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, findDialog, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { ClassificationQueueTab } from './classification-queue';

const PENDING: ClassificationApplication = {
  id: '62000000-0000-4000-8000-000000000001',
  investorId: '00000000-0000-4000-8000-000000000030',
  investorName: 'Ahmed Al-Rashid',
  investorEmail: 'ahmed@demo.example.com',
  investorType: 'hni',
  status: 'submitted',
  answers: {
    basis: 'assessed_individual',
    netAssets: '1500000.00',
    yearsExperience: 7,
    experience: 'Private equity and listed equities since 2018.',
    noticeAcknowledged: true,
    noticeVersion: RETAIL_NOTICE_VERSION,
  },
  assessment: {
    qualifies: true,
    criteria: [
      { key: 'netAssets', threshold: '1000000.00', met: true },
      { key: 'experience', threshold: null, met: false },
    ],
  },
  noticeVersion: RETAIL_NOTICE_VERSION,
  noticeAcknowledgedAt: '2026-11-20T09:00:00.000Z',
  submittedAt: '2026-11-20T09:05:00.000Z',
  decision: null,
  reasons: null,
  decidedByName: null,
  decidedAt: null,
  reviewDue: null,
  evidence: [
    {
      id: '63000000-0000-4000-8000-000000000001',
      name: 'bank-letter.pdf',
      extension: 'pdf',
      byteSize: 48_000,
      uploadedAt: '2026-11-20T08:55:00.000Z',
    },
  ],
};
const DECIDED: ClassificationApplication = {
  ...PENDING,
  id: '62000000-0000-4000-8000-000000000002',
  investorName: 'Coral Shoal Fund',
  status: 'decided',
  answers: { basis: 'assessed_undertaking', ownFunds: '800000.00', noticeAcknowledged: true, noticeVersion: RETAIL_NOTICE_VERSION },
  assessment: { qualifies: false, criteria: [{ key: 'ownFunds', threshold: '1000000.00', met: false }] },
  decision: 'retail',
  reasons: 'Own funds below USD 1 million',
  decidedByName: 'Layla Legal',
  decidedAt: '2026-11-22T10:00:00.000Z',
  evidence: [],
};
const QUEUE: ClassificationQueue = { applications: [PENDING, DECIDED], counts: { submitted: 1, decided: 1 } };
const row = (name: string) => screen.getAllByTestId('classification-row').find((r) => r.textContent?.includes(name)) as HTMLElement;
const radio = (name: string) => screen.getByRole('radio', { name });

describe('Investor Onboarding: client classifications', () => {
  it('the queue; Review shows the answers against the thresholds; a decision and reasons of 10 characters are required', async () => {
    let answer!: (q: ClassificationQueue) => void;
    const loaded = new Promise<ClassificationQueue>((resolve) => {
      answer = resolve;
    });
    const { user, api } = await renderScreen(<ClassificationQueueTab />, {
      api: {
        'GET /api/classifications': () => loaded,
        'POST /api/classifications/:id/decide': { application: { ...PENDING, status: 'decided' } },
      },
    });
    expect((await screen.findByRole('status')).textContent).toBe('Loading classifications');
    answer(QUEUE);
    expect(await screen.findByText('1 waiting for a decision')).toBeTruthy();
    expect(row('Ahmed Al-Rashid').textContent).toBe(
      'Ahmed Al-RashidAwaiting decisionAssessed Professional: an individual · Submitted 20 Nov 2026Review Ahmed Al-Rashid',
    );
    expect(row('Coral Shoal Fund').textContent).toContain('Retail Client');

    await user.click(screen.getByRole('button', { name: 'Review Ahmed Al-Rashid' }));
    const dialog = await findDialog('Classification: Ahmed Al-Rashid');
    const answers = within(dialog).getByRole('region', { name: 'Answers' });
    expect(answers.textContent).toBe(
      'Assessed Professional: an individual' +
        'Net assets excluding your main residence (USD)$1,500,000.00' +
        'Years of relevant investment experience7' +
        'Your knowledge and experiencePrivate equity and listed equities since 2018.',
    );
    expect(within(dialog).getByTestId('classification-guide').textContent).toBe(
      'Against the thresholds' +
        'Meets: Net assets of at least $1,000,000.00' +
        'Does not meet: At least two years of relevant experience' +
        'On these figures the basis is met.',
    );
    // The notice's time in the company's zone (UTC here: no company setting is loaded).
    expect(within(dialog).getByText(/^Version /).textContent).toBe(`Version ${RETAIL_NOTICE_VERSION}, 20 Nov 2026, 09:00`);
    expect(within(dialog).getByRole('button', { name: 'Download bank-letter.pdf' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(document.getElementById('classification-decision-error')?.textContent).toBe('Choose a decision');
    for (const name of ['Professional Client', 'Market Counterparty', 'Retail Client (may not subscribe)'])
      expect(radio(name).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('group', { name: 'Decision' }).getAttribute('aria-describedby')).toBe('classification-decision-error');
    expectFieldError(field('Reasons', dialog), 'Give the reasons for the decision (at least 10 characters)');
    expect(document.activeElement).toBe(radio('Professional Client'));
    await expectNoA11yViolations('classification review with errors', dialog);

    // Choosing clears the decision's error; nine characters (after trimming) are too few.
    await user.click(radio('Professional Client'));
    expect(document.getElementById('classification-decision-error')).toBeNull();
    await user.type(field('Reasons', dialog), '  Too short  ');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expectFieldError(field('Reasons', dialog), 'Give the reasons for the decision (at least 10 characters)');
    expect(document.activeElement).toBe(field('Reasons', dialog));
    expect(api.callsTo('POST /api/classifications/:id/decide')).toEqual([]);

    await user.clear(field('Reasons', dialog));
    await user.type(field('Reasons', dialog), ' Bank letter confirms net assets. ');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    await expect.poll(toastTexts).toContain('Decision recorded');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/classifications/:id/decide').map((c) => [c.params.id, c.body])).toEqual([
      [PENDING.id, { decision: 'professional', reasons: 'Bank letter confirms net assets.' }],
    ]);
  });

  it("a decided application shows who decided and why, no form; the server's field refusal shows on the field", async () => {
    const { user } = await renderScreen(<ClassificationQueueTab />, {
      api: {
        'GET /api/classifications': QUEUE,
        'POST /api/classifications/:id/decide': failWith(409, 'Already decided', {
          fields: { reasons: 'Give the reasons for the decision' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Review Coral Shoal Fund' }));
    let dialog = await findDialog('Classification: Coral Shoal Fund');
    expect(within(dialog).getByTestId('classification-guide').textContent).toContain('On these figures the basis is not met.');
    expect(within(dialog).getByTestId('classification-decided').textContent).toBe(
      'Retail Client Decided by Layla Legal on 22 Nov 2026Own funds below USD 1 million',
    );
    expect(within(dialog).queryByRole('button', { name: 'Record decision' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Review Ahmed Al-Rashid' }));
    dialog = await findDialog('Classification: Ahmed Al-Rashid');
    await user.click(radio('Retail Client (may not subscribe)'));
    await user.type(field('Reasons', dialog), 'Experience not shown');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    await expect.poll(toastTexts).toContain('Failed to record the decision');
    expectFieldError(field('Reasons', dialog), 'Give the reasons for the decision');
  });

  it('empty and failed queues', async () => {
    await renderScreen(<ClassificationQueueTab />, {
      api: { 'GET /api/classifications': { applications: [], counts: { submitted: 0, decided: 0 } } },
    });
    expect(await screen.findByText('No classifications submitted yet.')).toBeTruthy();
    expect(screen.getByText('0 waiting for a decision')).toBeTruthy();

    await renderScreen(<ClassificationQueueTab />, { api: { 'GET /api/classifications': failWith(500, 'Database unavailable') } });
    expect((await screen.findByRole('alert')).textContent).toBe('Classifications could not be loaded Database unavailable');
  });

  it('in Arabic: the required decision and reasons', async () => {
    const { user } = await renderScreen(<ClassificationQueueTab />, { language: 'ar', api: { 'GET /api/classifications': QUEUE } });
    await user.click((await screen.findAllByTestId('classification-row'))[0]?.querySelector('button') as HTMLElement);
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل القرار' }));
    expect(document.getElementById('classification-decision-error')?.textContent).toBe('اختر قراراً');
    expectFieldError(field('الأسباب', dialog), 'اذكر أسباب القرار (10 أحرف على الأقل)');
  });
});
