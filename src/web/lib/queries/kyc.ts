import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycDetail, KycDocumentKind } from '../../../shared/kyc';
import { apiGet, apiPost } from '../api';
import { downloadFile, postMultipart } from '../files';
import { endpointKey, invalidateEndpoints, KYC_READS } from '../query-keys';

/**
 * The investor's own KYC application (GET /api/kyc/me) and the KYC file links of both sides:
 * read by the onboarding wizard, the investor's compliance page, the subscription portal and
 * the dashboard's call to action (decision record 013).
 */

// ---------------------------------------------------------------------------------------------
// Investor (own application)
// ---------------------------------------------------------------------------------------------

export const myKycQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/kyc/me'),
    queryFn: ({ signal }) => apiGet('/api/kyc/me', { signal }).then((r) => r.application),
  });

export function useMyKyc() {
  return useQuery(myKycQuery());
}

/** The cache of the investor's own application, for a screen that changed it outside a mutation (an upload). */
export function useMyKycCache() {
  const qc = useQueryClient();
  return {
    /** The application as the server answered it, shown at once. */
    store: (app: KycDetail) => qc.setQueryData(myKycQuery().queryKey, app),
    /** Every KYC view refetches (the admin's list and detail too). */
    refresh: () => void invalidateEndpoints(qc, KYC_READS),
    /** Only the own application (e.g. after a refusal that says KYC is not approved). */
    refreshMine: () => void invalidateEndpoints(qc, ['GET /api/kyc/me']),
  };
}

export function useSubmitKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/kyc/me/submit').then((r) => r.application),
    onSuccess: (app) => qc.setQueryData(myKycQuery().queryKey, app),
    onSettled: () => {
      void invalidateEndpoints(qc, KYC_READS);
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
  const body = new FormData();
  body.append('file', file, file.name);

  return postMultipart('/api/kyc/me/documents/:kind', body, { ...opts, params: { kind } }).then((r) => r.application);
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
