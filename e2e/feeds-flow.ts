import { readFile } from 'node:fs/promises';
import { expect, type Page, request as playwrightRequest } from '@playwright/test';
import ICAL from 'ical.js';
import Papa from 'papaparse';
import { formatDate as formatDay } from '../src/shared/format';
import { DEMO, E2E, expectNoA11yViolations, expectToast, gotoLogin, signInViaUi } from './fixtures';

/**
 * Issue 34 part 3 (decision 048): the demo investor subscribes to their calendar feed from the
 * profile (the link shown once, copied), a calendar app reads it without a session (parsed with a
 * real iCalendar parser), the investor downloads their notices as ILPA-template CSV beside the
 * PDFs, then stops the feed and the link answers 404. (Creating an API token: api-tokens-flow.ts.)
 */
export async function investorFeedsFlow(page: Page, label: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoLogin(page);
  await signInViaUi(page, DEMO.investor, E2E.demoPassword);
  await expect(page).toHaveURL(/\/investor$/);
  await page.goto('/investor/profile');
  await expect(page.getByText('Calendar feed', { exact: true })).toBeVisible();
  // A previous run may have left a feed: replace it or create one.
  const create = page.getByRole('button', { name: 'Create calendar link' });
  const replace = page.getByRole('button', { name: 'Replace the link' });
  await expect(create.or(replace)).toBeVisible();
  await expectNoA11yViolations(page, `profile with the calendar feed card (${label})`);
  await ((await create.isVisible()) ? create : replace).click();

  const shown = page.getByRole('dialog', { name: 'Your calendar link' });
  const url = await shown.getByRole('textbox', { name: 'Calendar link' }).inputValue();
  expect(url).toMatch(/\/api\/feeds\/calendar\/sdc_[A-Za-z0-9_-]{43}$/);
  await expectNoA11yViolations(page, `calendar link shown once (${label})`);
  await shown.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Calendar link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  await expect(page.getByText(/^Active since .*, link starting sdc_/)).toBeVisible();

  // A calendar app: no cookie, only the link.
  const app = await playwrightRequest.newContext();
  try {
    const res = await app.get(url);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('\r\n');
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.name).toBe('vcalendar');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.startDate.isDate).toBe(true);
      expect(e.uid).toMatch(/^(capital-call|distribution)-[0-9a-f-]+-[0-9a-f-]+@calendar\.meridian-syndicate$/);
      // Amounts exact: the summary ends with a dollar amount to the cent.
      expect(e.summary).toMatch(/\$[\d,]+\.\d{2}( \(paid\))?$/);
    }
    expect(events.some((e) => e.summary.startsWith('Capital call due:'))).toBe(true);

    // ILPA-template CSV beside the notice PDFs.
    await page.goto('/investor/capital-calls');
    const all = page.getByRole('button', { name: 'All notices, ILPA data (CSV)' });
    await expect(all).toBeVisible();
    await expect(page.getByRole('button', { name: /^ILPA data \(CSV\) for the notice of / }).first()).toBeVisible();
    await expectNoA11yViolations(page, `capital calls with ILPA downloads (${label})`);
    const [download] = await Promise.all([page.waitForEvent('download'), all.click()]);
    expect(download.suggestedFilename()).toBe('ilpa-notices.csv');
    const csv = await readFile((await download.path()) as string, 'utf8');
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toMatch(/^Notice ID,Notice Type,Fund Name,Investment Vehicle,LP Name,LP ID,Notice Date,Due Date,/);
    expect(header).toContain('LP Commitment,Unfunded Commitment Before This Notice');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.includes(',capital_call,'))).toBe(true);

    // A period: an end before the start is a field error (the start in the company's format) and
    // nothing downloads; a valid period's file lists exactly the notices dated within it.
    const panel = page.getByRole('region', { name: 'Notice data for your systems' });
    // Parsed as CSV (names may hold commas); column 0 is the Notice ID, column 6 the Notice Date.
    const table = (text: string) => Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data.slice(1);
    const allRows = table(csv);
    const noticeDates = allRows.map((r) => r[6] as string).sort();
    const last = noticeDates.at(-1) as string;
    const first = noticeDates[0] as string;
    await panel.getByLabel('From', { exact: true }).fill(last);
    await panel.getByLabel('To', { exact: true }).fill('2000-01-01');
    const to = panel.getByLabel('To', { exact: true });
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.getByText(`The end date cannot be before the start date (${formatDay(last)})`)).toBeVisible();
    await expectNoA11yViolations(page, `ILPA period with a field error (${label})`);
    await panel.getByRole('button', { name: 'Period, ILPA data (CSV)' }).click();
    await expect(to).toBeFocused();
    // The period: from the second-earliest notice date through the latest (so the earliest ones fall out when dates differ).
    const from = noticeDates.find((d) => d > first) ?? first;
    await panel.getByLabel('From', { exact: true }).fill(from);
    await to.fill(last);
    await expect(to).not.toHaveAttribute('aria-invalid', 'true');
    const [periodDownload] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Period, ILPA data (CSV)' }).click(),
    ]);
    expect(periodDownload.suggestedFilename()).toBe(`ilpa-notices-${from}-to-${last}.csv`);
    const periodCsv = await readFile((await periodDownload.path()) as string, 'utf8');
    expect(periodCsv.split('\r\n')[0]).toBe(header);
    const periodRows = table(periodCsv);
    // Expected: the rows of the full file whose Notice Date lies in [from, last].
    const inPeriod = allRows.filter((r) => (r[6] as string) >= from && (r[6] as string) <= last);
    expect(periodRows.length).toBeGreaterThan(0);
    expect(periodRows.map((r) => r[0]).sort()).toEqual(inPeriod.map((r) => r[0]).sort());
    // The demo's notices fall on different days (src/server/seed/demo-portal.ts): the earliest fall out.
    expect(from > first).toBe(true);
    expect(periodRows.length).toBeLessThan(allRows.length);

    // The Distribution Calendar: an ILPA download beside each distribution with a notice, and the period.
    await page.goto('/investor/distributions');
    await expect(page.getByRole('heading', { level: 1, name: 'Distribution Calendar' })).toBeVisible();
    const distPanel = page.getByRole('region', { name: 'Notice data for your systems' });
    await expect(distPanel.getByRole('button', { name: 'Period, ILPA data (CSV)' })).toBeVisible();
    const perNotice = page.getByTestId('distribution-item').getByRole('button', { name: /^ILPA data \(CSV\) for the notice of / });
    await expect(perNotice.first()).toBeVisible();
    await expectNoA11yViolations(page, `distribution calendar with ILPA downloads (${label})`);
    const [distDownload] = await Promise.all([page.waitForEvent('download'), perNotice.first().click()]);
    expect(distDownload.suggestedFilename()).toMatch(/^ilpa-distribution-\d{4}-\d{2}-\d{2}\.csv$/);
    const [distHeader, ...distRows] = (await readFile((await distDownload.path()) as string, 'utf8')).trim().split('\r\n');
    expect(distHeader).toBe(header);
    expect(distRows).toHaveLength(1);
    expect(distRows[0]).toContain(',distribution,');

    // Stopping the feed: the link answers 404 at once.
    await page.goto('/investor/profile');
    await page.getByRole('button', { name: 'Stop the feed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Stop the calendar feed?' });
    await confirm.getByRole('button', { name: 'Stop the feed' }).click();
    await expectToast(page, 'Calendar feed stopped');
    await expect(page.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
    expect((await app.get(url)).status()).toBe(404);
  } finally {
    await app.dispose();
  }
}
