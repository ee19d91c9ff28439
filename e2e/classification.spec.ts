import { test } from '@playwright/test';
import { classificationFlow, retailBlockedFlow } from './classification-flow';

test.describe.configure({ timeout: 150_000 });

test('an investor classifies as an assessed Professional Client with evidence, an admin approves, the investor subscribes (desktop)', async ({
  browser,
  page,
}) => {
  await classificationFlow(browser, page, { width: 1280, height: 800 });
});

test('a Retail Client is blocked from subscribing with the reason (desktop)', async ({ browser, page }) => {
  await retailBlockedFlow(browser, page, { width: 1280, height: 800 });
});
