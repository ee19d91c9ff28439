import { expect, type Page, test } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/**
 * Markup stored through the API is shown as text in the browser: no element is created from
 * it and no script runs (window.__xss stays unset, no dialog opens). The API side of the same
 * probes is src/server/security/probes.test.ts.
 */
const probe = (tag: string) => `<img src=x onerror="window.__xss='${tag}'"><script>window.__xss='${tag}'</script> '; DROP TABLE deals; --`;

async function guard(page: Page) {
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
}

async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
}

test('markup in a deal title and an activity log is shown as text', async ({ page }) => {
  await guard(page);
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin/);
  const title = probe('deal');
  const created = await page.request.post('/api/deals', { data: { title, type: 'PPP', description: title } });
  expect(created.status()).toBe(201);

  await page.goto('/admin/deals');
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await expectInert(page);
  await expectNoA11yViolations(page, 'pipeline with a markup probe');

  await page.goto('/admin/activity-logs');
  await page
    .getByLabel(/Search/)
    .first()
    .fill('DROP TABLE deals');
  await expect(page.getByRole('table', { name: 'Activity logs' }).getByText(title, { exact: false }).first()).toBeVisible();
  await expectInert(page);
});

test('markup in the company name is text in the title and on the landing page', async ({ page, browser }) => {
  await guard(page);
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin/);
  const original = (await (await page.request.get('/api/settings')).json()).settings as { companyName: string };
  const company = `<b>Bold</b> & "Co" <script>window.__xss='company'</script>`.slice(0, 120);
  try {
    expect((await page.request.put('/api/settings', { data: { companyName: company } })).ok()).toBe(true);
    const visitor = await browser.newPage();
    try {
      await guard(visitor);
      await visitor.goto(E2E.baseURL);
      await expect(visitor).toHaveTitle(company);
      await expect(visitor.getByRole('contentinfo').getByText(company, { exact: true })).toBeVisible();
      await expectInert(visitor);
      await expect(visitor.locator('b', { hasText: 'Bold' })).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  } finally {
    expect((await page.request.put('/api/settings', { data: { companyName: original.companyName } })).ok()).toBe(true);
  }
});

test("markup in an investor's message is text for the investor and the desk", async ({ page, browser }) => {
  await guard(page);
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor/);
  const subject = probe('subject').slice(0, 200);
  const body = probe('body');
  const sent = await page.request.post('/api/investor/messages', { data: { subject, body } });
  expect(sent.status()).toBe(201);
  await page.goto('/investor/messages');
  await page.getByText(subject, { exact: true }).first().click();
  await expect(page.getByText(body, { exact: true }).first()).toBeVisible();
  await expectInert(page);

  const desk = await browser.newPage();
  try {
    await guard(desk);
    await signIn(desk, E2E.adminEmail, E2E.adminPassword, /\/admin/);
    await desk.goto('/admin/messages');
    await desk.getByText(subject, { exact: true }).first().click();
    await expect(desk.getByText(body, { exact: true }).first()).toBeVisible();
    await expectInert(desk);
  } finally {
    await desk.close();
  }
});
