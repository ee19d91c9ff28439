import en from '../../../shared/i18n/en/jobs.json';
import { catalog } from '../../lib/i18n';

/** The Background Jobs screen's texts (issue 32, decision 041). */
export const jobsText = catalog('jobs', en);
