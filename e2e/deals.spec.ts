import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, gotoLogin, isoInDays, signInViaUi } from './fixtures';

/**
 * Deal pipeline (issue 3): create, see on the pipeline, edit, move by keyboard and by drag,
 * and the session-ended flow of the New Deal form. The e2e server holds demo deals, so every
 * assertion finds our deal by its unique title and compares column counts with before.
 */

const STAGES = ['Sourcing', 'Execution', 'Post-Investment', 'Exit'] as const;
type Stage = (typeof STAGES)[number];

const unique = (label: string) => `${label} ${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Required fields carry an aria-hidden '*' that Playwright's label text still includes. */
const TITLE_LABEL = /^Title\*?$/;

const dealCount = (n: number) => `${n} ${n === 1 ? 'deal' : 'deals'}`;

/** A pipeline column: a region named by its heading, e.g. 'Sourcing, 3 deals'. */
const column = (page: Page, stage: Stage) => page.getByRole('region', { name: new RegExp(`^${stage}, \\d+ deals?$`) });
const dealCard = (scope: Page | Locator, title: string) => scope.getByRole('article', { name: title, exact: true });

async function countIn(page: Page, stage: Stage): Promise<number> {
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^${stage}, \\d+ deals?$`) });
  await expect(heading).toBeVisible();
  const name = (await heading.getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) deals?$/.exec(name)?.[1] ?? Number.NaN);
}

async function counts(page: Page): Promise<Record<Stage, number>> {
  const out = {} as Record<Stage, number>;
  for (const s of STAGES) out[s] = await countIn(page, s);
  return out;
}

async function expectCount(page: Page, stage: Stage, n: number) {
  await expect(page.getByRole('heading', { level: 2, name: `${stage}, ${dealCount(n)}`, exact: true })).toBeVisible();
}

/** axe on a settled screen: a toast caught mid-animation (partly transparent) fails colour contrast. */
async function checkA11y(page: Page, label: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, label);
}

async function signInAsAdmin(page: Page) {
  await gotoLogin(page);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
}

