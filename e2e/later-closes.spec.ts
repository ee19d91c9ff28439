import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAGED_CLOSE_DEAL } from '../src/server/seed/demo-closes';
import { formatDate } from '../src/shared/format';
import type { PerformanceData } from '../src/shared/performance';
import { E2E, expectNoA11yViolations, expectToast, isoInDays, signIn } from './fixtures';
import { chooseEqualisation } from './later-closes-flow';

/**
 * Issue 29 part 1, desktop (decision 040, amendment of 27 Nov): on the demo's closed staged-close
 * deal (Kilimanjaro at the first close 300 days ago, 200,000 received 290 days ago; Ahmed at the
 * final close 60 days ago, src/server/seed/demo-closes.ts) an admin chooses equalisation at 8% a
 * year, sees the final close's plan and charges it; Kilimanjaro's holding keeps its value and
 * shows the interest received, on the Performance screen and in the statement PDF read back.
 * The phone spec covers choosing the method on a fresh deal (later-closes-flow.ts).
 */
test.describe.configure({ timeout: 180_000 });

const KILI = 'kilimanjaro@demo.example.com';
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
// By hand: Ahmed's share of the first close's call is 200,000 x 200,000 / 400,000 = 100,000; his
// interest 100,000 x 8% x 230 days (from 290 to 60 days ago) / 365 = 1,840,000 / 365 = 5,041.0958...
// -> 5,041.10, all of it to Kilimanjaro, the only earlier investor.
const INTEREST = '$5,041.10';

async function holding(page: Page, dealId: string) {
  const perf = (await (await page.request.get('/api/investor/performance')).json()) as PerformanceData;
  return perf.holdings.find((h) => h.dealId === dealId);
}

test('an admin sets equalisation on the demo staged-close deal and charges the final close; the first investor’s holding keeps its value', async ({
  browser,
  page,
}) => {
  const title = DEMO_STAGED_CLOSE_DEAL.title;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const options = (await (await page.request.get('/api/deals/options')).json()) as { deals: { id: string; title: string }[] };
  const dealId = options.deals.find((d) => d.title === title)?.id ?? '';
  expect(dealId).not.toBe('');

  // The first investor's holding before: at cost, 200,000 contributed of 400,000, nothing received.
  const kili = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(kili, KILI, E2E.demoPassword, /\/investor/);
  await kili.goto('/investor/performance');
  await expect(kili.getByRole('heading', { level: 1, name: 'Performance Dashboard' })).toBeVisible();
  const row = kili.getByTestId('holding-row').filter({ hasText: title });
  await expect(row).toContainText('$400,000');
  await expect(row).toContainText('$200,000');
  await expect(row.getByTestId('holding-equalisation')).toHaveCount(0);
  const before = await holding(kili, dealId);
  expect(before).toMatchObject({
    commitment: '400000.00',
    contributed: '200000.00',
    currentValue: '200000.00',
    distributionsReceived: '0.00',
  });

  // The admin chooses equalisation; a missing rate is a field message.
  await page.goto(`/admin/deals/${dealId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await chooseEqualisation(page);

  // The Equalisation card: the final close's plan, with the hand figures.
  const closeDate = isoInDays(-60);
  const calls = page.getByRole('table', { name: 'Earlier calls' });
  await expect(calls.getByRole('row').nth(1)).toHaveText(`${formatDate(isoInDays(-290))}$200,000.00230`);
  const payers = page.getByRole('table', { name: 'Paid by the later closers' });
  await expect(payers.getByRole('row').filter({ hasText: 'Ahmed Al-Rashid' })).toHaveText(`Ahmed Al-Rashid$100,000.00${INTEREST}`);
  const receivers = page.getByRole('table', { name: 'Received by the earlier investors' });
  await expect(receivers.getByRole('row').filter({ hasText: 'Kilimanjaro' })).toHaveText(`Kilimanjaro Family Office${INTEREST}`);
  await expect(page.getByTestId('equalisation-total')).toHaveText(`Total equalisation: ${INTEREST}`);
  const charge = page.getByRole('form', { name: 'Charge equalisation' });
  await expect(charge.getByLabel(/^Payment date/)).toHaveValue(closeDate);
  await expectNoA11yViolations(page, 'equalisation of the demo staged close');
  await charge.getByRole('button', { name: 'Charge equalisation' }).click();
  await expectToast(page, `Equalisation of ${INTEREST} charged for the close of ${formatDate(closeDate)}`);
  await expect(page.getByTestId('equalisation-charged')).toHaveText(`Charged on ${formatDate(closeDate)}`);
  await expect(page.getByRole('form', { name: 'Charge equalisation' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'equalisation charged');

  // The first investor: the same commitment, contribution and value; the interest on top, as income.
  await kili.reload();
  await expect(row.getByTestId('holding-equalisation')).toHaveText(
    `Equalisation interest received: ${INTEREST} (income, not a return of capital)`,
  );
  await expect(row).toContainText('$400,000');
  await expect(row).toContainText('$200,000');
  const after = await holding(kili, dealId);
  expect(after).toMatchObject({
    commitment: before?.commitment,
    contributed: before?.contributed,
    currentValue: before?.currentValue,
    distributionsReceived: '5041.10',
    equalisationReceived: '5041.10',
    gain: '5041.10',
  });
  await expectNoA11yViolations(kili, 'performance with equalisation received');

  // The statement PDF, read back: the interest as its own distribution type, outside returned capital.
  await kili.goto('/investor/statements');
  await kili.getByRole('textbox', { name: 'From', exact: true }).fill(isoInDays(-365));
  await kili.getByRole('textbox', { name: 'To', exact: true }).fill(isoInDays(0));
  const [statement] = await Promise.all([
    kili.waitForEvent('download'),
    kili.getByRole('button', { name: 'Download Statement (PDF)' }).click(),
  ]);
  const text = pdfText(await statement.path());
  const section = text.slice(text.indexOf(title));
  expect(section).toContain('Contributions $200,000.00');
  // Income received apart: no deduction from the balance and no change in value (carried at cost).
  expect(section).toContain(`Equalisation interest received (not in the balance) ${INTEREST}`);
  expect(section).not.toContain('Distributions: Equalisation');
  expect(section).toContain('Change in value $0.00');
  expect(section).toMatch(/Closing balance \$200,000\.00/);
  await kili.context().close();
});
