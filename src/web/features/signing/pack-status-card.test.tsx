import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Envelope, PackStatusRow, SubscriptionPack } from '../../../shared/signing';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { PackStatusCard } from './pack-status-card';

const DEAL = '11111111-1111-4111-8111-111111111111';
const SUB = '22222222-2222-4222-8222-222222222222';
const ENV = '33333333-3333-4333-8333-333333333333';

const pack: SubscriptionPack = {
  id: '44444444-4444-4444-8444-444444444444',
  dealId: DEAL,
  version: 2,
  fileName: 'agreement.pdf',
  byteSize: 1000,
  sha256: 'a'.repeat(64),
  pageCount: 3,
  fields: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  missing: [],
};
const row: PackStatusRow = {
  subscriptionId: SUB,
  investorName: 'Amina Okafor',
  investorEmail: 'amina@example.com',
  amount: '250000.5',
  status: 'in_progress',
  envelopeId: ENV,
  createdAt: '2026-11-20T08:00:00.000Z',
  signedAt: null,
  executedAt: null,
  closedAt: null,
};
const envelope: Envelope = {
  id: ENV,
  subscriptionId: SUB,
  dealId: DEAL,
  dealTitle: 'Lamu Port Logistics',
  investorId: '55555555-5555-4555-8555-555555555555',
  investorName: 'Amina Okafor',
  investorEmail: 'amina@example.com',
  amount: '250000.5',
  status: 'sent',
  packVersion: 2,
  pageCount: 3,
  documentSha256: 'b'.repeat(64),
  executedSha256: null,
  expiresAt: '2026-12-20T08:00:00.000Z',
  signedAt: null,
  executedAt: null,
  reason: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  events: [{ seq: 1, kind: 'created', actorName: 'Amina Okafor', ip: '203.0.113.7', at: '2026-11-20T08:00:00.000Z', details: {} }],
};

describe('the deal page signing status (issue 30)', () => {
  it('lists each investor, opens the trail, and voids with a required reason (field-level), the server message on the field', async () => {
    let voids = 0;
    const { user, api } = await renderScreen(<PackStatusCard dealId={DEAL} />, {
      at: `/admin/deals/${DEAL}`,
      api: {
        'GET /api/deals/:id/subscription-pack': { pack },
        'GET /api/deals/:id/subscription-pack/status': { rows: [row] },
        'GET /api/signing/envelopes/:id': { envelope },
        'POST /api/signing/envelopes/:id/void': () =>
          ++voids === 1
            ? failWith(400, 'At most 1,000 characters', { fields: { reason: 'At most 1,000 characters' } })
            : { envelope: { ...envelope, status: 'voided', reason: 'Wrong amount' } },
      },
    });
    const table = await screen.findByRole('table', { name: 'Signing status of each investor' });
    const r = within(table).getByRole('row', { name: /Amina Okafor/ });
    // 250000.5 in the product's exact USD format, written by hand.
    expect(r.textContent).toContain('$250,000.50');
    expect(r.textContent).toContain('In progress');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(`/api/deals/${DEAL}/subscription-pack/status.csv`);
    await expectNoA11yViolations('status table');

    await user.click(within(r).getByRole('button', { name: 'Details of the agreement of Amina Okafor' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('signing-trail').textContent).toContain('Agreement generated');
    expect(within(dialog).getByTestId('signing-trail').textContent).toContain('IP 203.0.113.7');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    await user.click(within(dialog).getByRole('button', { name: 'Void the agreement' }));
    expectFieldError(field('Reason'), 'Give a reason');
    expect(api.callsTo('POST /api/signing/envelopes/:id/void')).toHaveLength(0);
    await user.type(field('Reason'), '  Wrong amount ');
    await user.click(within(dialog).getByRole('button', { name: 'Void the agreement' }));
    await expect.poll(() => field('Reason').getAttribute('aria-invalid')).toBe('true');
    expectFieldError(field('Reason'), 'At most 1,000 characters');
    await expectNoA11yViolations('void dialog with an error');
    await user.click(within(dialog).getByRole('button', { name: 'Void the agreement' }));
    expect(api.callsTo('POST /api/signing/envelopes/:id/void').map((c) => c.body)).toEqual([
      { reason: 'Wrong amount' },
      { reason: 'Wrong amount' },
    ]);
  });

  it('says when the deal has no agreement', async () => {
    await renderScreen(<PackStatusCard dealId={DEAL} />, { api: { 'GET /api/deals/:id/subscription-pack': { pack: null } } });
    expect(await screen.findByText(/This deal has no subscription agreement yet/)).toBeTruthy();
  });
});
