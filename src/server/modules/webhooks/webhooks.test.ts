import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates.ts';
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '../../../shared/webhooks.ts';
import { callApi, errorBody } from '../../testing/api-client.ts';
import { moneyFixtures } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { REPO_ROOT } from '../../testing/server-process.ts';
import { emitWebhookEvent } from './emit.ts';
import { webhookNetwork } from './network.ts';
import { WebhookWorker } from './worker.ts';

/**
 * Signed webhooks (issue 34 part 2, decision 047) through the real app: a founder registers an
 * endpoint, a change in the product queues a delivery in its own transaction, and the worker
 * sends it to a receiver on loopback that checks the signature itself (HMAC computed here with
 * node:crypto from the secret the API showed, not by the code under test).
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering with the next planned status (200 once the plan is used up). */
async function receiver() {
  const got: Received[] = [];
  const plan: { status: number; headers?: Record<string, string> }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = plan.shift() ?? { status: 200 };
      res.writeHead(next.status, { 'content-type': 'text/plain', ...next.headers });
      res.end(next.status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { got, plan, url: `http://127.0.0.1:${port}/hook`, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * The receiver's check is docs/api.md's own Node sample (its ```js block), loaded as written: the
 * guide's code verifies real deliveries here, so a changed signature scheme breaks the build.
 */
let verify: (secret: string, header: string, body: string, nowSeconds: number) => boolean;
beforeAll(async () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8');
  const sample = doc.slice(doc.indexOf('## Webhooks')).match(/```js\n([\s\S]*?)```/)?.[1];
  if (!sample) throw new Error('docs/api.md has no ```js sample under ## Webhooks');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'webhook-doc-'));
  await writeFile(path.join(dir, 'verify.mjs'), sample);
  verify = (await import(pathToFileURL(path.join(dir, 'verify.mjs')).href)).verifyWebhook;
});

/** The same check written independently in the test (HMAC of `${t}.${body}` with the secret). */
function verifyByHand(secret: string, header: string, body: string): boolean {
  const [t, v1] = header.split(',').map((p) => p.slice(p.indexOf('=') + 1)) as [string, string];
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === v1;
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('webhooks', () => {
  let ctx: TestContext;
  let founder: string;
  let cio: string;
  let rx: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    ctx = await createTestContext({ WEBHOOK_ALLOW_HTTP_LOOPBACK: '1', WEBHOOK_RETRY_BASE_SECONDS: '1' });
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Fiona Founder' });
    founder = await signIn(ctx, f.email, f.password);
    const c = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Cora CIO' });
    cio = await signIn(ctx, c.email, c.password);
    rx = await receiver();
  });
  afterAll(async () => {
    await rx.close();
    await ctx.close();
  });

  const deliveries = async (id: string) =>
    (await callApi(ctx.app, 'GET /api/webhooks/:id/deliveries', { cookie: founder, params: { id } })).json.deliveries;
  const approvePending = async (name: string) => {
    const u = await createUser(ctx, { role: 'investor', status: 'pending', name });
    const res = await callApi(ctx.app, 'PATCH /api/users/:id', { cookie: founder, params: { id: u.id }, body: { status: 'active' } });
    expect(res.status, res.res.body).toBe(200);
    return u;
  };

  it('registers an endpoint (founders only), shows the secret once and signs each delivery of an approval', async () => {
    const refused = await callApi(ctx.app, 'POST /api/webhooks', { cookie: cio, body: { url: rx.url, events: ['investor.approved'] } });
    expect([refused.status, refused.json]).toEqual([403, expect.objectContaining({ message: WEBHOOK_MESSAGES.onlyFounder })]);
    const made = await callApi(ctx.app, 'POST /api/webhooks', {
      cookie: founder,
      body: { url: rx.url, events: ['investor.approved', 'kyc.decided'], description: 'CRM' },
    });
    expect(made.status, made.res.body).toBe(201);
    expect(made.res.headers['cache-control']).toBe('no-store');
    const { endpoint, secret } = made.json;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({ url: rx.url, events: ['investor.approved', 'kyc.decided'], enabled: true, description: 'CRM' });
    expect(endpoint.secretHint).toBe(secret.slice(0, 10));
    // Listed without the secret; stored encrypted, never in clear.
    const list = await callApi(ctx.app, 'GET /api/webhooks', { cookie: founder });
    expect(list.res.body).not.toContain(secret);
    const stored = (await ctx.db.query('SELECT secret_encrypted FROM webhook_endpoints WHERE id = $1', [endpoint.id])) as {
      secret_encrypted: string;
    }[];
    expect(stored[0]?.secret_encrypted).not.toContain(secret.slice(6));
    // Another endpoint not subscribed to approvals, and a disabled one: neither gets this event.
    const other = await callApi(ctx.app, 'POST /api/webhooks', { cookie: founder, body: { url: rx.url, events: ['receipt.recorded'] } });
    const off = await callApi(ctx.app, 'POST /api/webhooks', {
      cookie: founder,
      body: { url: rx.url, events: ['investor.approved'], enabled: false },
    });
    expect([other.status, off.status]).toEqual([201, 201]);

    const before = Math.floor(Date.now() / 1000);
    const investor = await approvePending('Nadia Newcomer');
    const [d] = await until(
      () => deliveries(endpoint.id),
      (l) => l[0]?.status === 'delivered',
    );
    expect(d).toMatchObject({ event: 'investor.approved', status: 'delivered', attempts: 1, lastResponseCode: 200 });
    expect(d?.log).toEqual([{ attempt: 1, at: expect.any(String), responseCode: 200, durationMs: expect.any(Number), error: null }]);
    expect(rx.got).toHaveLength(1);
    const r = rx.got[0] as Received;
    const body = JSON.parse(r.body);
    expect(body).toEqual({
      id: d?.eventId,
      type: 'investor.approved',
      createdAt: expect.any(String),
      data: { investorId: investor.id, name: 'Nadia Newcomer', email: investor.email },
    });
    expect(r.headers['x-webhook-id']).toBe(d?.eventId);
    expect(r.headers['x-webhook-event']).toBe('investor.approved');
    expect(r.headers['content-type']).toBe('application/json');
    const sig = String(r.headers['x-webhook-signature']);
    expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(Number(sig.slice(2, sig.indexOf(',')))).toBeGreaterThanOrEqual(before);
    expect(verify(secret, sig, r.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifyByHand(secret, sig, r.body)).toBe(true);
    // A changed byte, or another secret, fails the check.
    expect(verify(secret, sig, r.body.replace('Nadia', 'Nadio'), Math.floor(Date.now() / 1000))).toBe(false);
    expect(verify(`${secret}x`, sig, r.body, Math.floor(Date.now() / 1000))).toBe(false);
    // Replayed ten minutes later: outside the five-minute window.
    expect(verify(secret, sig, r.body, Math.floor(Date.now() / 1000) + 600)).toBe(false);
    expect(await deliveries(other.json.endpoint.id)).toEqual([]);
    expect(await deliveries(off.json.endpoint.id)).toEqual([]);

    // Rotation: the old secret stops signing at once.
    const rotated = await callApi(ctx.app, 'POST /api/webhooks/:id/rotate-secret', { cookie: founder, params: { id: endpoint.id } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(secret);
    const test = await callApi(ctx.app, 'POST /api/webhooks/:id/test', { cookie: founder, params: { id: endpoint.id } });
    expect(test.status, test.res.body).toBe(202);
    await until(
      async () => rx.got.length,
      (n) => n === 2,
    );
    const t = rx.got[1] as Received;
    expect(JSON.parse(t.body).type).toBe('webhook.test');
    expect(verify(rotated.json.secret, String(t.headers['x-webhook-signature']), t.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verify(secret, String(t.headers['x-webhook-signature']), t.body, Math.floor(Date.now() / 1000))).toBe(false);
    // A disabled endpoint takes no test event.
    const disabled = await callApi(ctx.app, 'POST /api/webhooks/:id/test', { cookie: founder, params: { id: off.json.endpoint.id } });
    expect([disabled.status, disabled.json]).toEqual([409, expect.objectContaining({ message: WEBHOOK_MESSAGES.disabled })]);
  });

  it('retries after the receiver answers 500 (same event id and body), with backoff, then delivers', async () => {
    rx.got.length = 0;
    const made = await callApi(ctx.app, 'POST /api/webhooks', { cookie: founder, body: { url: rx.url, events: ['kyc.decided'] } });
    // Only the new endpoint takes kyc.decided in this test: the first endpoint is switched to approvals only.
    const first = (await callApi(ctx.app, 'GET /api/webhooks', { cookie: founder })).json.endpoints[0];
    await callApi(ctx.app, 'PATCH /api/webhooks/:id', {
      cookie: founder,
      params: { id: first?.id ?? '' },
      body: { events: ['investor.approved'] },
    });
    rx.plan.push({ status: 500 });
    const inv = await createUser(ctx, { role: 'investor' });
    const app = (await ctx.db.query(
      `INSERT INTO kyc_applications (investor_id, status, submitted_at) VALUES ($1, 'in_review', now())
         ON CONFLICT (investor_id) DO UPDATE SET status = 'in_review', submitted_at = now() RETURNING id`,
      [inv.id],
    )) as { id: string }[];
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/kyc/${app[0]?.id}/approve`,
      headers: { cookie: founder },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = made.json.endpoint.id;
    const queued = await until(
      () => deliveries(id),
      (l) => l[0]?.attempts === 1 && l[0]?.status === 'queued',
    );
    expect(queued[0]).toMatchObject({ status: 'queued', attempts: 1, lastResponseCode: 500, lastError: 'The receiver answered 500' });
    // Backoff: the next attempt is WEBHOOK_RETRY_BASE_SECONDS (1 s here) after the failure.
    const wait = new Date(queued[0]?.nextAttemptAt ?? NaN).getTime() - new Date(queued[0]?.log[0]?.at ?? NaN).getTime();
    expect(wait).toBeGreaterThanOrEqual(900);
    expect(wait).toBeLessThan(5000);
    // The periodic job's pass (not running in test apps) once the retry is due.
    await new Promise((r) => setTimeout(r, 1100));
    await new WebhookWorker(ctx).sendDue();
    const done = await until(
      () => deliveries(id),
      (l) => l[0]?.status === 'delivered',
    );
    expect(done[0]).toMatchObject({ status: 'delivered', attempts: 2, lastResponseCode: 200, lastError: null });
    expect(done[0]?.log.map((a) => [a.attempt, a.responseCode])).toEqual([
      [2, 200],
      [1, 500],
    ]);
    expect(rx.got).toHaveLength(2);
    expect(rx.got[0]?.body).toBe(rx.got[1]?.body);
    expect(rx.got[0]?.headers['x-webhook-id']).toBe(rx.got[1]?.headers['x-webhook-id']);
    expect([rx.got[0]?.headers['x-webhook-attempt'], rx.got[1]?.headers['x-webhook-attempt']]).toEqual(['1', '2']);
    expect(JSON.parse(rx.got[0]?.body as string).data).toEqual({ applicationId: app[0]?.id, investorId: inv.id, decision: 'approved' });
  });

  it('does not follow a redirect to a private address, and 20 parallel redeliveries make one send', async () => {
    rx.got.length = 0;
    rx.plan.push({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    const made = await callApi(ctx.app, 'POST /api/webhooks', { cookie: founder, body: { url: rx.url, events: ['investor.approved'] } });
    const id = made.json.endpoint.id;
    // Only this endpoint: the others are disabled.
    for (const e of (await callApi(ctx.app, 'GET /api/webhooks', { cookie: founder })).json.endpoints)
      if (e.id !== id)
        await callApi(ctx.app, 'PATCH /api/webhooks/:id', { cookie: founder, params: { id: e.id }, body: { enabled: false } });
    await approvePending('Rex Redirect');
    const [d] = await until(
      () => deliveries(id),
      (l) => l[0]?.attempts === 1 && l[0]?.status !== 'sending',
    );
    expect(d).toMatchObject({
      status: 'queued',
      lastResponseCode: 302,
      lastError: 'The receiver answered with a redirect, which webhooks do not follow',
    });
    expect(rx.got).toHaveLength(1);

    // Let it be delivered, then redeliver it 20 times at once: one is queued, the rest get 409.
    await new Promise((r) => setTimeout(r, 1100));
    await new WebhookWorker(ctx).sendDue();
    await until(
      () => deliveries(id),
      (l) => l[0]?.status === 'delivered',
    );
    expect(rx.got).toHaveLength(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callApi(ctx.app, 'POST /api/webhooks/deliveries/:id/redeliver', { cookie: founder, params: { id: d?.id ?? '' } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(19).fill(409)]);
    expect(answers.find((a) => a.status === 409)?.json).toMatchObject({ message: WEBHOOK_MESSAGES.alreadyQueued });
    await until(
      () => deliveries(id),
      (l) => l[0]?.status === 'delivered' && l[0]?.attempts === 1,
    );
    await new WebhookWorker(ctx).sendDue();
    expect(rx.got).toHaveLength(3);
    expect(rx.got[2]?.headers['x-webhook-id']).toBe(d?.eventId);
    const logged = (await ctx.db.query("SELECT count(*)::int AS n FROM activity_logs WHERE activity_type = 'webhook_redelivered'")) as {
      n: number;
    }[];
    expect(logged[0]?.n).toBe(1);
  });

  it('writes an event only with the change: a rolled-back transaction leaves no event and no delivery', async () => {
    const count = async () =>
      ((await ctx.db.query("SELECT count(*)::int AS n FROM webhook_events WHERE type = 'receipt.recorded'")) as { n: number }[])[0]?.n;
    await callApi(ctx.app, 'POST /api/webhooks', { cookie: founder, body: { url: rx.url, events: ['receipt.recorded'] } });
    const data = { callId: 'c', entryId: 'e', dealId: 'd', investorId: 'i', amount: '1.00', valueDate: '2026-11-27' };
    await expect(
      ctx.db.tx(async (q) => {
        await emitWebhookEvent(q, 'receipt.recorded', data);
        throw new Error('the change failed after the event was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(0);
    await ctx.db.tx((q) => emitWebhookEvent(q, 'receipt.recorded', data));
    expect(await count()).toBe(1);
  });

  it('refuses bad bodies with field messages and unknown ids with 404', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie: founder },
      payload: { url: 'ftp://x', events: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ events: WEBHOOK_MESSAGES.eventsRequired });
    const badUrl = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie: founder },
      payload: { url: 'ftp://x', events: ['kyc.decided'] },
    });
    expect([badUrl.statusCode, badUrl.json().fields]).toEqual([400, { url: WEBHOOK_MESSAGES.urlInvalid }]);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie: founder },
      payload: { url: rx.url, events: ['deal.deleted'] },
    });
    expect(unknown.statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['PATCH', `/api/webhooks/${missing}`],
      ['POST', `/api/webhooks/${missing}/rotate-secret`],
      ['GET', `/api/webhooks/${missing}/deliveries`],
      ['POST', `/api/webhooks/${missing}/test`],
      ['POST', `/api/webhooks/deliveries/${missing}/redeliver`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { cookie: founder }, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // A malformed id is a 400 (decision 033, amended).
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/deliveries/not-a-uuid/redeliver',
      headers: { cookie: founder },
      payload: {},
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('webhooks: every event of the list is emitted by its change', () => {
  let ctx: TestContext;
  let founder: string;
  let rx: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    ctx = await createTestContext({ WEBHOOK_ALLOW_HTTP_LOOPBACK: '1' });
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    founder = await signIn(ctx, f.email, f.password);
    rx = await receiver();
  });
  afterAll(async () => {
    await rx.close();
    await ctx.close();
  });

  it('delivers subscription.executed, capital_call.issued, receipt.recorded, distribution.recorded, kyc.decided and investor.approved, signed', async () => {
    // The list is the (issue 34): a new event must be added here too.
    expect([...WEBHOOK_EVENTS].sort()).toEqual(
      [
        'capital_call.issued',
        'distribution.recorded',
        'investor.approved',
        'kyc.decided',
        'receipt.recorded',
        'subscription.executed',
      ].sort(),
    );
    const made = await callApi(ctx.app, 'POST /api/webhooks', { cookie: founder, body: { url: rx.url, events: [...WEBHOOK_EVENTS] } });
    expect(made.status, made.res.body).toBe(201);
    const secret = made.json.secret;

    // The product's own flow through the API: subscribe, complete, call 250,000.00 in full, receive it.
    const money = moneyFixtures(
      () => ctx,
      () => founder,
    );
    const who = await money.investor('Evan Everyevent');
    const deal = await money.openDeal('Every Event Tower');
    const sub = await money.hold(who, deal.id, '250000.00');
    const paymentDate = addDays(todayIso(), 5);
    const dist = await money.call('POST', '/api/distributions', founder, {
      dealId: deal.id,
      type: 'Income',
      totalAmount: '1000.00',
      paymentDate,
    });
    expect(dist.statusCode, dist.body).toBe(201);
    const kycInvestor = await createUser(ctx, { role: 'investor' });
    const application = (await ctx.db.query(
      `INSERT INTO kyc_applications (investor_id, status, submitted_at) VALUES ($1, 'in_review', now())
         ON CONFLICT (investor_id) DO UPDATE SET status = 'in_review', submitted_at = now() RETURNING id`,
      [kycInvestor.id],
    )) as { id: string }[];
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/api/kyc/${application[0]?.id}/reject`,
      headers: { cookie: founder },
      payload: { reason: 'The passport copy is unreadable' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const pending = await createUser(ctx, { role: 'investor', status: 'pending', name: 'Paula Pending' });
    const approved = await callApi(ctx.app, 'PATCH /api/users/:id', {
      cookie: founder,
      params: { id: pending.id },
      body: { status: 'active' },
    });
    expect(approved.status, approved.res.body).toBe(200);

    const byType = async () => {
      const got = await until(
        // What the receiver got (our outgoing webhook, not an answer of a route): its envelope's shape.
        async () => rx.got.map((r) => ({ r, body: JSON.parse(r.body) as { type: string; data: Record<string, unknown> } })),
        (l) => new Set(l.map((x) => x.body.type)).size >= 6,
      );
      return new Map(got.map((x) => [x.body.type, x]));
    };
    const got = await byType();
    expect([...got.keys()].sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const [type, { r }] of got) {
      expect(r.headers['x-webhook-event'], type).toBe(type);
      expect(verifyByHand(secret, String(r.headers['x-webhook-signature']), r.body), type).toBe(true);
    }
    // Payloads: the figures are the ones this test sent (250,000.00 called and received in full;
    // a distribution of 1,000.00), amounts as decimal strings.
    expect(got.get('subscription.executed')?.body.data).toMatchObject({
      subscriptionId: sub.id,
      dealId: deal.id,
      dealTitle: 'Every Event Tower',
      investorId: who.id,
      amount: '250000.00',
    });
    expect(got.get('capital_call.issued')?.body.data).toMatchObject({
      dealId: deal.id,
      dealTitle: 'Every Event Tower',
      totalAmount: '250000.00',
      dueDate: todayIso(),
      lines: [{ investorId: who.id, amount: '250000.00' }],
    });
    expect(got.get('receipt.recorded')?.body.data).toMatchObject({
      callId: got.get('capital_call.issued')?.body.data.callId,
      dealId: deal.id,
      investorId: who.id,
      amount: '250000.00',
      valueDate: todayIso(),
    });
    expect(got.get('distribution.recorded')?.body.data).toMatchObject({
      distributionId: dist.json().event.id,
      dealId: deal.id,
      dealTitle: 'Every Event Tower',
      totalAmount: '1000.00',
      paymentDate,
    });
    expect(got.get('kyc.decided')?.body.data).toEqual({
      applicationId: application[0]?.id,
      investorId: kycInvestor.id,
      decision: 'rejected',
    });
    expect(got.get('investor.approved')?.body.data).toEqual({ investorId: pending.id, name: 'Paula Pending', email: pending.email });
    // One delivery each: nothing sent twice.
    expect(rx.got).toHaveLength(6);
  });
});

describe('webhooks: no server-side request forgery', () => {
  let ctx: TestContext;
  let founder: string;
  const realResolve = webhookNetwork.resolve;
  /** The injected resolver: names of this suite resolve offline to what the test says. */
  const dns = new Map<string, string[]>();

  beforeAll(async () => {
    ctx = await createTestContext({ WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/16' });
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    founder = await signIn(ctx, f.email, f.password);
    webhookNetwork.resolve = async (host) => {
      const a = dns.get(host);
      if (!a) throw new Error('ENOTFOUND');
      return a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  });
  afterAll(async () => {
    webhookNetwork.resolve = realResolve;
    await ctx.close();
  });

  const register = (url: string) =>
    callApi(ctx.app, 'POST /api/webhooks', { cookie: founder, body: { url, events: ['investor.approved'] } });

  it('refuses private, loopback, link-local, CGNAT, multicast, ULA and mapped addresses, http, credentials', async () => {
    dns.set('loopback.partner.test', ['127.0.0.1']);
    dns.set('rebind.partner.test', ['93.184.216.34', '10.0.0.7']);
    dns.set('v6.partner.test', ['fd12:3456::1']);
    dns.set('mapped.partner.test', ['::ffff:127.0.0.1']);
    dns.set('metadata.partner.test', ['169.254.169.254']);
    dns.set('localhost', ['::1', '127.0.0.1']);
    const cases: [string, string][] = [
      ['https://10.0.0.5/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://172.16.3.4/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://192.168.1.1/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://169.254.169.254/latest/meta-data/', WEBHOOK_MESSAGES.urlBlocked],
      ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://0.0.0.0/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://100.64.0.1/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://224.0.0.1/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[::1]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[::ffff:127.0.0.1]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[::ffff:a9fe:a9fe]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[fd00::1]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[fe80::1]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[ff02::1]/hook', WEBHOOK_MESSAGES.urlBlocked],
      // Other spellings of loopback and the metadata address: decimal, octal, hex, short forms,
      // IPv4-compatible, NAT64 and 6to4 IPv6 (the URL parser normalises the IPv4 ones; each must still be refused).
      ['https://2130706433/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://0177.0.0.1/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://0x7f.0.0.1/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://127.1/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://0251.0376.0251.0376/latest/meta-data/', WEBHOOK_MESSAGES.urlBlocked],
      ['https://2852039166/latest/meta-data/', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[0:0:0:0:0:ffff:7f00:1]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[::127.0.0.1]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[64:ff9b::a9fe:a9fe]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[2002:7f00:1::]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://[::]/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://loopback.partner.test/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://rebind.partner.test/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://v6.partner.test/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://mapped.partner.test/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://metadata.partner.test/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://localhost/hook', WEBHOOK_MESSAGES.urlBlocked],
      ['https://nowhere.partner.test/hook', WEBHOOK_MESSAGES.urlUnresolved],
      ['http://[::1]:8080/hook', WEBHOOK_MESSAGES.urlHttps],
      ['http://127.0.0.1:8080/hook', WEBHOOK_MESSAGES.urlHttps],
      ['http://93.184.216.34/hook', WEBHOOK_MESSAGES.urlHttps],
      ['https://user:pw@93.184.216.34/hook', WEBHOOK_MESSAGES.urlCredentials],
      ['javascript:alert(1)', WEBHOOK_MESSAGES.urlInvalid],
    ];
    const got: [string, number, string][] = [];
    for (const [url] of cases) {
      const res = await register(url);
      got.push([url, res.status, res.status === 400 ? (errorBody(res.res).fields?.url ?? '') : '']);
    }
    expect(got).toEqual(cases.map(([url, message]) => [url, 400, message]));
    expect(await ctx.db.query('SELECT 1 FROM webhook_endpoints')).toEqual([]);
    // The allow-list setting opens its own range only.
    expect((await register('https://10.20.1.1/hook')).status).toBe(201);
    dns.set('partner.test', ['93.184.216.34']);
    expect((await register('https://partner.test/hook')).status).toBe(201);
  });

  it('checks again at delivery: a name that now resolves to loopback is refused without connecting', async () => {
    dns.set('hooks.partner.test', ['93.184.216.34']);
    const made = await register('https://hooks.partner.test/events');
    expect(made.status, made.res.body).toBe(201);
    // Only this endpoint takes approvals from here on.
    for (const e of (await callApi(ctx.app, 'GET /api/webhooks', { cookie: founder })).json.endpoints)
      if (e.id !== made.json.endpoint.id)
        await callApi(ctx.app, 'PATCH /api/webhooks/:id', { cookie: founder, params: { id: e.id }, body: { enabled: false } });
    dns.set('hooks.partner.test', ['127.0.0.1']);
    const u = await createUser(ctx, { role: 'investor', status: 'pending' });
    await callApi(ctx.app, 'PATCH /api/users/:id', { cookie: founder, params: { id: u.id }, body: { status: 'active' } });
    const list = await until(
      async () =>
        (await callApi(ctx.app, 'GET /api/webhooks/:id/deliveries', { cookie: founder, params: { id: made.json.endpoint.id } })).json
          .deliveries,
      (l) => l[0]?.status === 'failed',
    );
    // Failed at once (no retry can change the address), with no response: it never connected.
    expect(list[0]).toMatchObject({ status: 'failed', attempts: 1, lastResponseCode: null, lastError: WEBHOOK_MESSAGES.urlBlocked });
    // And a PATCH to a private address is refused like a registration.
    const patched = await callApi(ctx.app, 'PATCH /api/webhooks/:id', {
      cookie: founder,
      params: { id: made.json.endpoint.id },
      body: { url: 'https://192.168.0.10/x' },
    });
    expect([patched.status, patched.json]).toEqual([400, expect.objectContaining({ fields: { url: WEBHOOK_MESSAGES.urlBlocked } })]);
  });
});
