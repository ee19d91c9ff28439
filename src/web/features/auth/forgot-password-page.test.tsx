import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render';
import ForgotPasswordPage from './forgot-password-page';

describe('Forgot password', () => {
  it('asks for the e-mail address before sending, then shows the same answer for any address', async () => {
    const { user, screen, api } = await renderScreen(<ForgotPasswordPage />, {
      user: null,
      api: { 'POST /api/auth/forgot-password': { message: 'ignored: the page shows its own sentence' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveProperty('ariaInvalid', 'true');
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/forgot-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an active account uses that address, we have sent it a link to set a new password. The link is valid for 30 minutes.',
    );
    expect(api.callsTo('POST /api/auth/forgot-password').map((c) => c.body)).toEqual([{ email: 'someone@example.com' }]);
  });

  it('in Arabic: the required message and the answer in Arabic', async () => {
    const { user, screen } = await renderScreen(<ForgotPasswordPage />, {
      user: null,
      language: 'ar',
      api: { 'POST /api/auth/forgot-password': { message: 'ok' } },
    });
    await user.click(await screen.findByRole('button', { name: 'إرسال رابط إعادة التعيين' }));
    expect(screen.getByText('البريد الإلكتروني مطلوب')).toBeTruthy();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'إذا كان هذا العنوان مستخدمًا في حساب نشط، فقد أرسلنا إليه رابطًا لتعيين كلمة مرور جديدة. الرابط صالح لمدة 30 دقيقة.',
    );
  });
});
