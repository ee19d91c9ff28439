import en from '../../../shared/i18n/en/auth.json';
import { catalog } from '../../lib/i18n';

/** The sign-in, sign-up, password and unsubscribe screens' texts (issue 16). */
export const authText = catalog('auth', en);
