import { useEffect, useState } from 'react';
import type { ApiResponse } from '../../../shared/api/contract';
import type { CompanyProfile } from '../../../shared/company-profile';

/**
 * The landing page's one request (decision record 032). A plain fetch on purpose: the landing
 * page loads neither the query library nor the API client (see app/query-shell.tsx).
 *
 * The company profile (offices, contacts, licence), from GET /api/company after the page shows:
 * the prerendered HTML has none, so nothing unset or stale is ever shown. A value the operator
 * has not set is simply absent.
 */
export function useCompanyProfile(): CompanyProfile | null {
  const [profile, setProfile] = useState<CompanyProfile | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/company', { signal: controller.signal, headers: { accept: 'application/json' } })
      // The contract's answer type (plain fetch: the landing page keeps the API client and its
      // catalogues out of its 120 KB of JavaScript).
      .then((res) => (res.ok ? (res.json() as Promise<ApiResponse<'GET /api/company'>>) : null))
      .then((body) => {
        if (body) setProfile(body.profile);
      })
      // Without the profile the page shows no contact lines; nothing to report to the user.
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return profile;
}
