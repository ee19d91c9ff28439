import { test } from '@playwright/test';
import { onboardingJourneyFlow } from './onboarding-journey-flow';

test.describe.configure({ timeout: 240_000 });

test('the offshore fund onboarding journey, screening and four-eyes freeze at phone width', async ({ browser, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await onboardingJourneyFlow(browser, page, { width: 390, height: 844 });
});
