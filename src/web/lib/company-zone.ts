import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { getDefaultZone, subscribeDefaultZone } from '../../shared/dates';
import { companyProfileQuery } from './queries/company';
import { setCompanyZone } from './time-zone';

/** How often an open tab asks for the company profile while nothing else does (it also asks on focus). */
export const COMPANY_ZONE_POLL_MS = 5 * 60_000;

/**
 * The company's zone; the component re-renders when it changes. The signed-in shell holds it, so
 * a zone changed in Settings by another admin reaches this tab too: the public company profile
 * (GET /api/company, one cached query shared with the screens that show the profile) is asked
 * again when the tab regains focus and every few minutes, and its zone goes into the store.
 */
export function useCompanyZone(): string {
  const profile = useQuery({ ...companyProfileQuery(), refetchInterval: COMPANY_ZONE_POLL_MS });
  const served = profile.data?.timeZone;
  useEffect(() => {
    if (served) setCompanyZone(served);
  }, [served]);
  return useSyncExternalStore(subscribeDefaultZone, getDefaultZone, getDefaultZone);
}
