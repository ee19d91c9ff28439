import en from '../../../shared/i18n/en/investor-dashboard.json';
import { catalog } from '../../lib/i18n';

/** The investor-dashboard screens' texts (issue 16). */
export const investorDashboardText = catalog('investor-dashboard', en);
