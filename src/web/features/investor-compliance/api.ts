import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuitabilityAnswers } from '../../../shared/portal';
import { apiGet, apiPost } from '../../lib/api';
import { downloadFile } from '../../lib/files';
import { investorComplianceKeys } from '../../lib/query-keys';

export function useInvestorCompliance() {
  return useQuery({
    queryKey: investorComplianceKeys.me(),
    queryFn: ({ signal }) => apiGet('/api/investor/compliance', { signal }),
  });
}

/** POST /api/investor/suitability-review; the server answers with the updated compliance data. */
export function useCompleteSuitabilityReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: SuitabilityAnswers) => apiPost('/api/investor/suitability-review', { body: answers }),
    onSuccess: (data) => qc.setQueryData(investorComplianceKeys.me(), data),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: investorComplianceKeys.all });
    },
  });
}

/** Downloads one of the investor's documents, saved under the server's file name. */
export function downloadInvestorDocument(id: string, fallbackName: string): Promise<void> {
  return downloadFile(`/api/investor/documents/${encodeURIComponent(id)}/download`, fallbackName);
}
