import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Envelope, SIGNING_MESSAGES } from '../../../shared/signing';
import type { Subscription } from '../../../shared/subscriptions';
import { failWith } from '../../testing/fake-api';
import { description, expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen, resetScreen } from '../../testing/render';
import SignPage from './sign-page';

const SUB: Subscription = {
  id: '50000000-0000-4000-8000-000000000001',
  investorId: INVESTOR.id,
  investorName: 'Ian Investor',
  investorEmail: INVESTOR.email,
  dealId: '20000000-0000-4000-8000-000000000001',
  dealTitle: 'Mombasa Oil Trading Facility',
  dealType: 'Oil Trading',
  amount: '250000.00',
  status: 'Under Review',
  progress: 50,
  rejectionReason: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  reviewedAt: '2026-11-02T08:00:00.000Z',
  completedAt: null,
  signsAgreement: true,
  agreementStatus: 'sent',
};
const SENT: Envelope = {
  id: '70000000-0000-4000-8000-000000000001',
  subscriptionId: SUB.id,
  dealId: SUB.dealId,
  dealTitle: SUB.dealTitle,
  investorId: INVESTOR.id,
  investorName: 'Ian Investor',
  investorEmail: INVESTOR.email,
  amount: SUB.amount,
  status: 'sent',
  packVersion: 1,
  pageCount: 3,
  documentSha256: 'a'.repeat(64),
  executedSha256: null,
  expiresAt: '2026-12-31T20:00:00.000Z',
  signedAt: null,
  executedAt: null,
  reason: null,
  createdAt: '2026-11-03T08:00:00.000Z',
  events: [],
};

const open = (envelopes: () => Envelope[], more: Parameters<typeof renderScreen>[1] = {}) =>
  renderScreen(<SignPage />, {
    user: INVESTOR,
    at: `/investor/subscriptions/${SUB.id}/sign`,
    path: '/investor/subscriptions/:id/sign',
    ...more,
    api: {
      'GET /api/investor/subscriptions': { subscriptions: [SUB] },
      'GET /api/investor/envelopes': () => ({ envelopes: envelopes() }),
      ...more.api,
    },
  });

