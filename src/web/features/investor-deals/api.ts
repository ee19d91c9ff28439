import { useQuery } from '@tanstack/react-query';
import type { InvestorDeal } from '../../../shared/portal';
import { ApiError, api } from '../../lib/api';

/**
 * The signed-in investor's Deal Vault (GET /api/investor/deals): open deals and held deals
 * with their investor-visible documents. Kept under 'deals' so that any deal or subscription
 * change (which moves remaining capacity) refreshes it.
 */
export const investorDealKeys = {
  all: ['deals', 'investor-vault'] as const,
};

export function useInvestorDeals() {
  return useQuery({
    queryKey: investorDealKeys.all,
    queryFn: ({ signal }) => api<{ deals: InvestorDeal[] }>('/api/investor/deals', { signal }).then((r) => r.deals),
  });
}

export type InvestorDocument = InvestorDeal['documents'][number];

export const investorDocumentViewUrl = (doc: Pick<InvestorDocument, 'id'>) => `/api/investor/documents/${encodeURIComponent(doc.id)}/view`;

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

/** Downloads an investor-visible document through fetch (so that a failure can be reported), saved under the server's file name. */
export async function downloadInvestorDocument(doc: InvestorDocument): Promise<void> {
  const path = `/api/investor/documents/${encodeURIComponent(doc.id)}/download`;
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin' });
  } catch {
    console.error(`Request failed: GET ${path} (network error)`);
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
