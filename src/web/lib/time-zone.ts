import { setDefaultZone } from '../../shared/dates';

/**
 * The company's time zone on the web (decision record 020). The server writes it into the served
 * HTML as <meta name="company-time-zone" content="Asia/Dubai"> (like the company name), so the
 * first render already counts "today" and shows times in it; Settings updates it on save, and
 * every other open tab follows the server's company profile (useCompanyZone in company-zone.ts:
 * apart, so that the landing page's main chunk does not carry the query library and API client).
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
