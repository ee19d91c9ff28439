import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpFor } from '../auth/totp.ts';
import { sql } from '../db/sql.ts';
import { createTestContext, createUser, sessionCookie, signIn, type TestContext, uniqueEmail } from '../testing/harness.ts';
import { multipart, PDF_BYTES } from '../testing/multipart.ts';

/** Issue 14: the security settings take effect, and the hardening items hold (on PGlite and PostgreSQL). */

const signInReq = (ctx: TestContext, email: string, password: string, ip = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: ip });

describe('sign-in, sign-up and change-password limits under concurrency', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_FAILURES_PER_CLIENT: '8', SIGNUP_MAX_PER_CLIENT: '3' });
  });
  afterAll(() => ctx.close());

  it('50 parallel wrong passwords for one account: at most 5 get 401, the rest 429, and the right password is then refused', async () => {
    const u = await createUser(ctx);
    const res = await Promise.all(Array.from({ length: 50 }, (_, i) => signInReq(ctx, u.email, 'wrong-password', `10.9.${i}.1`)));
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    expect(res.find((r) => r.statusCode === 429)?.headers['retry-after']).toBeDefined();
    expect((await signInReq(ctx, u.email, u.password, '10.9.200.1')).statusCode).toBe(429);
  });

  it('50 parallel wrong passwords from one client over many accounts: at most 8 get 401, the rest 429', async () => {
    const emails = Array.from({ length: 50 }, () => uniqueEmail('guess'));
    const res = await Promise.all(emails.map((e) => signInReq(ctx, e, 'wrong-password', '10.8.0.1')));
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(8);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(42);
  });

  it('limits sign-ups per client (parallel), and a wrong second-step code counts toward the sign-in limit', async () => {
    const res = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          remoteAddress: '10.7.0.1',
          payload: { email: uniqueEmail('flood'), password: 'a-long-enough-pass', name: 'Flood' },
        }),
      ),
    );
    expect(res.filter((r) => r.statusCode === 201).length).toBe(3);
    expect(res.filter((r) => r.statusCode === 429).length).toBe(7);
  });

  it('limits and logs wrong current passwords in change-password', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: { cookie },
          remoteAddress: `10.6.${i}.1`,
          payload: { currentPassword: 'not-my-password', newPassword: 'a-brand-new-password' },
        }),
      ),
    );
    expect(res.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(5);
    expect(res.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(15);
    const logged = await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'password_change_failed' AND user_id = $1", [
      u.id,
    ]);
    expect(logged.length).toBe(res.filter((r) => r.statusCode === 400).length);
  });
});

describe('password hashing under a sign-up flood', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PASSWORD_HASH_COST: '16', SIGNUP_MAX_PER_CLIENT: '1000' });
  });
  afterAll(() => ctx.close());

  // Ordering, not wall time (timings belong to the benchmark): a sign-in that waited behind the
  // flood would finish after most of its 40 sign-ups; in its own gate it finishes while the
  // first one or two are hashing.
  it('a sign-in during a 40-request sign-up flood does not wait behind it', { timeout: 120_000 }, async () => {
    const u = await createUser(ctx);
    let signUpsDone = 0;
    const flood = Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ctx.app
          .inject({
            method: 'POST',
            url: '/api/auth/sign-up',
            remoteAddress: `10.5.${i}.1`,
            payload: { email: uniqueEmail('flood'), password: 'a-long-enough-pass', name: 'Flood' },
          })
          .then((res) => {
            signUpsDone++;
            return res.statusCode;
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(signUpsDone).toBeLessThan(5);
    expect((await signInReq(ctx, u.email, u.password)).statusCode).toBe(200);
    const doneWhenSignedIn = signUpsDone;
    const codes = await flood;
    expect(codes.every((c) => c === 201)).toBe(true);
    expect(doneWhenSignedIn).toBeLessThanOrEqual(5);
  });
});

