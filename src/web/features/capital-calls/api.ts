import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';

export const callKeys = {
  all: ['capital-calls'] as const,
  list: () => ['capital-calls', 'list'] as const,
  one: (id: string) => ['capital-calls', 'one', id] as const,
  deals: () => ['deals', 'capital-call-choices'] as const,
};

export { serverMessage } from '../../lib/api';

export function useCapitalCalls() {
  return useQuery({
    queryKey: callKeys.list(),
    queryFn: ({ signal }) => apiGet('/api/capital-calls', { signal }).then((r) => r.calls),
  });
}

export function useCapitalCall(id: string) {
  return useQuery({
    queryKey: callKeys.one(id),
    queryFn: ({ signal }) => apiGet('/api/capital-calls/:id', { params: { id }, signal }).then((r) => r.call),
  });
}

export function useCallDeals() {
  return useQuery({
    queryKey: callKeys.deals(),
    queryFn: ({ signal }) => apiGet('/api/deals/options', { signal }).then((r) => r.deals),
    staleTime: 30_000,
  });
}

export interface NewCallBody {
  dealId: string;
  basis: 'percentage' | 'amount';
  percentage?: string;
  amount?: string;
  dueDate: string;
  purpose: string;
}

export function useIssueCall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCallBody) => apiPost('/api/capital-calls', { body }).then((r) => r.call),
    onSuccess: () => void qc.invalidateQueries({ queryKey: callKeys.all }),
  });
}

export function useRecordReceipt(callId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { investorId: string; amount: string; valueDate: string }) =>
      apiPost('/api/capital-calls/:id/receipts', { params: { id: callId }, body }).then((r) => r.call),
    onSuccess: (call) => {
      qc.setQueryData(callKeys.one(callId), call);
      void qc.invalidateQueries({ queryKey: callKeys.all });
    },
  });
}
