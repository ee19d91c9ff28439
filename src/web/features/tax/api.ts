import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificationInput } from '../../../shared/tax-certification';
import { apiGet, apiPost, apiPut } from '../../lib/api';
import { downloadFile } from '../../lib/files';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** FATCA / CRS tax self-certification (issue 31 part 3, decision 049). */

export { serverMessage } from '../../lib/api';

export const myTaxQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/tax'),
    queryFn: ({ signal }) => apiGet('/api/investor/tax', { signal }).then((r) => r.tax),
  });
export const useMyTax = () => useQuery(myTaxQuery());

/** After signing, the gate's reasons change: the classification card and the subscription form read them. */
const GATE_READS = ['GET /api/investor/tax', 'GET /api/investor/classification'] as const;

export function useSignCertification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificationInput) => apiPost('/api/investor/tax/certifications', { body }).then((r) => r.tax),
    onSuccess: (tax) => {
      qc.setQueryData(myTaxQuery().queryKey, tax);
      void invalidateEndpoints(qc, GATE_READS);
    },
  });
}

export function useChangeResidence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { residenceCountry: string; address: string }) => apiPut('/api/investor/tax/residence', { body }).then((r) => r.tax),
    onSuccess: (tax) => {
      qc.setQueryData(myTaxQuery().queryKey, tax);
      void invalidateEndpoints(qc, GATE_READS);
    },
  });
}

/** Admins: one investor's certification in force and its versions (decision 049). */
export const useInvestorTax = (investorId: string) =>
  useQuery({
    queryKey: endpointKey('GET /api/tax/investors/:id', { id: investorId }),
    queryFn: ({ signal }) => apiGet('/api/tax/investors/:id', { params: { id: investorId }, signal }).then((r) => r.tax),
  });

/** Admins: the CRS/FATCA reportable accounts of a reporting year, as a CSV download. */
export function downloadTaxExport(year: number): Promise<void> {
  return downloadFile(`/api/tax/export.csv?year=${encodeURIComponent(String(year))}`, `crs-fatca-${year}.csv`);
}
