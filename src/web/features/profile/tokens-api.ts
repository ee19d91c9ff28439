import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTokenInput } from '../../../shared/api-tokens';
import { apiDelete, apiGet, apiPost } from '../../lib/api';
import { endpointKey } from '../../lib/query-keys';

/** The signed-in user's API tokens (GET /api/me/tokens), newest first. */
export const tokensQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/me/tokens'),
    queryFn: ({ signal }) => apiGet('/api/me/tokens', { signal }).then((r) => r.tokens),
  });

export function useTokens() {
  return useQuery(tokensQuery());
}

/** Whether the user's sign-in has a second factor (creating a token then asks for the code). */
export function useTwoFactorOn() {
  return useQuery({
    queryKey: endpointKey('GET /api/auth/two-factor'),
    queryFn: ({ signal }) => apiGet('/api/auth/two-factor', { signal }).then((r) => r.enabled),
  });
}

/** POST /api/me/tokens: the answer holds the secret, which is shown once and kept nowhere. */
export function useCreateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTokenInput) => apiPost('/api/me/tokens', { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: tokensQuery().queryKey }),
  });
}

export function useRevokeToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete('/api/me/tokens/:id', { params: { id } }).then((r) => r.tokens),
    onSuccess: (tokens) => qc.setQueryData(tokensQuery().queryKey, tokens),
  });
}