describe('two-factor sign-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '5' }, { settings: { twoFactorAuth: true } });
  });
  afterAll(() => ctx.close());

  it('makes an admin enrol at sign-in, then asks for a code each time; recovery codes work once; a founder can reset it', async () => {
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
    const first = await signInReq(ctx, admin.email, admin.password);
    expect(first.json().secondFactor).toBe('enrol');
    const held = sessionCookie(first);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/deals', headers: { cookie: held } })).statusCode).toBe(403);
    const setup = (await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: { cookie: held } })).json();
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: { cookie: held },
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const totp = totpFor(setup.secret, 'x', 'x');
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: { cookie: held },
      payload: { code: totp.generate() },
    });
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(
      (await ctx.db.query('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [admin.id])).every(
        (r) => !codes.includes((r as { code_hash: string }).code_hash),
      ),
    ).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/deals', headers: { cookie: held } })).statusCode).toBe(200);

    // Next sign-in: the code step.
    const second = await signInReq(ctx, admin.email, admin.password);
    expect(second.json().secondFactor).toBe('verify');
    const c2 = sessionCookie(second);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/deals', headers: { cookie: c2 } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: { cookie: c2 } })).statusCode).toBe(403);
    const verify = (cookie: string, code: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/verify', headers: { cookie }, payload: { code } });
    expect((await verify(c2, '123456')).statusCode).toBe(401);
    expect((await verify(c2, codes[0] as string)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/deals', headers: { cookie: c2 } })).statusCode).toBe(200);
    // A recovery code works once.
    const c3 = sessionCookie(await signInReq(ctx, admin.email, admin.password));
    expect((await verify(c3, codes[0] as string)).statusCode).toBe(401);
    // Wrong codes count toward the sign-in limit (5, counted since the last successful sign-in): one so far, four more, then 429.
    for (let i = 0; i < 4; i++) expect((await verify(c3, 'aaaaa-bbbbb')).statusCode).toBe(401);
    expect((await verify(c3, codes[1] as string)).statusCode).toBe(429);

    // A founder resets it (logged); a cio cannot.
    const founder = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const fc = sessionCookie(await signInReq(ctx, founder.email, founder.password));
    expect((await signInReq(ctx, founder.email, founder.password)).json().secondFactor).toBe('enrol');
    // The founder must enrol too before using the API.
    const fsetup = (await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: { cookie: fc } })).json();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: { cookie: fc },
      payload: { code: totpFor(fsetup.secret, 'x', 'x').generate() },
    });
    const reset = await ctx.app.inject({ method: 'POST', url: `/api/users/${admin.id}/reset-two-factor`, headers: { cookie: fc } });
    expect(reset.statusCode).toBe(200);
    expect(
      await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'two_factor_reset' AND target_user_id = $1", [admin.id]),
    ).toHaveLength(1);
  });

  it('lets an investor sign in without a code and enrol if they want', async () => {
    const inv = await createUser(ctx);
    const res = await signInReq(ctx, inv.email, inv.password);
    expect(res.json().secondFactor).toBeNull();
    const cookie = sessionCookie(res);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: { cookie } });
    expect(status.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
  });
});

