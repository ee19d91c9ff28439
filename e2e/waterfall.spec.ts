import { expect, type Page, test } from '@playwright/test';
import { formatDate } from '../src/shared/format';
import { expectNoA11yViolations, expectToast } from './fixtures';
import { CO_INVESTOR, dealWithOneHolder, isoInDays, signInBoth } from './waterfall-setup';

/** Issue 13: deal terms, the waterfall preview before recording, and the investor's own tier breakdown. */
test.describe.configure({ timeout: 180_000 });

const row = (table: ReturnType<Page['getByRole']>, label: string) => table.getByRole('row').filter({ hasText: label });

test('an admin sets terms, previews and records a distribution; the investor sees their tier breakdown and the terms', async ({
  browser,
}) => {
  const { admin, investor } = await signInBoth(browser, 1280, 800);
  const title = `Waterfall Deal ${Date.now()}`;
  const dealId = await dealWithOneHolder(admin, investor, title);

  // Terms on the deal detail (their field-level messages: features/deals/deal-terms.test.tsx).
  await admin.goto(`/admin/deals/${dealId}`);
  const terms = admin.getByRole('form', { name: 'Economic terms' });
  await expect(terms).toBeVisible();
  await expect(admin.getByTestId('terms-summary')).toContainText('No terms set: distributions go 100% to investors');
  await terms.getByLabel(/^Preferred Return \(%\)/).fill('8');
  await terms.getByLabel(/^Catch-up\*?$/).selectOption('full');
  await terms.getByLabel(/^Carried Interest \(%\)/).fill('20');
  await terms.getByLabel('GP Entity Name').fill('Waterfall GP Ltd');
  await terms.getByLabel('Share (%)').fill('100');
  await terms.getByRole('button', { name: 'Save Terms' }).click();
  await expectToast(admin, 'Terms saved (version 1)');
  await expect(admin.getByTestId('terms-summary')).toContainText('8% preferred return, full catch-up, 20% carried interest');
  await expect(row(admin.getByRole('table', { name: 'Terms versions' }), 'Waterfall GP Ltd 100%')).toHaveCount(1);
  await expectNoA11yViolations(admin, 'deal terms');

  // Record: the preview comes first, nothing is written until it is confirmed.
  const paymentDate = isoInDays(60);
  await admin.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name: 'Distribution Waterfall' }).click();
  const form = admin.getByRole('form', { name: 'Record Distribution' });
  await form.getByLabel(/^Deal\*?$/).selectOption({ label: title });
  await form.getByLabel('Distribution Type').selectOption('Capital Gain');
  await form.getByLabel(/^Total Amount \(USD\)\*?$/).fill('200');
  await form.getByLabel(/^Payment Date\*?$/).fill(paymentDate);
  // Holders as of today (the record date): the investor funded the call before it.
  await form.getByLabel(/^Record Date\*?$/).fill(isoInDays(0));
  await form.getByRole('button', { name: 'Preview Distribution' }).click();
  const preview = admin.getByRole('dialog', { name: 'Distribution Preview' });
  await expect(preview).toBeVisible();
  // By hand: 100.00 x 1.08^(60/365) = 101.2734.. -> 101.27 to the investor first; full catch-up until
  // the GP holds 20% of the profit: 0.2 x 1.27 / 0.8 = 0.3175 -> 0.32; the whole profit is 100.00, so the
  // GP ends at exactly 20.00 (issue 26: not 19.99), its carried split 20.00 - 0.32 = 19.68, investors 78.73.
  const tiers = preview.getByRole('table', { name: 'Waterfall tiers' });
  await expect(row(tiers, 'Return of capital')).toContainText('$100.00');
  await expect(row(tiers, 'Preferred return')).toContainText('$1.27');
  await expect(row(tiers, 'Catch-up (GP)')).toContainText('$0.32');
  await expect(row(tiers, 'Carried interest split (investors)')).toContainText('$78.73');
  await expect(row(tiers, 'Carried interest split (GP)')).toContainText('$19.68');
  await expect(preview.getByTestId('preview-lp')).toHaveText('$180.00');
  await expect(preview.getByTestId('preview-gp')).toHaveText('$20.00');
  await expect(row(preview.getByRole('table', { name: 'Carry recipients' }), 'Waterfall GP Ltd')).toContainText('$20.00');
  await expect(row(preview.getByRole('table', { name: "Each investor's amount" }), CO_INVESTOR.name)).toContainText('$180.00');
  await expectNoA11yViolations(admin, 'distribution preview');
  // Back writes nothing.
  await preview.getByRole('button', { name: 'Back' }).click();
  await expect(preview).toBeHidden();
  const none = await admin.request.get('/api/distributions');
  expect(((await none.json()).events as { dealId: string }[]).filter((e) => e.dealId === dealId)).toHaveLength(0);
  await form.getByRole('button', { name: 'Preview Distribution' }).click();
  await preview.getByRole('button', { name: 'Record Distribution' }).click();
  await expectToast(admin, 'Distribution recorded');

  // The event shows its waterfall; the deal's row shows the carry paid and the hurdle status today.
  const event = admin.getByTestId('distribution-event').filter({ has: admin.getByRole('heading', { name: title, exact: true }) });
  await expect(event).toHaveCount(1);
  await expect(event.getByRole('table', { name: /^Waterfall of / })).toBeVisible();
  await expect(event).toContainText('Waterfall GP Ltd $20.00');
  // Its allocations: the investor and the GP's carry as its own line, adding up to the total (no false
  // alarm); shares of the whole distribution from cents: 180/200 = 90.0%, 20/200 = 10.0%.
  if ((await event.getByRole('button', { name: 'Show allocations' }).count()) > 0)
    await event.getByRole('button', { name: 'Show allocations' }).click();
  const allocations = event.getByRole('table', { name: /^Allocations of / });
  await expect(row(allocations, CO_INVESTOR.name)).toContainText(/90\.0%\s*\$180\.00/);
  const gpLine = event.getByTestId('allocation-gp');
  await expect(gpLine).toHaveCount(1);
  await expect(gpLine).toContainText('Waterfall GP Ltd (GP carried interest)');
  await expect(gpLine).toContainText(/10\.0%\s*\$20\.00/);
  await expect(event.getByTestId('allocation-sum')).toHaveText('$200.00');
  await expect(event.getByText('Equals the distribution total of $200.00.')).toBeVisible();
  await expect(event).not.toContainText('Does not equal');
  await expect(event).toContainText("Each line's share of the whole distribution, the GP's carried interest included");
  await expectNoA11yViolations(admin, 'distribution allocations with the GP line');
  await admin.reload();
  // Waterfall by Deal counts paid distributions only: this one is scheduled (payment in 60 days), so
  // nothing is distributed or paid as carry yet and investors still need their 100.00 (x 1.08^0 today).
  const summary = admin.getByTestId('deal-waterfall').filter({ hasText: title });
  await expect(summary.getByTestId('scheduled')).toHaveText('+ $200.00 recorded, not yet paid (1 distribution, not counted)');
  await expect(summary).toContainText('None yet');
  await expect(summary).toContainText('$100.00 to reach the 8% hurdle');
  await expect(admin.getByRole('columnheader', { name: 'Distributed (Paid)' })).toBeVisible();
  await expectNoA11yViolations(admin, 'distribution waterfall with summaries');

  // The investor sees their own breakdown and the deal's terms.
  await investor.goto('/investor/distributions');
  const item = investor
    .getByRole('region', { name: 'Upcoming Distributions', exact: true })
    .getByTestId('distribution-item')
    .filter({ has: investor.getByRole('heading', { name: title, exact: true }) });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(formatDate(paymentDate));
  await item.getByText('Your tier breakdown').click();
  const breakdown = item.getByTestId('tier-breakdown');
  await expect(breakdown).toContainText('Return of capital$100.00');
  await expect(breakdown).toContainText('Preferred return$1.27');
  await expect(breakdown).toContainText('Carried interest split$78.73');
  const held = investor.getByTestId('holding-terms').filter({ hasText: title });
  await expect(held).toContainText('8% preferred return, full catch-up, 20% carried interest');
  await expectNoA11yViolations(investor, 'distribution calendar with breakdown');
});
