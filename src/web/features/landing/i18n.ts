import en from '../../../shared/i18n/en/landing.json';
import { catalog } from '../../lib/i18n';

/** The landing page's texts (issue 16). */
export const landingText = catalog('landing', en);