describe('Sign your subscription agreement (issue 30)', () => {
  it('an open agreement: the server’s refusals show on their fields (the code asked in place of the password); a signature is sent', async () => {
    let signed = false;
    let tries = 0;
    const { user, api } = await open(() => [signed ? { ...SENT, status: 'signed', signedAt: '2026-11-04T08:00:00.000Z' } : SENT], {
      api: {
        'POST /api/investor/envelopes/:id/sign': () => {
          tries += 1;
          if (tries === 1)
            return failWith(400, 'Confirm that you agree to sign electronically', {
              fields: { consent: 'Confirm that you agree to sign electronically', typedName: SIGNING_MESSAGES.typedNameRequired },
            });
          if (tries === 2) return failWith(400, SIGNING_MESSAGES.codeRequired, { fields: { code: SIGNING_MESSAGES.codeRequired } });
          signed = true;
          return { envelope: { ...SENT, status: 'signed' } };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: '2. Read the agreement' })).toBeTruthy();
    expect(screen.getByText('The agreement has 3 pages. Open it and read every page before you sign.')).toBeTruthy();
    expect(screen.getByText('Ian Investor')).toBeTruthy();
    // 250000.00 with no cents shown (formatUSDExact), inside direction marks.
    expect(screen.getByText('Commitment').nextElementSibling?.textContent?.replace(/[\u200e\u200f\u2066-\u2069]/g, '')).toBe('$250,000');
    expect(screen.getByRole('link', { name: 'Open the agreement (PDF)' }).getAttribute('href')).toBe(
      `/api/investor/envelopes/${SENT.id}/document`,
    );
    expect(field('Type your full name')).toBeTruthy();
    expect(description(field('Type your full name'))).toBe('Exactly as on the agreement: Ian Investor');

    // Nothing ticked or typed: the page has no checks of its own, the server's messages go to the fields.
    await user.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    await expect.poll(toastTexts).toContain('The agreement could not be signed');
    const consent = screen.getByRole('checkbox', { name: /^I agree to sign this agreement electronically/ });
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('sign-consent-error')?.textContent).toBe('Confirm that you agree to sign electronically');
    expectFieldError(field('Type your full name'), 'Type your full name to sign');
    await expectNoA11yViolations('sign form with the server’s messages', screen.getByRole('group', { name: '3. Sign' }));

    await user.click(consent);
    await user.type(field('Type your full name'), 'Ian Investor');
    await user.type(field('Your password'), 'not-used');
    await user.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    // An investor with two-factor authentication: the code is asked in place of the password.
    expectFieldError(await screen.findByLabelText('Authenticator code'), SIGNING_MESSAGES.codeRequired);
    expect(screen.queryByLabelText('Your password')).toBeNull();
    await user.type(field('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    expect(await screen.findByRole('heading', { name: 'Signed' })).toBeTruthy();
    expect(screen.getByText('You signed the agreement. The firm countersigns it next; the subscription completes then.')).toBeTruthy();
    expect(api.callsTo('POST /api/investor/envelopes/:id/sign').map((c) => [c.params.id, c.body])).toEqual([
      [SENT.id, { consent: false, method: 'typed', typedName: '', password: '' }],
      [SENT.id, { consent: true, method: 'typed', typedName: 'Ian Investor', password: 'not-used' }],
      [SENT.id, { consent: true, method: 'typed', typedName: 'Ian Investor', code: '123456' }],
    ]);
  });

  it('declining sends the reason; the server’s message shows on it', async () => {
    const { user, api } = await open(() => [SENT], {
      api: { 'POST /api/investor/envelopes/:id/decline': failWith(400, 'Give a reason', { fields: { reason: 'Give a reason' } }) },
    });
    const decline = await screen.findByRole('group', { name: 'Decline to sign' });
    expect(description(field('Reason', decline))).toBe('Tell the firm why you do not want to sign.');
    await user.click(within(decline).getByRole('button', { name: 'Decline' }));
    expectFieldError(await within(decline).findByLabelText('Reason'), 'Give a reason');
    await user.type(field('Reason', decline), 'The amount is wrong');
    api.set({ 'POST /api/investor/envelopes/:id/decline': { envelope: { ...SENT, status: 'declined', reason: 'The amount is wrong' } } });
    await user.click(within(decline).getByRole('button', { name: 'Decline' }));
    await expect.poll(toastTexts).toContain('You declined the agreement.');
    expect(api.callsTo('POST /api/investor/envelopes/:id/decline').map((c) => c.body)).toEqual([
      { reason: '' },
      { reason: 'The amount is wrong' },
    ]);
  });

  it('a fully signed agreement offers its download; a declined one says so with its reason; an unknown subscription is not found', async () => {
    await open(() => [{ ...SENT, status: 'executed', signedAt: '2026-11-04T08:00:00.000Z', executedAt: '2026-11-05T08:00:00.000Z' }]);
    expect(await screen.findByRole('heading', { name: 'Fully signed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the signed agreement (PDF)' })).toBeTruthy();
    await expectNoA11yViolations('fully signed');

    await resetScreen();
    await open(() => [{ ...SENT, status: 'declined', reason: 'The amount is wrong' }]);
    const note = await screen.findByText('This agreement is declined.');
    expect(note.closest('[role="status"]')?.textContent).toBe('This agreement is declined.The amount is wrong');
    expect(screen.queryByRole('button', { name: 'Sign the agreement' })).toBeNull();

    await resetScreen();
    await open(() => [], { at: '/investor/subscriptions/50000000-0000-4000-8000-000000000009/sign' });
    expect(await screen.findByText('This subscription was not found.')).toBeTruthy();
  });
});
