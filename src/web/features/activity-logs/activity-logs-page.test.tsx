import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityLogPage } from '../../../shared/activity';
import { expectNoA11yViolations } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import ActivityLogsPage from './activity-logs-page';

const PAGE: ActivityLogPage = {
  logs: [
    {
      id: 2,
      activityType: 'user_login',
      userId: '00000000-0000-4000-8000-000000000001',
      userName: 'Fatima Founder',
      userEmail: 'founder@demo.example.com',
      targetUserId: null,
      targetName: null,
      targetEmail: null,
      details: {},
      ipAddress: '203.0.113.10',
      createdAt: '2026-11-26T08:00:00.000Z',
    },
    {
      id: 1,
      activityType: 'user_login_failed',
      userId: null,
      userName: null,
      userEmail: null,
      targetUserId: null,
      targetName: null,
      targetEmail: null,
      details: {},
      ipAddress: '198.51.100.7',
      createdAt: '2026-11-26T07:00:00.000Z',
    },
  ],
  total: 2,
  totalCapped: false,
  nextCursor: null,
};

describe('Activity Logs', () => {
  it('the records newest first, with user, activity label and IP; the search goes to the server', async () => {
    const { user, api } = await renderScreen(<ActivityLogsPage />, { at: '/admin/activity-logs', api: { 'GET /api/activity-logs': PAGE } });
    const table = await screen.findByRole('table', { name: 'Activity logs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('User login');
    expect(rows[0]?.textContent).toContain('Fatima Founder');
    expect(rows[0]?.textContent).toContain('203.0.113.10');
    expect(rows[1]?.textContent).toContain('Failed sign-in');
    expect(rows[1]?.textContent).toContain('System');
    expect(screen.getByText('2 records found')).toBeTruthy();
    await expectNoA11yViolations('activity logs');

    await user.type(screen.getByRole('searchbox', { name: 'Search activity logs' }), '203.0.113');
    await expect.poll(() => api.callsTo('GET /api/activity-logs').some((c) => c.query.get('search') === '203.0.113')).toBe(true);
  });

  it('nothing found: the empty message', async () => {
    await renderScreen(<ActivityLogsPage />, {
      at: '/admin/activity-logs',
      api: { 'GET /api/activity-logs': { logs: [], total: 0, totalCapped: false, nextCursor: null } },
    });
    expect((await screen.findAllByText('No activity logs found')).length).toBeGreaterThan(0);
  });
});
