import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VaultDocument } from '../../../shared/documents';
import { apiDelete, apiPatch } from '../../lib/api';
import { downloadFile, postMultipart } from '../../lib/files';
import { documentsQuery } from '../../lib/queries/documents';
import { useInvestorOptions as useActiveInvestors } from '../../lib/queries/users';
import { invalidateEndpoints } from '../../lib/query-keys';

export function useUpdateDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: { investorVisible?: boolean; expirationDate?: string | null } }) =>
      apiPatch('/api/documents/:id', { params: { id }, body: patch }).then((r) => r.document),
    onSuccess: (doc) => {
      qc.setQueryData<VaultDocument[]>(documentsQuery().queryKey, (old) => old?.map((d) => (d.id === doc.id ? doc : d)));
      return invalidateEndpoints(qc, ['GET /api/documents']);
    },
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete('/api/documents/:id', { params: { id } }),
    onSuccess: (_r, id) => {
      qc.setQueryData<VaultDocument[]>(documentsQuery().queryKey, (old) => old?.filter((d) => d.id !== id));
      return invalidateEndpoints(qc, ['GET /api/documents']);
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

export type { InvestorOption } from '../../lib/queries/users';

/** Active investors, for addressing a document to one of them (from the one user list entry). */
export function useInvestorOptions() {
  return useActiveInvestors({ staleTime: 60_000 });
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

/** Uploads a document, then shows it at the top of the vault's list at once and refetches the list. */
export function useUploadDocument() {
  const qc = useQueryClient();
  return async (...args: Parameters<typeof uploadDocument>): Promise<VaultDocument> => {
    const doc = await uploadDocument(...args);
    qc.setQueryData<VaultDocument[]>(documentsQuery().queryKey, (old) => (old ? [doc, ...old.filter((d) => d.id !== doc.id)] : old));
    void invalidateEndpoints(qc, ['GET /api/documents']);
    return doc;
  };
}

/** Downloads a document, saving it under the server's file name. */
export function downloadDocument(doc: VaultDocument): Promise<void> {
  return downloadFile(`/api/documents/${encodeURIComponent(doc.id)}/download`, doc.extension ? `${doc.name}.${doc.extension}` : doc.name);
}

export { useDocuments, viewUrl } from '../../lib/queries/documents';