async function openPipeline(page: Page) {
  await page.getByRole('link', { name: 'Deal Pipeline' }).click();
  await expect(page).toHaveURL(/\/admin\/deals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deal Pipeline' })).toBeVisible();
  await countIn(page, 'Sourcing'); // loaded
}

test('create a deal, see it in Sourcing, edit it, move it by keyboard and by drag', async ({ page }) => {
  const title = unique('E2E Mombasa Terminal');
  await signInAsAdmin(page);
  await openPipeline(page);
  await checkA11y(page, 'deal pipeline');
  const before = await counts(page);

  // New Deal Registration (its client validation: src/web/features/deals/new-deal-page.test.tsx).
  await page.getByRole('link', { name: 'New Deal' }).click();
  await expect(page).toHaveURL(/\/admin\/deals\/new$/);
  await expect(page.getByRole('heading', { name: 'New Deal Registration' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Pipeline' })).toBeVisible();
  await checkA11y(page, 'new deal');

  await page.getByLabel(TITLE_LABEL).fill(title);
  await page.getByLabel('Deal Type').selectOption('Infrastructure');
  await page.getByLabel('Target Amount (USD)').fill('2500000');
  await page.getByLabel('Expected IRR').fill('24%');
  await page.getByLabel('Risk Score').selectOption({ label: '6/10 (Moderate-High)' });
  await page.getByLabel('Next Step').fill('Site visit with the port authority');
  await page.getByLabel('Description').fill('Bulk liquid terminal expansion under a PPP concession.');
  await page.getByRole('button', { name: 'Create Deal' }).click();
  await expect(page.getByText('Deal created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/deals$/);

  // The card in Sourcing with the spec's fields.
  const card = dealCard(column(page, 'Sourcing'), title);
  await expect(card).toBeVisible();
  await expectCount(page, 'Sourcing', before.Sourcing + 1);
  await expect(card).toContainText('Infrastructure');
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  const fields: [string, string][] = [
    ['Target', '$2,500,000'],
    ['Committed', '$0'],
    ['IRR', '24%'],
    ['Risk', '6/10'],
  ];
  for (const [label, value] of fields) {
    const term = card.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
    await expect(term).toBeVisible();
    // The value is the definition right after its term.
    await expect(term.locator('xpath=following-sibling::dd[1]')).toHaveText(value);
  }
  await expect(card.getByRole('term').filter({ hasText: /^SPV$/ })).toHaveCount(0);
  await expect(card).toContainText('0 days in stage');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '.test-logs/deals-pipeline.png' });

  // Detail: all fields, then edit the status.
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/admin\/deals\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Site visit with the port authority')).toBeVisible();
  await expect(page.getByText('Deal created', { exact: true })).toBeVisible();
  await expect(page.getByText('No documents linked to this deal yet.')).toBeVisible();
  await checkA11y(page, 'deal detail');
  await page.screenshot({ path: '.test-logs/deals-detail.png', fullPage: true });

  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit deal' })).toBeVisible();
  await expect(page.getByLabel(TITLE_LABEL)).toHaveValue(title);
  // The committed amount is the server's (the sum of completed subscriptions): shown, not editable.
  await expect(page.getByText('The sum of completed subscriptions, kept by the server.')).toBeVisible();
  await checkA11y(page, 'deal edit');
  await page.screenshot({ path: '.test-logs/deals-edit.png', fullPage: true });
  await page.getByLabel('Status', { exact: true }).selectOption('Active');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Deal updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit deal' })).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Status changed from Pending to Active')).toBeVisible();

  // A document linked to the deal (uploaded through the API) shows with its expiry and links.
  const dealId = /\/admin\/deals\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  const expires = isoInDays(10);
  const upload = await page.request.post('/api/documents', {
    multipart: {
      name: 'Port concession summary',
      type: 'Due Diligence',
      dealId,
      expirationDate: expires,
      file: { name: 'summary.txt', mimeType: 'text/plain', buffer: Buffer.from('Concession summary (e2e).\n') },
    },
  });
  expect(upload.status()).toBe(201);
  await page.reload();
  const docRow = page.getByRole('row').filter({ hasText: 'Port concession summary' });
  await expect(docRow).toContainText('Due Diligence');
  await expect(docRow).toContainText('KB');
  await expect(docRow).toContainText('Expires in 10 days');
  await expect(docRow.getByRole('link', { name: 'View Port concession summary (opens in a new tab)' })).toHaveAttribute(
    'href',
    /\/api\/documents\/[0-9a-f-]{36}\/view$/,
  );
  const downloadPromise = page.waitForEvent('download');
  await docRow.getByRole('link', { name: 'Download Port concession summary' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Port concession summary.txt');
  await checkA11y(page, 'deal detail with a document');
  await page.screenshot({ path: '.test-logs/deals-detail-edited.png', fullPage: true });

  // Keyboard move: the card's Move menu, Enter to open, Enter on Execution.
  await page.getByRole('link', { name: 'Back to Pipeline' }).click();
  await expect(page).toHaveURL(/\/admin\/deals$/);
  const sourcingCard = dealCard(column(page, 'Sourcing'), title);
  await expect(sourcingCard.getByText('Active', { exact: true })).toBeVisible();
  const mid = await counts(page);
  const moveButton = sourcingCard.getByRole('button', { name: `Move ${title} to stage` });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Execution' })).toBeFocused();
  await page.keyboard.press('Enter');
  const executionCard = dealCard(column(page, 'Execution'), title);
  await expect(executionCard).toBeVisible();
  await expectCount(page, 'Sourcing', mid.Sourcing - 1);
  await expectCount(page, 'Execution', mid.Execution + 1);
  // Focus follows the card into its new column.
  await expect(executionCard.getByRole('button', { name: `Move ${title} to stage` })).toBeFocused();
  await expect(executionCard).toContainText('0 days in stage');

  // Drag and drop: Execution -> Post-Investment. Let the move's refetch settle first, so the
  // column does not re-render under the pointer between aiming and pressing (it once grabbed
  // the demo deal below instead).
  await page.waitForLoadState('networkidle');
  await expect(column(page, 'Execution').getByRole('article').first()).toHaveAccessibleName(title);
  await executionCard.dragTo(column(page, 'Post-Investment'), { sourcePosition: { x: 24, y: 16 } });
  await expect(dealCard(column(page, 'Post-Investment'), title)).toBeVisible();
  await expectCount(page, 'Execution', mid.Execution);
  await expectCount(page, 'Post-Investment', mid['Post-Investment'] + 1);
  await expect(page).toHaveURL(/\/admin\/deals$/);

  // The moves persisted and were logged.
  await page.reload();
  await expect(dealCard(column(page, 'Post-Investment'), title)).toBeVisible();
  await dealCard(page, title).getByRole('link', { name: title }).click();
  await expect(page.getByText('Stage changed from Sourcing to Execution')).toBeVisible();
  await expect(page.getByText('Stage changed from Execution to Post-Investment')).toBeVisible();
  await expect(page.getByText('by Eve Admin').first()).toBeVisible();
});

test('session ended: the new deal form keeps what was typed and returns after signing in', async ({ page, context }) => {
  const title = unique('E2E Session Deal');
  await signInAsAdmin(page);
  await page.goto('/admin/deals/new');
  await page.getByLabel(TITLE_LABEL).fill(title);
  await page.getByLabel('Deal Type').selectOption('AI & Tech');
  await page.getByLabel('Target Amount (USD)').fill('750000');

  await context.clearCookies();
  await page.getByRole('button', { name: 'Create Deal' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'You must be logged in to create a deal' });
  await expect(alert).toBeVisible();
  await checkA11y(page, 'new deal, session ended');
  await alert.getByRole('button', { name: 'Sign in again' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/admin\/deals\/new$/);
  await expect(page.getByLabel(TITLE_LABEL)).toHaveValue(title);
  await expect(page.getByLabel('Deal Type')).toHaveValue('AI & Tech');
  await expect(page.getByLabel('Target Amount (USD)')).toHaveValue('750000');

  await page.getByRole('button', { name: 'Create Deal' }).click();
  await expect(page.getByText('Deal created successfully!')).toBeVisible();
  await expect(dealCard(column(page, 'Sourcing'), title)).toBeVisible();
  // The draft was cleared with the successful submit.
  await page.getByRole('link', { name: 'New Deal' }).click();
  await expect(page.getByLabel(TITLE_LABEL)).toHaveValue('');
});

test('an unknown deal shows a friendly not-found state', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/deals/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Deal not found' })).toBeVisible();
  await checkA11y(page, 'deal not found');
  await page.getByRole('link', { name: 'Go to the Deal Pipeline' }).click();
  await expect(page).toHaveURL(/\/admin\/deals$/);
});

test('failures: a failed list and a failed move show the spec toasts; the move rolls back', async ({ page }) => {
  await signInAsAdmin(page);
  const failure = (status: number, message: string) => ({ status, contentType: 'application/json', body: JSON.stringify({ message }) });

  await page.route('**/api/deals', (route) =>
    route.request().method() === 'GET' ? route.fulfill(failure(500, 'Database unavailable')) : route.fallback(),
  );
  await page.getByRole('link', { name: 'Deal Pipeline' }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Failed to fetch deals', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.unroute('**/api/deals');
  await page.getByRole('button', { name: 'Retry' }).click();
  const before = await counts(page);

  await page.route('**/api/deals/*/move', (route) => route.fulfill(failure(409, 'The deal changed meanwhile; reload and try again')));
  const card = column(page, 'Sourcing').getByRole('article').first();
  const title = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('button', { name: `Move ${title} to stage` }).click();
  await page.getByRole('menuitem', { name: 'Exit' }).click();
  const toast = page.getByRole('region', { name: /^Notifications/ }).getByText('Failed to update deal', { exact: true });
  await expect(toast).toBeVisible();
  await expect(page.getByText('The deal changed meanwhile; reload and try again')).toBeVisible();
  await expect(dealCard(column(page, 'Sourcing'), title)).toBeVisible();
  await expectCount(page, 'Sourcing', before.Sourcing);
  await expectCount(page, 'Exit', before.Exit);
});

test('a stage with more than a page: count badge, first page, "Show N more", moves from a later page', async ({ page }) => {
  test.setTimeout(120_000);
  const PAGE = 50;
  await signInAsAdmin(page);
  // Exit holds no demo deals: fill it past one page through the API (new deals start in Sourcing).
  const overview = async () => (await (await page.request.get('/api/deals')).json()) as { stages: { stage: Stage; total: number }[] };
  const exitBefore = (await overview()).stages.find((s) => s.stage === 'Exit')?.total ?? 0;
  const extra = 7;
  const toCreate = Math.max(extra, PAGE + extra - exitBefore);
  const prefix = unique('E2E Paging');
  const make = async (i: number) => {
    const created = await page.request.post('/api/deals', { data: { title: `${prefix} #${String(i).padStart(2, '0')}`, type: 'PPP' } });
    expect(created.status()).toBe(201);
    const { deal } = (await created.json()) as { deal: { id: string } };
    expect((await page.request.post(`/api/deals/${deal.id}/move`, { data: { stage: 'Exit' } })).status()).toBe(200);
  };
  for (let i = 0; i < toCreate; i += 6) await Promise.all(Array.from({ length: Math.min(6, toCreate - i) }, (_, j) => make(i + j)));
  const total = exitBefore + toCreate;
  expect(total).toBeGreaterThan(PAGE);

  // The server's order of the whole stage, page by page (the truth the column must show).
  const truth: string[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const qs = new URLSearchParams({ stage: 'Exit', limit: '100' });
    if (cursor) qs.set('cursor', cursor);
    const res = await page.request.get(`/api/deals?${qs}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { deals: { title: string }[]; nextCursor: string | null };
    truth.push(...body.deals.map((d) => d.title));
    cursor = body.nextCursor;
  }
  expect(truth).toHaveLength(total);

  await openPipeline(page);
  const exit = column(page, 'Exit');
  await expectCount(page, 'Exit', total);
  const cards = exit.getByRole('article');
  await expect(cards).toHaveCount(PAGE);
  await expect(exit.getByText(`Showing ${PAGE} of ${total}`, { exact: true })).toBeVisible();
  const more = exit.getByRole('button', { name: `Show ${total - PAGE} more Exit deals`, exact: true });
  await expect(more).toHaveText(`Show ${total - PAGE} more`);
  await expect(page.getByRole('list', { name: `Exit: ${PAGE} of ${total} deals shown` })).toBeVisible();
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(truth.slice(0, PAGE));
  await checkA11y(page, 'pipeline with a long stage');
  await more.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.test-logs/deals-pipeline-show-more.png' });

  // A failed page: a toast, the cards stay, the button stays for another try.
  await page.route(/\/api\/deals\?(.*&)?stage=Exit/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) }),
  );
  await more.click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Failed to load more deals', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(cards).toHaveCount(PAGE);
  await expect(more).toBeEnabled();
  await page.unroute(/\/api\/deals\?(.*&)?stage=Exit/);

  // By keyboard: the next page, in the server's order, without duplicates; focus lands on its first card.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(cards).toHaveCount(total);
  await expect(more).toHaveCount(0);
  await expect(exit.getByText(/^Showing \d+ of \d+$/)).toHaveCount(0);
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(truth);
  await expect(dealCard(exit, truth[PAGE] as string).getByRole('link', { name: truth[PAGE] as string })).toBeFocused();
  await expectCount(page, 'Exit', total);
  await checkA11y(page, 'pipeline, long stage fully shown');

  // A card from the second page moves by keyboard: both counts follow, focus follows the card.
  const before = await counts(page);
  const last = truth[total - 1] as string;
  await dealCard(exit, last)
    .getByRole('button', { name: `Move ${last} to stage` })
    .focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Sourcing' }).focus();
  await page.keyboard.press('Enter');
  const inSourcing = dealCard(column(page, 'Sourcing'), last);
  await expect(inSourcing).toBeVisible();
  await expect(inSourcing.getByRole('button', { name: `Move ${last} to stage` })).toBeFocused();
  await expectCount(page, 'Exit', before.Exit - 1);
  await expectCount(page, 'Sourcing', before.Sourcing + 1);
  await expect(dealCard(exit, last)).toHaveCount(0);

  // And by drag: the newest Exit card to Execution.
  await page.waitForLoadState('networkidle');
  const newest = truth[0] as string;
  await expect(cards.first()).toHaveAccessibleName(newest);
  await dealCard(exit, newest).dragTo(column(page, 'Execution'), { sourcePosition: { x: 24, y: 16 } });
  await expect(dealCard(column(page, 'Execution'), newest)).toBeVisible();
  await expectCount(page, 'Exit', before.Exit - 2);
  await expectCount(page, 'Execution', before.Execution + 1);
  // The refetch after the moves keeps the loaded pages: every remaining Exit deal, once.
  await page.waitForLoadState('networkidle');
  await expect(cards).toHaveCount(total - 2);
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(
    truth.filter((t) => t !== last && t !== newest),
  );

  // A fresh load shows the first page again, with the right remainder on the button.
  await page.reload();
  await expectCount(page, 'Exit', total - 2);
  await expect(cards).toHaveCount(PAGE);
  await expect(exit.getByRole('button', { name: `Show ${total - 2 - PAGE} more Exit deals`, exact: true })).toBeVisible();
});

test('a stage beyond the count cap: the badge and "Showing" line read 1,000+, "Show 50 more"', async ({ page }) => {
  // The server counts at most 1,001 deals per stage. Rather than create them, the list's answer
  // is rewritten as the server gives it for a capped stage: total 1,000, totalCapped, more to load.
  await page.route(
    (url) => url.pathname === '/api/deals' && url.search === '',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        deals: { stage: Stage; createdAt: string; id: string }[];
        stages: { stage: Stage; total: number; totalCapped: boolean; nextCursor: string | null }[];
      };
      const sourcing = body.deals.filter((d) => d.stage === 'Sourcing');
      const last = sourcing[sourcing.length - 1];
      for (const s of body.stages) {
        if (s.stage !== 'Sourcing') continue;
        s.total = 1000;
        s.totalCapped = true;
        // A page more to load (the cursor is just the position after the last card).
        const cursor = last && Buffer.from(JSON.stringify([last.createdAt.replace(/Z$/, '000Z'), last.id])).toString('base64url');
        if (!s.nextCursor && cursor) s.nextCursor = cursor;
      }
      await route.fulfill({ response, json: body });
    },
  );
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Deal Pipeline' }).click();
  const heading = page.getByRole('heading', { level: 2, name: 'Sourcing, 1,000+ deals', exact: true });
  await expect(heading).toBeVisible();
  await expect(heading).toContainText('1,000+');
  const sourcing = page.getByRole('region', { name: 'Sourcing, 1,000+ deals', exact: true });
  const shown = await sourcing.getByRole('article').count();
  expect(shown).toBeGreaterThan(0);
  await expect(sourcing.getByText(`Showing ${shown} of 1,000+`, { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: `Sourcing: ${shown} of 1,000+ deals shown`, exact: true })).toBeVisible();
  const more = sourcing.getByRole('button', { name: 'Show 50 more Sourcing deals', exact: true });
  await expect(more).toHaveText('Show 50 more');
  // The other stages keep their exact counts.
  await expect(page.getByRole('heading', { level: 2, name: /^Execution, \d+ deals?$/ })).toBeVisible();
  await checkA11y(page, 'pipeline with a capped stage count');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('pipeline, new deal and detail fit the screen; a card moves with its Move menu', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/deals');
    await countIn(page, 'Sourcing');
    const noPageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await noPageOverflow()).toBe(true);
    await checkA11y(page, 'pipeline on a phone');
    await page.screenshot({ path: '.test-logs/deals-pipeline-phone.png', fullPage: true });

    await page.getByRole('link', { name: 'New Deal' }).click();
    await expect(page.getByRole('heading', { name: 'New Deal Registration' })).toBeVisible();
    expect(await noPageOverflow()).toBe(true);
    await page.screenshot({ path: '.test-logs/deals-new-phone.png', fullPage: true });
    const title = unique('E2E Phone Deal');
    await page.getByLabel(TITLE_LABEL).fill(title);
    await page.getByLabel('Deal Type').selectOption('Oil Trading');
    await page.getByLabel('SPV Entity').selectOption({ label: 'Other (type a name)' });
    await page.getByLabel('Other SPV entity').fill('E2E Legacy SPV Ltd');
    await page.getByRole('button', { name: 'Create Deal' }).click();
    await expect(page.getByText('Deal created successfully!')).toBeVisible();

    const card = dealCard(column(page, 'Sourcing'), title);
    await expect(card).toContainText('E2E Legacy SPV Ltd');
    await expect(card).toContainText('TBD');
    await card.getByRole('button', { name: `Move ${title} to stage` }).tap();
    await page.getByRole('menuitem', { name: 'Exit' }).tap();
    await expect(dealCard(column(page, 'Exit'), title)).toBeAttached();
    expect(await noPageOverflow()).toBe(true);

    await page.goto('/admin/deals');
    await dealCard(page, title).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await noPageOverflow()).toBe(true);
    await page.screenshot({ path: '.test-logs/deals-detail-phone.png', fullPage: true });
  });
});
