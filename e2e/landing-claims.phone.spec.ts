import { test } from '@playwright/test';
import { landingClaimsFlow } from './landing-claims';

test.describe.configure({ timeout: 120_000 });

test('the landing claims at phone width: none on a fresh install, then the ones set', async ({ browser }) => {
  await landingClaimsFlow(browser, { width: 390, height: 844 });
});
