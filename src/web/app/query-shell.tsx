import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query';

/**
 * Server data (TanStack Query) for every page but the landing page, which reads none: a chunk of
 * its own keeps the query library out of the landing page's JavaScript.
 */
export default function QueryShell({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
