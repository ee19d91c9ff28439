import { useQuery } from '@tanstack/react-query';
import type { InvestorDeal } from '../../../shared/portal';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/files';

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

/** Downloads an investor-visible document, saved under the server's file name. */
export function downloadInvestorDocument(doc: InvestorDocument): Promise<void> {
  return downloadFile(
    `/api/investor/documents/${encodeURIComponent(doc.id)}/download`,
    doc.extension ? `${doc.name}.${doc.extension}` : doc.name,
  );
}
