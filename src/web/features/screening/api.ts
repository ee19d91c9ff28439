import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HitStatus, PersonInput } from '../../../shared/screening';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** Sanctions and PEP screening (issue 31 part B): the investor's named persons, list imports and the review queue. */

export { serverMessage } from '../../lib/api';

const SCREENING_READS = [
  'GET /api/investor/screening',
  'GET /api/screening/investors/:id',
  'GET /api/screening/imports',
  'GET /api/screening/imports/:id',
  'GET /api/screening/hits',
] as const;

// ---- investor ----

/**
 * Reads that list the investor's named persons besides this section: the tax self-certification
 * asks for each controlling person's residence (found by the onboarding journey e2e: a person
 * added on DFSA Compliance did not appear in the tax form below it until a reload).
 */
const PERSON_READS = ['GET /api/investor/tax'] as const;

export const myScreeningQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/screening'),
    queryFn: ({ signal }) => apiGet('/api/investor/screening', { signal }).then((r) => r.screening),
  });
export const useMyScreening = () => useQuery(myScreeningQuery());

export function useAddPerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonInput) => apiPost('/api/investor/screening/persons', { body }).then((r) => r.screening),
    onSuccess: (s) => {
      qc.setQueryData(myScreeningQuery().queryKey, s);
      void invalidateEndpoints(qc, PERSON_READS);
    },
  });
}

export function useRemovePerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete('/api/investor/screening/persons/:id', { params: { id } }).then((r) => r.screening),
    onSuccess: (s) => {
      qc.setQueryData(myScreeningQuery().queryKey, s);
      void invalidateEndpoints(qc, PERSON_READS);
    },
  });
}

export function useSaveMyDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { dateOfBirth: string | null; nationality: string | null; pepDeclared: boolean }) =>
      apiPut('/api/investor/screening', { body }).then((r) => r.screening),
    onSuccess: (s) => qc.setQueryData(myScreeningQuery().queryKey, s),
  });
}

// ---- admin ----

export const importsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/screening/imports'),
    queryFn: ({ signal }) => apiGet('/api/screening/imports', { signal }).then((r) => r.imports),
    // A re-screen runs in the background after an import: look again while one is running.
    refetchInterval: (q) => (q.state.data?.some((i) => i.rescreen.status !== 'done') ? 1000 : false),
  });
export const useImports = () => useQuery(importsQuery());

export const hitsQuery = (status?: HitStatus) =>
  queryOptions({
    queryKey: endpointKey('GET /api/screening/hits', { status: status ?? null }),
    queryFn: ({ signal }) => apiGet('/api/screening/hits', { query: status ? { status } : {}, signal }),
  });
/** The review queue; `polling` while a re-screen is running. */
export const useHits = (status?: HitStatus, polling = false) => useQuery({ ...hitsQuery(status), refetchInterval: polling ? 1000 : false });

export function useImportList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiPost('/api/screening/imports', { body: form }).then((r) => r.import),
    onSuccess: () => invalidateEndpoints(qc, SCREENING_READS),
  });
}

export type HitAction = { id: string; action: 'clear'; reason: string } | { id: string; action: 'escalate' | 'confirm'; note?: string };

export function useHitAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: HitAction) =>
      apiPost(`/api/screening/hits/:id/${a.action}` as const, {
        params: { id: a.id },
        body: (a.action === 'clear' ? { reason: a.reason } : a.note ? { note: a.note } : {}) as { reason: string },
      }).then((r) => r.hit),
    onSuccess: () => invalidateEndpoints(qc, SCREENING_READS),
  });
}
