import en from '../../../shared/i18n/en/audit-trail.json';
import { catalog } from '../../lib/i18n';

/** The Audit Trail screen's texts (decision 042). */
export const auditTrailText = catalog('audit-trail', en);
