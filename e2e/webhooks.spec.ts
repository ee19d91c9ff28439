import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, freshEmail, gotoLogin, signInViaUi } from './fixtures';

/**
 * Issue 34 part 2 (decision 047): a founder registers a webhook to a receiver this test starts on
 * loopback, sends a test event, approves a new investor, and sees both deliveries with the
 * receiver's response code; the receiver checks each signature with the secret shown once. Then
 * (issue 34 part 1) the founder makes a one-scope API token and the activity log names it.
 */
test('a founder registers a webhook, an investor approval is delivered signed, and the log shows it; a change made with an API token is logged with its name', async ({
  page,
}) => {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/e2e`;
  try {
    await gotoLogin(page);
    await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Webhook endpoints' })).toBeVisible();
    await expectNoA11yViolations(page, 'webhooks');

    // The form's own checks, then a valid endpoint for approvals.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('Choose at least one event', { exact: true }).last()).toBeVisible();
    await form.getByLabel(/^Address \(URL\)/).fill(url);
    await form.getByLabel(/^Description/).fill('E2E receiver');
    await form.getByRole('checkbox', { name: /Investor approved/ }).check();
    await expectNoA11yViolations(page, 'add webhook form');
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: "The endpoint's secret" });
    const secret = await shown.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expectNoA11yViolations(page, 'webhook secret shown once');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Investor approved');
    await expect(row).toContainText('Enabled');

    // A test event from the screen.
    await row.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expectToast(page, 'Test event queued');
    const log = page.getByRole('region', { name: `Deliveries to ${url}` });
    const testRow = log.getByTestId('webhook-delivery').filter({ hasText: 'Test event' });
    await expect(testRow).toContainText('Delivered', { timeout: 15_000 });
    await expect(testRow.getByTestId('webhook-response')).toHaveText('204');

    // A new investor signs up and is approved: the approval reaches the receiver, signed.
    const email = freshEmail('webhook');
    const visitor = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
    try {
      const signed = await visitor.post('/api/auth/sign-up', { data: { email, password: 'webhook-pass-123', name: 'Wanda Webhook' } });
      expect(signed.status()).toBe(201);
    } finally {
      await visitor.dispose();
    }
    const users = (await (await page.request.get('/api/users')).json()).users as { id: string; email: string }[];
    const investor = users.find((u) => u.email === email);
    expect((await page.request.patch(`/api/users/${investor?.id}`, { data: { status: 'active' } })).status()).toBe(200);
    // The log is read again on Refresh (and every 2 s while a delivery waits).
    const approval = log.getByTestId('webhook-delivery').filter({ hasText: 'Investor approved' });
    await expect(async () => {
      await log.getByRole('button', { name: 'Refresh' }).click();
      await expect(approval).toContainText('Delivered', { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await expect(approval.getByTestId('webhook-response')).toHaveText('204');
    await expectNoA11yViolations(page, 'webhook deliveries');

    const received = got.find((r) => JSON.parse(r.body).type === 'investor.approved');
    expect(JSON.parse(received?.body as string).data).toMatchObject({ investorId: investor?.id, name: 'Wanda Webhook', email });
    // The receiver's check (docs/api.md): HMAC-SHA256 of `${t}.${body}` with the secret.
    const [t, v1] = String(received?.headers['x-webhook-signature'])
      .split(',')
      .map((p) => p.slice(p.indexOf('=') + 1)) as [string, string];
    expect(createHmac('sha256', secret).update(`${t}.${received?.body}`).digest('hex')).toBe(v1);
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);

    // Redeliver it: a second, identical body with the same event id.
    await approval.getByRole('button', { name: /^Redeliver the Investor approved event/ }).click();
    await expectToast(page, 'Delivery queued again');
    await expect
      .poll(() => got.filter((r) => r.headers['x-webhook-id'] === received?.headers['x-webhook-id']).length, { timeout: 15_000 })
      .toBe(2);

    // The firm's books system gets an API token with one scope on the founder's profile, records a
    // valuation with it (no cookie), and the activity log names the token on that change.
    await page.goto('/admin/profile');
    await page.getByRole('button', { name: 'New token' }).click();
    const tokenForm = page.getByRole('dialog', { name: 'New API token' });
    const tokenName = `Books ${Date.now()}`;
    await tokenForm.getByLabel(/^Name/).fill(tokenName);
    await tokenForm.getByRole('checkbox', { name: /Record receipts, valuations and paid distributions/ }).check();
    await expectNoA11yViolations(page, 'new administrator token form');
    await tokenForm.getByRole('button', { name: 'Create Token' }).click();
    const tokenShown = page.getByRole('dialog', { name: 'Copy your new token' });
    const token = await tokenShown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(token).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
    await tokenShown.getByRole('button', { name: 'Done' }).click();
    const tokenRow = page.getByRole('table', { name: 'Your API tokens' }).getByRole('row').filter({ hasText: tokenName });
    await expect(tokenRow).toContainText('Record receipts, valuations and paid distributions');
    const deals = (await (await page.request.get('/api/deals/options')).json()).deals as { id: string }[];
    const books = await playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    try {
      const valued = await books.post(`/api/deals/${deals[0]?.id}/valuations`, {
        data: { valuationDate: '2026-06-30', currentValue: '1234567.89', performanceStatus: 'On Track' },
      });
      expect(valued.status()).toBe(201);
      // Its one scope: reading the deal list needs deals:read.
      expect((await books.get('/api/deals')).status()).toBe(403);
    } finally {
      await books.dispose();
    }
    await page.goto('/admin/activity-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity Logs' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search activity logs' }).fill(tokenName);
    const logged = page.getByRole('table', { name: 'Activity logs' }).locator('tbody tr').filter({ hasText: '1234567.89' });
    await expect(logged).toHaveCount(1);
    await expect(logged).toContainText(`Via API token: ${tokenName} (${token.slice(0, 8)}…)`);
    await expectNoA11yViolations(page, 'activity log naming an API token');
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
