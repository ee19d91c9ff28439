import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycApplication, KycCounters, KycDetail, KycDocumentKind } from '../../../shared/kyc';
import { ApiError, api } from '../../lib/api';

/**
 * KYC data for both sides: the admin's list and detail (GET /api/kyc, /api/kyc/:id) and the
 * investor's own application (GET /api/kyc/me). Everything lives under the 'kyc' key, so any
 * change refreshes every KYC view.
 */
export const kycKeys = {
  all: ['kyc'] as const,
  list: () => [...kycKeys.all, 'list'] as const,
  detail: (id: string) => [...kycKeys.all, 'detail', id] as const,
  me: () => [...kycKeys.all, 'me'] as const,
};

/** Review actions and uploads write activity-log entries. */
const activityKey = ['activity-logs'] as const;

/** The server's message of a failed call, for a toast's description. */
export function serverMessage(err: unknown): string | undefined {
  if (err instanceof ApiError || err instanceof Error) return err.message || undefined;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export interface KycList {
  applications: KycApplication[];
  counters: KycCounters;
}

export function useKycList() {
  return useQuery({
    queryKey: kycKeys.list(),
    queryFn: ({ signal }) => api<KycList>('/api/kyc', { signal }),
  });
}

export function useKycDetail(id: string | null) {
  return useQuery({
    queryKey: kycKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api<{ application: KycDetail }>(`/api/kyc/${encodeURIComponent(id ?? '')}`, { signal }).then((r) => r.application),
    enabled: id !== null,
  });
}

export type KycDecision = { id: string; decision: 'approve'; note?: string } | { id: string; decision: 'reject'; reason: string };

export function useReviewKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: KycDecision) =>
      api<{ application: KycDetail }>(`/api/kyc/${encodeURIComponent(d.id)}/${d.decision}`, {
        method: 'POST',
        body: d.decision === 'approve' ? (d.note ? { note: d.note } : {}) : { reason: d.reason },
      }).then((r) => r.application),
    onSuccess: (app) => {
      qc.setQueryData(kycKeys.detail(app.id), app);
      qc.setQueryData<KycList>(kycKeys.list(), (old) => {
        if (!old) return old;
        const prev = old.applications.find((a) => a.id === app.id);
        const counters = { ...old.counters };
        if (prev && prev.status !== app.status) {
          counters[prev.status]--;
          counters[app.status]++;
        }
        const { documents: _d, history: _h, ...row } = app;
        return { counters, applications: old.applications.map((a) => (a.id === app.id ? row : a)) };
      });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: kycKeys.all });
      void qc.invalidateQueries({ queryKey: activityKey });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Investor (own application)
// ---------------------------------------------------------------------------------------------

export function useMyKyc() {
  return useQuery({
    queryKey: kycKeys.me(),
    queryFn: ({ signal }) => api<{ application: KycDetail }>('/api/kyc/me', { signal }).then((r) => r.application),
  });
}

export function useSubmitKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ application: KycDetail }>('/api/kyc/me/submit', { method: 'POST' }).then((r) => r.application),
    onSuccess: (app) => qc.setQueryData(kycKeys.me(), app),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: kycKeys.all });
    },
  });
}

/**
 * POST /api/kyc/me/documents/:kind as multipart/form-data (one part named `file`), through
 * XMLHttpRequest so that upload progress can be shown (fetch has no upload progress).
 */
export function uploadKycDocument(
  kind: KycDocumentKind,
  file: File,
  opts: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<KycDetail> {
  const path = `/api/kyc/me/documents/${kind}`;
  const body = new FormData();
  body.append('file', file, file.name);

  return new Promise<KycDetail>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
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
        resolve((data as { application: KycDetail }).application);
        return;
      }
      const b = (data ?? {}) as { message?: string; code?: string; fields?: Record<string, string> };
      const message = b.message || (xhr.status === 413 ? 'The file is too large to upload.' : `Upload failed (${xhr.status})`);
      console.error(`Request failed: POST ${path}`, xhr.status, message);
      reject(new ApiError(xhr.status, message, b.code, b.fields));
    });
    xhr.addEventListener('error', () => {
      done();
      console.error(`Request failed: POST ${path} (network error)`);
      reject(new ApiError(0, 'Cannot reach the server. Check your connection and try again.'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    });
    xhr.send(body);
  });
}

// ---------------------------------------------------------------------------------------------
// Files (both sides)
// ---------------------------------------------------------------------------------------------

/** Whose file: the signed-in investor's own ('me') or an application's (admin). */
export type KycOwner = 'me' | { applicationId: string };

function filePath(owner: KycOwner, kind: KycDocumentKind, mode: 'view' | 'download'): string {
  const base = owner === 'me' ? '/api/kyc/me' : `/api/kyc/${encodeURIComponent(owner.applicationId)}`;
  return `${base}/documents/${kind}/${mode}`;
}

export const kycViewUrl = (owner: KycOwner, kind: KycDocumentKind) => filePath(owner, kind, 'view');

/** The file name from a Content-Disposition header (filename* wins over filename). */
function fileNameFromDisposition(header: string | null): string | null {
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

/** Downloads a KYC file through fetch so that a failure can be reported. */
export async function downloadKycDocument(owner: KycOwner, kind: KycDocumentKind, fallbackName: string): Promise<void> {
  const path = filePath(owner, kind, 'download');
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  if (!res.ok) {
    let message = `Download failed (${res.status})`;
    try {
      const b = (await res.json()) as { message?: string };
      if (b.message) message = b.message;
    } catch {
      // not JSON
    }
    console.error(`Request failed: GET ${path}`, res.status, message);
    throw new ApiError(res.status, message);
  }
  const blob = await res.blob();
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
