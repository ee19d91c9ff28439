import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuitabilityAnswers } from '../../../shared/investor-compliance';
import { apiPost } from '../../lib/api';
import { downloadFile } from '../../lib/files';
import { investorComplianceQuery } from '../../lib/queries/investor-compliance';
import { invalidateEndpoints } from '../../lib/query-keys';

export { useInvestorCompliance } from '../../lib/queries/investor-compliance';

/** POST /api/investor/suitability-review; the server answers with the updated compliance data. */
export function useCompleteSuitabilityReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: SuitabilityAnswers) => apiPost('/api/investor/suitability-review', { body: answers }),
    onSuccess: (data) => qc.setQueryData(investorComplianceQuery().queryKey, data),
    onSettled: () => {
      void invalidateEndpoints(qc, ['GET /api/investor/compliance']);
    },
  });
}

/** Downloads one of the investor's documents, saved under the server's file name. */
export function downloadInvestorDocument(id: string, fallbackName: string): Promise<void> {
  return downloadFile(`/api/investor/documents/${encodeURIComponent(id)}/download`, fallbackName);
}
