import { test } from '@playwright/test';
import { landingClaimsFlow } from './landing-claims';

test.describe.configure({ timeout: 120_000 });

test('the landing claims are company-profile settings: none on a fresh install, set in Settings, shown in English and Arabic', async ({
  browser,
}) => {
  await landingClaimsFlow(browser, { width: 1280, height: 800 });
});
