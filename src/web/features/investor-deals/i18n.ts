import en from '../../../shared/i18n/en/investor-deals.json';
import { catalog } from '../../lib/i18n';

/** The investor Deal Vault's texts (issue 16). */
export const investorDealsText = catalog('investor-deals', en);
