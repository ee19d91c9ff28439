import en from '../../shared/i18n/en/activity-logs.json';
import { catalog } from './i18n';

/**
 * The activity log's type labels ("User login", "API token created"…). They live in the
 * activity-logs catalogue, not in common: only admin screens show them, and common is in the
 * landing page's JavaScript (its 120 KB budget, bench/web.ts). A screen that shows them calls
 * `activityTypesText.useT()` so that the Arabic catalogue is loaded.
 */
export const activityTypesText = catalog('activity-logs', en);

/** A type's label in the current language, or null for a type without one. */
export function activityTypeLabel(type: string): string | null {
  const labels = en.activityType as Record<string, string>;
  if (!(type in labels)) return null;
  return activityTypesText.t(`activityType.${type}` as 'activityType.user_login');
}
