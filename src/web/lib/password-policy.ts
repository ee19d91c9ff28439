import { useQuery } from '@tanstack/react-query';
import type { PasswordPolicyInfo } from '../../shared/password-policy';
import { apiGet } from './api';
import { endpointKey } from './query-keys';

/** The settings' password policy, as the forms announce it (GET /api/auth/password-policy, public). */
export function usePasswordPolicy() {
  return useQuery({
    queryKey: endpointKey('GET /api/auth/password-policy'),
    queryFn: ({ signal }) => apiGet('/api/auth/password-policy', { signal }),
    staleTime: 60_000,
  }).data;
}

export const policyHint = (p: PasswordPolicyInfo | undefined, fallback: number) =>
  `At least ${p?.minLength ?? fallback} characters; not a common password or your email address.`;
