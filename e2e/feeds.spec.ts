import { test } from '@playwright/test';
import { investorFeedsFlow } from './feeds-flow';

test('an investor subscribes to the calendar feed, a calendar app reads it, they download ILPA CSV and stop the feed', async ({ page }) => {
  await investorFeedsFlow(page, 'desktop');
});
