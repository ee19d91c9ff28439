import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { saveBlob } from '../../lib/clipboard';
import { endpointKey } from '../../lib/query-keys';
import { capitalAccountText } from './i18n';

export function useMyCapitalCalls() {
  return useQuery({
    queryKey: endpointKey('GET /api/investor/capital-calls'),
    queryFn: ({ signal }) => apiGet('/api/investor/capital-calls', { signal }).then((r) => r.notices),
  });
}

/** The statements the desk's statement runs generated for the signed-in investor. */
export function useMyGeneratedStatements() {
  return useQuery({
    queryKey: endpointKey('GET /api/investor/statements'),
    queryFn: ({ signal }) => apiGet('/api/investor/statements', { signal }).then((r) => r.statements),
  });
}

/**
 * Downloads a PDF from the API as a file (the browser keeps the session cookie). Returns an
 * error message from the server when it refuses.
 */
export async function downloadPdf(url: string, filename: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? capitalAccountText.t('downloadFailed'));
  }
  saveBlob(filename, await res.blob());
}
