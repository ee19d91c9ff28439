import en from '../../../shared/i18n/en/settings.json';
import { catalog } from '../../lib/i18n';

/** The settings screens' texts (issue 16). */
export const settingsText = catalog('settings', en);
