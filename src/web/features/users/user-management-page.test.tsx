import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagedUser } from '../../../shared/users';
import { ADMIN_USERS } from '../../testing/fixtures';
import { expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { currentLocation, renderScreen } from '../../testing/render';
import UserManagementPage from './user-management-page';

const PENDING: ManagedUser = {
  ...(ADMIN_USERS[0] as ManagedUser),
  id: '00000000-0000-4000-8000-000000000020',
  name: 'Omar Offshore',
  email: 'omar@fund.example.com',
  role: 'investor',
  userType: 'offshore_fund',
  adminUserType: null,
  investorUserType: 'offshore_fund',
  status: 'pending',
  lastLogin: null,
};
const USERS = [...ADMIN_USERS, PENDING];
const countText = () => screen.getByTestId('users-count').textContent ?? '';

describe('User Management', () => {
  it('every account; role and status filters and the search narrow the list and live in the URL; no match offers Clear filters', async () => {
    const { user } = await renderScreen(<UserManagementPage />, { at: '/admin/users', api: { 'GET /api/users': { users: USERS } } });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3);
    expect(countText()).toContain('Showing 3 of 3 users');
    await expectNoA11yViolations('user management');

    await user.selectOptions(field('Role'), 'investor');
    expect(countText()).toContain('Showing 1 of 3 users');
    expect(currentLocation()).toContain('role=investor');
    await user.selectOptions(field('Status'), 'pending');
    expect(within(table).getAllByRole('row').slice(1)[0]?.textContent).toContain('Omar Offshore');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect((await screen.findAllByText('No users match your search and filters.')).length).toBeGreaterThan(0);
    // Clearing writes the live URL (window.location, which the test's memory router does not
    // move): e2e/users.spec.ts clicks it in the app; here the button is offered.
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  });

  it('Approve & Activate on a pending sign-up sends the status and confirms it', async () => {
    const { user, api } = await renderScreen(<UserManagementPage />, {
      at: '/admin/users',
      api: { 'GET /api/users': { users: USERS }, 'PATCH /api/users/:id': { user: { ...PENDING, status: 'active' } } },
    });
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getAllByRole('button', { name: 'Actions for Omar Offshore' })[0] as HTMLElement);
    await user.click(await screen.findByRole('menuitem', { name: 'Approve & Activate' }));
    await expect
      .poll(() => api.callsTo('PATCH /api/users/:id').map((c) => [c.path, c.body]))
      .toEqual([[`/api/users/${PENDING.id}`, { status: 'active' }]]);
    await expect.poll(toastTexts).toContain('User status updated successfully');
    expect(screen.getByText('Omar Offshore is now active.')).toBeTruthy();
  });
});
