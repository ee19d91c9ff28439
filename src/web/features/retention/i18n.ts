import en from '../../../shared/i18n/en/retention.json';
import { catalog } from '../../lib/i18n';

/** Retention and the four-eyes purge's texts (decision 054), on the audit trail screen. */
export const retentionText = catalog('retention', en);
