import { useQuery } from '@tanstack/react-query';
import type { VaultDocument } from '../../../shared/documents';
import { apiGet } from '../api';
import { documentKeys } from '../query-keys';

/** The admin document vault's list (GET /api/documents), read by the vault and the compliance library. */
export function useDocuments() {
  return useQuery({
    queryKey: documentKeys.list(),
    queryFn: ({ signal }) => apiGet('/api/documents', { signal }).then((r) => r.documents),
  });
}

/** Where a vault document opens inline (new tab). */
export function viewUrl(doc: Pick<VaultDocument, 'id'>): string {
  return `/api/documents/${encodeURIComponent(doc.id)}/view`;
}
