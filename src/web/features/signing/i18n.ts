import en from '../../../shared/i18n/en/signing.json';
import { catalog } from '../../lib/i18n';

/** The signing screens' texts (issue 30). */
export const signingText = catalog('signing', en);
