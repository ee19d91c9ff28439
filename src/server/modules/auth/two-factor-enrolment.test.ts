import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpFor } from '../../auth/totp.ts';
import { createTestContext, createUser, sessionCookie, type TestContext } from '../../testing/harness.ts';
import { ENROLMENT_ELSEWHERE, ENROLMENT_TAKEN_OVER, TWO_FACTOR_PENDING_MINUTES } from './two-factor.ts';

/**
 * Issue 27, item 8: one pending two-factor enrolment per account, tied to the session that
 * started it. A second session holding the password can neither replace the pending secret nor
 * confirm it (409 with a message); the enrolment frees itself when its session ends or after
 * TWO_FACTOR_PENDING_MINUTES.
 */

describe('first-time two-factor enrolment belongs to one session', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({}, { settings: { twoFactorAuth: true } });
  });
  afterAll(() => ctx.close());

  /** n sessions of one admin, each held at the enrolment step. */
  async function sessions(email: string, password: string, n: number): Promise<string[]> {
    const res = await Promise.all(
      Array.from({ length: n }, () => ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } })),
    );
    for (const r of res) expect(r.json().secondFactor).toBe('enrol');
    return res.map(sessionCookie);
  }
  const setup = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: { cookie } });
  const confirm = (cookie: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/confirm', headers: { cookie }, payload: { code } });
  const code = (secret: string) => totpFor(secret, 'x', 'x').generate();

  it('24 sessions start at once: one gets the secret, 23 get 409 with a message, and only that one confirms', async () => {
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    const cookies = await sessions(admin.email, admin.password, 24);
    const res = await Promise.all(cookies.map(setup));
    const winners = res.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    const refused = res.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(23);
    for (const r of refused) expect(r.json()).toMatchObject({ message: ENROLMENT_ELSEWHERE, code: 'TWO_FACTOR_PENDING_ELSEWHERE' });
    const owner = cookies[winners[0] as number] as string;
    const secret = res[winners[0] as number]?.json().secret as string;
    // The stored secret is still the owner's: another session that learnt it cannot confirm.
    const others = cookies.filter((c) => c !== owner);
    const stolen = await Promise.all(others.slice(0, 10).map((c) => confirm(c, code(secret))));
    for (const r of stolen) expect(r.statusCode).toBe(409);
    expect(stolen[0]?.json().message).toBe(ENROLMENT_TAKEN_OVER);
    const ok = await confirm(owner, code(secret));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().recoveryCodes).toHaveLength(10);
    const row = (await ctx.db.query('SELECT secret, enabled_at IS NOT NULL AS enabled FROM two_factor WHERE user_id = $1', [admin.id])) as {
      secret: string;
      enabled: boolean;
    }[];
    expect(row).toEqual([{ secret, enabled: true }]);
  });

  it('a second session cannot replace a pending secret; the owner may restart its own', async () => {
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
    const [a, b] = (await sessions(admin.email, admin.password, 2)) as [string, string];
    const first = (await setup(a)).json().secret as string;
    const intruder = await setup(b);
    expect(intruder.statusCode).toBe(409);
    expect(intruder.json().message).toBe(ENROLMENT_ELSEWHERE);
    // The owner's restart gives a new secret, still its own; the old one no longer confirms.
    const again = (await setup(a)).json().secret as string;
    expect(again).not.toBe(first);
    expect((await confirm(a, code(first))).statusCode).toBe(400);
    expect((await confirm(a, code(again))).statusCode).toBe(200);
  });

  it('frees the enrolment when its session signs out, or after the pending time', async () => {
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'nairobi_lead' });
    const [a, b, c] = (await sessions(admin.email, admin.password, 3)) as [string, string, string];
    expect((await setup(a)).statusCode).toBe(200);
    expect((await setup(b)).statusCode).toBe(409);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: a } });
    const bSecret = (await setup(b)).json().secret as string;
    expect(bSecret).toEqual(expect.any(String));
    // b's enrolment is left: after the pending time another session may start over, and b's is gone.
    await ctx.db.query(`UPDATE two_factor SET created_at = now() - make_interval(mins => $2) WHERE user_id = $1`, [
      admin.id,
      TWO_FACTOR_PENDING_MINUTES + 1,
    ]);
    expect((await setup(c)).statusCode).toBe(200);
    const late = await confirm(b, code(bSecret));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ENROLMENT_TAKEN_OVER);
  });
  it('a code works once under parallel use: the next TOTP code, then a recovery code, sent from twelve sessions at once', async () => {
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    const [owner] = (await sessions(admin.email, admin.password, 1)) as [string];
    const secret = (await setup(owner)).json().secret as string;
    const confirmed = await confirm(owner, code(secret));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const recovery = (confirmed.json().recoveryCodes as string[])[0] as string;
    const verifyAll = async (value: string) => {
      const res = await Promise.all(
        Array.from({ length: 12 }, () =>
          ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: admin.email, password: admin.password } }),
        ),
      );
      for (const r of res) expect(r.json().secondFactor).toBe('verify');
      return Promise.all(
        res
          .map(sessionCookie)
          .map((cookie) =>
            ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/verify', headers: { cookie }, payload: { code: value } }),
          ),
      );
    };
    // The next time step's code (one step of drift is accepted): later than the one that confirmed.
    const next = totpFor(secret, 'x', 'x').generate({ timestamp: Date.now() + 30_000 });
    for (const value of [next, recovery]) {
      const res = await verifyAll(value);
      expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of res.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(401);
    }
  });
});
