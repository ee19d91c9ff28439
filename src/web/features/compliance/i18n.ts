import en from '../../../shared/i18n/en/compliance.json';
import { catalog } from '../../lib/i18n';

/** The compliance screens' texts (issue 16). */
export const complianceText = catalog('compliance', en);
