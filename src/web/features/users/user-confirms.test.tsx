import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagedUser } from '../../../shared/users';
import { failWith } from '../../testing/fake-api';
import { ADMIN_USERS } from '../../testing/fixtures';
import { expectNoA11yViolations, findDialog, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import UserManagementPage from './user-management-page';

const OMAR: ManagedUser = {
  ...(ADMIN_USERS[0] as ManagedUser),
  id: '00000000-0000-4000-8000-000000000020',
  name: 'Omar Offshore',
  email: 'omar@fund.example.com',
  role: 'investor',
  userType: 'offshore_fund',
  adminUserType: null,
  investorUserType: 'offshore_fund',
  status: 'active',
  lastLogin: null,
};
const USERS = [...ADMIN_USERS, OMAR];
/** The toasts' descriptions (titles: `toastTexts`). */
const toastDescriptions = () => [...document.querySelectorAll('[data-sonner-toast] [data-description]')].map((d) => d.textContent?.trim());

async function openFromMenu(user: Awaited<ReturnType<typeof renderScreen>>['user'], item: string) {
  await user.click((await screen.findAllByRole('button', { name: 'Actions for Omar Offshore' }))[0] as HTMLElement);
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('User Management: Reset Password and Delete', () => {
  it('Reset Password says what happens; a refusal stays in the dialog; the temporary password is toasted', async () => {
    let refuse = true;
    const { user, api } = await renderScreen(<UserManagementPage />, {
      at: '/admin/users',
      api: {
        'GET /api/users': { users: USERS },
        'POST /api/users/:id/reset-password': () =>
          refuse ? failWith(429, 'Too many resets for this account, try again later') : { temporaryPassword: 'Tmp-7Qx9-Lm2P' },
      },
    });
    await openFromMenu(user, 'Reset Password');
    const dialog = await findDialog('Reset password for Omar Offshore?');
    expect(
      within(dialog).getByText(
        'A random temporary password replaces the current one and Omar Offshore is signed out everywhere. They must choose a new password at their next sign-in.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('The temporary password is shown once, in a notification, for 10 seconds: copy it before it closes.'),
    ).toBeTruthy();
    await expectNoA11yViolations('reset password dialog', dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many resets for this account, try again later');
    await expect.poll(toastTexts).toContain('Failed to reset password');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await expect.poll(toastTexts).toContain('Password reset successfully. Temporary password: Tmp-7Qx9-Lm2P');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(api.callsTo('POST /api/users/:id/reset-password').map((c) => c.params.id)).toEqual([OMAR.id, OMAR.id]);
  });

  it("Delete: Cancel sends nothing; a refusal for the user's records offers Suspend Instead; a delete is confirmed", async () => {
    let refusal = true;
    const { user, api } = await renderScreen(<UserManagementPage />, {
      at: '/admin/users',
      api: {
        'GET /api/users': { users: USERS },
        'DELETE /api/users/:id': () =>
          refusal
            ? failWith(409, 'This user holds assigned compliance items that must be kept. Suspend the account instead.', {
                code: 'HAS_RECORDS',
              })
            : { message: 'User deleted' },
        'PATCH /api/users/:id': { user: { ...OMAR, status: 'suspended' } },
      },
    });
    await openFromMenu(user, 'Delete');
    let dialog = await findDialog('Delete Omar Offshore?');
    expect(
      within(dialog).getByText('This removes the account of omar@fund.example.com and ends their sessions. It cannot be undone.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Suspend Instead' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE /api/users/:id')).toEqual([]);

    await openFromMenu(user, 'Delete');
    dialog = await findDialog('Delete Omar Offshore?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This user holds assigned compliance items that must be kept. Suspend the account instead.',
    );
    await expect.poll(toastTexts).toContain('Failed to delete user');
    await expectNoA11yViolations('delete refused', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Instead' }));
    await expect.poll(toastTexts).toContain('User status updated successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('PATCH /api/users/:id').map((c) => [c.params.id, c.body])).toEqual([[OMAR.id, { status: 'suspended' }]]);

    refusal = false;
    await openFromMenu(user, 'Delete');
    dialog = await findDialog('Delete Omar Offshore?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await expect.poll(toastTexts).toContain('User deleted successfully');
    expect(toastDescriptions()).toContain('Omar Offshore no longer has an account.');
    expect(api.callsTo('DELETE /api/users/:id').map((c) => c.params.id)).toEqual([OMAR.id, OMAR.id]);
  });
});
