import { activityLogsInArabic, profileInArabic } from './account-ar-flow';
import { test } from './arabic';

/** Activity Logs, Profile and Change password in Arabic at desktop width (issue 16). */

test('the admin reads and filters the Activity Logs in Arabic', async ({ page }, testInfo) => {
  await activityLogsInArabic(page, testInfo);
});

test('an investor switches a notification off and on and opens Change password, in Arabic', async ({ page }, testInfo) => {
  await profileInArabic(page, testInfo);
});
