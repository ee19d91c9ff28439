import en from '../../../shared/i18n/en/admin-dashboard.json';
import { catalog } from '../../lib/i18n';

/** The admin dashboard's texts (issue 16). */
export const adminDashboardText = catalog('admin-dashboard', en);

/** A server-given English value shown through a catalogue group when the group knows it. */
export const known = <G extends Record<string, string>>(group: G, value: string): value is Extract<keyof G, string> =>
  Object.hasOwn(group, value);
export { en };
