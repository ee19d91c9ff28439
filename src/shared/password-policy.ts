import type { Settings } from './settings.ts';

/** The settings' password policies (spec section 9): basic 8+, strong 12+, enterprise 16+. */
export const PASSWORD_POLICY_MIN_LENGTH: Record<Settings['passwordPolicy'], number> = { basic: 8, strong: 12, enterprise: 16 };

export const passwordTooShortFor = (minLength: number) => `Password must be at least ${minLength} characters`;
export const PASSWORD_CONTAINS_EMAIL = 'Password must not contain the part of your email address before the @';
export const PASSWORD_TOO_COMMON = 'This password is one of the most common passwords. Choose another.';

/**
 * The rules every new password must pass that need no word list: the policy's length and not
 * containing the e-mail's local part. Returns the failing rule's message or null. (The server
 * adds the common-password list.)
 */
export function checkPasswordRules(password: string, policy: Settings['passwordPolicy'], email: string | null): string | null {
  const min = PASSWORD_POLICY_MIN_LENGTH[policy];
  if (password.length < min) return passwordTooShortFor(min);
  const local = (email ?? '').split('@')[0]?.trim().toLowerCase() ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local)) return PASSWORD_CONTAINS_EMAIL;
  return null;
}

/** GET /api/auth/password-policy: what the forms tell users before they submit. */
export interface PasswordPolicyInfo {
  policy: Settings['passwordPolicy'];
  minLength: number;
}
