import en from '../../../shared/i18n/en/profile.json';
import { catalog } from '../../lib/i18n';

/** The Profile screen's texts (issue 16). */
export const profileText = catalog('profile', en);
