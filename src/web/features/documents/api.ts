import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VaultDocument } from '../../../shared/documents';
import { apiDelete, apiGet, apiPatch } from '../../lib/api';
import { downloadFile, postMultipart } from '../../lib/files';
import { documentKeys, userKeys } from '../../lib/query-keys';

export function useUpdateDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: { investorVisible?: boolean; expirationDate?: string | null } }) =>
      apiPatch('/api/documents/:id', { params: { id }, body: patch }).then((r) => r.document),
    onSuccess: (doc) => {
      qc.setQueryData<VaultDocument[]>(documentKeys.list(), (old) => old?.map((d) => (d.id === doc.id ? doc : d)));
      return qc.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete('/api/documents/:id', { params: { id } }),
    onSuccess: (_r, id) => {
      qc.setQueryData<VaultDocument[]>(documentKeys.list(), (old) => old?.filter((d) => d.id !== id));
      return qc.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}

export interface UploadFields {
  name: string;
  type: string;
  expirationDate: string;
  dealId: string;
  investorVisible: boolean;
  /** Addressed to one investor ('' for none): only they will see it. */
  investorId: string;
}

export interface InvestorOption {
  id: string;
  name: string;
  email: string | null;
}

/** Active investors, for addressing a document to one of them. */
export function useInvestorOptions() {
  return useQuery({
    queryKey: userKeys.investorOptions(),
    queryFn: ({ signal }) =>
      apiGet('/api/users', { signal }).then((r) =>
        r.users
          .filter((u) => u.role === 'investor' && u.status === 'active')
          .map((u) => ({ id: u.id, name: u.name, email: u.email }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      ),
    staleTime: 60_000,
  });
}

/**
 * POST /api/documents as multipart/form-data, text fields first and the file last, through
 * XMLHttpRequest so that upload progress can be shown (fetch has no upload progress).
 * A 401 is not broadcast: the form shows its own message and keeps what was typed.
 */
export function uploadDocument(
  fields: UploadFields,
  file: File,
  opts: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<VaultDocument> {
  const body = new FormData();
  body.append('name', fields.name.trim());
  body.append('type', fields.type);
  body.append('expirationDate', fields.expirationDate);
  body.append('dealId', fields.dealId);
  body.append('investorId', fields.investorId ?? '');
  body.append('investorVisible', fields.investorVisible ? 'true' : 'false');
  body.append('file', file, file.name);

  return postMultipart('/api/documents', body, opts).then((r) => r.document);
}

/** Downloads a document, saving it under the server's file name. */
export function downloadDocument(doc: VaultDocument): Promise<void> {
  return downloadFile(`/api/documents/${encodeURIComponent(doc.id)}/download`, doc.extension ? `${doc.name}.${doc.extension}` : doc.name);
}

export { useDocuments, viewUrl } from '../../lib/queries/documents';
