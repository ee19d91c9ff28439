import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvestorComplianceData, SuitabilityAnswers } from '../../../shared/portal';
import { ApiError, api } from '../../lib/api';

/** The DFSA Compliance screen's data (GET /api/investor/compliance) for the signed-in investor. */
export const complianceKeys = {
  all: ['investor-compliance'] as const,
  me: () => [...complianceKeys.all, 'me'] as const,
};

export const COMPLIANCE_TEXT = {
  loadFailed: 'Failed to load your compliance overview',
  reviewCompleted: 'Suitability review completed',
  reviewFailed: 'Failed to complete suitability review',
  downloadFailed: 'Failed to download document',
} as const;

export function useInvestorCompliance() {
  return useQuery({
    queryKey: complianceKeys.me(),
    queryFn: ({ signal }) => api<InvestorComplianceData>('/api/investor/compliance', { signal }),
  });
}

/** POST /api/investor/suitability-review; the server answers with the updated compliance data. */
export function useCompleteSuitabilityReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: SuitabilityAnswers) =>
      api<InvestorComplianceData>('/api/investor/suitability-review', { method: 'POST', body: answers }),
    onSuccess: (data) => qc.setQueryData(complianceKeys.me(), data),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: complianceKeys.all });
    },
  });
}

/** The file name from a Content-Disposition header (filename* wins over filename). */
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

/**
 * Downloads one of the investor's documents (GET /api/investor/documents/:id/download) through
 * fetch, so that a failure can be reported, and saves it under the server's file name.
 */
export async function downloadInvestorDocument(id: string, fallbackName: string): Promise<void> {
  const path = `/api/investor/documents/${encodeURIComponent(id)}/download`;
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
