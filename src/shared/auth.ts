import { z } from 'zod';
import {
  type AccountStatus,
  INVESTOR_USER_TYPES,
  type InvestorUserType,
  MIN_PASSWORD_LENGTH,
  type Role,
  type UserType,
} from './constants.ts';
import { EMAIL_PLACEHOLDER_REFUSED, emailAddressField, PLACEHOLDER_ADMIN_EMAIL, signInEmailField } from './email-address.ts';
import { DIGITS, type Digits } from './i18n/languages.ts';
import { passwordTooShortFor } from './password-policy.ts';
import { personNameField } from './person-name.ts';
import { LANGUAGES, type Language } from './settings.ts';

/** The App user of spec section 3, as the session endpoint returns it. */
export interface AppUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  userType: UserType | null;
  status: AccountStatus;
  /** True while the user holds a generated or temporary password that must be changed. */
  mustChangePassword: boolean;
  /** The language the user chose (issue 16); null follows the company default. */
  language: Language | null;
  /** The digits the user reads numbers in on Arabic pages (issue 16); 'latn' unless they chose otherwise. */
  digits: Digits;
}

/** Body of PUT /api/auth/language: the signed-in user's own language choice, its digits, or both. */
export const languageInput = z
  .object({
    language: z.enum(LANGUAGES, { error: 'Choose English or Arabic' }).optional(),
    digits: z.enum(DIGITS, { error: 'Choose Western or Arabic-Indic digits' }).optional(),
  })
  .strict()
  .refine((v) => v.language !== undefined || v.digits !== undefined, { error: 'Choose English or Arabic' });

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const FULL_NAME_REQUIRED = 'Full name is required';

// The canonical form of decision record 028: what sign-up stores is what sign-in looks up.
const email = emailAddressField;

/** Body of POST /api/auth/sign-up. Role and status are never read from it. */
export const signUpInput = z.object({
  email,
  password: z.string({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(200, 'Password is too long'),
  name: personNameField(FULL_NAME_REQUIRED, 'Full name is too long'),
  investorType: z.enum(INVESTOR_USER_TYPES, { error: 'Choose a valid investor type' }).default('hni'),
});
export type SignUpInput = z.input<typeof signUpInput>;

export interface SignUpForm {
  name: string;
  email: string;
  investorType: InvestorUserType;
  password: string;
  confirmPassword: string;
}

/**
 * The sign-up form's own checks, in the spec's order (section 5): passwords match,
 * password length, full name. Returns the first failing message or null.
 */
export function checkSignUpForm(form: SignUpForm, minLength = MIN_PASSWORD_LENGTH): string | null {
  if (form.password !== form.confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  // The password policy's minimum (basic 8, strong 12, enterprise 16) when the form knows it.
  if (form.password.length < minLength) return `Password must be at least ${minLength} characters`;
  if (form.name.trim() === '') return FULL_NAME_REQUIRED;
  return null;
}

export const signInInput = z.object({
  email: signInEmailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});

export const changePasswordInput = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: z.string({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(200, 'Password is too long'),
  /** The real address, at the first sign-in of the administrator a new install created (asksForRealEmail). */
  email: emailAddressField.optional(),
});

/** Error codes the auth API returns so the UI can show the spec's catalogue. */
export const AUTH_ERRORS = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  pending: 'ACCOUNT_PENDING',
  suspended: 'ACCOUNT_SUSPENDED',
  alreadyRegistered: 'ALREADY_REGISTERED',
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  rateLimited: 'RATE_LIMITED',
  apiRateLimited: 'API_RATE_LIMITED',
  secondFactorRequired: 'SECOND_FACTOR_REQUIRED',
  secondFactorEnrol: 'SECOND_FACTOR_ENROL',
  ipNotAllowed: 'IP_NOT_ALLOWED',
} as const;

/** Sign-in's answer: the user, and the second step still needed, if any. */
export interface SignInResult {
  user: AppUser;
  secondFactor: 'verify' | 'enrol' | null;
}

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'Invalid authentication code',
  enrolRequired: 'Two-factor authentication is required for administrators. Set it up to continue.',
} as const;

export const twoFactorCodeInput = z.object({
  code: z.string({ error: 'Enter the code' }).trim().min(1, 'Enter the code').max(40, 'Enter the code'),
});

/** GET /api/auth/two-factor */
export interface TwoFactorStatus {
  enabled: boolean;
  /** The setting requires it for this user (admins while two-factor is on). */
  required: boolean;
  recoveryCodesLeft: number;
}

/** POST /api/auth/two-factor/setup */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

/**
 * The new-password block the reset and change pages share: the policy's minimum length first,
 * then the confirmation (one message at a time, on the field it is about).
 */
function checkNewPassword(minLength: number) {
  return (v: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) => {
    if (v.newPassword.length < minLength) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: passwordTooShortFor(minLength) });
    else if (v.newPassword !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
  };
}

/** The Set a new password form (reset link). */
export const resetPasswordForm = (minLength = MIN_PASSWORD_LENGTH) =>
  z.object({ newPassword: z.string(), confirmPassword: z.string() }).superRefine(checkNewPassword(minLength));

/**
 * The Change password form; at the first sign-in of the administrator a new install created
 * (asksForRealEmail), it also asks for the real e-mail address, first.
 */
export const changePasswordForm = (minLength = MIN_PASSWORD_LENGTH, askEmail = false) =>
  z
    .object({
      email: z.string().optional(),
      currentPassword: z.string().min(1, 'Current password is required'),
      newPassword: z.string(),
      confirmPassword: z.string(),
    })
    .superRefine((v, ctx) => {
      if (askEmail) {
        const email = emailAddressField.safeParse(v.email ?? '');
        const message = email.success
          ? email.data === PLACEHOLDER_ADMIN_EMAIL
            ? EMAIL_PLACEHOLDER_REFUSED
            : null
          : (email.error.issues[0]?.message ?? EMAIL_PLACEHOLDER_REFUSED);
        if (message) ctx.addIssue({ code: 'custom', path: ['email'], message });
      }
      checkNewPassword(minLength)(v, ctx);
    });

/** The Forgot password? form. */
export const forgotPasswordForm = z.object({ email: z.string().refine((s) => s.trim() !== '', 'Email is required') });

/** The Sign in form: the browser asks for both fields; the server answers everything else. */
export const signInForm = z.object({ email: z.string(), password: z.string() });

/** The Investor sign-up form's values; its checks come in the spec's order (checkSignUpForm). */
export const signUpForm = z.object({
  name: z.string(),
  email: z.string(),
  investorType: z.enum(INVESTOR_USER_TYPES),
  password: z.string(),
  confirmPassword: z.string(),
});
