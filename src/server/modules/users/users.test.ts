import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { createTestContext, createUser, signIn, type TestContext, uniqueEmail } from '../../testing/harness.ts';

describe('user management API', () => {
  let ctx: TestContext;
  let founder: { id: string; email: string; password: string };
  let adminCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    founder = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Founder One' });
    adminCookie = await signIn(ctx, founder.email, founder.password);
  });
  afterAll(() => ctx.close());

  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string | undefined, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('denies anonymous (401) and investors (403) on every user route', async () => {
    const investor = await createUser(ctx, { role: 'investor' });
    const invCookie = await signIn(ctx, investor.email, investor.password);
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['PATCH', `/api/users/${founder.id}`],
      ['DELETE', `/api/users/${founder.id}`],
      ['POST', `/api/users/${founder.id}/reset-password`],
      ['GET', '/api/activity-logs'],
      ['GET', '/api/dashboard'],
      ['GET', '/api/settings'],
      ['PUT' as 'POST', '/api/settings'],
    ];
    for (const [method, url] of routes) {
      const anon = await req(method, url, undefined, method === 'GET' ? undefined : {});
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
      const inv = await req(method, url, invCookie, method === 'GET' ? undefined : {});
      expect(inv.statusCode, `${method} ${url} investor`).toBe(403);
      expect(inv.json().message).toEqual(expect.any(String));
    }
  });

  it('lists users with e-mail, role, type and status', async () => {
    const res = await req('GET', '/api/users', adminCookie);
    expect(res.statusCode).toBe(200);
    const me = res.json().users.find((u: { id: string }) => u.id === founder.id);
    expect(me).toMatchObject({ email: founder.email, role: 'admin', userType: 'founder', status: 'active' });
  });

  it('creates active users who must change the password; validates input', async () => {
    const short = await req('POST', '/api/users', adminCookie, { name: 'X', email: uniqueEmail(), password: '123', role: 'admin' });
    const policy = await req('POST', '/api/users', adminCookie, { name: 'X', email: uniqueEmail(), password: 'Qz8#wd7Lp', role: 'admin' });
    expect(policy.json().fields.password).toBe('Password must be at least 12 characters');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must be at least 6 characters');

    const email = uniqueEmail('newadmin');
    const res = await req('POST', '/api/users', adminCookie, {
      name: 'New Admin',
      email,
      password: 'Vq9$secret-1x',
      role: 'admin',
      status: 'suspended',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, role: 'admin', userType: 'founder', status: 'active', investorUserType: null });
    const cred = await sql<{ must_change_password: boolean }>('SELECT must_change_password FROM credentials WHERE user_id = $1').all(
      ctx.db,
      [res.json().user.id],
    );
    expect(cred[0]?.must_change_password).toBe(true);

    const investor = await req('POST', '/api/users', adminCookie, {
      name: 'Inv',
      email: uniqueEmail(),
      password: 'Vq9$secret-1x',
      role: 'investor',
    });
    expect(investor.json().user).toMatchObject({ role: 'investor', userType: 'hni', adminUserType: null });

    const dup = await req('POST', '/api/users', adminCookie, {
      name: 'Dup',
      email: email.toUpperCase(),
      password: 'Vq9$secret-1x',
      role: 'admin',
    });
    expect(dup.statusCode).toBe(409);
    const logs = await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'user_created' AND target_user_id = $1", [
      res.json().user.id,
    ]);
    expect(logs).toHaveLength(1);
  });

  it('approves a pending user, logs the status change, and suspending ends their sessions at once', async () => {
    const u = await createUser(ctx, { role: 'investor', status: 'pending' });
    const approve = await req('PATCH', `/api/users/${u.id}`, adminCookie, { status: 'active' });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().user.status).toBe('active');
    const log = await sql<{ details: { from: string; to: string }; user_id: string }>(
      "SELECT details, user_id FROM activity_logs WHERE activity_type = 'user_status_change' AND target_user_id = $1",
    ).all(ctx.db, [u.id]);
    expect(log[0]).toMatchObject({ details: { from: 'pending', to: 'active' }, user_id: founder.id });

    const cookie = await signIn(ctx, u.email, u.password);
    expect((await req('GET', '/api/auth/session', cookie)).statusCode).toBe(200);
    expect((await req('PATCH', `/api/users/${u.id}`, adminCookie, { status: 'suspended' })).statusCode).toBe(200);
    expect((await ctx.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [u.id])).length).toBe(0);
    expect((await req('GET', '/api/auth/session', cookie)).statusCode).toBe(401);
  });

  it('edits name and the type of the user role only; e-mail cannot change', async () => {
    const u = await createUser(ctx, { role: 'investor', investorUserType: 'hni' });
    const res = await req('PATCH', `/api/users/${u.id}`, adminCookie, {
      name: 'Renamed',
      userType: 'family_office',
      email: 'x@evil.test',
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Renamed',
      userType: 'family_office',
      email: u.email,
      role: 'investor',
      adminUserType: null,
    });
    const wrong = await req('PATCH', `/api/users/${u.id}`, adminCookie, { userType: 'cio' });
    expect(wrong.statusCode).toBe(400);
  });

  it('protects the acting admin and the last active founder', async () => {
    const selfSuspend = await req('PATCH', `/api/users/${founder.id}`, adminCookie, { status: 'suspended' });
    expect(selfSuspend.statusCode).toBe(409);
    const selfDelete = await req('DELETE', `/api/users/${founder.id}`, adminCookie);
    expect(selfDelete.statusCode).toBe(409);

    // A cio acting on the founder: refused (only founders manage admins), and logged.
    const isolated = await createTestContext();
    try {
      const f = await createUser(isolated, { role: 'admin', adminUserType: 'founder' });
      const cio = await createUser(isolated, { role: 'admin', adminUserType: 'cio' });
      const cioCookie = await signIn(isolated, cio.email, cio.password);
      const call = (method: 'PATCH' | 'DELETE', payload?: object, cookie = cioCookie) =>
        isolated.app.inject({ method, url: `/api/users/${f.id}`, headers: { cookie }, ...(payload ? { payload } : {}) });
      expect((await call('PATCH', { status: 'suspended' })).statusCode).toBe(403);
      expect((await call('PATCH', { userType: 'legal' })).statusCode).toBe(403);
      expect((await call('DELETE')).statusCode).toBe(403);
      const refused = await isolated.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'admin_action_refused' AND user_id = $1", [
        cio.id,
      ]);
      expect(refused).toHaveLength(3);
      // A second active founder may give the first another type.
      const f2 = await createUser(isolated, { role: 'admin', adminUserType: 'founder' });
      const f2Cookie = await signIn(isolated, f2.email, f2.password);
      expect((await call('PATCH', { userType: 'legal' }, f2Cookie)).statusCode).toBe(200);
    } finally {
      await isolated.close();
    }
  });

  it('resets a password: 24 random characters, sessions end, change forced, never logged', async () => {
    const u = await createUser(ctx, { role: 'investor' });
    const cookie = await signIn(ctx, u.email, u.password);
    const res = await req('POST', `/api/users/${u.id}/reset-password`, adminCookie);
    expect(res.statusCode).toBe(200);
    const temp: string = res.json().temporaryPassword;
    expect(temp).toMatch(/^[A-Za-z0-9]{24}$/);
    const again = (await req('POST', `/api/users/${u.id}/reset-password`, adminCookie)).json().temporaryPassword;
    expect(again).not.toBe(temp);
    expect((await req('GET', '/api/auth/session', cookie)).statusCode).toBe(401);
    const newCookie = await signIn(ctx, u.email, again);
    const session = await req('GET', '/api/auth/session', newCookie);
    expect(session.json().user.mustChangePassword).toBe(true);
    const dump = await sql<{ t: string }>("SELECT string_agg(details::text, ' ') AS t FROM activity_logs").all(ctx.db);
    expect(dump[0]?.t).not.toContain(temp);
    expect(dump[0]?.t).not.toContain(again);
    expect(
      await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'password_reset' AND target_user_id = $1", [u.id]),
    ).toHaveLength(2);
  });

  it('deletes a user, keeping their logs and authored deals with an empty author', async () => {
    const other = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Leaving Admin' });
    const cookie = await signIn(ctx, other.email, other.password);
    const deal = await req('POST', '/api/deals', cookie, { title: 'Authored deal', type: 'PPP' });
    expect(deal.statusCode).toBe(201);
    const del = await req('DELETE', `/api/users/${other.id}`, adminCookie);
    expect(del.statusCode).toBe(200);
    expect((await req('GET', '/api/auth/session', cookie)).statusCode).toBe(401);
    const d = await sql<{ created_by: string | null }>('SELECT created_by FROM deals WHERE id = $1').all(ctx.db, [deal.json().deal.id]);
    expect(d[0]?.created_by).toBeNull();
    const logs = await req('GET', `/api/activity-logs?search=${encodeURIComponent('Authored deal')}`, adminCookie);
    const entry = logs.json().logs.find((l: { activityType: string }) => l.activityType === 'deal_created');
    expect(entry).toMatchObject({ userId: other.id, userName: null });
    expect((await req('DELETE', `/api/users/${other.id}`, adminCookie)).statusCode).toBe(404);
  });

  it('refuses to delete a user holding records the firm must keep (409)', async () => {
    const holder = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
    await ctx.db.query(
      "INSERT INTO compliance_items (type, title, due_date, assigned_to) VALUES ('other', 'Kept item', current_date, $1)",
      [holder.id],
    );
    const res = await req('DELETE', `/api/users/${holder.id}`, adminCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Suspend/);
  });

  it('returns 404 for unknown ids, 400 for malformed ones', async () => {
    expect((await req('PATCH', '/api/users/00000000-0000-4000-8000-000000000000', adminCookie, { name: 'x' })).statusCode).toBe(404);
    expect((await req('PATCH', '/api/users/not-a-uuid', adminCookie, { name: 'x' })).statusCode).toBe(400);
  });
});
