import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityLogPage } from '../../../shared/activity';
import { ACTIVITY_LOG_PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';
import { activityLogKeys } from '../../lib/query-keys';

/** One page of GET /api/activity-logs (its total is capped: see ActivityLogPage). */
export type { ActivityLogPage };

export interface ActivityLogFilters {
  search: string;
  type: string;
}

/** GET /api/activity-logs, newest first, 100 per page, older pages through the keyset cursor. */
export function useActivityLogs(filters: ActivityLogFilters) {
  return useInfiniteQuery({
    queryKey: activityLogKeys.list(filters),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ACTIVITY_LOG_PAGE_SIZE) });
      if (filters.search) params.set('search', filters.search);
      if (filters.type) params.set('type', filters.type);
      if (pageParam !== null) params.set('before', String(pageParam));
      return api<ActivityLogPage>(`/api/activity-logs?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
