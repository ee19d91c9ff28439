import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deal } from '../../../shared/deals';
import type { VaultDocument } from '../../../shared/documents';
import { ApiError, api } from '../../lib/api';

export const documentKeys = {
  all: ['documents'] as const,
  list: () => [...documentKeys.all, 'list'] as const,
};

/** The upload form's deal choice: id and title only (spec section 7). Under 'deals' so deal mutations refresh it. */
const dealOptionsKey = ['deals', 'upload-options'] as const;

export type DealOption = Pick<Deal, 'id' | 'title'>;

export function useDocuments() {
  return useQuery({
    queryKey: documentKeys.list(),
    queryFn: ({ signal }) => api<{ documents: VaultDocument[] }>('/api/documents', { signal }).then((r) => r.documents),
  });
}

export function useDealOptions() {
  return useQuery({
    queryKey: dealOptionsKey,
    queryFn: ({ signal }) =>
      api<{ deals: Deal[] }>('/api/deals', { signal }).then((r) =>
        r.deals.map((d): DealOption => ({ id: d.id, title: d.title })).sort((a, b) => a.title.localeCompare(b.title)),
      ),
  });
}

export function useUpdateDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: { investorVisible?: boolean; expirationDate?: string | null } }) =>
      api<{ document: VaultDocument }>(`/api/documents/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }).then(
        (r) => r.document,
      ),
    onSuccess: (doc) => {
      qc.setQueryData<VaultDocument[]>(documentKeys.list(), (old) => old?.map((d) => (d.id === doc.id ? doc : d)));
      return qc.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/documents/${encodeURIComponent(id)}`, { method: 'DELETE' }),
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
    queryKey: ['users', 'investor-options'],
    queryFn: ({ signal }) =>
      api<{ users: (InvestorOption & { role: string; status: string })[] }>('/api/users', { signal }).then((r) =>
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

  return new Promise<VaultDocument>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');

    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.((e.loaded / e.total) * 100);
    });
    xhr.addEventListener('load', () => {
      done();
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve((data as { document: VaultDocument }).document);
        return;
      }
      const b = (data ?? {}) as { message?: string; code?: string; fields?: Record<string, string> };
      const message = b.message || (xhr.status === 413 ? 'The file is too large to upload.' : `Upload failed (${xhr.status})`);
      const error = new ApiError(xhr.status, message, b.code, b.fields);
      if (xhr.status !== 401) console.error('Request failed: POST /api/documents', xhr.status, message);
      reject(error);
    });
    xhr.addEventListener('error', () => {
      done();
      console.error('Request failed: POST /api/documents (network error)');
      reject(new ApiError(0, 'Cannot reach the server. Check your connection and try again.'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    });
    xhr.send(body);
  });
}

/** The file name from a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (plain) return (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim() || null;
  return null;
}

/** Downloads a document through fetch so a failure can be reported, saving it under the server's file name. */
export async function downloadDocument(doc: VaultDocument): Promise<void> {
  const res = await fetch(`/api/documents/${encodeURIComponent(doc.id)}/download`, { credentials: 'same-origin' });
  if (!res.ok) {
    console.error(`Request failed: GET /api/documents/${doc.id}/download`, res.status);
    throw new ApiError(res.status, `Download failed (${res.status})`);
  }
  const blob = await res.blob();
  const name =
    fileNameFromDisposition(res.headers.get('content-disposition')) ?? (doc.extension ? `${doc.name}.${doc.extension}` : doc.name);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the blob is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function viewUrl(doc: Pick<VaultDocument, 'id'>): string {
  return `/api/documents/${encodeURIComponent(doc.id)}/view`;
}
