import en from '../../../shared/i18n/en/spvs.json';
import { catalog } from '../../lib/i18n';

/** The SPV tracker's texts (issue 16). */
export const spvsText = catalog('spvs', en);
