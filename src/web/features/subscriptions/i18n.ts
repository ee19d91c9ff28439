import en from '../../../shared/i18n/en/subscriptions.json';
import { catalog } from '../../lib/i18n';

/** The subscription screens' texts (issue 16). */
export const subscriptionsText = catalog('subscriptions', en);
