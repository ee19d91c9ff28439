import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagedUser } from '../../../shared/users';
import { apiGet } from '../api';
import { endpointKey } from '../query-keys';

/**
 * Every account (GET /api/users, admins only), one cache entry for the user manager, the
 * compliance owner choice, the document form's investor choice and the message recipients.
 */
export const usersQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/users'),
    queryFn: ({ signal }) => apiGet('/api/users', { signal }).then((r) => r.users),
  });

export function useUsers() {
  return useQuery(usersQuery());
}

/** An active investor to choose (a document's addressee, a message's recipient). */
export interface InvestorOption {
  id: string;
  name: string;
  email: string | null;
}

/** The active investors of the user list, by name. */
export function activeInvestors(users: ManagedUser[]): InvestorOption[] {
  return users
    .filter((u) => u.role === 'investor' && u.status === 'active')
    .map((u) => ({ id: u.id, name: u.name, email: u.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Active investors, for addressing a document or a new message to one of them. */
export function useInvestorOptions(opts: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({ ...usersQuery(), select: activeInvestors, ...opts });
}
