import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, ManagedUser, UpdateUserInput } from '../../../shared/users';
import { ApiError, apiDelete, apiPatch, apiPost } from '../../lib/api';
import { usersQuery } from '../../lib/queries/users';
import { invalidateEndpoints } from '../../lib/query-keys';

export { useUsers } from '../../lib/queries/users';

/** User actions write activity-log entries: refresh any cached log list too. */
function useRefreshAfter() {
  const qc = useQueryClient();
  return {
    replace(user: ManagedUser) {
      qc.setQueryData<ManagedUser[]>(usersQuery().queryKey, (old) => old?.map((u) => (u.id === user.id ? user : u)));
    },
    prepend(user: ManagedUser) {
      qc.setQueryData<ManagedUser[]>(usersQuery().queryKey, (old) => (old ? [user, ...old.filter((u) => u.id !== user.id)] : old));
    },
    remove(id: string) {
      qc.setQueryData<ManagedUser[]>(usersQuery().queryKey, (old) => old?.filter((u) => u.id !== id));
    },
    invalidate() {
      void invalidateEndpoints(qc, ['GET /api/users', 'GET /api/activity-logs']);
    },
  };
}

export function useCreateUser() {
  const cache = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CreateUserInput) => apiPost('/api/users', { body: input }).then((r) => r.user),
    onSuccess: (user) => {
      cache.prepend(user);
      cache.invalidate();
    },
  });
}

export function useUpdateUser() {
  const cache = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateUserInput }) =>
      apiPatch('/api/users/:id', { params: { id }, body: patch }).then((r) => r.user),
    onSuccess: (user) => {
      cache.replace(user);
      cache.invalidate();
    },
    // A 404 means someone else removed the user: drop the stale row.
    onError: (err, { id }) => {
      if (err instanceof ApiError && err.status === 404) cache.remove(id);
      cache.invalidate();
    },
  });
}

export function useDeleteUser() {
  const cache = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) => apiDelete('/api/users/:id', { params: { id } }),
    onSuccess: (_r, id) => {
      cache.remove(id);
      cache.invalidate();
    },
    onError: (err, id) => {
      if (err instanceof ApiError && err.status === 404) cache.remove(id);
      cache.invalidate();
    },
  });
}

export function useResetPassword() {
  const cache = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) => apiPost('/api/users/:id/reset-password', { params: { id } }).then((r) => r.temporaryPassword),
    onSettled: () => cache.invalidate(),
  });
}

/** A founder asks to change an administrator's address: a link goes to the new one (decision 028). */
export function useRequestEmailChange() {
  const cache = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: string }) => apiPost('/api/users/:id/email', { params: { id }, body: { email } }),
    onSettled: () => cache.invalidate(),
  });
}

/** The message to show next to a spec toast: the server's own words for a refusal (4xx other than 401), else nothing. */
export function serverMessage(err: unknown): string | undefined {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.message) return err.message;
  if (err instanceof ApiError && err.status === 0) return err.message;
  return undefined;
}
