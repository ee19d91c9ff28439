/** The request-time slots of the prerendered landing page (shared with the server that fills them). */
export { COMPANY_NAME_SLOT, YEAR_SLOT } from '../../../shared/prerender';

/** True while rendering at build time (no DOM). */
export const isPrerendering = () => typeof document === 'undefined';
