import en from '../../../shared/i18n/en/kyc.json';
import { catalog } from '../../lib/i18n';

/** The KYC screens' texts (issue 16). */
export const kycText = catalog('kyc', en);
