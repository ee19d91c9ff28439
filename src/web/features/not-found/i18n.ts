import en from '../../../shared/i18n/en/not-found.json';
import { catalog } from '../../lib/i18n';

/** The 404 page's texts (issue 16). */
export const notFoundText = catalog('not-found', en);
