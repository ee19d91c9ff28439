import { useEffect } from 'react';

/**
 * The company name comes from the server's settings. The server writes it into the
 * served HTML as <meta name="company-name" content="..."> at request time (no inline
 * script, so the CSP stays strict), and the SPA reads it from there. It is the one brand
 * shown everywhere: header, sign-in card, landing page, footer and the browser tab.
 */
import { COMPANY_NAME_SLOT, PRODUCT_NAME } from '../../shared/prerender';

export { PRODUCT_NAME };

export function companyName(): string {
  if (typeof document === 'undefined') return COMPANY_NAME_SLOT;
  const meta = document.querySelector('meta[name="company-name"]');
  const value = meta?.getAttribute('content')?.trim();
  return value || PRODUCT_NAME;
}

/** The browser tab's title for a screen: "Deal Pipeline - <company>". */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} - ${companyName()}` : companyName();
}

/** Sets the browser tab's title while the screen is shown. */
export function useDocumentTitle(screen?: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
