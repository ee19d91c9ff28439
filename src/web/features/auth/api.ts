import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationTopic } from '../../../shared/email';
import { apiPost } from '../../lib/api';
import { endpointKey } from '../../lib/query-keys';

/**
 * The sign-in pages' requests (decision record 032). The session itself (sign-in, sign-out,
 * sign-up, password and language changes) is web/lib/session.ts's, behind the auth context.
 * A form that keeps the answer in its own state (its busy flag, its field errors) awaits a
 * request function; a screen that shows a request's state uses the hook.
 */

/** POST /api/auth/forgot-password: the answer is always the same sentence (shown from the catalogue). */
export function requestPasswordReset(email: string) {
  return apiPost('/api/auth/forgot-password', { body: { email } });
}

/** A reset link's token, checked once before the form shows (POST /api/auth/reset-password/check). */
export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: endpointKey('POST /api/auth/reset-password/check', { token }),
    queryFn: () => apiPost('/api/auth/reset-password/check', { body: { token } }),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useResetTokenCheck(token: string) {
  return useQuery(resetTokenQuery(token));
}

/** POST /api/auth/reset-password: the new password for a reset link's token. */
export function resetPassword(token: string, password: string) {
  return apiPost('/api/auth/reset-password', { body: { token, password } });
}

/** The second sign-in step: a code from the authenticator app or a recovery code. */
export function verifyTwoFactor(code: string) {
  return apiPost('/api/auth/two-factor/verify', { body: { code } });
}

/** Enrolment: a new secret and its QR code (POST /api/auth/two-factor/setup). */
export function startTwoFactorSetup() {
  return apiPost('/api/auth/two-factor/setup');
}

/** Enrolment confirmed with a code: the ten recovery codes, shown once. */
export function confirmTwoFactor(code: string) {
  return apiPost('/api/auth/two-factor/confirm', { body: { code } });
}

/** Confirms a new e-mail address with the link's token (decision record 028). */
export function useConfirmEmail(token: string) {
  return useMutation({ mutationFn: () => apiPost('/api/auth/confirm-email', { body: { token } }) });
}

/** The unsubscribe link of a non-essential e-mail: one topic off, by the link's token. */
export function useUnsubscribe(token: string) {
  return useMutation({
    // Offered only for a valid link (a token and a known topic).
    mutationFn: (topic: NotificationTopic) => apiPost('/api/notifications/unsubscribe', { body: { token, topic } }),
  });
}
