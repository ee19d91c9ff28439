import { ar, arabicAccount, en, expect, overflowingText, plain, test } from './arabic';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/**
 * Background Jobs in Arabic (decision 059): each job's result is the Arabic catalogue's sentence
 * with its numbers, never the English text the server used to store.
 */
test('Background Jobs in Arabic: results in Arabic, no English server text', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);
  await page.goto('/admin/jobs');
  await expect(page.getByRole('heading', { level: 1, name: ar('jobs', 'title') })).toBeVisible();
  const table = page.getByRole('table', { name: ar('jobs', 'table') });
  const row = (kind: string) =>
    table
      .getByRole('row')
      .filter({ hasText: ar('jobs', `kind.${kind}`) })
      .first();

  // The e-mail sending and the daily digest run at start (their first run is due at once).
  const mail = row('email-outbox').getByTestId('job-result');
  await expect(mail).toBeVisible({ timeout: 30_000 });
  // "رسائل البريد الإلكتروني التي جرت محاولة إرسالها: N": the words before the count, then a number.
  const [mailWords] = plain(ar('jobs', 'outcome.emailsAttempted')).split(':');
  await expect(mail).toContainText(`${mailWords}:`);
  expect(plain((await mail.textContent()) ?? '')).toMatch(/: [0-9٠-٩]+$/);
  await expect(row('daily-notices').getByTestId('job-result')).toHaveText(ar('jobs', 'outcome.noticesChecked'), { timeout: 30_000 });

  // None of the English sentences the server renders for the API is on the Arabic screen.
  const shown = plain((await table.textContent()) ?? '');
  for (const key of ['emailsAttempted', 'noticesChecked', 'signingDeadlines', 'webhookAttempts']) {
    const words = en('jobs', `outcome.${key}`)
      .replace(/\{\{\w+\}\}/g, '')
      .trim()
      .split(' ')
      .slice(-2)
      .join(' ');
    expect(shown, `no English "${words}"`).not.toContain(words);
  }
  expect(await overflowingText(page)).toEqual([]);
  await page.screenshot({ path: '.test-logs/jobs-ar-1280.png', fullPage: true });
  await expectNoA11yViolations(page, 'background jobs (ar)');
});
