import { screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { currentLocation, renderScreen } from '../../testing/render';
import ResetPasswordPage from './reset-password-page';

// The Security tab's Strong policy: 12 characters (the demo server's default).
const POLICY = { policy: 'strong', minLength: 12 } as const;

describe('Set a new password (reset link)', () => {
  it('a link without its token is refused; with one, the policy’s length and a match, then the new password is sent', async () => {
    // The token travels in the page's own URL fragment; the test page's address is put back after.
    const original = window.location.href;
    onTestFinished(() => window.history.replaceState(null, '', original));
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    await renderScreen(<ResetPasswordPage />, { user: null, at: '/reset-password', api: { 'GET /api/auth/password-policy': POLICY } });
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired. Request a new one.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');

    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}#token=abc123`);
    const { user, api } = await renderScreen(<ResetPasswordPage />, {
      user: null,
      at: '/reset-password',
      path: '/reset-password',
      api: {
        'GET /api/auth/password-policy': POLICY,
        'POST /api/auth/reset-password/check': { valid: true },
        'POST /api/auth/reset-password': { message: 'ok' },
      },
    });
    const submit = await screen.findByRole('button', { name: 'Set new password' });
    await screen.findByText('At least 12 characters; not a common password or your email address.');
    await user.type(field('New password'), 'short');
    await user.click(submit);
    expectFieldError(field('New password'), 'Password must be at least 12 characters');
    expect(document.activeElement).toBe(field('New password'));
    await expectNoA11yViolations('reset password with an error');
    await user.type(field('New password'), '-but-long-now');
    await user.type(field('Confirm new password'), 'short-but-long-no');
    await user.click(submit);
    expectFieldError(field('Confirm new password'), 'Passwords do not match');
    expect(api.callsTo('POST /api/auth/reset-password')).toEqual([]);

    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'short-but-long-now');
    await user.click(submit);
    await expect.poll(toastTexts).toContain('Your password has been changed. Sign in with your new password.');
    expect(api.callsTo('POST /api/auth/reset-password/check').map((c) => c.body)).toEqual([{ token: 'abc123' }]);
    expect(api.callsTo('POST /api/auth/reset-password').map((c) => c.body)).toEqual([{ token: 'abc123', password: 'short-but-long-now' }]);
    // The used link leaves the address bar.
    expect(window.location.hash).toBe('');
    await expect.poll(currentLocation).toBe('/login');
  });
});
