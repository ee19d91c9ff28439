import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CLASSIFICATION_MISSING_MESSAGE,
  type ClassificationEvidence,
  type MyClassification,
  RETAIL_NOTICE_VERSION,
} from '../../../shared/dfsa-classification';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, expectNoFieldError, field, findDialog, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { ClassificationCard } from './classification-card';

const NONE: MyClassification = {
  state: 'none',
  basis: null,
  decidedAt: null,
  reviewDue: null,
  expired: false,
  reasons: null,
  latest: null,
  pendingEvidence: [],
  noticeVersion: RETAIL_NOTICE_VERSION,
  blocking: [{ code: 'classification_missing', message: CLASSIFICATION_MISSING_MESSAGE }],
};
const LETTER: ClassificationEvidence = {
  id: '70000000-0000-4000-8000-000000000001',
  name: 'bank-letter.pdf',
  extension: 'pdf',
  byteSize: 34,
  uploadedAt: '2026-11-27T09:00:00.000Z',
};
const WITH_LETTER: MyClassification = { ...NONE, pendingEvidence: [LETTER] };

const open = async (language?: 'ar', mine: MyClassification = NONE) => {
  const screenApi = await renderScreen(<ClassificationCard />, {
    user: INVESTOR,
    at: '/investor/compliance',
    language,
    api: {
      'GET /api/investor/classification': mine,
      'POST /api/investor/classification': { ...WITH_LETTER, state: 'pending', pendingEvidence: [], blocking: [] },
    },
  });
  return screenApi;
};

