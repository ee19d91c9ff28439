import { test } from '@playwright/test';
import { suitabilityGateFlow } from './suitability-gate';

test.describe.configure({ timeout: 120_000 });

test('no subscription without a completed suitability review; the review step shows fees and carry (desktop)', async ({
  browser,
  page,
}) => {
  await suitabilityGateFlow(browser, page, { width: 1280, height: 800 });
});
