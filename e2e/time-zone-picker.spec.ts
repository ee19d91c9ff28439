import { test } from '@playwright/test';
import { timeZonePickerFlow } from './time-zone-picker';

test('the company zone: every IANA zone, searchable with the keyboard; Nairobi saved', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await timeZonePickerFlow(page, 'desktop');
});
