import en from '../../../shared/i18n/en/risk.json';
import { catalog } from '../../lib/i18n';

/** The risk rating and KYC refresh texts (issue 31 part 4, decision 050). */
export const riskText = catalog('risk', en);
