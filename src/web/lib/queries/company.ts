import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api';
import { endpointKey } from '../query-keys';

/**
 * The public company profile (GET /api/company): one cache entry for the signed-in shell's time
 * zone, the admin dashboard's "not set yet" hints and the landing page; Settings refreshes it.
 */
export const companyProfileQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/company'),
    queryFn: ({ signal }) => apiGet('/api/company', { signal }).then((r) => r.profile),
  });
