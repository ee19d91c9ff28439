import { test } from '@playwright/test';
import { founderSecurityFlow, nonFounderSecurityFlow } from './security-settings-flow';

test('a non-founder admin sees the Security tab read-only, with the reason, and still saves another tab', async ({ page }) => {
  await nonFounderSecurityFlow(page, 'desktop');
});

test('a founder changes and saves the Security tab', async ({ page }) => {
  await founderSecurityFlow(page, 'desktop');
});
