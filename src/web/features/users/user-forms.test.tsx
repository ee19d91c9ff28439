import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ADMIN_USERS } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field, findDialog } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { CreateUserForm, EditUserForm } from './user-forms';

const noop = () => {};
const POLICY = { 'GET /api/auth/password-policy': { policy: 'strong', minLength: 12 } } as const;

describe('User Management forms', () => {
  it('Add Admin User: name, e-mail and a password of the minimum length; nothing sent before', async () => {
    const { user, api } = await renderScreen(
      <Dialog open>
        <DialogContent>
          <CreateUserForm onDone={noop} />
        </DialogContent>
      </Dialog>,
      { api: POLICY },
    );
    const dialog = await findDialog('Add Admin User');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expectFieldError(field('Name', dialog), 'Name is required');
    expect(document.activeElement).toBe(field('Name', dialog));
    await user.type(field('Name', dialog), 'Chris CIO');
    await user.type(field('Email', dialog), 'chris@example.com');
    await user.type(field('Password', dialog), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    // createUserInput's own minimum (the policy's stricter one is the server's word).
    expectFieldError(field('Password', dialog), 'Password must be at least 6 characters');
    expect(document.activeElement).toBe(field('Password', dialog));
    await expectNoA11yViolations('add user dialog with error', dialog);
    expect(api.callsTo('POST /api/users')).toEqual([]);
  });

  it('Edit: a name of spaces is refused on the client', async () => {
    const { user, api } = await renderScreen(
      <Dialog open>
        <DialogContent>
          <EditUserForm user={ADMIN_USERS[1] as (typeof ADMIN_USERS)[number]} isSelf={false} onDone={noop} />
        </DialogContent>
      </Dialog>,
    );
    const dialog = await findDialog();
    await user.clear(field('Name', dialog));
    await user.type(field('Name', dialog), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expectFieldError(field('Name', dialog), 'Name is required');
    expect(api.callsTo('PATCH /api/users/:id')).toEqual([]);
  });
});
