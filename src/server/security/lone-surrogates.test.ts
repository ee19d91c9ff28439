import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE } from '../http/errors.ts';
import { logActivity } from '../modules/activity/service.ts';
import { createTestContext, createUser, signIn, type TestContext, uniqueEmail } from '../testing/harness.ts';

/**
 * Issue 27, item 4: a lone UTF-16 surrogate in a JSON string ("\ud800") is valid JSON but no
 * Unicode text, and PostgreSQL refuses it (a 500 from the activity-log insert, with the failed
 * sign-in's record lost). The edge refuses it on every route with 400 and the field; the failed
 * sign-in is still recorded; the activity log stores whatever text it is given.
 */

/** A raw JSON body: JSON.stringify would write the same escapes, spelt out here to be sure. */
const raw = (json: string) => ({ payload: json, headers: { 'content-type': 'application/json' } });

describe('unpaired surrogates are refused at the edge', () => {
  let ctx: TestContext;
  let founder: string;
  let investor: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    founder = await signIn(ctx, f.email, f.password);
    const i = await createUser(ctx);
    investor = await signIn(ctx, i.email, i.password);
  });
  afterAll(() => ctx.close());

  it('answers an anonymous sign-in with a lone surrogate 400 with the field, and records the failed sign-in', async () => {
    for (const [json, field] of [
      ['{"email":"lone\\ud800@test.example.com","password":"whatever-123"}', 'email'],
      ['{"email":"someone@test.example.com","password":"pass\\udc00word"}', 'password'],
      ['{"email":"reversed@test.example.com","password":"\\ude00\\ud83d"}', 'password'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', ...raw(json), remoteAddress: '203.0.113.77' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: LONE_SURROGATE_MESSAGE, fields: { [field]: LONE_SURROGATE_MESSAGE } });
    }
    const rows = (await ctx.db.query(
      "SELECT details FROM activity_logs WHERE activity_type = 'user_login_failed' AND ip_address = '203.0.113.77' ORDER BY id",
    )) as { details: { email: string; reason: string } }[];
    // The unpaired surrogate is stored as U+FFFD.
    expect(rows.map((r) => r.details)).toEqual([
      { email: 'lone\uFFFD@test.example.com', reason: 'malformed_input' },
      { email: 'someone@test.example.com', reason: 'malformed_input' },
      { email: 'reversed@test.example.com', reason: 'malformed_input' },
    ]);
  });

  it('names nested fields and keys, and lets paired surrogates (emoji) through', async () => {
    const signUp = (json: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up', ...raw(json) });
    const email = uniqueEmail('emoji');
    const nameRes = await signUp(`{"email":"${email}","password":"a-long-unusual-pass-77","name":"Amina \\ud800"}`);
    expect(nameRes.statusCode).toBe(400);
    expect(nameRes.json().fields).toEqual({ name: LONE_SURROGATE_MESSAGE });
    const keyRes = await signUp(`{"email":"${email}","password":"a-long-unusual-pass-77","name":"A","\\udfff":1}`);
    expect(keyRes.statusCode).toBe(400);
    expect(keyRes.json().fields).toEqual({ '\uFFFD': LONE_SURROGATE_MESSAGE });
    const office = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: founder, 'content-type': 'application/json' },
      payload: '{"offices":[{"city":"Nairobi"},{"city":"Dubai\\ud83d"}]}',
    });
    expect(office.statusCode).toBe(400);
    expect(office.json().fields).toEqual({ 'offices.1.city': LONE_SURROGATE_MESSAGE });
    // A pair is one character (U+1F600) and is kept.
    const ok = await signUp(`{"email":"${email}","password":"a-long-unusual-pass-77","name":"Amina \\ud83d\\ude00"}`);
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = (await ctx.db.query('SELECT name FROM profiles WHERE email = $1', [email])) as { name: string }[];
    expect(row?.name).toBe('Amina \u{1F600}');
  });

  it('answers every JSON route 400 (never 500) for a lone surrogate in its body', async () => {
    const routes = ctx.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(routes.length).toBeGreaterThan(50);
    const id = '00000000-0000-4000-8000-000000000000';
    const seen: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(/:[A-Za-z]+/g, id);
      const cookie = r.access === 'investor' ? investor : r.access === 'public' ? undefined : founder;
      const res = await ctx.app.inject({
        method: r.method as 'POST',
        url,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: '{"name":"x\\ud800","title":"y"}',
      });
      seen.push(`${r.method} ${r.url} ${res.statusCode}`);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(400);
      expect(res.json().fields, `${r.method} ${r.url}`).toEqual({ name: LONE_SURROGATE_MESSAGE });
    }
    expect(seen.length).toBe(routes.length);
  });

  it('stores an activity log entry whatever its text (NUL and lone surrogates become U+FFFD)', async () => {
    await logActivity(ctx.db, { type: 'user_login_failed', details: { email: 'a\ud800b\u0000c', reason: 'test_storable' } });
    const rows = (await ctx.db.query(
      "SELECT details->>'email' AS email FROM activity_logs WHERE details->>'reason' = 'test_storable'",
    )) as {
      email: string;
    }[];
    expect(rows).toEqual([{ email: 'a\uFFFDb\uFFFDc' }]);
  });
});
