import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failWith } from '../../testing/fake-api';
import { expectNoA11yViolations, field } from '../../testing/queries';
import { currentLocation, INVESTOR, renderScreen } from '../../testing/render';
import LoginPage from './login-page';

const TO_SIGNUP = "Don't have an account? Sign up as investor";
// The demo server's default policy (Strong): 12 characters.
const POLICY = { 'GET /api/auth/password-policy': { policy: 'strong', minLength: 12 } } as const;

const alert = () => screen.getByRole('alert');

describe('Login page: investor sign-up', () => {
  it('validation messages come in the spec order (mismatch, length, name) and nothing is sent', async () => {
    const { user, api } = await renderScreen(<LoginPage />, { user: null, at: '/login', api: POLICY });
    await user.click(await screen.findByRole('button', { name: TO_SIGNUP }));
    expect(screen.getByText('Create your investor account')).toBeTruthy();
    // The policy's minimum in the hint.
    expect(await screen.findByText('At least 12 characters; not a common password or your email address.')).toBeTruthy();

    await user.type(field('Full Name'), '   ');
    await user.type(field('Email'), 'new@example.com');
    await user.type(field('Password'), 'abc');
    await user.type(field('Confirm Password'), 'abd');
    const submit = screen.getByRole('button', { name: 'Create Investor Account' });
    await user.click(submit);
    expect(alert().textContent).toBe('Passwords do not match');
    await expectNoA11yViolations('sign-up with error');

    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), 'abc');
    await user.click(submit);
    expect(alert().textContent).toBe('Password must be at least 12 characters');

    await user.clear(field('Password'));
    await user.type(field('Password'), 'abcdefghijkl');
    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), 'abcdefghijkl');
    await user.click(submit);
    expect(alert().textContent).toBe('Full name is required');

    expect(api.callsTo('POST /api/auth/sign-up')).toEqual([]);
  });

  it('a valid form is sent once; an already registered e-mail shows the inline message', async () => {
    const { user, api } = await renderScreen(<LoginPage />, {
      user: null,
      at: '/login',
      api: { ...POLICY, 'POST /api/auth/sign-up': failWith(409, 'Email already registered') },
    });
    await user.click(await screen.findByRole('button', { name: TO_SIGNUP }));
    await user.type(field('Full Name'), '  Nadia Noor ');
    await user.type(field('Email'), 'nadia@example.com');
    await user.selectOptions(field('Investor Type'), 'Family Office');
    await user.type(field('Password'), 'correct-horse-battery');
    await user.type(field('Confirm Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Create Investor Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Email already registered. Please use a different email or try logging in.',
    );
    expect(api.callsTo('POST /api/auth/sign-up').map((c) => c.body)).toEqual([
      { name: 'Nadia Noor', email: 'nadia@example.com', password: 'correct-horse-battery', investorType: 'family_office' },
    ]);
  });

  it('in Arabic: the same order of messages, in Arabic', async () => {
    const { user } = await renderScreen(<LoginPage />, { user: null, at: '/login', language: 'ar', api: POLICY });
    await user.click(await screen.findByRole('button', { name: 'ليس لديك حساب؟ سجّل كمستثمر' }));
    await user.type(field('الاسم الكامل'), ' ');
    await user.type(field('البريد الإلكتروني'), 'new@example.com');
    await user.type(field('كلمة المرور'), 'abc');
    await user.type(field('تأكيد كلمة المرور'), 'abd');
    const submit = screen.getByRole('button', { name: 'إنشاء حساب مستثمر' });
    await user.click(submit);
    expect(alert().textContent).toBe('كلمتا المرور غير متطابقتين');
    await user.clear(field('تأكيد كلمة المرور'));
    await user.type(field('تأكيد كلمة المرور'), 'abc');
    await user.click(submit);
    // The number is isolated (FSI...PDI) inside the Arabic sentence.
    expect(alert().textContent).toBe('يجب ألا تقل كلمة المرور عن \u206812\u2069 حرفًا');
    await user.clear(field('كلمة المرور'));
    await user.type(field('كلمة المرور'), 'abcdefghijkl');
    await user.clear(field('تأكيد كلمة المرور'));
    await user.type(field('تأكيد كلمة المرور'), 'abcdefghijkl');
    await user.click(submit);
    expect(alert().textContent).toBe('الاسم الكامل مطلوب');
  });
});

describe('Login page: sign in', () => {
  it('a pending account sees the pending message inline; an active one goes to its area', async () => {
    const { user, api } = await renderScreen(<LoginPage />, {
      user: null,
      at: '/login',
      api: { 'POST /api/auth/sign-in': failWith(403, 'Account pending approval', { code: 'ACCOUNT_PENDING' }) },
    });
    await user.type(await screen.findByLabelText('Email'), 'family@demo.example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever-it-is');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your account is pending approval. Please contact an administrator.');

    api.set({
      'POST /api/auth/sign-in': { user: INVESTOR, secondFactor: null },
      'GET /api/auth/me': { user: INVESTOR, secondFactor: null },
    });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expect.poll(currentLocation).toBe('/investor');
  });
});
