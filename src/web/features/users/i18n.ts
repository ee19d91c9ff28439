import en from '../../../shared/i18n/en/users.json';
import { catalog } from '../../lib/i18n';

/** The user management screens' texts (issue 16). */
export const usersText = catalog('users', en);
