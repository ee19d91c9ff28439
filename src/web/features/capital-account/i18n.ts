import en from '../../../shared/i18n/en/capital-account.json';
import { catalog } from '../../lib/i18n';

/** The capital-account screens' texts (issue 16). */
export const capitalAccountText = catalog('capital-account', en);
