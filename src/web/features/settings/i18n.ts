import en from '../../../shared/i18n/en/settings.json';
import enSigning from '../../../shared/i18n/en/signing-settings.json';
import { catalog } from '../../lib/i18n';

/** The settings screens' texts (issue 16). */
export const settingsText = catalog('settings', en);

/** The Subscription agreements card (issue 30's signing settings). */
export const signingSettingsText = catalog('signing-settings', enSigning);
