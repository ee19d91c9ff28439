import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';
import { userKeys } from '../query-keys';

/** Every account (GET /api/users, admins only): the user manager and the compliance owner choice. */
export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => apiGet('/api/users', { signal }).then((r) => r.users),
  });
}
