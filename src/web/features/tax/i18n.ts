import en from '../../../shared/i18n/en/tax.json';
import { catalog } from '../../lib/i18n';

/** The tax self-certification screens' texts (issue 31 part 3). */
export const taxText = catalog('tax', en);
