import en from '../../../shared/i18n/en/activity-logs.json';
import { catalog } from '../../lib/i18n';

/** The Activity Logs screen's texts (issue 16). */
export const activityLogsText = catalog('activity-logs', en);
