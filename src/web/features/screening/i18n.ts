import en from '../../../shared/i18n/en/screening.json';
import { catalog } from '../../lib/i18n';

/** The screening screens' texts (issue 31 part B). */
export const screeningText = catalog('screening', en);
