import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiBody } from '../../../shared/api/contract';
import { apiGet, apiPost } from '../../lib/api';
import { capitalCallKeys, dealKeys } from '../../lib/query-keys';

export { serverMessage } from '../../lib/api';

export function useCapitalCalls() {
  return useQuery({
    queryKey: capitalCallKeys.list(),
    queryFn: ({ signal }) => apiGet('/api/capital-calls', { signal }).then((r) => r.calls),
  });
}

export function useCapitalCall(id: string) {
  return useQuery({
    queryKey: capitalCallKeys.one(id),
    queryFn: ({ signal }) => apiGet('/api/capital-calls/:id', { params: { id }, signal }).then((r) => r.call),
  });
}

export function useCallDeals() {
  return useQuery({
    queryKey: dealKeys.capitalCallChoices(),
    queryFn: ({ signal }) => apiGet('/api/deals/options', { signal }).then((r) => r.deals),
    staleTime: 30_000,
  });
}

/** The body of issuing a call and of its preview: the route table's schema (newCallInput). */
export type NewCallBody = ApiBody<'POST /api/capital-calls'>;

/** A deal's committed investors and closes (whom a call can ask). */
export function useCallChoices(dealId: string) {
  return useQuery({
    queryKey: capitalCallKeys.choices(dealId),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/call-choices', { params: { id: dealId }, signal }).then((r) => r.choices),
    enabled: dealId !== '',
  });
}

/** Each investor's amount before the call is issued (null body: nothing to preview yet). */
export function useCallPreview(body: NewCallBody | null) {
  return useQuery({
    queryKey: capitalCallKeys.preview(body),
    queryFn: ({ signal }) => apiPost('/api/capital-calls/preview', { body: body as NewCallBody, signal }).then((r) => r.plan),
    enabled: body !== null,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useIssueCall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCallBody) => apiPost('/api/capital-calls', { body }).then((r) => r.call),
    onSuccess: () => void qc.invalidateQueries({ queryKey: capitalCallKeys.all }),
  });
}

export function useRecordReceipt(callId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { investorId: string; amount: string; valueDate: string }) =>
      apiPost('/api/capital-calls/:id/receipts', { params: { id: callId }, body }).then((r) => r.call),
    onSuccess: (call) => {
      qc.setQueryData(capitalCallKeys.one(callId), call);
      void qc.invalidateQueries({ queryKey: capitalCallKeys.all });
    },
  });
}
