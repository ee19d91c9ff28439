import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { getDefaultZone, setDefaultZone, subscribeDefaultZone } from '../../shared/dates';
import { apiGet } from './api';
import { companyKeys } from './query-keys';

/**
 * The company's time zone on the web (decision record 020). The server writes it into the served
 * HTML as <meta name="company-time-zone" content="Asia/Dubai"> (like the company name), so the
 * first render already counts "today" and shows times in it; Settings updates it on save, and
 * every other open tab follows the server's company profile (useCompanyZone).
 */
export function applyCompanyZoneFromPage(): void {
  if (typeof document === 'undefined') return;
  const zone = document.querySelector('meta[name="company-time-zone"]')?.getAttribute('content')?.trim();
  if (zone) setDefaultZone(zone);
}

/** After the setting is saved: every screen counts days and shows times in the new zone at once. */
export function setCompanyZone(zone: string): void {
  document.querySelector('meta[name="company-time-zone"]')?.setAttribute('content', zone);
  setDefaultZone(zone);
}

/** How often an open tab asks for the company profile while nothing else does (it also asks on focus). */
export const COMPANY_ZONE_POLL_MS = 5 * 60_000;

/**
 * The company's zone; the component re-renders when it changes. The signed-in shell holds it, so
 * a zone changed in Settings by another admin reaches this tab too: the public company profile
 * (GET /api/company, one cached query shared with the screens that show the profile) is asked
 * again when the tab regains focus and every few minutes, and its zone goes into the store.
 */
export function useCompanyZone(): string {
  const profile = useQuery({
    queryKey: companyKeys.profile,
    queryFn: ({ signal }) => apiGet('/api/company', { signal }).then((r) => r.profile),
    refetchInterval: COMPANY_ZONE_POLL_MS,
  });
  const served = profile.data?.timeZone;
  useEffect(() => {
    if (served) setCompanyZone(served);
  }, [served]);
  return useSyncExternalStore(subscribeDefaultZone, getDefaultZone, getDefaultZone);
}
