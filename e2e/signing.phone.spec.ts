import { test } from '@playwright/test';
import { signingFlow } from './signing-flow';

test.describe.configure({ timeout: 120_000 });

test('issue 30: draw a signature, sign, countersign, download the executed agreement (390 px)', async ({ page, browser }) => {
  await signingFlow(page, browser, { width: 390, height: 844 }, 'phone');
});
