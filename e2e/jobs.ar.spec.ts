import type { JobList, JobView } from '../src/shared/jobs';
import { ar, arabicAccount, en, expect, overflowingText, plain, test } from './arabic';
import { E2E, expectNoA11yViolations, signIn } from './fixtures';

/** A statement run that failed on an exception the product does not know, as the server lists one (jobs.test.ts). */
const FAILED: JobView = {
  id: '00000000-0000-4000-8000-00000000fa11',
  kind: 'statement-run',
  status: 'failed',
  periodic: false,
  startedBy: null,
  progress: { total: 2, done: 0, failed: 2 },
  result: null,
  resultMessage: null,
  error: 'connect ECONNREFUSED 127.0.0.1:9000',
  errorMessage: { key: 'unexpected', values: {} },
  attempts: 5,
  maxAttempts: 5,
  createdAt: '2026-11-26T08:00:00.000Z',
  startedAt: '2026-11-26T08:00:01.000Z',
  finishedAt: '2026-11-26T08:05:00.000Z',
  runAt: '2026-11-26T08:00:00.000Z',
};

/**
 * Background Jobs in Arabic (decision 059): each job's result is the Arabic catalogue's sentence
 * with its numbers, never the English text the server used to store; a failure is an Arabic line
 * too, the exception's own English text folded below it.
 */
test('Background Jobs in Arabic: results in Arabic, no English server text', async ({ page }) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);
  // No job fails on the demo server by itself: the failed run above joins the server's real list.
  await page.route(/\/api\/jobs(\?|$)/, async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as JobList;
    await route.fulfill({ response, json: { jobs: [...list.jobs, FAILED] } satisfies JobList });
  });
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
  // The failed run: the Arabic catalogue's line naming the job's id (the reference in the server
  // log), no English in it; the exception's text folded below, marked English, shown on opening.
  const failed = table.getByRole('row').filter({ hasText: FAILED.id });
  const line = failed.getByTestId('job-error');
  await expect(line).toBeVisible();
  expect(plain((await line.textContent()) ?? '')).toBe(`فشلت المهمة: راجع سجل الخادم، المرجع ${FAILED.id}`);
  const raw = failed.getByText(FAILED.error as string);
  await expect(raw).toBeHidden();
  await failed.getByText(ar('jobs', 'technical')).click();
  await expect(raw).toBeVisible();
  await expect(raw).toHaveAttribute('lang', 'en');
  expect(await overflowingText(page)).toEqual([]);
  await page.screenshot({ path: '.test-logs/jobs-ar-1280.png', fullPage: true });
  await expectNoA11yViolations(page, 'background jobs (ar)');
});
