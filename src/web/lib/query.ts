import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { onAccountChange } from './auth-context';

/** Server data lives only in TanStack Query. 4xx answers are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

// Another user's cached data must never show after a sign-out or a change of account.
onAccountChange(() => queryClient.clear());
