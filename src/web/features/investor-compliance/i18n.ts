import en from '../../../shared/i18n/en/investor-compliance.json';
import { catalog } from '../../lib/i18n';

/** The investor compliance screens' texts (issue 16). */
export const investorComplianceText = catalog('investor-compliance', en);
