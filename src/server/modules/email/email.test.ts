import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { FastifyBaseLogger, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_LIMIT_PER_ADDRESS, RESET_LIMIT_PER_CLIENT, RESET_LINK_INVALID } from '../../../shared/email.ts';
import { formatDate } from '../../../shared/format.ts';
import { KYC_DOCUMENT_KINDS } from '../../../shared/kyc.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { defaultZoneDay } from '../../testing/days.ts';
import { withPaymentDetails } from '../../testing/fixtures.ts';
import {
  approveForSubscribing,
  certifyTax,
  classifyProfessional,
  createTestContext,
  createUser,
  signIn,
  type TestContext,
  uniqueEmail,
} from '../../testing/harness.ts';
import { injectForm, PDF_BYTES } from '../../testing/multipart.ts';
import { completeSubscriptionSigned, ensureSubscriptionPack } from '../../testing/signing.ts';
import { linkIn, type ReceivedMail, type Receiver, startReceiver } from '../../testing/smtp-receiver.ts';
import { notifyCapitalCallIssued } from './notify.ts';
import { enqueueEmails } from './outbox.ts';
import { OutboxWorker } from './worker.ts';

/**
 * E-mail through a real SMTP server (smtp-server on loopback): what the product sends is read
 * back from the receiver, links are followed and the flows finished through the API.
 */

const PUBLIC = 'http://portal.test.example';

