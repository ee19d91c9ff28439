import { useSyncExternalStore } from 'react';
import { getDefaultZone, setDefaultZone, subscribeDefaultZone } from '../../shared/dates';

/**
 * The company's time zone on the web (decision record 020). The server writes it into the served
 * HTML as <meta name="company-time-zone" content="Asia/Dubai"> (like the company name), so the
 * first render already counts "today" and shows times in it; Settings updates it on save.
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

/** The company's zone; the component re-renders when it changes. */
export function useCompanyZone(): string {
  return useSyncExternalStore(subscribeDefaultZone, getDefaultZone, getDefaultZone);
}
