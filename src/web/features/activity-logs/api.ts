import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityLogPage } from '../../../shared/activity';
import { ACTIVITY_LOG_PAGE_SIZE } from '../../../shared/constants';
import { apiGet } from '../../lib/api';
import { endpointKey } from '../../lib/query-keys';

/** One page of GET /api/activity-logs (its total is capped: see ActivityLogPage). */
export type { ActivityLogPage };

export interface ActivityLogFilters {
  search: string;
  type: string;
}

/** GET /api/activity-logs, newest first, 100 per page, older pages through the keyset cursor. */
export function useActivityLogs(filters: ActivityLogFilters) {
  return useInfiniteQuery({
    queryKey: endpointKey('GET /api/activity-logs', { search: filters.search, type: filters.type }),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => {
      const query = { limit: ACTIVITY_LOG_PAGE_SIZE, search: filters.search, type: filters.type, before: pageParam };
      return apiGet('/api/activity-logs', { query, signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
