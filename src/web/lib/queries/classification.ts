import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteKey } from '../../../shared/api/contract';
import type { ClassificationAnswers, MyClassification } from '../../../shared/dfsa-classification';
import { apiDelete, apiGet, apiPost } from '../api';
import { downloadFile, postMultipart } from '../files';
import { endpointKey, invalidateEndpoints } from '../query-keys';

/**
 * Client classification (issue 31, decision 037): the investor's own (GET /api/investor/classification,
 * which the DFSA Compliance screen and the subscription form read) and the admins' review queue.
 */
const READS = [
  'GET /api/investor/classification',
  'GET /api/investor/compliance',
  'GET /api/classifications',
  'GET /api/classifications/:id',
] as const satisfies readonly RouteKey[];

export const myClassificationQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/classification'),
    queryFn: ({ signal }) => apiGet('/api/investor/classification', { signal }),
  });

export function useMyClassification(enabled = true) {
  return useQuery({ ...myClassificationQuery(), enabled });
}

function useSetMine() {
  const qc = useQueryClient();
  return (data: MyClassification) => qc.setQueryData(myClassificationQuery().queryKey, data);
}

export function useSubmitClassification() {
  const qc = useQueryClient();
  const setMine = useSetMine();
  return useMutation({
    mutationFn: (answers: ClassificationAnswers) => apiPost('/api/investor/classification', { body: answers as never }),
    onSuccess: setMine,
    onSettled: () => void invalidateEndpoints(qc, [...READS]),
  });
}

export function useUploadEvidence() {
  const setMine = useSetMine();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return postMultipart('/api/investor/classification/evidence', body, {});
    },
    onSuccess: setMine,
  });
}

export function useRemoveEvidence() {
  const setMine = useSetMine();
  return useMutation({
    mutationFn: (id: string) => apiDelete('/api/investor/classification/evidence/:id', { params: { id } }),
    onSuccess: setMine,
  });
}

export const downloadMyEvidence = (id: string, name: string) =>
  downloadFile(`/api/investor/classification/evidence/${encodeURIComponent(id)}/download`, name);
export const downloadEvidence = (id: string, name: string) =>
  downloadFile(`/api/classifications/evidence/${encodeURIComponent(id)}/download`, name);

export const classificationQueueQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/classifications'),
    queryFn: ({ signal }) => apiGet('/api/classifications', { signal }),
  });

export function useClassificationQueue() {
  return useQuery(classificationQueueQuery());
}

export function useDecideClassification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { id: string; decision: 'professional' | 'market_counterparty' | 'retail'; reasons: string }) =>
      apiPost('/api/classifications/:id/decide', { params: { id: d.id }, body: { decision: d.decision, reasons: d.reasons } }).then(
        (r) => r.application,
      ),
    onSettled: () => void invalidateEndpoints(qc, [...READS, 'GET /api/activity-logs', 'GET /api/compliance']),
  });
}
