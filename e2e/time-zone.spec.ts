import { test } from '@playwright/test';
import { timeZoneFlow } from './time-zone-flow';

test('the company time zone decides today, and changing it moves today at once (desktop)', async ({ page }) => {
  await timeZoneFlow(page, 'desktop');
});
