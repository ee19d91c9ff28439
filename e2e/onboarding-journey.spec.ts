import { test } from '@playwright/test';
import { onboardingJourneyFlow } from './onboarding-journey-flow';

test.describe.configure({ timeout: 240_000 });

test('an offshore fund signs up, names its owners, classifies, self-certifies, is screened, subscribes, and is frozen after a confirmed match (desktop)', async ({
  browser,
  page,
}) => {
  await onboardingJourneyFlow(browser, page, { width: 1280, height: 800 });
});
