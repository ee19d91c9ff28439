import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EvidencePack } from '../../../shared/evidence';
import type { ManagedUser } from '../../../shared/users';
import { expectNoA11yViolations } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { EvidencePacksCard } from './evidence-packs-card';

const INVESTOR: ManagedUser = {
  id: '00000000-0000-4000-8000-0000000000b1',
  email: 'amal@example.com',
  name: 'Amal Investor',
  role: 'investor',
  userType: null,
  adminUserType: null,
  investorUserType: 'hni',
  status: 'active',
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const RUNNING: EvidencePack = {
  id: '00000000-0000-4000-8000-0000000000e1',
  scope: 'investor',
  subjectId: INVESTOR.id,
  subjectName: 'Amal Investor',
  from: null,
  to: null,
  status: 'running',
  progress: { done: 3, total: 12 },
  fileCount: null,
  byteSize: null,
  sha256: null,
  headSeq: null,
  headHash: null,
  error: null,
  createdBy: 'Fatima Founder',
  createdAt: '2026-11-27T08:00:00.000Z',
  completedAt: null,
};

describe('Evidence packs card', () => {
  it('asks for the investor, the days of a period in order, then queues the pack; shows a running pack with its progress', async () => {
    const { user, api } = await renderScreen(<EvidencePacksCard />, {
      at: '/admin/audit-trail',
      api: {
        'GET /api/evidence-packs': { packs: [RUNNING] },
        'GET /api/users': { users: [INVESTOR] },
        'GET /api/deals/options': { deals: [] },
        'POST /api/evidence-packs': { pack: { ...RUNNING, id: '00000000-0000-4000-8000-0000000000e2', progress: { done: 0, total: 0 } } },
      },
    });
    const list = await screen.findByRole('list', { name: 'Evidence packs produced' });
    expect(within(list).getByText('Investor: Amal Investor')).toBeTruthy();
    expect(within(list).getByText('Producing')).toBeTruthy();
    expect(within(list).getByRole('progressbar', { name: 'Step 3 of 12' }).getAttribute('aria-valuenow')).toBe('25');

    // No investor chosen: a field error, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Produce evidence pack' }));
    expect(await screen.findByText('Choose the investor')).toBeTruthy();
    expect(screen.getByLabelText('Investor to cover').getAttribute('aria-invalid')).toBe('true');
    // A period whose last day is before its first: the error on the last day.
    await user.selectOptions(screen.getByLabelText('Covering'), 'period');
    await user.type(screen.getByLabelText('First day'), '2026-02-01');
    await user.type(screen.getByLabelText('Last day'), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Produce evidence pack' }));
    expect(await screen.findByText('The last day must not be before the first')).toBeTruthy();
    expect(api.callsTo('POST /api/evidence-packs')).toHaveLength(0);
    await expectNoA11yViolations('evidence packs, field errors');

    // An investor chosen: queued.
    await user.selectOptions(screen.getByLabelText('Covering'), 'investor');
    await user.selectOptions(screen.getByLabelText('Investor to cover'), INVESTOR.id);
    await user.click(screen.getByRole('button', { name: 'Produce evidence pack' }));
    expect(await screen.findByText('The evidence pack is being produced')).toBeTruthy();
    expect(api.callsTo('POST /api/evidence-packs').map((c) => c.body)).toEqual([{ scope: 'investor', subjectId: INVESTOR.id }]);
  });
});
