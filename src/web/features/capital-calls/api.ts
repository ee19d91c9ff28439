import { type QueryClient, QueryObserver, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiBody } from '../../../shared/api/contract';
import type { StatementRun } from '../../../shared/ledger';
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

/** The body of issuing a call and of its preview: the route table's schema (newCallInput). */
export type NewCallBody = ApiBody<'POST /api/capital-calls'>;

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

/** One statement run (GET /api/statement-runs/:id) as last read; the entry is kept fresh by the polling below. */
export const statementRunQuery = (id: string) =>
  queryOptions({
    queryKey: endpointKey('GET /api/statement-runs/:id', { id }),
    queryFn: ({ signal }) => apiGet('/api/statement-runs/:id', { params: { id }, signal }).then((r) => r.run),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * How a run is polled: every half second while it is running, also in a background tab, and not
 * at all once it has finished or a read has failed.
 */
export const statementRunPolling = {
  refetchInterval: (query: { state: { data?: StatementRun; status: string } }) =>
    query.state.data?.status === 'running' && query.state.status !== 'error' ? STATEMENT_RUN_POLL_MS : false,
  refetchIntervalInBackground: true,
} as const;

/** Polls a run (an observer of its own: it goes on when the card is left) until it has finished. */
function untilFinished(qc: QueryClient, id: string): Promise<StatementRun> {
  return new Promise((resolve, reject) => {
    const observer = new QueryObserver(qc, { ...statementRunQuery(id), ...statementRunPolling });
    const unsubscribe = observer.subscribe((result) => {
      if (result.isError) {
        unsubscribe();
        reject(result.error);
      } else if (result.data && result.data.status !== 'running') {
        unsubscribe();
        resolve(result.data);
      }
    });
  });
}

/**
 * POST /api/statement-runs: generates every investor's statement for a period in the background.
 * The POST's answer is the run's first state (stored at once, `onStarted` names the run); the
 * mutation then stays pending until the run has finished, and resolves with its last state.
 */
export function useGenerateStatements(onStarted: (run: StatementRun) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (period: { from: string; to: string }) => {
      const run = (await apiPost('/api/statement-runs', { body: period })).run;
      qc.setQueryData(statementRunQuery(run.id).queryKey, run);
      onStarted(run);
      return run.status === 'running' ? untilFinished(qc, run.id) : run;
    },
  });
}

/** The run the card shows (null: none started yet). */
export function useStatementRun(id: string | null) {
  return useQuery({ ...statementRunQuery(id ?? ''), enabled: id !== null });
}
