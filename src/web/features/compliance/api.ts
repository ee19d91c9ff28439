import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ComplianceItem, ComplianceOverview, complianceItemInput } from '../../../shared/compliance';
import { ApiError, apiGet, apiPatch, apiPost } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** The body of POST /api/compliance (and, whole, of PATCH /api/compliance/:id). */
export type ComplianceItemBody = z.input<typeof complianceItemInput>;

/**
 * Every compliance mutation refreshes the compliance overview, and the other screens that read what
 * it changes: the dashboard's DFSA and UAE-tax tiles, the activity log, and (after a return is
 * filed) the SPV tracker.
 */
function refreshAfterChange(qc: QueryClient, opts: { spvs?: boolean } = {}) {
  void invalidateEndpoints(qc, ['GET /api/compliance', 'GET /api/dashboard', 'GET /api/activity-logs']);
  if (opts.spvs) void invalidateEndpoints(qc, ['GET /api/spvs']);
}

/** Replaces (or inserts) items in the cached overview so the row updates before the refetch lands. */
function patchCachedItems(qc: QueryClient, items: ComplianceItem[]) {
  qc.setQueryData<ComplianceOverview>(endpointKey('GET /api/compliance'), (old) => {
    if (!old) return old;
    const byId = new Map(items.map((i) => [i.id, i]));
    const replaced = old.items.map((i) => byId.get(i.id) ?? i);
    const added = items.filter((i) => !old.items.some((o) => o.id === i.id));
    return { ...old, items: [...replaced, ...added] };
  });
}

/** GET /api/compliance: score, counts, the items and the external (SPV / document) due dates. */
export function useComplianceOverview() {
  return useQuery({
    queryKey: endpointKey('GET /api/compliance'),
    queryFn: ({ signal }) => apiGet('/api/compliance', { signal }),
  });
}

export function useCreateComplianceItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplianceItemBody) => apiPost('/api/compliance', { body }).then((r) => r.item),
    onSuccess: (item) => {
      patchCachedItems(qc, [item]);
      refreshAfterChange(qc);
    },
  });
}

export function useUpdateComplianceItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<ComplianceItemBody> }) =>
      apiPatch('/api/compliance/:id', { params: { id }, body }).then((r) => r.item),
    onSuccess: (item) => {
      patchCachedItems(qc, [item]);
      refreshAfterChange(qc);
    },
    onError: () => refreshAfterChange(qc),
  });
}

export function useStartComplianceItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost('/api/compliance/:id/start', { params: { id } }).then((r) => r.item),
    onSuccess: (item) => {
      patchCachedItems(qc, [item]);
      refreshAfterChange(qc);
    },
    // A 409 means someone else moved the item on: show the current state.
    onError: () => refreshAfterChange(qc),
  });
}

export function useCompleteComplianceItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost('/api/compliance/:id/complete', { params: { id } }),
    onSuccess: ({ item, next }) => {
      patchCachedItems(qc, next ? [item, next] : [item]);
      refreshAfterChange(qc);
    },
    onError: () => refreshAfterChange(qc),
  });
}

/** POST /api/spvs/:id/file-return: the SPV's annual return due date moves a year ahead. */
export function useFileSpvReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (spvId: string) => apiPost('/api/spvs/:id/file-return', { params: { id: spvId } }).then((r) => r.annualReturnDue),
    onSettled: () => refreshAfterChange(qc, { spvs: true }),
  });
}

/** The server's own words for a refusal (4xx other than 401) or a network failure, else nothing. */
export function serverMessage(err: unknown): string | undefined {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.message)
    return translateMessage(err.message);
  if (err instanceof ApiError && err.status === 0) return translateMessage(err.message);
  return undefined;
}
