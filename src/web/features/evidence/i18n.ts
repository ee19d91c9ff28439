import en from '../../../shared/i18n/en/evidence.json';
import { catalog } from '../../lib/i18n';

/** The evidence packs' texts (decision 052). */
export const evidenceText = catalog('evidence', en);
