import { expect, type Page } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/**
 * Issue 27 item 14: the company zone offers every IANA zone (Nairobi, Dubai, Port Louis first)
 * through a searchable picker used with the keyboard alone; saving Africa/Nairobi moves the
 * company's zone everywhere (the served page and the public profile). Set back to the demo's
 * 'UTC+4' at the end.
 */
export async function timeZonePickerFlow(page: Page, layout: 'desktop' | 'phone') {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  try {
    await page.goto('/admin/settings');
    const select = page.getByLabel('Timezone', { exact: true });
    await expect(select).toHaveValue('UTC+4');
    const search = page.getByRole('searchbox', { name: 'Search time zones' });
    await expect(page.getByTestId('timezone-count')).toContainText('the firm’s own (Nairobi, Dubai, Port Louis) first');

    // Keyboard only: focus the search, type, Enter picks the first match.
    await search.focus();
    await page.keyboard.type('nairobi');
    await expect(page.getByTestId('timezone-count')).toHaveText('Time zones found: 1');
    await page.keyboard.press('Enter');
    await expect(select).toHaveValue('Africa/Nairobi');
    await expect(page).toHaveURL(/\/admin\/settings$/); // Enter did not submit the form
    await expectNoA11yViolations(page, `time zone picker (${layout})`);

    // A search that matches nothing says so; the chosen zone stays shown.
    await search.fill('atlantis');
    await expect(page.getByTestId('timezone-count')).toHaveText('No time zone matches “atlantis”.');
    await expect(select).toHaveValue('Africa/Nairobi');
    // The offices' cities find their zones; arrow keys move within the narrowed list.
    await search.fill('port louis');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue('Indian/Mauritius');
    // The offset is searchable too: GMT+3 lists Nairobi among others.
    await search.fill('gmt+3)');
    await expect(select.getByRole('option', { name: 'Africa/Nairobi (GMT+3)' })).toHaveCount(1);
    await search.fill('');
    await search.press('Tab');
    await expect(select).toBeFocused();
    await page.keyboard.press('Home');
    await expect(select).toHaveValue('Africa/Nairobi');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Settings saved successfully');
    await expect(page.locator('meta[name="company-time-zone"]')).toHaveAttribute('content', 'Africa/Nairobi');
    const profile = (await (await page.request.get('/api/company')).json()) as { profile: { timeZone: string } };
    expect(profile.profile.timeZone).toBe('Africa/Nairobi');
    await page.reload();
    await expect(page.getByLabel('Timezone', { exact: true })).toHaveValue('Africa/Nairobi');
    await expect(page.locator('meta[name="company-time-zone"]')).toHaveAttribute('content', 'Africa/Nairobi');
  } finally {
    const res = await page.request.put('/api/settings', { data: { timezone: 'UTC+4' } });
    expect(res.ok(), await res.text()).toBe(true);
  }
}
