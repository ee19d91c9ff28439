import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, expectNoFieldError, field, toastTexts } from '../../testing/queries';
import { ADMIN, currentLocation, renderScreen } from '../../testing/render';
import ChangePasswordPage from './change-password-page';

// The Security tab's Strong policy: 12 characters (the demo server's default).
const POLICY = { policy: 'strong', minLength: 12 } as const;

describe('Change password', () => {
  it('the current password, the policy’s length and a matching confirmation; the server’s refusal; then sent', async () => {
    const { user, api } = await renderScreen(<ChangePasswordPage />, {
      at: '/change-password',
      path: '/change-password',
      api: { 'GET /api/auth/password-policy': POLICY, 'POST /api/auth/change-password': { message: 'Password changed' } },
    });
    expect(await screen.findByText('Choose a new password for your account.')).toBeTruthy();
    await screen.findByText('At least 12 characters; not a common password or your email address.');
    const current = field('Current password');
    const next = field('New password');
    const confirm = field('Confirm new password');
    const submit = screen.getByRole('button', { name: 'Change Password' });

    await user.click(submit);
    expectFieldError(current, 'Current password is required');
    expectFieldError(next, 'Password must be at least 12 characters');
    expect(document.activeElement).toBe(current);
    await expectNoA11yViolations('change password with errors');

    await user.type(current, 'old-password-1');
    await user.type(next, 'eleven-char');
    await user.click(submit);
    expectNoFieldError(current);
    expectFieldError(next, 'Password must be at least 12 characters');
    await user.type(next, 's');
    await user.type(confirm, 'eleven-chars-typo');
    await user.click(submit);
    expectNoFieldError(next);
    expectFieldError(confirm, 'Passwords do not match');
    expect(document.activeElement).toBe(confirm);
    expect(api.callsTo('POST /api/auth/change-password')).toEqual([]);

    await user.clear(confirm);
    await user.type(confirm, 'eleven-chars');
    api.set({
      'POST /api/auth/change-password': failWith(400, 'Current password is incorrect', {
        fields: { currentPassword: 'Current password is incorrect' },
      }),
    });
    await user.click(submit);
    await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true');
    expectFieldError(current, 'Current password is incorrect');
    expect(currentLocation()).toBe('/change-password');

    api.set({ 'POST /api/auth/change-password': { message: 'Password changed' } });
    await user.clear(current);
    await user.type(current, 'old-password-2');
    await user.click(submit);
    await expect.poll(toastTexts).toContain('Password changed successfully');
    expect(api.callsTo('POST /api/auth/change-password').map((c) => c.body)).toEqual([
      { currentPassword: 'old-password-1', newPassword: 'eleven-chars' },
      { currentPassword: 'old-password-2', newPassword: 'eleven-chars' },
    ]);
    await expect.poll(currentLocation).toBe('/admin');
  });

  it('a temporary password: the forced subtitle and no Cancel; in Arabic the messages in Arabic', async () => {
    const { user } = await renderScreen(<ChangePasswordPage />, {
      at: '/change-password',
      user: { ...ADMIN, mustChangePassword: true },
      api: { 'GET /api/auth/password-policy': POLICY },
      language: 'ar',
    });
    await user.click(await screen.findByRole('button', { name: 'تغيير كلمة المرور' }));
    expectFieldError(field('كلمة المرور الحالية'), 'كلمة المرور الحالية مطلوبة');
    expectFieldError(field('كلمة المرور الجديدة'), 'يجب ألا تقل كلمة المرور عن \u206812\u2069 حرفًا');
    expect(screen.getByText('سجّلت الدخول بكلمة مرور مؤقتة. اختر كلمة مرور خاصة بك للمتابعة.')).toBeTruthy();
    // Only the submit button: no Cancel while the temporary password must go.
    expect(screen.queryAllByRole('button')).toHaveLength(1);
  });
});
