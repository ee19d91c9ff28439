import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallTarget, CallWeighting } from '../../../shared/call-targets';
import { apiGet, apiPost } from '../../lib/api';
import { dealOptionsQuery } from '../../lib/queries/deals';
import { CAPITAL_CALL_READS, endpointKey, invalidateEndpoints } from '../../lib/query-keys';

export { serverMessage } from '../../lib/api';

export function useCapitalCalls() {
  return useQuery({
    queryKey: endpointKey('GET /api/capital-calls'),
    queryFn: ({ signal }) => apiGet('/api/capital-calls', { signal }).then((r) => r.calls),
  });
}

export const capitalCallQuery = (id: string) =>
  queryOptions({
    queryKey: endpointKey('GET /api/capital-calls/:id', { id }),
    queryFn: ({ signal }) => apiGet('/api/capital-calls/:id', { params: { id }, signal }).then((r) => r.call),
  });

export function useCapitalCall(id: string) {
  return useQuery(capitalCallQuery(id));
}

/** The deals a call may be issued on: the one deal-options entry every deal select shares. */
export function useCallDeals() {
  return useQuery(dealOptionsQuery());
}

export interface NewCallBody {
  dealId: string;
  basis: 'percentage' | 'amount';
  percentage?: string;
  amount?: string;
  dueDate: string;
  purpose: string;
  target: CallTarget;
  weighting: CallWeighting;
  closeDate?: string;
  investorIds?: string[];
}

/** A deal's committed investors and closes (whom a call can ask). */
export function useCallChoices(dealId: string) {
  return useQuery({
    queryKey: endpointKey('GET /api/deals/:id/call-choices', { id: dealId }),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/call-choices', { params: { id: dealId }, signal }).then((r) => r.choices),
    enabled: dealId !== '',
  });
}

/** Each investor's amount before the call is issued (null body: nothing to preview yet). */
export function useCallPreview(body: NewCallBody | null) {
  return useQuery({
    queryKey: endpointKey('POST /api/capital-calls/preview', { body }),
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
    onSuccess: () => void invalidateEndpoints(qc, CAPITAL_CALL_READS),
  });
}

export function useRecordReceipt(callId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { investorId: string; amount: string; valueDate: string }) =>
      apiPost('/api/capital-calls/:id/receipts', { params: { id: callId }, body }).then((r) => r.call),
    onSuccess: (call) => {
      qc.setQueryData(capitalCallQuery(callId).queryKey, call);
      void invalidateEndpoints(qc, CAPITAL_CALL_READS);
    },
  });
}

/** How often a running statement run is asked for its progress. */
export const STATEMENT_RUN_POLL_MS = 500;

/** POST /api/statement-runs: starts generating every investor's statement for a period (in the background). */
export function useStartStatementRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (period: { from: string; to: string }) => apiPost('/api/statement-runs', { body: period }).then((r) => r.run),
    // The answer is the run's first state: shown at once, then polled from there.
    onSuccess: (run) => qc.setQueryData(statementRunQuery(run.id).queryKey, run),
  });
}

/**
 * One statement run (GET /api/statement-runs/:id), polled every half second while it is running
 * (also in a background tab) and not at all once it has finished; no retry (a failure ends the wait).
 */
export const statementRunQuery = (id: string) =>
  queryOptions({
    queryKey: endpointKey('GET /api/statement-runs/:id', { id }),
    queryFn: ({ signal }) => apiGet('/api/statement-runs/:id', { params: { id }, signal }).then((r) => r.run),
    refetchInterval: (query) => (query.state.data?.status === 'running' && query.state.status !== 'error' ? STATEMENT_RUN_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useStatementRun(id: string | null) {
  return useQuery({ ...statementRunQuery(id ?? ''), enabled: id !== null });
}
