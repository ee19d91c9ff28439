import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidationsOf } from '../db/invalidation.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../testing/harness.ts';
import { sessionLookup } from './repository.ts';
import { sessionId } from './sessions.ts';

/**
 * The session cache (decision 015) on the engine under test: a resolved session is answered from
 * memory, and any change the database announces (migration 021's triggers) takes effect on the
 * next request, whoever made it: a route, another instance or SQL typed by hand.
 */
describe('session cache', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const session = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  /** PGlite delivers a notification before the committing query resolves; PostgreSQL a moment later. */
  const soon = async (fn: () => Promise<number>, want: number) => {
    const until = Date.now() + 2000;
    let got = await fn();
    while (got !== want && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
      got = await fn();
    }
    return got;
  };

  it('answers a resolved session from memory (it survives the sessions table being renamed away)', async () => {
    const u = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    const cookie = await signIn(ctx, u.email, u.password);
    expect((await session(cookie)).statusCode).toBe(200);
    await ctx.db.query('ALTER TABLE sessions RENAME TO sessions_away');
    try {
      // From memory: the lookup would fail without the table.
      expect((await session(cookie)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/deals/options', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await ctx.db.query('ALTER TABLE sessions_away RENAME TO sessions');
    }
  });

  it('drops a session deleted behind its back, and picks up a changed name, role state or forced password change', async () => {
    const u = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Before' });
    const cookie = await signIn(ctx, u.email, u.password);
    expect((await session(cookie)).json().user.name).toBe('Before');

    await ctx.db.query('UPDATE profiles SET name = $2 WHERE id = $1', [u.id, 'After']);
    expect(await soon(async () => ((await session(cookie)).json().user.name === 'After' ? 1 : 0), 1)).toBe(1);

    await ctx.db.query('UPDATE credentials SET must_change_password = true WHERE user_id = $1', [u.id]);
    expect(
      await soon(async () => (await ctx.app.inject({ method: 'GET', url: '/api/deals/options', headers: { cookie } })).statusCode, 403),
    ).toBe(403);
    await ctx.db.query('UPDATE credentials SET must_change_password = false WHERE user_id = $1', [u.id]);

    await ctx.db.query('DELETE FROM sessions WHERE user_id = $1', [u.id]);
    expect(await soon(async () => (await session(cookie)).statusCode, 401)).toBe(401);
  });

  it('ends sessions at once through the routes: sign-out, suspension, password change and reset', async () => {
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const adminCookie = await signIn(ctx, admin.email, admin.password);
    const inv = await createUser(ctx, { role: 'investor', investorUserType: 'hni' });
    const csrf = { origin: 'http://localhost', host: 'localhost' };

    // Sign-out, repeated: every time the very next request is refused.
    for (let i = 0; i < 10; i++) {
      const c = await signIn(ctx, inv.email, inv.password);
      expect((await session(c)).statusCode).toBe(200);
      expect((await session(c)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: c, ...csrf } })).statusCode).toBe(200);
      expect((await session(c)).statusCode).toBe(401);
    }

    // Password change ends the user's other sessions.
    const one = await signIn(ctx, inv.email, inv.password);
    const two = await signIn(ctx, inv.email, inv.password);
    expect((await session(two)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: one, ...csrf },
      payload: { currentPassword: inv.password, newPassword: 'another-horse-2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await session(two)).statusCode).toBe(401);
    expect((await session(one)).statusCode).toBe(200);

    // An administrator's reset ends every session of the user.
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${inv.id}/reset-password`,
      headers: { cookie: adminCookie, ...csrf },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await session(one)).statusCode).toBe(401);

    // Suspension.
    const other = await createUser(ctx, { role: 'investor', investorUserType: 'hni' });
    const c = await signIn(ctx, other.email, other.password);
    expect((await session(c)).statusCode).toBe(200);
    const suspended = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${other.id}`,
      headers: { cookie: adminCookie, ...csrf },
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await session(c)).statusCode).toBe(401);
  });

  it('while the invalidations are not heard, the cache is not used', async () => {
    const inv = invalidationsOf(ctx.db);
    expect(inv?.up).toBe(true);
    const u = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    const cookie = await signIn(ctx, u.email, u.password);
    expect((await session(cookie)).statusCode).toBe(200);
    if (!inv) return;
    inv.up = false;
    try {
      await ctx.db.query('ALTER TABLE sessions RENAME TO sessions_away');
      try {
        // Not from memory: the lookup runs and fails without its table.
        expect((await session(cookie)).statusCode).toBe(500);
      } finally {
        await ctx.db.query('ALTER TABLE sessions_away RENAME TO sessions');
      }
    } finally {
      inv.up = true;
    }
  });

  it('the session lookup, compiled once (decision 064), runs the statement Kysely builds and returns its row', async () => {
    const u = await createUser(ctx, { role: 'investor', investorUserType: 'family_office', name: 'Lookup' });
    const cookie = await signIn(ctx, u.email, u.password);
    const id = sessionId(cookie.slice('sd_session='.length));
    expect(sessionLookup.compiled({ id }).sql).toBe(sessionLookup.builtNow({ id }).sql);
    expect(sessionLookup.compiled({ id }).parameters).toEqual([id]);
    const [row] = await sessionLookup.all(ctx.db, { id });
    const [viaKysely] = await sessionLookup.viaKysely(ctx.db, { id });
    expect(row).toMatchObject({ user_id: u.id, name: 'Lookup', role: 'investor', investor_user_type: 'family_office', valid: true });
    expect(viaKysely).toMatchObject({ userId: u.id, name: 'Lookup', role: 'investor', investorUserType: 'family_office', valid: true });
    expect(Object.values(row ?? {})).toEqual(Object.values(viaKysely ?? {}));
  });
});
