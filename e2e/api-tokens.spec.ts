import { test } from '@playwright/test';
import { investorTokenFlow } from './api-tokens-flow';

test('an investor creates an API token on the profile, reads the portal with it, then revokes it', async ({ page }) => {
  await investorTokenFlow(page, 'desktop');
});
