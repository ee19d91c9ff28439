import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealOption } from '../../../shared/deals';
import type { CapitalCall } from '../../../shared/ledger';
import { api } from '../../lib/api';

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
    queryFn: ({ signal }) => api<{ calls: CapitalCall[] }>('/api/capital-calls', { signal }).then((r) => r.calls),
  });
}

export function useCapitalCall(id: string) {
  return useQuery({
    queryKey: callKeys.one(id),
    queryFn: ({ signal }) => api<{ call: CapitalCall }>(`/api/capital-calls/${encodeURIComponent(id)}`, { signal }).then((r) => r.call),
  });
}

export function useCallDeals() {
  return useQuery({
    queryKey: callKeys.deals(),
    queryFn: ({ signal }) => api<{ deals: DealOption[] }>('/api/deals/options', { signal }).then((r) => r.deals),
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
    mutationFn: (body: NewCallBody) => api<{ call: CapitalCall }>('/api/capital-calls', { body }).then((r) => r.call),
    onSuccess: () => void qc.invalidateQueries({ queryKey: callKeys.all }),
  });
}

export function useRecordReceipt(callId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { investorId: string; amount: string; valueDate: string }) =>
      api<{ call: CapitalCall }>(`/api/capital-calls/${encodeURIComponent(callId)}/receipts`, { body }).then((r) => r.call),
    onSuccess: (call) => {
      qc.setQueryData(callKeys.one(callId), call);
      void qc.invalidateQueries({ queryKey: callKeys.all });
    },
  });
}
