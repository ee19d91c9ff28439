import { test } from '@playwright/test';
import { signingFlow } from './signing-flow';

test.describe.configure({ timeout: 240_000 });

test('issue 30: draw a signature, sign, countersign, download the executed agreement (desktop)', async ({ page, browser }) => {
  await signingFlow(page, browser, { width: 1280, height: 800 }, 'desktop');
});
