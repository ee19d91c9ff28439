import en from '../../../shared/i18n/en/capital-calls.json';
import { catalog } from '../../lib/i18n';

/** The capital-calls screens' texts (issue 16). */
export const capitalCallsText = catalog('capital-calls', en);
