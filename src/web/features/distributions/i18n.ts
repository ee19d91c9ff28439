import en from '../../../shared/i18n/en/distributions.json';
import { catalog } from '../../lib/i18n';

/** The distributions screens' texts (issue 16). */
export const distributionsText = catalog('distributions', en);
