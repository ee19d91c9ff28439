import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataRequest } from '../../../shared/data-requests';
import { expectFieldError, expectNoA11yViolations, field } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { DataRequestsCard } from './data-requests-card';

const ANSWERED: DataRequest = {
  id: '90000000-0000-4000-8000-000000000001',
  investorId: '90000000-0000-4000-8000-0000000000aa',
  investorName: 'Grace Otieno',
  kind: 'erasure',
  details: '',
  status: 'answered',
  receivedAt: '2026-11-01T08:00:00.000Z',
  dueOn: '2026-12-01',
  answeredAt: '2026-11-02T08:00:00.000Z',
  answeredBy: 'Eve Admin',
  answer: 'Partly erased.',
  outcome: 'partly_refused',
  erasure: {
    erased: ['notification_choices', 'api_tokens'],
    kept: [{ category: 'identity_kyc', rule: 'DFSA AML 14.4 (record keeping): six years', keptUntil: '2032-03-11' }],
  },
  hasArchive: false,
};

describe('Profile: your data (data-subject requests)', () => {
  it('a correction needs details (a field error, nothing sent); an answered erasure shows what is kept, with the rule and the day', async () => {
    const { user, api } = await renderScreen(<DataRequestsCard />, {
      user: INVESTOR,
      api: { 'GET /api/investor/data-requests': { requests: [ANSWERED] } },
    });
    const list = await screen.findByRole('list', { name: 'Your requests' });
    expect(list.textContent).toContain('Partly refused');
    expect(within(list).getByTestId('kept-data').textContent).toContain(
      'Identity and KYC records: kept until 11 Mar 2032. DFSA AML 14.4 (record keeping): six years',
    );
    await user.selectOptions(field('What are you asking for?'), 'rectification');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expectFieldError(field('Details'), 'Say what is wrong and what it should be');
    expect(api.callsTo('POST /api/investor/data-requests')).toEqual([]);
    await expectNoA11yViolations('your data, field error');
  });
});