/** Back to the default settings (the company zone: Dubai), keeping the harness's two-factor off and API limit (createTestContext). */
async function resetSettings(q: Queryable): Promise<void> {
  await q.query('DELETE FROM settings');
  await q.query(`INSERT INTO settings (key, value) VALUES ('app', '{"twoFactorAuth": false, "apiRateLimit": 1000000}'::jsonb)`);
}
describe('e-mail: recovery, outbox, notifications', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let worker: OutboxWorker;
  let admin: { id: string; email: string; cookie: string };

  beforeAll(async () => {
    receiver = await startReceiver();
    // Links come from the worker's base (PUBLIC_URL in a real server).
    ctx = await createTestContext({ SMTP_URL: receiver.url, EMAIL_RETRY_BASE_SECONDS: '1', EMAIL_MAX_ATTEMPTS: '3' });
    worker = new OutboxWorker(ctx.db, ctx.config, { baseUrl: () => PUBLIC });
    const a = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Fiona Founder' });
    admin = { id: a.id, email: a.email, cookie: await signIn(ctx, a.email, a.password) };
  });
  afterAll(async () => {
    await ctx.close();
    await receiver.close();
  });
  beforeEach(async () => {
    // Each test starts with an empty outbox, default switches and no refusals. The harness's own
    // settings stay (two-factor off: the signing helper's countersigner is an admin made later).
    await ctx.db.query('DELETE FROM email_outbox');
    await ctx.db.query('DELETE FROM password_reset_requests');
    await resetSettings(ctx.db);
    receiver.refuseNext(0);
  });

  const post = (url: string, payload: unknown, opts: { cookie?: string; ip?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: payload as InjectOptions['payload'],
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
  const to = (email: string) => (m: ReceivedMail) => m.to.includes(email.toLowerCase()) || m.to.includes(email);
  const outbox = (where = 'true') =>
    sql<{
      id: number;
      kind: string;
      to_address: string;
      status: string;
      attempts: number;
      last_error: string | null;
      wait: number;
    }>(`SELECT id, kind, to_address, status, attempts, last_error, extract(epoch FROM next_attempt_at - now())::float AS wait
         FROM email_outbox WHERE ${where} ORDER BY id`).all(ctx.db);
  let ipSeq = 10;
  const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  describe('password recovery', () => {
    it('e-mails a single-use link that sets a new password, ends other sessions and is logged', async () => {
      const u = await createUser(ctx, { name: 'Rita <Recover>' });
      const other = await signIn(ctx, u.email, u.password);
      const res = await post('/api/auth/forgot-password', { email: u.email.toUpperCase() }, { ip: freshIp() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      // Written to the outbox with the request; sent by the worker.
      expect((await outbox()).map((r) => [r.kind, r.status])).toEqual([['password_reset', 'queued']]);
      await worker.runOnce();
      const mail = await receiver.waitFor(to(u.email));
      expect(mail.subject).toBe('Reset your Meridian Capital Group password');
      expect(mail.html).toContain('Rita &lt;Recover&gt;');
      expect(mail.html).not.toContain('<Recover>');
      const link = linkIn(mail, '/reset-password#token=');
      expect(link.startsWith(`${PUBLIC}/reset-password#token=`)).toBe(true);
      const token = decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
      // Only the hash is stored.
      expect((await ctx.db.query('SELECT 1 FROM password_reset_tokens WHERE id = $1', [token])).length).toBe(0);

      expect((await post('/api/auth/reset-password/check', { token })).statusCode).toBe(200);
      const done = await post('/api/auth/reset-password', { token, password: 'brand-new-pass-1' });
      expect(done.statusCode, done.body).toBe(200);
      // The old session is gone, the old password too; the new one works.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: other } })).statusCode).toBe(401);
      expect((await post('/api/auth/sign-in', { email: u.email, password: u.password })).statusCode).toBe(401);
      expect((await post('/api/auth/sign-in', { email: u.email, password: 'brand-new-pass-1' })).statusCode).toBe(200);
      // Single use: the same link again is refused, and so is the check.
      const again = await post('/api/auth/reset-password', { token, password: 'another-pass-2' });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(RESET_LINK_INVALID);
      expect((await post('/api/auth/reset-password/check', { token })).statusCode).toBe(400);
      const logged = await sql<{ activity_type: string }>(
        `SELECT activity_type FROM activity_logs WHERE target_user_id = $1 AND activity_type LIKE 'password_reset%' ORDER BY id`,
      ).all(ctx.db, [u.id]);
      expect(logged.map((l) => l.activity_type)).toEqual(['password_reset_requested', 'password_reset_completed']);
    });

    it('refuses a wrong, an expired and a superseded token, and a too-short password', async () => {
      const u = await createUser(ctx);
      expect((await post('/api/auth/reset-password', { token: 'not-a-token', password: 'whatever-1' })).statusCode).toBe(400);
      await post('/api/auth/forgot-password', { email: u.email }, { ip: freshIp() });
      await worker.runOnce();
      const first = linkIn(await receiver.waitFor(to(u.email)), '#token=');
      const firstToken = decodeURIComponent(new URL(first).hash.slice(7));
      const short = await post('/api/auth/reset-password', { token: firstToken, password: '123' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Password must be at least 6 characters');
      // The Security tab's policy (strong: 12 characters, not a common password) holds here too.
      const weak = await post('/api/auth/reset-password', { token: firstToken, password: 'abcdefgh1' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields?.password).toMatch(/12/);
      const common = await post('/api/auth/reset-password', { token: firstToken, password: 'password1234' });
      expect(common.statusCode).toBe(400);
      expect((await post('/api/auth/reset-password/check', { token: firstToken })).statusCode).toBe(200);
      // A second request replaces the first link.
      const count = receiver.messages.length;
      await post('/api/auth/forgot-password', { email: u.email }, { ip: freshIp() });
      await worker.runOnce();
      await receiver.waitFor((m) => to(u.email)(m) && receiver.messages.indexOf(m) >= count);
      expect((await post('/api/auth/reset-password', { token: firstToken, password: 'superseded-1' })).statusCode).toBe(400);
      // Expired: 31 minutes old.
      await ctx.db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [u.id]);
      const latest = receiver.messages.filter(to(u.email)).at(-1) as ReceivedMail;
      const latestToken = decodeURIComponent(new URL(linkIn(latest, '#token=')).hash.slice(7));
      const expired = await post('/api/auth/reset-password', { token: latestToken, password: 'expired-pass-1' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(RESET_LINK_INVALID);
      expect((await post('/api/auth/sign-in', { email: u.email, password: u.password })).statusCode).toBe(200);
    });

    it('of two concurrent uses of one link, exactly one succeeds', async () => {
      const u = await createUser(ctx);
      await post('/api/auth/forgot-password', { email: u.email }, { ip: freshIp() });
      await worker.runOnce();
      const token = decodeURIComponent(new URL(linkIn(await receiver.waitFor(to(u.email)), '#token=')).hash.slice(7));
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post('/api/auth/reset-password', { token, password: `racing-pass-${i}` })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    });

    it('answers unknown, pending and suspended accounts exactly as a real one, and sends them nothing', async () => {
      const active = await createUser(ctx);
      const pending = await createUser(ctx, { status: 'pending' });
      const suspended = await createUser(ctx, { status: 'suspended' });
      const answers = [];
      for (const email of [active.email, uniqueEmail('nobody'), pending.email, suspended.email]) {
        const res = await post('/api/auth/forgot-password', { email }, { ip: freshIp() });
        answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect((await outbox()).map((r) => r.to_address)).toEqual([active.email]);
      await worker.runOnce();
      await receiver.waitFor(to(active.email));
      expect(receiver.messages.filter((m) => [pending.email, suspended.email].some((e) => m.to.includes(e)))).toEqual([]);
    });

    it(`limits requests per address (${RESET_LIMIT_PER_ADDRESS}) even under concurrency, known or not, and per client (${RESET_LIMIT_PER_CLIENT})`, async () => {
      for (const email of [(await createUser(ctx)).email, uniqueEmail('ghost')]) {
        const results = await Promise.all(
          Array.from({ length: 20 }, () => post('/api/auth/forgot-password', { email }, { ip: freshIp() })),
        );
        const codes = results.map((r) => r.statusCode);
        expect(codes.filter((c) => c === 200)).toHaveLength(RESET_LIMIT_PER_ADDRESS);
        expect(codes.filter((c) => c === 429)).toHaveLength(20 - RESET_LIMIT_PER_ADDRESS);
        const limited = results.find((r) => r.statusCode === 429);
        expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
        // Reads naturally: "1 minute" or "N minutes", never "minute(s)".
        expect(limited?.json().message).toMatch(/^Too many password reset requests\. Try again in (1 minute|([2-9]|[1-9]\d+) minutes)\.$/);
      }
      const ip = freshIp();
      const perClient = await Promise.all(
        Array.from({ length: 25 }, () => post('/api/auth/forgot-password', { email: uniqueEmail('spray') }, { ip })),
      );
      expect(perClient.filter((r) => r.statusCode === 200)).toHaveLength(RESET_LIMIT_PER_CLIENT);
      expect(perClient.filter((r) => r.statusCode === 429)).toHaveLength(25 - RESET_LIMIT_PER_CLIENT);
    });

    it('refuses a malformed address with a field error', async () => {
      const res = await post('/api/auth/forgot-password', { email: 'not-an-address' }, { ip: freshIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.email).toBe('Enter a valid email address');
    });
  });

  describe('user text is data (issue 27 item 5)', () => {
    // The attack's name: the old link placeholder with an unsubscribe token, the new one, a line
    // break with a forged header, a terminal colour sequence and a right-to-left override.
    const HOSTILE =
      'Eve {{PUBLIC_URL}}/unsubscribe#token=ATTACKER&topic=signups \u001fPUBLIC_URL\u001f/login\r\nBcc: x@evil.example \u001b[31mred\u009b0m \u202eevil';

    it("a sign-up name reaches admins' e-mails as text: no link, no header made from it", async () => {
      // Since the audit of issue 27 a name with control or bidi characters is refused at sign-up
      // (src/shared/person-name.ts; person-name.test.ts), so nothing is queued for it.
      const refused = await post(
        '/api/auth/sign-up',
        { email: uniqueEmail('hostile'), password: 'signup-pass-1', name: HOSTILE },
        { ip: freshIp() },
      );
      expect(refused.statusCode, refused.body).toBe(400);
      // What a name may still hold: template and link look-alikes, which stay text.
      const name = 'Eve {{PUBLIC_URL}}/unsubscribe#token=ATTACKER&topic=signups PUBLIC_URL/login';
      const email = uniqueEmail('hostile');
      const res = await post('/api/auth/sign-up', { email, password: 'signup-pass-1', name }, { ip: freshIp() });
      expect(res.statusCode, res.body).toBe(201);
      await worker.runOnce();
      const mail = await receiver.waitFor((m) => to(admin.email)(m) && m.text.includes(email));
      // The header is the server's: the admin's own unsubscribe token, never the attacker's.
      const header = mail.headers['list-unsubscribe'] ?? '';
      expect(header).toMatch(new RegExp(`^<${PUBLIC}/unsubscribe#token=[^>]+&topic=signups>$`));
      expect(header).not.toContain('ATTACKER');
      expect(mail.headers.bcc).toBeUndefined();
      // No product link made from the name: the placeholders stay text.
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toContain(`${PUBLIC}/unsubscribe#token=ATTACKER`);
        expect(body).not.toContain(`${PUBLIC}/login`);
        expect(body).toContain('{{PUBLIC_URL}}/unsubscribe#token=ATTACKER');
      }
    });

    it('a name stored before the name rule reaches e-mails without its control or bidi characters', async () => {
      // An account whose name holds the whole attack (written straight to the table, as an older
      // install may hold it), approved by the founder: the approval e-mail greets it by name.
      const legacy = await createUser(ctx, { name: HOSTILE, status: 'pending' });
      const approved = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${legacy.id}`,
        headers: { cookie: admin.cookie },
        payload: { status: 'active' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      await worker.runOnce();
      const mail = await receiver.waitFor(to(legacy.email));
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toContain(`${PUBLIC}/login\nBcc`);
        // Controls and bidi overrides are gone; the words stay.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be absent
        expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
        expect(body).toContain('Bcc: x@evil.example [31mred 0m evil');
      }
      // The name's line break did not start a line of its own in the text part.
      expect(mail.text.split('\n').some((l) => l.startsWith('Bcc:'))).toBe(false);
      expect(mail.headers.bcc).toBeUndefined();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be absent
      expect(mail.subject).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u001b]/);
    });
  });

  describe('outbox', () => {
    it('is written in the transaction of its event: a sign-up that fails queues nothing', async () => {
      const email = uniqueEmail('dup');
      const first = await post('/api/auth/sign-up', { email, password: 'signup-pass-1', name: 'First' });
      expect(first.statusCode).toBe(201);
      const queued = await outbox(`kind = 'signup_waiting'`);
      expect(queued.map((r) => r.to_address)).toContain(admin.email);
      const dup = await post('/api/auth/sign-up', { email, password: 'signup-pass-1', name: 'Second' });
      expect(dup.statusCode).toBe(409);
      expect(await outbox(`kind = 'signup_waiting'`)).toHaveLength(queued.length);
    });

    it('retries with exponential backoff against a server that refuses first, then delivers once', async () => {
      const u = await createUser(ctx);
      receiver.refuseNext(2);
      await post('/api/auth/forgot-password', { email: u.email }, { ip: freshIp() });
      await worker.runOnce();
      let [row] = await outbox();
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row?.last_error).toMatch(/451/);
      expect(row?.wait).toBeGreaterThan(0.3);
      expect(row?.wait).toBeLessThanOrEqual(1.05);
      // Not due yet: a pass now sends nothing.
      expect(await worker.runOnce()).toBe(0);
      await new Promise((r) => setTimeout(r, 1100));
      await worker.runOnce();
      [row] = await outbox();
      expect(row).toMatchObject({ status: 'queued', attempts: 2 });
      // The second wait doubles.
      expect(row?.wait).toBeGreaterThan(1.3);
      expect(row?.wait).toBeLessThanOrEqual(2.05);
      await new Promise((r) => setTimeout(r, 2100));
      await worker.runOnce();
      [row] = await outbox();
      expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
      expect(receiver.refused).toBeGreaterThanOrEqual(2);
      expect(receiver.messages.filter(to(u.email))).toHaveLength(1);
    });

    it('gives up after the last attempt, shows the SMTP error to admins, and "retry now" sends it', async () => {
      const u = await createUser(ctx);
      receiver.refuseNext(1, 550, '5.1.1 Mailbox unavailable');
      await post('/api/auth/forgot-password', { email: u.email }, { ip: freshIp() });
      await worker.runOnce();
      const list = await ctx.app.inject({ method: 'GET', url: '/api/email/outbox', headers: { cookie: admin.cookie } });
      expect(list.statusCode).toBe(200);
      const body = list.json();
      expect(body.counts.failed).toBe(1);
      const failed = body.entries[0];
      expect(failed).toMatchObject({ status: 'failed', to: u.email, kind: 'password_reset' });
      expect(failed.lastError).toMatch(/550 5\.1\.1 Mailbox unavailable/);
      const retry = await post(`/api/email/outbox/${failed.id}/retry`, {}, { cookie: admin.cookie });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().entry.status).toBe('queued');
      await worker.runOnce();
      expect((await outbox())[0]?.status).toBe('sent');
      await receiver.waitFor(to(u.email));
      // A sent e-mail cannot be retried; an unknown id is a 404; investors may not look.
      expect((await post(`/api/email/outbox/${failed.id}/retry`, {}, { cookie: admin.cookie })).statusCode).toBe(409);
      expect((await post('/api/email/outbox/999999/retry', {}, { cookie: admin.cookie })).statusCode).toBe(404);
      const inv = await createUser(ctx);
      const invCookie = await signIn(ctx, inv.email, inv.password);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/email/outbox', headers: { cookie: invCookie } })).statusCode).toBe(403);
    });

    it('keeps the e-mail queued (never lost) while SMTP is not configured', async () => {
      const bare = await createTestContext({ EMAIL_RETRY_BASE_SECONDS: '1' });
      try {
        const u = await createUser(bare);
        await bare.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
        await new OutboxWorker(bare.db, bare.config, { baseUrl: () => PUBLIC }).runOnce();
        const rows = await sql<{ status: string; last_error: string }>('SELECT status, last_error FROM email_outbox').all(bare.db);
        expect(rows).toEqual([
          { status: 'queued', last_error: 'E-mail is not configured: set the SMTP host on the Email tab (or SMTP_URL)' },
        ]);
      } finally {
        await bare.close();
      }
    });
  });

  describe('outbox warnings', () => {
    it('says once per pass how many e-mails are kept while SMTP is not configured, not once per e-mail', async () => {
      const bare = await createTestContext({ EMAIL_RETRY_BASE_SECONDS: '1' });
      try {
        // 23 e-mails: three batches of the worker (10 a batch), one warning for all of them.
        await enqueueEmails(
          bare.db,
          Array.from({ length: 23 }, (_, i) => ({
            kind: 'test',
            to: `kept${i}@test.example.com`,
            userId: null,
            subject: `Kept ${i}`,
            text: 'x',
            html: '<p>x</p>',
          })),
        );
        const lines: { level: string; entry: Record<string, unknown>; msg: string }[] = [];
        const record =
          (level: string) =>
          (entry: Record<string, unknown>, msg = '') =>
            lines.push({ level, entry, msg });
        const log = {
          warn: record('warn'),
          debug: record('debug'),
          info: record('info'),
          error: record('error'),
        } as unknown as FastifyBaseLogger;
        expect(await new OutboxWorker(bare.db, bare.config, { baseUrl: () => PUBLIC, log }).runOnce()).toBe(23);
        const warnings = lines.filter((l) => l.level === 'warn');
        expect(warnings).toHaveLength(1);
        expect(warnings[0]?.msg).toBe(
          'E-mail is not configured: 23 messages kept in the outbox (set the SMTP host on the Email tab, or SMTP_URL, to send them)',
        );
        expect(warnings[0]?.entry).toMatchObject({ warning: 'email-not-configured', kept: 23 });
        // Each e-mail's own line is debug level; all 23 stay queued.
        expect(lines.filter((l) => l.level === 'debug' && l.msg === 'e-mail not sent')).toHaveLength(23);
        const rows = await sql<{ n: number }>("SELECT count(*)::int AS n FROM email_outbox WHERE status = 'queued'").all(bare.db);
        expect(rows[0]?.n).toBe(23);
      } finally {
        await bare.close();
      }
    });
  });

  describe('transport security', () => {
    it('uses STARTTLS when the server offers it', async () => {
      const tls = await startReceiver({ starttls: true });
      try {
        const c = await createTestContext({ SMTP_URL: tls.url });
        try {
          const a = await createUser(c, { role: 'admin', adminUserType: 'founder' });
          const cookie = await signIn(c, a.email, a.password);
          const res = await c.app.inject({
            method: 'POST',
            url: '/api/email/test',
            payload: { to: 'tls@test.example.com' },
            headers: { cookie },
          });
          expect(res.json()).toMatchObject({ ok: true });
          expect((await tls.waitFor(to('tls@test.example.com'))).secure).toBe(true);
        } finally {
          await c.close();
        }
      } finally {
        await tls.close();
      }
    });

    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    it.skipIf(!external)('refuses plain SMTP to a server that is not on loopback', async () => {
      const plain = await startReceiver({ host: external });
      try {
        const c = await createTestContext({ SMTP_URL: plain.url });
        try {
          const a = await createUser(c, { role: 'admin', adminUserType: 'founder' });
          const cookie = await signIn(c, a.email, a.password);
          const res = await c.app.inject({
            method: 'POST',
            url: '/api/email/test',
            payload: { to: 'plain@test.example.com' },
            headers: { cookie },
          });
          expect(res.json()).toEqual({
            ok: false,
            response: expect.stringMatching(
              /^ETLS: the server did not accept STARTTLS .*plain SMTP is only allowed to a loopback address$/,
            ),
          });
          expect(plain.messages).toEqual([]);
        } finally {
          await c.close();
        }
      } finally {
        await plain.close();
      }
    });
  });

  describe('test e-mail', () => {
    it("sends through the configured server and shows the server's answer", async () => {
      const res = await post('/api/email/test', { to: 'ops@test.example.com' }, { cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().ok).toBe(true);
      expect(res.json().response).toMatch(/^250/);
      const m = await receiver.waitFor(to('ops@test.example.com'));
      expect(m.subject).toBe('Test e-mail from Meridian Capital Group');
      const bad = await post('/api/email/test', { to: 'nope' }, { cookie: admin.cookie });
      expect(bad.statusCode).toBe(400);
    });

    it('reports a refusal instead of failing', async () => {
      receiver.refuseNext(1, 554, '5.7.1 Relay denied');
      const res = await post('/api/email/test', { to: 'ops2@test.example.com' }, { cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: false, response: expect.stringMatching(/554 5\.7\.1 Relay denied/) });
    });
  });

  describe('languages (issue 16)', () => {
    const ar = JSON.parse(readFileSync(new URL('../../../shared/i18n/ar/email.json', import.meta.url), 'utf8'));
    const setLanguage = async (cookie: string, language: 'en' | 'ar') => {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/auth/language', payload: { language }, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('writes to each recipient in their own language: Arabic right to left, English exactly as before', async () => {
      const arabic = await createUser(ctx, { name: 'Layla Haddad' });
      const english = await createUser(ctx, { name: 'Ethan English' });
      await setLanguage(await signIn(ctx, arabic.email, arabic.password), 'ar');
      for (const u of [arabic, english]) {
        const sent = await post(
          '/api/messages',
          { investorId: u.id, subject: 'Hello', body: 'Body', priority: 'Normal' },
          { cookie: admin.cookie },
        );
        expect(sent.statusCode, sent.body).toBe(201);
      }
      await worker.runOnce();
      const a = await receiver.waitFor((m) => to(arabic.email)(m) && m.subject === ar.messageForInvestor.subject);
      expect(a.html).toContain('<html lang="ar" dir="rtl">');
      expect(a.html).toContain('<bdi>Layla Haddad</bdi>');
      // The name is isolated in the Arabic text, so it does not reorder the sentence around it.
      expect(a.text).toContain('عزيزي/عزيزتي \u2068Layla Haddad\u2069،');
      expect(a.text).toContain(ar.messageForInvestor.body);
      expect(a.text).toContain(`${ar.messageForInvestor.action}: ${PUBLIC}/investor/messages?thread=`);
      expect(a.text).toContain('تصلك هذه الرسالة لأن رسائل البريد الإلكتروني الخاصة بـالرسائل الآمنة مفعّلة. لإلغاء الاشتراك:');
      expect(a.text).not.toMatch(/Dear|Unsubscribe|automated/);
      const e = await receiver.waitFor((m) => to(english.email)(m) && m.subject === 'You have a new secure message');
      expect(e.html).toContain('<html lang="en">');
      expect(e.html).not.toContain('dir="rtl"');
      expect(e.text).toContain('Dear Ethan English,');
      expect(e.text).toContain('This is an automated message; replies are not read.');
    });

    it('writes dates and amounts in the Arabic display locale (Arabic month, Western digits, isolated amount)', async () => {
      const inv = await createUser(ctx, { name: 'Omar Arabic' });
      await setLanguage(await signIn(ctx, inv.email, inv.password), 'ar');
      await ctx.db.tx((q) =>
        notifyCapitalCallIssued(q, { investorId: inv.id, dealTitle: 'Gulf Logistics <II>', amount: '12500.5', dueDate: '2026-12-15' }),
      );
      await worker.runOnce();
      const m = await receiver.waitFor((x) => to(inv.email)(x) && x.subject.startsWith('طلب رأس المال'));
      expect(m.subject).toBe('طلب رأس المال: \u2068Gulf Logistics <II>\u2069، يستحق في \u206815 ديسمبر 2026\u2069');
      expect(m.text).toContain('المبلغ المستحق: \u2068$12,500.50\u2069. تاريخ الاستحقاق: \u206815 ديسمبر 2026\u2069.');
      expect(m.html).toContain('<bdi>Gulf Logistics &lt;II&gt;</bdi>');
      expect(m.html).toContain('<bdi>15 ديسمبر 2026</bdi>');
    });

    it("writes dates in English as the product does everywhere ('15 Dec 2026', never ISO) and amounts to the cent", async () => {
      const inv = await createUser(ctx, { name: 'Emma English' });
      await setLanguage(await signIn(ctx, inv.email, inv.password), 'en');
      await ctx.db.tx((q) =>
        notifyCapitalCallIssued(q, { investorId: inv.id, dealTitle: 'Gulf Logistics III', amount: '12500.5', dueDate: '2026-12-15' }),
      );
      await worker.runOnce();
      const m = await receiver.waitFor((x) => to(inv.email)(x) && x.subject.startsWith('Capital call:'));
      expect(m.subject).toBe('Capital call: Gulf Logistics III, due 15 Dec 2026');
      expect(m.text).toContain('Amount due: $12,500.50. Due date: 15 Dec 2026.');
      expect(m.html).toContain('15 Dec 2026');
      expect(`${m.subject}${m.text}${m.html}`).not.toContain('2026-12-15');
    });

    it("follows the company's default language when the recipient chose none, and the recipient's own choice over it", async () => {
      const put = await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        payload: { language: 'ar' },
        headers: { cookie: admin.cookie },
      });
      expect(put.statusCode, put.body).toBe(200);
      const follower = await createUser(ctx, { name: 'Default Follower' });
      const chooser = await createUser(ctx, { name: 'English Chooser' });
      await setLanguage(await signIn(ctx, chooser.email, chooser.password), 'en');
      for (const u of [follower, chooser]) await post('/api/auth/forgot-password', { email: u.email }, { ip: freshIp() });
      await worker.runOnce();
      const a = await receiver.waitFor(
        (m) => to(follower.email)(m) && m.subject === 'إعادة تعيين كلمة المرور في \u2068Meridian Capital Group\u2069',
      );
      expect(a.html).toContain('<html lang="ar" dir="rtl">');
      expect(a.text).toContain(ar.passwordReset.note_many.replace('{{count}}', '30'));
      expect(linkIn(a, '/reset-password')).toMatch(/^http:\/\/portal\.test\.example\/reset-password#token=/);
      const e = await receiver.waitFor((m) => to(chooser.email)(m) && m.subject === 'Reset your Meridian Capital Group password');
      expect(e.text).toContain('The link works once and expires in 30 minutes.');
    });
  });

  describe('notifications', () => {
    async function newDeal(title: string) {
      const res = await post('/api/deals', { title, type: 'PPP', targetAmount: '2500000' }, { cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().deal.id as string;
      const open = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/deals/${id}`,
        payload: { status: 'Active' },
        headers: { cookie: admin.cookie },
      });
      expect(open.statusCode, open.body).toBe(200);
      return id;
    }

    it('announces a new open deal once to investors who keep deal alerts on; escapes the title; honours unsubscribe', async () => {
      const keen = await createUser(ctx, { name: 'Keen Investor' });
      const quiet = await createUser(ctx, { name: 'Quiet Investor' });
      const quietCookie = await signIn(ctx, quiet.email, quiet.password);
      const prefs = await ctx.app.inject({
        method: 'PUT',
        url: '/api/me/notifications',
        payload: { topics: { dealAlerts: false } },
        headers: { cookie: quietCookie },
      });
      expect(prefs.statusCode, prefs.body).toBe(200);
      expect(prefs.json().preferences.topics.find((t: { topic: string }) => t.topic === 'dealAlerts').enabled).toBe(false);
      // Admin topics are not an investor's to set.
      const foreign = await ctx.app.inject({
        method: 'PUT',
        url: '/api/me/notifications',
        payload: { topics: { signups: false } },
        headers: { cookie: quietCookie },
      });
      expect(foreign.statusCode).toBe(400);

      const title = `<b>Harbour</b> & "Co" ${Date.now()}`;
      const dealId = await newDeal(title);
      // Editing it again does not announce it twice.
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/deals/${dealId}`,
        payload: { description: 'More' },
        headers: { cookie: admin.cookie },
      });
      const rows = await outbox(`kind = 'deal_open'`);
      expect(rows.map((r) => r.to_address)).toContain(keen.email);
      expect(rows.map((r) => r.to_address)).not.toContain(quiet.email);
      expect(rows.filter((r) => r.to_address === keen.email)).toHaveLength(1);
      await worker.runOnce();
      const mail = await receiver.waitFor((m) => to(keen.email)(m) && m.subject.includes('Harbour'));
      expect(mail.subject).toBe(`New deal open for subscription: ${title}`);
      expect(mail.html).toContain('&lt;b&gt;Harbour&lt;/b&gt; &amp; &quot;Co&quot;');
      expect(mail.html).not.toContain('<b>Harbour</b>');
      expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/portal\.test\.example\/unsubscribe#token=/);

      // The unsubscribe link works without signing in and turns the topic off.
      const unsub = new URL(linkIn(mail, '/unsubscribe#'));
      const params = new URLSearchParams(unsub.hash.slice(1));
      const res = await post('/api/notifications/unsubscribe', { token: params.get('token'), topic: params.get('topic') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('You will no longer receive deal alerts e-mails.');
      expect((await post('/api/notifications/unsubscribe', { token: 'forged', topic: 'dealAlerts' })).statusCode).toBe(400);
      await newDeal(`Second ${Date.now()}`);
      const second = await outbox(`kind = 'deal_open'`);
      expect(second.filter((r) => r.to_address === keen.email)).toHaveLength(1);
    });

    it('sends no deal alerts while the Deal alerts or Email notifications switch is off; recovery still goes out', async () => {
      const inv = await createUser(ctx);
      for (const off of [{ dealAlerts: false }, { emailNotifications: false }]) {
        await ctx.db.query('DELETE FROM email_outbox');
        const put = await ctx.app.inject({ method: 'PUT', url: '/api/settings', payload: off, headers: { cookie: admin.cookie } });
        expect(put.statusCode, put.body).toBe(200);
        await newDeal(`Switched off ${Date.now()}`);
        expect(await outbox(`kind = 'deal_open'`)).toEqual([]);
        await resetSettings(ctx.db);
      }
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        payload: { emailNotifications: false },
        headers: { cookie: admin.cookie },
      });
      await post('/api/auth/forgot-password', { email: inv.email }, { ip: freshIp() });
      expect((await outbox()).map((r) => r.kind)).toEqual(['password_reset']);
    });

    it('tells an investor a message is waiting without its text, and admins about a new message', async () => {
      const inv = await createUser(ctx, { name: 'Message Investor' });
      const invCookie = await signIn(ctx, inv.email, inv.password);
      const secretBody = `Wire instructions ${Date.now()} account 12345`;
      const sent = await post(
        '/api/messages',
        { investorId: inv.id, subject: 'Private subject', body: secretBody, priority: 'High' },
        {
          cookie: admin.cookie,
        },
      );
      expect(sent.statusCode, sent.body).toBe(201);
      const threadId = sent.json().threadId;
      await worker.runOnce();
      const mail = await receiver.waitFor((m) => to(inv.email)(m) && m.subject === 'You have a new secure message');
      expect(mail.raw).not.toContain('Wire instructions');
      expect(mail.raw).not.toContain('Private subject');
      const reply = await post(`/api/investor/messages/${threadId}/reply`, { body: 'Investor secret reply' }, { cookie: invCookie });
      expect(reply.statusCode, reply.body).toBe(201);
      await worker.runOnce();
      const forAdmin = await receiver.waitFor((m) => to(admin.email)(m) && m.subject === 'New secure message from Message Investor');
      expect(forAdmin.raw).not.toContain('Investor secret reply');
    });

    it('tells an approved sign-up that the account is approved', async () => {
      const email = uniqueEmail('approve');
      expect((await post('/api/auth/sign-up', { email, password: 'signup-pass-1', name: 'New Investor' })).statusCode).toBe(201);
      const id = (await sql<{ id: string }>('SELECT id FROM profiles WHERE email = $1').first(ctx.db, [email]))?.id;
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: { status: 'active' },
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      await worker.runOnce();
      const m = await receiver.waitFor((x) => to(email)(x) && x.subject === 'Your investor account is approved');
      expect(linkIn(m, '/login')).toBe(`${PUBLIC}/login`);
      // Essential: no unsubscribe link.
      expect(m.text).not.toContain('Unsubscribe');
    });

    it('follows an investor through KYC, subscription and a shared document, telling each side', async () => {
      const inv = await createUser(ctx, { name: 'Lifecycle Investor' });
      const invCookie = await signIn(ctx, inv.email, inv.password);
      const mine = async (kind: string) => (await outbox(`kind = '${kind}' AND to_address = '${inv.email}'`)).length;
      const admins = async (kind: string) => (await outbox(`kind = '${kind}' AND to_address = '${admin.email}'`)).length;
      for (const kind of KYC_DOCUMENT_KINDS) {
        const form = injectForm({}, { filename: `${kind}.pdf`, content: PDF_BYTES });
        const up = await ctx.app.inject({
          method: 'POST',
          url: `/api/kyc/me/documents/${kind}`,
          headers: { ...form.headers, cookie: invCookie },
          payload: form.payload,
        });
        expect(up.statusCode, up.body).toBe(200);
      }
      expect((await post('/api/kyc/me/submit', {}, { cookie: invCookie })).statusCode).toBe(200);
      expect(await admins('kyc_submitted')).toBe(1);
      const appId = (await sql<{ id: string }>('SELECT id FROM kyc_applications WHERE investor_id = $1').first(ctx.db, [inv.id]))?.id;
      const rejected = await post(`/api/kyc/${appId}/reject`, { reason: 'Passport <expired>' }, { cookie: admin.cookie });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(await mine('kyc_rejected')).toBe(1);
      await worker.runOnce();
      const rejection = await receiver.waitFor((m) => to(inv.email)(m) && m.subject === 'Your KYC application needs attention');
      expect(rejection.text).toContain('Reason: Passport <expired>');
      expect(rejection.html).toContain('Passport &lt;expired&gt;');
      await ctx.db.query(`UPDATE kyc_applications SET status = 'in_review' WHERE id = $1`, [appId]);
      expect((await post(`/api/kyc/${appId}/approve`, {}, { cookie: admin.cookie })).statusCode).toBe(200);
      expect(await mine('kyc_approved')).toBe(1);

      const deal = await post(
        '/api/deals',
        { title: `Lifecycle deal ${Date.now()}`, type: 'PPP', targetAmount: '900000' },
        { cookie: admin.cookie },
      );
      const dealId = deal.json().deal.id as string;
      await withPaymentDetails(ctx, dealId);
      await ensureSubscriptionPack(ctx, dealId);
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/deals/${dealId}`,
        payload: { status: 'Active' },
        headers: { cookie: admin.cookie },
      });
      // A subscription needs a current suitability review (issue 27).
      const review = { experience: 'extensive', riskTolerance: 'high', netWorthBand: 'over_25m', investmentHorizon: '5_10y' };
      expect((await post('/api/investor/suitability-review', review, { cookie: invCookie })).statusCode).toBe(200);
      // And a current client classification (issue 31, decision record 037).
      await classifyProfessional(ctx, inv.id);
      await certifyTax(ctx, inv.id);
      const sub = await post('/api/investor/subscriptions', { dealId, amount: '30000.00' }, { cookie: invCookie });
      expect(sub.statusCode, sub.body).toBe(201);
      expect(await admins('subscription_submitted')).toBe(1);
      const subId = sub.json().subscription.id as string;
      await completeSubscriptionSigned(ctx, subId, { investorCookie: invCookie });
      // A capital call of 100% tells the investor (amount and due date), the receipt funds the
      // holding, and a distribution recorded then paid tells them twice.
      // The company's day: resetSettings leaves the default zone, Dubai.
      const today = defaultZoneDay();
      const callRes = await post(
        '/api/capital-calls',
        { dealId, basis: 'percentage', percentage: '100', dueDate: today, purpose: 'Closing' },
        { cookie: admin.cookie },
      );
      expect(callRes.statusCode, callRes.body).toBe(201);
      expect(await mine('capital_call_issued')).toBe(1);
      const callId = callRes.json().call.id as string;
      const receipt = await post(
        `/api/capital-calls/${callId}/receipts`,
        { investorId: inv.id, amount: '30000.00', valueDate: today },
        { cookie: admin.cookie },
      );
      expect(receipt.statusCode, receipt.body).toBe(201);
      const dist = await post(
        '/api/distributions',
        { dealId, type: 'Income', totalAmount: '1200.00', paymentDate: today, recordDate: today },
        { cookie: admin.cookie },
      );
      expect(dist.statusCode, dist.body).toBe(201);
      expect(await mine('distribution_recorded')).toBe(1);
      const eventId = dist.json().event.id as string;
      expect((await post(`/api/distributions/${eventId}/pay`, {}, { cookie: admin.cookie })).statusCode).toBe(200);
      expect(await mine('distribution_paid')).toBe(1);
      const form = injectForm(
        { name: 'Side letter', type: 'Other', investorId: inv.id, investorVisible: 'true' },
        { filename: 'letter.pdf', content: PDF_BYTES },
      );
      const doc = await ctx.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...form.headers, cookie: admin.cookie },
        payload: form.payload,
      });
      expect(doc.statusCode, doc.body).toBe(201);
      expect(await mine('document_shared')).toBe(1);

      await worker.runOnce();
      await receiver.waitFor((m) => to(inv.email)(m) && m.subject === 'New document: Side letter');
      const callMail = await receiver.waitFor((m) => to(inv.email)(m) && m.subject.startsWith('Capital call: Lifecycle deal'));
      expect(callMail.text).toContain('$30,000.00');
      await receiver.waitFor((m) => to(admin.email)(m) && m.subject.startsWith('Subscription submitted: Lifecycle deal'));
    });

    it('sends one compliance digest a day to admins, listing overdue items and items due within 7 days', async () => {
      await ctx.db.query(
        `INSERT INTO compliance_items (type, title, due_date) VALUES ('dfsa_filing', 'Overdue <filing>', current_date - 2),
                ('other', 'Due soon item', current_date + 5), ('other', 'Far away item', current_date + 30)`,
      );
      await ctx.db.query('DELETE FROM email_digests');
      await worker.runOnce();
      await worker.runOnce();
      const digests = await outbox(`kind = 'compliance_digest' AND to_address = '${admin.email}'`);
      expect(digests).toHaveLength(1);
      const m = await receiver.waitFor((x) => to(admin.email)(x) && x.subject.startsWith('Compliance:'));
      expect(m.subject).toBe('Compliance: 1 overdue, 1 due within 7 days');
      expect(m.html).toContain('Overdue &lt;filing&gt;');
      expect(m.text).toContain('Due soon item');
      expect(m.text).not.toContain('Far away item');
    });

    it('reminds, once, each investor who still owes part of a capital call due within 3 days; paid, far and cancelled calls get none', async () => {
      const investors = [];
      for (const name of ['Part Payer', 'Full Payer', 'Cancelled Line']) {
        const u = await createUser(ctx, { name });
        await approveForSubscribing(ctx, u.id);
        investors.push({ ...u, cookie: await signIn(ctx, u.email, u.password) });
      }
      const [part, full, cancelled] = investors as [(typeof investors)[0], (typeof investors)[0], (typeof investors)[0]];
      const deal = await post(
        '/api/deals',
        { title: `Reminder deal ${Date.now()}`, type: 'PPP', targetAmount: '900000' },
        { cookie: admin.cookie },
      );
      const dealId = deal.json().deal.id as string;
      await withPaymentDetails(ctx, dealId);
      await ensureSubscriptionPack(ctx, dealId);
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/deals/${dealId}`,
        payload: { status: 'Active' },
        headers: { cookie: admin.cookie },
      });
      for (const inv of investors) {
        const sub = await post('/api/investor/subscriptions', { dealId, amount: '10000.00' }, { cookie: inv.cookie });
        expect(sub.statusCode, sub.body).toBe(201);
        const subId = sub.json().subscription.id as string;
        await completeSubscriptionSigned(ctx, subId, { investorCookie: inv.cookie });
      }
      const inDays = defaultZoneDay;
      const today = inDays(0);
      const call = async (percentage: string, dueDate: string) => {
        const res = await post(
          '/api/capital-calls',
          { dealId, basis: 'percentage', percentage, dueDate, purpose: 'Works' },
          { cookie: admin.cookie },
        );
        expect(res.statusCode, res.body).toBe(201);
        return res.json().call.id as string;
      };
      const soon = await call('50', inDays(2));
      await call('10', inDays(10));
      const receipt = (investorId: string, amount: string) =>
        post(`/api/capital-calls/${soon}/receipts`, { investorId, amount, valueDate: today }, { cookie: admin.cookie });
      expect((await receipt(part.id, '1250.50')).statusCode).toBe(201);
      expect((await receipt(full.id, '5000.00')).statusCode).toBe(201);
      // The third investor's share of the call is reversed (called in error): nothing is owed.
      const callEntry = await sql<{ id: string }>(
        "SELECT id FROM ledger_entries WHERE call_id = $1 AND investor_id = $2 AND kind = 'call'",
      ).all(ctx.db, [soon, cancelled.id]);
      const reversed = await post(`/api/ledger/${callEntry[0]?.id}/reverse`, { reason: 'Called in error' }, { cookie: admin.cookie });
      expect(reversed.statusCode, reversed.body).toBe(201);

      await ctx.db.query('DELETE FROM email_digests');
      await worker.runOnce();
      // Another pass, even on a new day's claim, queues no second reminder for the same call.
      await ctx.db.query('DELETE FROM email_digests');
      await worker.runOnce();
      const reminders = await outbox(`kind = 'capital_call_reminder'`);
      expect(reminders.map((r) => r.to_address)).toEqual([part.email.toLowerCase()]);
      const m = await receiver.waitFor((x) => to(part.email)(x) && x.subject.startsWith('Reminder: capital call'));
      expect(m.subject).toBe(`Reminder: capital call for ${deal.json().deal.title} due ${formatDate(inDays(2))}`);
      // The outstanding amount, not the amount called.
      expect(m.text).toContain('$3,749.50');
    });
  });
});
