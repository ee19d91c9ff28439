import en from '../../../shared/i18n/en/performance.json';
import { catalog } from '../../lib/i18n';

/** The performance screens' texts (issue 16). */
export const performanceText = catalog('performance', en);
