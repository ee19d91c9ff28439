import { test } from '@playwright/test';
import { timeZonePickerFlow } from './time-zone-picker';

test('the company zone picker at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await timeZonePickerFlow(page, 'phone');
});
