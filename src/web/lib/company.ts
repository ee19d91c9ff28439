/**
 * The company name comes from the server's settings. The server writes it into the
 * served HTML as <meta name="company-name" content="..."> at request time (no inline
 * script, so the CSP stays strict), and the SPA reads it from there.
 */
import { PRODUCT_NAME } from '../../shared/prerender';

export { PRODUCT_NAME };

export function companyName(): string {
  const meta = document.querySelector('meta[name="company-name"]');
  const value = meta?.getAttribute('content')?.trim();
  return value || PRODUCT_NAME;
}
