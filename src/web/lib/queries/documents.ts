import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VaultDocument } from '../../../shared/documents';
import { apiGet } from '../api';
import { endpointKey } from '../query-keys';

/** The admin document vault's list (GET /api/documents), read by the vault and the compliance library. */
export const documentsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/documents'),
    queryFn: ({ signal }) => apiGet('/api/documents', { signal }).then((r) => r.documents),
  });

export function useDocuments() {
  return useQuery(documentsQuery());
}

/** Where a vault document opens inline (new tab). */
export function viewUrl(doc: Pick<VaultDocument, 'id'>): string {
  return `/api/documents/${encodeURIComponent(doc.id)}/view`;
}
