import type { Role } from '../../shared/constants';
import { homeFor } from './auth-context';

/** Where to go after sign-in: the stored location unless it is /login, else the user's area. */
export function redirectTarget(state: unknown, user: { role: Role }): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (from?.pathname && from.pathname !== '/login') return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return homeFor(user);
}
