import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_ASCII } from '../../../shared/email-address.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { sql } from '../../db/sql.ts';
import { createTestContext, createUser, type TestContext } from '../../testing/harness.ts';

/**
 * Issue 27 item 2, decision record 028: one canonical form of an e-mail address for the account
 * lookup, the sign-in limit, sign-up, recovery and the database. Before it, the limit keyed on
 * JavaScript's toLowerCase() while the lookup used the database's lower(), which folds 'İ' to 'i'.
 */
describe('one canonical e-mail address (decision record 028)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The real per-account limit (5 failures), a client limit out of the way.
    ctx = await createTestContext({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
      LOGIN_MAX_FAILURES_PER_CLIENT: '1000',
      SIGNUP_MAX_PER_CLIENT: '1000',
    });
  });
  afterAll(() => ctx.close());

  const signIn = (email: string, password: string, ip = '203.0.113.9') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: ip });
  const signUp = (email: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: 'A-long-enough-Pw-91', name: 'Spelling Test' },
      remoteAddress: ip,
    });

  // Spellings of one address that only Unicode folding or case joins: the dotted capital I
  // (U+0130, PostgreSQL's lower() makes it 'i'), the dotless small i (U+0131), the long s
  // (U+017F, NFKC makes it 's'), the Kelvin sign (U+212A, NFKC makes it 'K').
  const spellings = (local: string) => [
    local.replace('i', '\u0130'),
    local.replace('i', '\u0131'),
    local.replace('s', '\u017f'),
    local.replace('k', '\u212a'),
    local.toUpperCase(),
  ];

  it('spellings that fold to the address reach the account; the others reach none, even with the right password', async () => {
    const user = await createUser(ctx, { email: 'kristine.spell@demo.example.com' });
    const [dottedI, dotlessI, longS, kelvin, upper] = spellings('kristine.spell').map((l) => `${l}@demo.example.com`) as string[];
    for (const email of [longS, kelvin, upper, `  ${upper}  `])
      expect((await signIn(email as string, user.password)).statusCode, email).toBe(200);
    for (const email of [dottedI, dotlessI]) expect((await signIn(email as string, user.password)).statusCode, email).toBe(401);
  });

  it('five wrong passwords lock every spelling of the address', async () => {
    const user = await createUser(ctx, { email: 'kristine.lock@demo.example.com' });
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, 'wrong-password-1')).statusCode).toBe(401);
    // The right password, through each spelling, from other clients too: never a session.
    for (const [n, local] of spellings('kristine.lock').entries()) {
      const res = await signIn(`${local}@demo.example.com`, user.password, `198.51.100.${n + 1}`);
      expect([401, 429], `${local}: ${res.body}`).toContain(res.statusCode);
      expect(res.cookies.some((c) => c.name === 'sd_session' && c.value !== '')).toBe(false);
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    // The failures were counted under one key: the canonical address.
    const keys = await sql<{ account: string }>(
      "SELECT DISTINCT account FROM auth_attempts WHERE kind = 'sign_in' AND account LIKE '%lock@demo.example.com'",
    ).all(ctx.db);
    expect(keys.map((k) => k.account).sort()).toEqual(
      // The two spellings that are not the address keep their own (useless) keys.
      ['kr\u0131stine.lock@demo.example.com', 'kr\u0130stine.lock@demo.example.com', 'kristine.lock@demo.example.com'].sort(),
    );
  });

  it('parallel sign-ups of spellings of one address make one account', async () => {
    const local = 'kristine.race';
    const forms = [local, local.toUpperCase(), local.replace('s', '\u017f'), local.replace('k', '\u212a'), `Kristine.Race`];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signUp(`${forms[i % forms.length]}@Demo.Example.com`, `192.0.2.${i + 1}`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    const rows = await sql<{ email: string }>("SELECT email FROM profiles WHERE email LIKE 'kristine.race@%'").all(ctx.db);
    expect(rows).toEqual([{ email: 'kristine.race@demo.example.com' }]);
  });

  it('sign-up refuses an address with no ASCII form, with a field message', async () => {
    const res = await signUp('\u0130nvestor.new@demo.example.com', '192.0.2.200');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: EMAIL_NOT_ASCII });
  });

  it('recovery counts its per-address limit on the canonical address', async () => {
    const user = await createUser(ctx, { email: 'kristine.reset@demo.example.com' });
    const forgot = (email: string, i: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: `192.0.2.${100 + i}` });
    // RESET_LIMIT_PER_ADDRESS is 3: three spellings use it up, the fourth is refused.
    const forms = ['KRISTINE.RESET', 'kri\u017ftine.reset', '\u212aristine.reset', user.email.split('@')[0] as string];
    const codes: number[] = [];
    for (const [i, l] of forms.entries()) codes.push((await forgot(`${l}@demo.example.com`, i)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('the database refuses a stored address that is not canonical', async () => {
    for (const email of ['Upper@demo.example.com', '\u0130nvestor@demo.example.com', ' space@demo.example.com']) {
      const err = await ctx.db
        .query("INSERT INTO profiles (email, name, role, admin_user_type, status) VALUES ($1, 'X', 'admin', 'founder', 'active')", [email])
        .then(() => null)
        .catch((e: { code?: string }) => e);
      expect(err?.code, email).toBe('23514');
    }
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const upd = await ctx.db
      .query('UPDATE profiles SET email = $2 WHERE id = $1', [admin.id, 'Mixed@demo.example.com'])
      .catch((e: { code?: string }) => e);
    expect((upd as { code?: string }).code).toBe('23514');
  });
});

describe('migration 040 on existing rows', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** The schema as it was before 040: the lower(email) index, no CHECK. */
  const before040 = async () => {
    await ctx.db.query('ALTER TABLE profiles DROP CONSTRAINT profiles_email_canonical');
    await ctx.db.query('DROP INDEX profiles_email_key');
    await ctx.db.query('CREATE UNIQUE INDEX profiles_email_lower_key ON profiles (lower(email))');
    await ctx.db.query("DELETE FROM schema_migrations WHERE name = '040_canonical_email.sql'");
  };
  const insert = (email: string) =>
    ctx.db.query("INSERT INTO profiles (email, name, role, admin_user_type, status) VALUES ($1, 'Old', 'admin', 'cio', 'active')", [email]);

  it('folds old spellings, and stops with a message naming an address that has no canonical form', async () => {
    await before040();
    await insert('Old.Mixed@Demo.Example.COM');
    await insert('old.lon\u017f@demo.example.com');
    await insert('\u0130stanbul@demo.example.com');
    const err = await ctx.db.tx((q) => applyMigrations(q, ['040_canonical_email.sql'])).catch((e: Error) => e);
    expect(String((err as Error).message)).toContain('\u0130stanbul@demo.example.com');
    await ctx.db.query("UPDATE profiles SET email = 'istanbul@demo.example.com' WHERE email = $1", ['\u0130stanbul@demo.example.com']);
    expect(await ctx.db.tx((q) => applyMigrations(q, ['040_canonical_email.sql']))).toEqual(['040_canonical_email.sql']);
    const rows = await sql<{ email: string }>("SELECT email FROM profiles WHERE name = 'Old' ORDER BY email").all(ctx.db);
    expect(rows.map((r) => r.email)).toEqual(['istanbul@demo.example.com', 'old.lons@demo.example.com', 'old.mixed@demo.example.com']);
  });
});
