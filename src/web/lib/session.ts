import type { SignUpInput } from '../../shared/auth';
import type { Digits, Language } from '../../shared/i18n/languages';
import { apiGet, apiPost, apiPut } from './api';

/**
 * The session's requests, which the auth context (auth-context.tsx) holds the state of
 * (decision record 032). They are plain requests, not queries: the session is read before the
 * query library loads (the landing page keeps it out of its JavaScript), and the context keeps
 * the one signed-in user.
 */

/** GET /api/auth/me: the signed-in user (null when signed out) and the second step still due. A 401 is not broadcast. */
export const readSession = () => apiGet('/api/auth/me', { quiet401: true });

/** The password step of sign-in. */
export const signInRequest = (email: string, password: string) => apiPost('/api/auth/sign-in', { body: { email, password } });

export const signUpRequest = (input: SignUpInput) => apiPost('/api/auth/sign-up', { body: input });

/** Ends the session (a 401, session already gone, is not broadcast). */
export const signOutRequest = () => apiPost('/api/auth/sign-out', { quiet401: true });

/** `email`: the real address, at the generated administrator's first sign-in. */
export const changePasswordRequest = (currentPassword: string, newPassword: string, email?: string) =>
  apiPost('/api/auth/change-password', { body: { currentPassword, newPassword, ...(email === undefined ? {} : { email }) } });

/** Keeps a language or digits choice on the signed-in user's account (issue 16). */
export const saveLanguageRequest = (choice: { language: Language } | { digits: Digits }) => apiPut('/api/auth/language', { body: choice });
