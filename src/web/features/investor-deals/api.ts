import type { InvestorDeal } from '../../../shared/investor-deals';
import { apiUrl } from '../../lib/api';
import { downloadFile } from '../../lib/files';

/** The signed-in investor's Deal Vault (GET /api/investor/deals), shared with the subscription portal. */
export { useInvestorDeals } from '../../lib/queries/deals';

export type InvestorDocument = InvestorDeal['documents'][number];

export const investorDocumentViewUrl = (doc: Pick<InvestorDocument, 'id'>) => `/api/investor/documents/${encodeURIComponent(doc.id)}/view`;

/** Downloads an investor-visible document, saved under the server's file name. */
export function downloadInvestorDocument(doc: InvestorDocument): Promise<void> {
  return downloadFile(
    `/api/investor/documents/${encodeURIComponent(doc.id)}/download`,
    doc.extension ? `${doc.name}.${doc.extension}` : doc.name,
  );
}

/** The investor's executed subscription agreement (issue 30), the same file as the signing page's download; theirs only (404 otherwise). */
export const executedAgreementUrl = (a: Pick<InvestorDeal['agreements'][number], 'envelopeId'>) =>
  apiUrl('/api/investor/envelopes/:id/document', { id: a.envelopeId });
