import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../shared/format';
import { type Envelope, SIGNING_MESSAGES } from '../../../shared/signing';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { CountersignQueue } from './countersign-queue';

const SIGNED: Envelope = {
  id: '70000000-0000-4000-8000-000000000002',
  subscriptionId: '50000000-0000-4000-8000-000000000002',
  dealId: '20000000-0000-4000-8000-000000000001',
  dealTitle: 'Mombasa Oil Trading Facility',
  investorId: '00000000-0000-4000-8000-000000000002',
  investorName: 'Ian Investor',
  investorEmail: 'investor@demo.example.com',
  amount: '250000.50',
  status: 'signed',
  packVersion: 1,
  pageCount: 3,
  documentSha256: 'b'.repeat(64),
  executedSha256: null,
  expiresAt: '2026-12-31T20:00:00.000Z',
  signedAt: '2026-11-20',
  executedAt: null,
  reason: null,
  createdAt: '2026-11-18T08:00:00.000Z',
  events: [],
};

describe('Agreements to countersign (issue 30)', () => {
  it('lists a signed agreement; the server’s refusal shows on its field; the countersignature is sent with the signatory', async () => {
    let done = false;
    const { user, api } = await renderScreen(<CountersignQueue />, {
      api: {
        'GET /api/signing/envelopes': () => ({ envelopes: done ? [] : [SIGNED] }),
        'POST /api/signing/envelopes/:id/countersign': (req) => {
          const body = req.body as { password: string };
          if (body.password !== 'right')
            return failWith(400, SIGNING_MESSAGES.wrongPassword, { fields: { password: SIGNING_MESSAGES.wrongPassword } });
          done = true;
          return { envelope: { ...SIGNED, status: 'executed' } };
        },
      },
    });
    const item = await screen.findByRole('group', { name: 'Ian Investor · Mombasa Oil Trading Facility' });
    expect(item.textContent?.replace(/[\u200e\u200f\u2066-\u2069]/g, '')).toContain(
      `$250,000.50 · Signed by the investor on ${formatDate('2026-11-20')}`,
    );
    expect(within(item).getByRole('link', { name: 'Open the signed agreement (PDF)' }).getAttribute('href')).toBe(
      `/api/signing/envelopes/${SIGNED.id}/document`,
    );
    const form = within(item).getByRole('form', { name: 'Countersign the agreement of Ian Investor for Mombasa Oil Trading Facility' });
    // The signatory's name starts as the signed-in admin's.
    expect((field('Your name', form) as HTMLInputElement).value).toBe('Fatima Founder');
    expect(api.calls.find((c) => c.key === 'GET /api/signing/envelopes')?.query.get('status')).toBe('signed');

    await user.type(field('Your title', form), 'General Counsel');
    await user.type(field('Your password', form), 'wrong');
    await user.click(within(form).getByRole('button', { name: 'Countersign' }));
    await expect.poll(toastTexts).toContain('The agreement could not be countersigned');
    expectFieldError(field('Your password', form), 'The password is incorrect');
    await expectNoA11yViolations('countersign with the server’s message', item);

    await user.clear(field('Your password', form));
    await user.type(field('Your password', form), 'right');
    await user.click(within(form).getByRole('button', { name: 'Countersign' }));
    await expect.poll(toastTexts).toContain('Countersigned: the subscription is complete.');
    expect(await screen.findByText('No agreement is waiting for countersignature.')).toBeTruthy();
    expect(api.callsTo('POST /api/signing/envelopes/:id/countersign').map((c) => [c.params.id, c.body])).toEqual([
      [SIGNED.id, { name: 'Fatima Founder', title: 'General Counsel', password: 'wrong' }],
      [SIGNED.id, { name: 'Fatima Founder', title: 'General Counsel', password: 'right' }],
    ]);
  });

  it('says so when the queue cannot be loaded', async () => {
    await renderScreen(<CountersignQueue />, { api: { 'GET /api/signing/envelopes': failWith(500, 'Database unavailable') } });
    expect(await screen.findByText('The agreement could not be countersigned')).toBeTruthy();
  });
});
