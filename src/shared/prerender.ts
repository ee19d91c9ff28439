/** The product's own name: the company name until settings give another one. */
export const PRODUCT_NAME = 'Meridian Syndicate';

/**
 * The landing page's HTML is prerendered at build time (scripts/prerender.ts), where there is
 * no document and no request. Request-time values are rendered as these slots, and the server
 * (src/server/http/spa.ts) replaces them with the escaped values when it serves the page, so
 * the browser hydrates markup that matches its own first render.
 */
export const COMPANY_NAME_SLOT = '%%COMPANY_NAME%%';
export const YEAR_SLOT = '%%YEAR%%';
