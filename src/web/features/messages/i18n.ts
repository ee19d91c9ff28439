import en from '../../../shared/i18n/en/messages.json';
import { catalog } from '../../lib/i18n';

/** The Secure Messages and admin Messages screens' texts (issue 16). */
export const messagesText = catalog('messages', en);