describe('password policy, IP allow-list, API rate limit, quota, origin and host', () => {
  let ctx: TestContext;
  let founderCookie: string;
  beforeAll(async () => {
    ctx = await createTestContext({}, { settings: { apiRateLimit: 1000 } });
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder', email: 'founder.policy@test.example.com' });
    founderCookie = await signIn(ctx, f.email, f.password);
  });
  afterAll(() => ctx.close());
  const put = (body: object, ip = '127.0.0.1') =>
    ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: founderCookie }, payload: body, remoteAddress: ip });

  it('applies the policy to every new password with its number, the common list and the e-mail', async () => {
    const signUp = (password: string, email = uniqueEmail('policy')) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password, name: 'P' } });
    expect((await signUp('short-pw-11')).json().message).toBe('Password must be at least 12 characters');
    expect((await signUp('qwerty123456')).json().message).toContain('most common passwords');
    expect((await signUp('xx-longname-secret', 'longname@test.example.com')).json().message).toContain('email address');
    expect((await put({ passwordPolicy: 'enterprise' })).statusCode).toBe(200);
    expect((await signUp('fifteen-chars-x')).json().message).toBe('Password must be at least 16 characters');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/password-policy' })).json()).toEqual({
      policy: 'enterprise',
      minLength: 16,
    });
    const u = await createUser(ctx);
    const reset = await ctx.app.inject({ method: 'POST', url: `/api/users/${u.id}/reset-password`, headers: { cookie: founderCookie } });
    expect(reset.json().temporaryPassword.length).toBeGreaterThanOrEqual(16);
    expect((await put({ passwordPolicy: 'basic' })).statusCode).toBe(200);
    expect((await signUp('eight-ch')).statusCode).toBe(201);
    await put({ passwordPolicy: 'strong' });
  });

  it('keeps admins outside the IP allow-list out (403, logged), and refuses a list that locks out the saver', async () => {
    expect((await put({ ipWhitelist: 'not-an-ip' })).json().message).toContain("'not-an-ip' is not an IP address");
    expect((await put({ ipWhitelist: '10.0.0.0/8' })).json().message).toContain('lock you out');
    expect((await put({ ipWhitelist: '127.0.0.1, 10.0.0.0/8, 2001:db8::/32' })).statusCode).toBe(200);
    const cio = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    expect((await signInReq(ctx, cio.email, cio.password, '10.1.2.3')).statusCode).toBe(200);
    expect((await signInReq(ctx, cio.email, cio.password, '2001:db8::5')).statusCode).toBe(200);
    const outside = await signInReq(ctx, cio.email, cio.password, '192.168.1.9');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toContain('not allowed from your network address');
    const cookie = await signIn(ctx, cio.email, cio.password);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/deals', headers: { cookie }, remoteAddress: '192.168.1.9' });
    expect(api.statusCode).toBe(403);
    expect(await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'ip_blocked' AND user_id = $1", [cio.id])).toHaveLength(2);
    // Investors are not affected.
    const inv = await createUser(ctx);
    expect((await signInReq(ctx, inv.email, inv.password, '192.168.1.9')).statusCode).toBe(200);
    expect((await put({ ipWhitelist: '' })).statusCode).toBe(200);
  });

  it('limits API requests per user per hour (parallel requests, 429 with Retry-After)', async () => {
    expect((await put({ apiRateLimit: 20 })).statusCode).toBe(200);
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    const res = await Promise.all(
      Array.from({ length: 40 }, () => ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })),
    );
    expect(
      res.filter((r) => r.statusCode === 200).length,
      JSON.stringify(res.map((r) => [r.statusCode, r.body.slice(0, 120)]).slice(0, 3)),
    ).toBe(20);
    const limited = res.filter((r) => r.statusCode === 429);
    expect(limited.length).toBe(20);
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
    await ctx.db.query('DELETE FROM api_rate_counters');
    expect((await put({ apiRateLimit: 1_000_000 })).statusCode).toBe(200);
  });

  it('refuses uploads over the investor storage quota with 413, also in parallel', async () => {
    expect((await put({ investorStorageQuotaMb: 1 })).statusCode).toBe(200);
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u.email, u.password);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(300 * 1024, 32)]);
    const send = () => {
      const form = multipart(
        { subject: 'Files', body: 'Attached', priority: 'Normal' },
        { fieldname: 'file', filename: 'a.pdf', content: big },
      );
      return ctx.app.inject({
        method: 'POST',
        url: '/api/investor/messages',
        headers: { cookie, 'content-type': form.contentType },
        payload: form.body,
      });
    };
    const res = await Promise.all(Array.from({ length: 6 }, send));
    expect(res.map((r) => r.statusCode).sort(), res[0]?.body).toEqual([201, 201, 201, 413, 413, 413]);
    expect(res.filter((r) => r.statusCode === 201).length).toBe(3);
    const refused = res.filter((r) => r.statusCode === 413);
    expect(refused.length).toBe(3);
    expect(refused[0]?.json().message).toContain('Storage quota exceeded');
    await put({ investorStorageQuotaMb: 1024 });
  });

  it('compares the scheme in the Origin check', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: founderCookie, origin: 'https://localhost:80', host: 'localhost:80' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUBLIC_URL and TRUST_PROXY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://syndicate.example.com', TRUST_PROXY: '1' });
  });
  afterAll(() => ctx.close());

  it('refuses other Host headers and takes the rightmost untrusted X-Forwarded-For address', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'evil.example.com' } })).statusCode).toBe(421);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'syndicate.example.com' } })).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: {
        host: 'syndicate.example.com',
        'x-forwarded-for': '6.6.6.6, 203.0.113.7',
        origin: 'https://syndicate.example.com',
        'x-forwarded-proto': 'https',
      },
      payload: { email: 'nobody@test.example.com', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    const rows = await sql<{ ip_address: string }>(
      "SELECT ip_address FROM activity_logs WHERE activity_type = 'user_login_failed' ORDER BY id DESC LIMIT 1",
    ).all(ctx.db);
    expect(rows[0]?.ip_address).toBe('203.0.113.7');
  });
});

describe('DATA_DIR file modes', () => {
  it('creates DATA_DIR and everything under it owner-only, whatever the umask', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sd-modes-'));
    const dataDir = path.join(dir, 'data');
    try {
      const child = spawn('sh', ['-c', 'umask 000 && exec node --import tsx src/server/main.ts'], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: '0',
          DEMO_DATA: '0',
          PASSWORD_HASH_COST: '10',
          DATABASE_URL: '',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += String(d);
          if (out.includes('Server ready')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
      });
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      const bad: string[] = [];
      const walk = async (p: string) => {
        const s = await stat(p);
        if ((s.mode & 0o077) !== 0) bad.push(`${path.relative(dataDir, p) || '.'} ${(s.mode & 0o777).toString(8)}`);
        if (s.isDirectory()) for (const e of await readdir(p)) await walk(path.join(p, e));
      };
      await walk(dataDir);
      expect(bad).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
