import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycApplication, KycCounters, KycDetail, KycDocumentKind } from '../../../shared/kyc';
import { api } from '../../lib/api';
import { downloadFile, postMultipart } from '../../lib/files';

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

export { serverMessage } from '../../lib/api';

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

  return postMultipart<{ application: KycDetail }>(path, body, opts).then((r) => r.application);
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

/** Downloads a KYC file through fetch so that a failure can be reported. */
export function downloadKycDocument(owner: KycOwner, kind: KycDocumentKind, fallbackName: string): Promise<void> {
  return downloadFile(filePath(owner, kind, 'download'), fallbackName);
}
