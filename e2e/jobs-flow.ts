import { expect, type Page } from '@playwright/test';
import { E2E, expectNoA11yViolations, gotoLogin, signInViaUi } from './fixtures';

/**
 * The Background Jobs screen (issue 32, decision 041): the admin starts the quarter's statement
 * run on Capital Calls, then finds it on Background Jobs, done, with who started it, its progress
 * and result, beside the periodic jobs the server runs by itself (e-mail sending, the daily
 * digest, the storage check). A table from 768 px up; one card per job on a phone.
 */
export async function jobsFlow(page: Page, phone: boolean) {
  await gotoLogin(page);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);

  if (!phone) {
    await page.getByRole('link', { name: 'Capital Calls', exact: true }).click();
    await page.getByRole('button', { name: 'Generate Quarter Statements' }).click();
    await expect(page.getByTestId('statement-run')).toContainText(/Done: (\d+) of \1 statements generated/, { timeout: 60_000 });
    // Through the sidebar, by keyboard: focus the link and press Enter.
    const link = page.getByRole('link', { name: 'Background Jobs', exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
  } else await page.goto('/admin/jobs');

  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Background Jobs', exact: true })).toBeVisible();
  await expect(
    page.getByText('Long and scheduled work the servers run: statement runs, e-mail sending, the daily digest and the storage check.'),
  ).toBeVisible();

  const item = (text: string) =>
    phone
      ? page.getByTestId('job-card').filter({ hasText: text })
      : page.getByRole('table', { name: 'Background jobs' }).getByRole('row').filter({ hasText: text });
  // The server's own periodic jobs, started by the system.
  for (const kind of ['E-mail sending', 'Daily digest and reminders', 'Storage check']) {
    const job = item(kind).first();
    await expect(job).toBeVisible();
    await expect(job).toContainText('System');
    await expect(job).toContainText(/Scheduled|Running/);
  }

  if (!phone) {
    // The statement run just generated: done, by the admin, every statement.
    const run = item('Statement run').first();
    await expect(run).toContainText('Done');
    await expect(run).toContainText('Eve Admin');
    await expect(run).toContainText(/(\d+) of \1/);
    await expect(run).toContainText(/\d+ of \d+ statements generated/);
    await expect(run.getByRole('progressbar', { name: 'Progress of Statement run' })).toHaveAttribute('aria-valuenow', '100');
    // Done: nothing to retry.
    await expect(run.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  } else {
    await expect(page.getByRole('table', { name: 'Background jobs' })).toBeHidden();
    const card = item('Storage check').first();
    for (const label of ['Started by', 'When', 'Progress', 'Result']) await expect(card.getByText(label, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  // Refresh reads the list again.
  const reread = page.waitForResponse((r) => r.url().endsWith('/api/jobs') && r.status() === 200);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await reread;
  await expectNoA11yViolations(page, phone ? 'background jobs (phone)' : 'background jobs');
}
