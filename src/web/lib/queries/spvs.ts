import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api';
import { endpointKey } from '../query-keys';

/** Every SPV (GET /api/spvs): one cache entry for the SPV tracker and the deal forms' SPV choice. */
export const spvsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/spvs'),
    queryFn: ({ signal }) => apiGet('/api/spvs', { signal }).then((r) => r.spvs),
  });
