import en from '../../../shared/i18n/en/signing-admin.json';
import { catalog } from '../../lib/i18n';

/** The firm's signing screens' texts (issue 30): the deal's status table, an envelope's detail, void and resend, the trail. */
export const signingAdminText = catalog('signing-admin', en);