describe('Client classification form', () => {
  it('the basis and evidence are required, then the basis’s questions, their formats and the notice; nothing is sent', async () => {
    const { user, api } = await open();
    const card = await screen.findByRole('region', { name: 'Client classification' });
    expect(within(card).getByTestId('classification-state').textContent).toBe('Not yet classified');
    expect(within(card).getByTestId('classification-blocking').textContent).toBe(CLASSIFICATION_MISSING_MESSAGE);
    await user.click(within(card).getByRole('button', { name: 'Classify me' }));
    const dialog = await findDialog('Client classification');
    expect(within(dialog).getByText('Answer for yourself or the entity you invest through. Amounts in US dollars.')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Submit for review' });

    // Nothing chosen: the basis (focused) and the evidence.
    await user.click(submit);
    const basis = field('Basis of classification', dialog);
    expectFieldError(basis, 'Choose the basis of your classification');
    expect(document.activeElement).toBe(basis);
    const file = dialog.querySelector<HTMLInputElement>('#classification-file');
    expect(file?.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('classification-file-error')?.textContent).toBe('No evidence uploaded yet.');

    // An individual: the hint, then each question's message, focus on the first.
    await user.selectOptions(basis, 'assessed_individual');
    expectNoFieldError(basis);
    expect(document.getElementById('classification-basis-hint')?.textContent).toBe(
      'An individual with net assets of at least USD 1 million, excluding your main residence, and knowledge and experience of the markets and risks.',
    );
    await user.click(submit);
    const netAssets = field('Net assets excluding your main residence (USD)', dialog);
    expectFieldError(netAssets, 'Net assets must be a non-negative amount with at most 2 decimals');
    expect(document.activeElement).toBe(netAssets);
    expectFieldError(field('Years of relevant investment experience', dialog), 'Enter your years of experience');
    expectFieldError(field('Your knowledge and experience', dialog), 'Describe your knowledge and experience (at least 20 characters)');
    const ack = within(dialog).getByRole('checkbox', { name: 'I have read and understood this notice.' });
    expectFieldError(ack, 'Read and acknowledge the notice before you submit');
    await expectNoA11yViolations('classification form with errors', dialog);

    // Formats: a misplaced comma, part years, a description too short.
    await user.type(netAssets, '1,0000');
    await user.type(field('Years of relevant investment experience', dialog), '2.5');
    await user.type(field('Your knowledge and experience', dialog), '   Six years.        ');
    await user.click(submit);
    expectFieldError(netAssets, 'Net assets: use a comma only between groups of three digits (1,500.50); use a point for cents');
    expectFieldError(field('Years of relevant investment experience', dialog), 'Enter whole years');
    expectFieldError(field('Your knowledge and experience', dialog), 'Describe your knowledge and experience (at least 20 characters)');
    expect(api.callsTo('POST /api/investor/classification')).toEqual([]);

    // Corrected: the evidence is still missing, so nothing is sent. (Uploads go through
    // XMLHttpRequest, which the fake API does not answer; the next test starts with a file.)
    await user.clear(netAssets);
    await user.type(netAssets, '1,000,000');
    await user.clear(field('Years of relevant investment experience', dialog));
    await user.type(field('Years of relevant investment experience', dialog), '6');
    await user.clear(field('Your knowledge and experience', dialog));
    await user.type(field('Your knowledge and experience', dialog), 'Six years as a portfolio manager at a regional bank.');
    await user.click(ack);
    await user.click(submit);
    for (const ok of [netAssets, field('Years of relevant investment experience', dialog), ack]) expectNoFieldError(ok);
    expect(file?.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('classification-file-error')?.textContent).toBe('No evidence uploaded yet.');
    expect(api.callsTo('POST /api/investor/classification')).toEqual([]);
  });

  it('a counterparty’s confirmation, a large undertaking’s figures, the server’s field error; a valid form sends only its basis’s answers', async () => {
    const { user, api } = await open(undefined, WITH_LETTER);
    const card = await screen.findByRole('region', { name: 'Client classification' });
    await user.click(within(card).getByRole('button', { name: 'Classify me' }));
    const dialog = await findDialog('Client classification');
    expect(within(dialog).getByRole('list', { name: 'Evidence' }).textContent).toContain('bank-letter.pdf');
    expect(within(dialog).getByRole('button', { name: 'Remove bank-letter.pdf' })).toBeTruthy();
    expect(within(dialog).getByTestId('retail-notice').textContent).toContain(
      'You may ask us in writing at any time to treat you as a Retail Client, for all or for particular services or products.',
    );
    const submit = within(dialog).getByRole('button', { name: 'Submit for review' });
    await user.selectOptions(field('Basis of classification', dialog), 'market_counterparty');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read and understood this notice.' }));
    await user.click(submit);
    const notified = within(dialog).getByRole('checkbox', { name: /^I confirm I have received your prior written notification/ });
    expectFieldError(notified, 'Confirm you have received our prior written notification');
    expect(document.activeElement).toBe(notified);

    await user.selectOptions(field('Basis of classification', dialog), 'deemed_undertaking');
    expect(within(dialog).queryByRole('checkbox', { name: /^I confirm/ })).toBeNull();
    await user.click(submit);
    expectFieldError(
      field('Balance sheet total (USD)', dialog),
      'Balance sheet total must be a non-negative amount with at most 2 decimals',
    );
    expectFieldError(
      field('Net annual turnover (USD)', dialog),
      'Net annual turnover must be a non-negative amount with at most 2 decimals',
    );
    expectFieldError(
      field('Own funds or called-up capital (USD)', dialog),
      'Own funds or called-up capital must be a non-negative amount with at most 2 decimals',
    );
    expect(document.activeElement).toBe(field('Balance sheet total (USD)', dialog));
    expect(api.callsTo('POST /api/investor/classification')).toEqual([]);

    // Typing in a field clears its error only.
    await user.type(field('Balance sheet total (USD)', dialog), '25,000,000.50');
    expectNoFieldError(field('Balance sheet total (USD)', dialog));
    expectFieldError(
      field('Net annual turnover (USD)', dialog),
      'Net annual turnover must be a non-negative amount with at most 2 decimals',
    );
    await user.type(field('Net annual turnover (USD)', dialog), '10000000');
    await user.type(field('Own funds or called-up capital (USD)', dialog), '2000000.001');
    await user.click(submit);
    expectFieldError(
      field('Own funds or called-up capital (USD)', dialog),
      'Own funds or called-up capital must be a non-negative amount with at most 2 decimals',
    );

    await user.clear(field('Own funds or called-up capital (USD)', dialog));
    await user.type(field('Own funds or called-up capital (USD)', dialog), '2000000');
    api.set({
      'POST /api/investor/classification': failWith(400, 'Invalid input', {
        fields: { noticeVersion: 'The notice has changed: reload the page and read it again' },
      }),
    });
    await user.click(submit);
    await expect.poll(toastTexts).toContain('Failed to submit your classification');
    expect(api.callsTo('POST /api/investor/classification').map((c) => c.body)).toEqual([
      {
        basis: 'deemed_undertaking',
        noticeAcknowledged: true,
        noticeVersion: RETAIL_NOTICE_VERSION,
        balanceSheetTotal: '25000000.50',
        netTurnover: '10000000',
        ownFunds: '2000000',
      },
    ]);
    // The server's newer notice version: shown on the acknowledgement.
    expectFieldError(
      within(dialog).getByRole('checkbox', { name: 'I have read and understood this notice.' }),
      'The notice has changed: reload the page and read it again',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();

    // Another basis: only its own answers are sent, the description trimmed, the years a number.
    api.set({ 'POST /api/investor/classification': { ...WITH_LETTER, state: 'pending', pendingEvidence: [], blocking: [] } });
    await user.selectOptions(field('Basis of classification', dialog), 'assessed_individual');
    await user.type(field('Net assets excluding your main residence (USD)', dialog), '1,000,000');
    await user.type(field('Years of relevant investment experience', dialog), '6');
    await user.type(field('Your knowledge and experience', dialog), '  Six years as a portfolio manager at a regional bank.  ');
    await user.click(submit);
    await expect.poll(toastTexts).toContain('Classification submitted for review');
    expect(api.callsTo('POST /api/investor/classification')[1]?.body).toEqual({
      basis: 'assessed_individual',
      noticeAcknowledged: true,
      noticeVersion: RETAIL_NOTICE_VERSION,
      // '1,000,000' without its separators (moneyInput), 6 a number (z.coerce), the text trimmed.
      netAssets: '1000000',
      yearsExperience: 6,
      experience: 'Six years as a portfolio manager at a regional bank.',
    });
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('in Arabic: the basis required in Arabic', async () => {
    const { user } = await open('ar');
    const card = await screen.findByRole('region', { name: 'تصنيف العميل' });
    await user.click(within(card).getByRole('button', { name: 'صنّفني' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'إرسال للمراجعة' }));
    expectFieldError(field('أساس التصنيف', dialog), 'اختر أساس تصنيفك');
  });

  it('a classification that cannot be loaded says so', async () => {
    await renderScreen(<ClassificationCard />, {
      user: INVESTOR,
      api: { 'GET /api/investor/classification': failWith(500, 'Internal error') },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Your classification could not be loaded');
  });
});
