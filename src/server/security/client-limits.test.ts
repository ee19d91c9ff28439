import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../auth/client-key.ts';
import { loadConfig } from '../config.ts';
import { createTestContext, createUser, signIn, type TestContext, uniqueEmail } from '../testing/harness.ts';

/**
 * Issue 27, items 6 and 7: the IP allow-list is checked before the password (no password oracle
 * from outside it), and the per-client limits count an IPv6 client by its /64 (configurable).
 */

const signInReq = (ctx: TestContext, email: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: ip });

/** The i-th address of 2001:db8:abcd:12::/64 (the host part differs in every group). */
const inOne64 = (i: number) => `2001:db8:abcd:12:${(i + 1).toString(16)}:${(i * 7 + 3).toString(16)}:beef:${i.toString(16)}`;

describe('clientKey', () => {
  it('keeps IPv4 (and IPv4-mapped IPv6) as the address, and reduces IPv6 to its network', () => {
    expect(clientKey('203.0.113.9', 64)).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9', 64)).toBe('203.0.113.9');
    // Hand-expanded: 2001:db8:abcd:12 followed by four zero groups.
    const net = '2001:0db8:abcd:0012:0000:0000:0000:0000/64';
    expect(clientKey('2001:db8:abcd:12::1', 64)).toBe(net);
    expect(clientKey('2001:DB8:ABCD:12:ffff:ffff:ffff:ffff', 64)).toBe(net);
    expect(clientKey(inOne64(41), 64)).toBe(net);
    expect(clientKey('2001:db8:abcd:13::1', 64)).toBe('2001:0db8:abcd:0013:0000:0000:0000:0000/64');
    // A /48 groups the /64s under it; /128 keeps every address apart.
    expect(clientKey('2001:db8:abcd:13::1', 48)).toBe('2001:0db8:abcd:0000:0000:0000:0000:0000/48');
    expect(clientKey('2001:db8::1', 128)).toBe('2001:0db8:0000:0000:0000:0000:0000:0001/128');
    expect(clientKey('::1', 64)).toBe('0000:0000:0000:0000:0000:0000:0000:0000/64');
    // A dotted IPv4 tail and a zone id.
    expect(clientKey('64:ff9b::192.0.2.33', 128)).toBe('0064:ff9b:0000:0000:0000:0000:c000:0221/128');
    expect(clientKey('fe80::1%eth0', 64)).toBe('fe80:0000:0000:0000:0000:0000:0000:0000/64');
  });

  it('reads the prefix from LIMITS_IPV6_PREFIX (16 to 128, default 64) and refuses anything else', () => {
    expect(loadConfig({}).ipv6LimitPrefix).toBe(64);
    expect(loadConfig({ LIMITS_IPV6_PREFIX: '56' }).ipv6LimitPrefix).toBe(56);
    expect(() => loadConfig({ LIMITS_IPV6_PREFIX: '129' })).toThrow(/LIMITS_IPV6_PREFIX must be a whole number from 16 to 128/);
    expect(() => loadConfig({ LIMITS_IPV6_PREFIX: '64a' })).toThrow(/LIMITS_IPV6_PREFIX/);
  });
});

describe('per-client limits group IPv6 clients by /64', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_CLIENT: '8', SIGNUP_MAX_PER_CLIENT: '3' });
  });
  afterAll(() => ctx.close());

  it('40 parallel wrong passwords from 40 addresses of one /64: at most 8 get 401, the rest 429', async () => {
    const res = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signInReq(ctx, uniqueEmail('v6guess'), 'wrong-password', inOne64(i))),
    );
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(8);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(32);
    // Another /64 is another client.
    expect((await signInReq(ctx, uniqueEmail('v6guess'), 'wrong-password', '2001:db8:abcd:99::1')).statusCode).toBe(401);
  });

  it('30 parallel sign-ups from 30 addresses of one /64: 3 are created, the rest get 429', async () => {
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          payload: { email: uniqueEmail('v6signup'), password: 'a-long-unusual-pass-77', name: 'Six' },
          remoteAddress: `2001:db8:5:6:${i.toString(16)}::${(i + 9).toString(16)}`,
        }),
      ),
    );
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201).length).toBe(3);
    expect(codes.filter((c) => c === 429).length).toBe(27);
  });

  it('30 parallel recovery requests from 30 addresses of one /64: 10 accepted (the per-client limit), the rest 429', async () => {
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: uniqueEmail('v6reset') },
          remoteAddress: `2001:db8:7:8:${i.toString(16)}:1:2:3`,
        }),
      ),
    );
    const codes = res.map((r) => r.statusCode);
    // RESET_LIMIT_PER_CLIENT in src/shared/email.ts is 10.
    expect(codes.filter((c) => c === 200).length).toBe(10);
    expect(codes.filter((c) => c === 429).length).toBe(20);
    // The stored client is the /64, the same for all ten.
    const rows = (await ctx.db.query("SELECT DISTINCT ip_address FROM password_reset_requests WHERE email LIKE 'v6reset.%'")) as {
      ip_address: string;
    }[];
    expect(rows).toEqual([{ ip_address: '2001:0db8:0007:0008:0000:0000:0000:0000/64' }]);
  });

  it('keeps IPv4 clients apart by address, as before', async () => {
    const res = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInReq(ctx, uniqueEmail('v4guess'), 'wrong-password', `198.51.100.${i + 1}`)),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(12).fill(401));
  });
});

describe('the IP allow-list is checked before the password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers an admin outside the list the same 403 for the right and a wrong password, and logs both', async () => {
    const founder = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const cookie = await signIn(ctx, founder.email, founder.password);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie },
      payload: { ipWhitelist: '127.0.0.1' },
      remoteAddress: '127.0.0.1',
    });
    expect(put.statusCode).toBe(200);
    const cio = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    const right = await signInReq(ctx, cio.email, cio.password, '192.0.2.50');
    const wrong = await signInReq(ctx, cio.email, 'not-the-password', '192.0.2.50');
    expect(right.statusCode).toBe(403);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(right.json());
    expect(right.cookies.find((c) => c.name === 'sd_session')).toBeUndefined();
    const blocked = (await ctx.db.query(
      "SELECT details->>'route' AS route FROM activity_logs WHERE activity_type = 'ip_blocked' AND user_id = $1",
      [cio.id],
    )) as { route: string }[];
    expect(blocked).toEqual([{ route: 'sign-in' }, { route: 'sign-in' }]);
    // From inside the list the password decides, as before.
    expect((await signInReq(ctx, cio.email, 'not-the-password', '127.0.0.1')).statusCode).toBe(401);
    expect((await signInReq(ctx, cio.email, cio.password, '127.0.0.1')).statusCode).toBe(200);
    // Investors are not affected by the list.
    const inv = await createUser(ctx);
    expect((await signInReq(ctx, inv.email, 'not-the-password', '192.0.2.50')).statusCode).toBe(401);
  });
});
