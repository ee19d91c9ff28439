import { describe, expect, it } from 'vitest';
import {
  changePasswordForm,
  changePasswordInput,
  checkSignUpForm,
  FULL_NAME_REQUIRED,
  forgotPasswordForm,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  resetPasswordForm,
  type SignUpForm,
  signInInput,
  signUpInput,
} from './auth.ts';

const form = (over: Partial<SignUpForm> = {}): SignUpForm => ({
  name: 'Jane Investor',
  email: 'jane@example.com',
  investorType: 'hni',
  password: 'secret1',
  confirmPassword: 'secret1',
  ...over,
});

describe('checkSignUpForm (spec section 5, in order)', () => {
  it('uses the spec texts', () => {
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 6 characters');
    expect(FULL_NAME_REQUIRED).toBe('Full name is required');
  });

  it('accepts a valid form', () => {
    expect(checkSignUpForm(form())).toBeNull();
  });

  it('reports a mismatch before a short password and a blank name', () => {
    expect(checkSignUpForm(form({ name: '  ', password: 'abc', confirmPassword: 'abd' }))).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(checkSignUpForm(form({ password: 'secret1', confirmPassword: 'secret2' }))).toBe(PASSWORDS_DO_NOT_MATCH);
  });

  it('reports a short password before a blank name', () => {
    expect(checkSignUpForm(form({ name: '', password: 'abcde', confirmPassword: 'abcde' }))).toBe(PASSWORD_TOO_SHORT);
  });

  it('counts exactly 6 characters as long enough and 5 as too short', () => {
    expect(checkSignUpForm(form({ password: '123456', confirmPassword: '123456' }))).toBeNull();
    expect(checkSignUpForm(form({ password: '12345', confirmPassword: '12345' }))).toBe(PASSWORD_TOO_SHORT);
  });

  it('reports a name that is blank after trimming', () => {
    expect(checkSignUpForm(form({ name: '' }))).toBe(FULL_NAME_REQUIRED);
    expect(checkSignUpForm(form({ name: ' \t\n ' }))).toBe(FULL_NAME_REQUIRED);
    expect(checkSignUpForm(form({ name: '  Jo  ' }))).toBeNull();
  });
});

describe('signUpInput schema', () => {
  const base = { email: 'jane@example.com', password: 'secret1', name: 'Jane' };

  it('defaults the investor type to hni', () => {
    const r = signUpInput.safeParse(base);
    expect(r.success).toBe(true);
    expect(r.data?.investorType).toBe('hni');
  });

  it('accepts the three investor types and nothing else', () => {
    for (const t of ['hni', 'family_office', 'offshore_fund']) {
      expect(signUpInput.safeParse({ ...base, investorType: t }).data?.investorType).toBe(t);
    }
    for (const t of ['founder', 'HNI', 'venture', '', 3]) {
      const r = signUpInput.safeParse({ ...base, investorType: t });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['investorType']);
      expect(r.error?.issues[0]?.message).toBe('Choose a valid investor type');
    }
  });

  it('trims the e-mail and the name', () => {
    const r = signUpInput.parse({ ...base, email: '  jane@example.com ', name: '  Jane Doe  ' });
    expect(r.email).toBe('jane@example.com');
    expect(r.name).toBe('Jane Doe');
  });

  it('drops role, status and admin type from the input', () => {
    const r = signUpInput.parse({ ...base, role: 'admin', status: 'active', admin_user_type: 'founder' });
    expect(Object.keys(r).sort()).toEqual(['email', 'investorType', 'name', 'password']);
  });

  it.each([
    [{ ...base, email: undefined }, 'email', 'Email is required'],
    [{ ...base, email: '   ' }, 'email', 'Email is required'],
    [{ ...base, email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    [{ ...base, password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ ...base, password: undefined }, 'password', 'Password must be at least 6 characters'],
    [{ ...base, name: '   ' }, 'name', 'Full name is required'],
    [{ ...base, name: undefined }, 'name', 'Full name is required'],
  ])('rejects %j on %s with its message', (input, field, message) => {
    const r = signUpInput.safeParse(input);
    expect(r.success).toBe(false);
    const issue = r.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });

  it('keeps a 6-character password', () => {
    expect(signUpInput.safeParse({ ...base, password: '123456' }).success).toBe(true);
  });
});

describe('signInInput and changePasswordInput', () => {
  it('requires e-mail and password for sign-in', () => {
    expect(signInInput.safeParse({ email: 'a@b.example', password: 'x' }).success).toBe(true);
    expect(signInInput.safeParse({ email: '', password: 'x' }).error?.issues[0]?.message).toBe('Email is required');
    expect(signInInput.safeParse({ email: 'a@b.example', password: '' }).error?.issues[0]?.message).toBe('Password is required');
  });

  it('requires the current password and a new one of at least 6 characters', () => {
    expect(changePasswordInput.safeParse({ currentPassword: 'old', newPassword: 'newpass' }).success).toBe(true);
    expect(changePasswordInput.safeParse({ currentPassword: '', newPassword: 'newpass' }).error?.issues[0]?.path).toEqual([
      'currentPassword',
    ]);
    const short = changePasswordInput.safeParse({ currentPassword: 'old', newPassword: '12345' });
    expect(short.error?.issues[0]?.path).toEqual(['newPassword']);
    expect(short.error?.issues[0]?.message).toBe(PASSWORD_TOO_SHORT);
  });
});

describe('the password forms (reset, change) and forgot password', () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

  it('checks the policy length first, then the confirmation, one message on its field', () => {
    expect(issues(resetPasswordForm(12).safeParse({ newPassword: 'short', confirmPassword: 'other' }))).toEqual([
      ['newPassword', 'Password must be at least 12 characters'],
    ]);
    expect(issues(resetPasswordForm(12).safeParse({ newPassword: 'long-enough-pw', confirmPassword: 'other' }))).toEqual([
      ['confirmPassword', PASSWORDS_DO_NOT_MATCH],
    ]);
    expect(resetPasswordForm(12).safeParse({ newPassword: 'long-enough-pw', confirmPassword: 'long-enough-pw' }).success).toBe(true);
    expect(issues(changePasswordForm().safeParse({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' }))).toEqual([
      ['newPassword', PASSWORD_TOO_SHORT],
    ]);
  });

  it('forgot password needs an e-mail that is not blank', () => {
    expect(issues(forgotPasswordForm.safeParse({ email: '   ' }))).toEqual([['email', 'Email is required']]);
    expect(forgotPasswordForm.safeParse({ email: 'a@example.com' }).success).toBe(true);
  });
});
