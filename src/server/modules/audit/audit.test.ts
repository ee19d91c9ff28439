import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { injectApi } from '../../testing/api-client.ts';
import { type CreatedUser, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { dailyAuditVerify } from './service.ts';

/** The audit trail's routes and the daily verification (decision 042), through the real app. */
describe('audit trail API', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let admin: CreatedUser;
  let cookie: string;
  let investorCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext({}, { settings: { complianceContactEmail: 'compliance@firm.example' } });
    admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Chain Admin' });
    cookie = await signIn(ctx, admin.email, admin.password);
    const investor = await createUser(ctx, { role: 'investor' });
    investorCookie = await signIn(ctx, investor.email, investor.password);
  });
  afterAll(() => ctx.close());

  it('verifies the chain intact, records the check in the chain, and shows the latest hash', async () => {
    const res = await api('POST /api/audit/verify', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({ ok: true, firstBreak: null });
    expect(v.checked).toBe(v.head.seq);
    const logged = await sql<{ details: Record<string, unknown>; user_id: string; chain_seq: number }>(
      `SELECT details, user_id, chain_seq FROM activity_logs WHERE activity_type = 'audit_chain_verified' ORDER BY id DESC LIMIT 1`,
    ).first(ctx.db);
    expect(logged).toMatchObject({ user_id: admin.id, chain_seq: v.head.seq + 1, details: { checked: v.checked, headHash: v.head.hash } });
    const head = await api('GET /api/audit/head', { cookie });
    expect(head.statusCode).toBe(200);
    expect(head.json().head).toMatchObject({ chain: 'activity_logs', seq: v.head.seq + 1 });
  });

  it('refuses investors and anonymous callers', async () => {
    expect((await api('POST /api/audit/verify', { cookie: investorCookie, body: {} })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit/head' })).statusCode).toBe(401);
  });

  it('e-mails the latest hash through the outbox (and logs it), refusing a bad address with a field message', async () => {
    const bad = await api('POST /api/audit/head/email', { cookie, body: { to: 'not-an-address' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/e-?mail|address/i);
    const res = await api('POST /api/audit/head/email', { cookie, body: { to: 'Auditor@Outside.example' } });
    expect(res.statusCode, res.body).toBe(200);
    const { head } = res.json();
    expect(head.hash).toMatch(/^[0-9a-f]{64}$/);
    const mail = await sql<{ to_address: string; subject: string; text_body: string }>(
      `SELECT to_address, subject, text_body FROM email_outbox WHERE kind = 'audit_head' ORDER BY id DESC LIMIT 1`,
    ).first(ctx.db);
    expect(mail?.to_address.toLowerCase()).toBe('auditor@outside.example');
    expect(mail?.text_body).toContain(head.hash);
    expect(mail?.text_body).toContain(`--expect ${head.seq}:${head.hash}`);
    const logged = await sql<{ details: Record<string, unknown> }>(
      `SELECT details FROM activity_logs WHERE activity_type = 'audit_head_emailed' ORDER BY id DESC LIMIT 1`,
    ).first(ctx.db);
    expect(logged?.details).toMatchObject({ seq: head.seq, hash: head.hash });
  });

  it('the daily verification sends nothing while intact, and alerts the compliance contacts once a day when broken', async () => {
    const legal = await createUser(ctx, { role: 'admin', adminUserType: 'legal', email: 'legal.head@firm.example' });
    const alerts = () =>
      sql<{ to_address: string }>(`SELECT to_address FROM email_outbox WHERE kind = 'audit_broken' ORDER BY to_address`).all(ctx.db);
    const day = new Date('2026-11-27T03:00:00Z');
    expect((await dailyAuditVerify(ctx.db, day)).ok).toBe(true);
    expect(await alerts()).toEqual([]);
    // An operator edits a row in the database.
    const victim = await sql<{ id: number }>(`SELECT id FROM activity_logs ORDER BY chain_seq LIMIT 1 OFFSET 1`).first(ctx.db);
    await ctx.db.query('ALTER TABLE activity_logs DISABLE TRIGGER activity_logs_append_only');
    await ctx.db.query(`UPDATE activity_logs SET ip_address = '6.6.6.6' WHERE id = $1`, [victim?.id]);
    await ctx.db.query('ALTER TABLE activity_logs ENABLE TRIGGER activity_logs_append_only');
    const broken = await dailyAuditVerify(ctx.db, day);
    expect(broken.firstBreak).toEqual({ kind: 'altered', seq: 2, rowId: victim?.id });
    expect((await alerts()).map((a) => a.to_address)).toEqual(['compliance@firm.example', legal.email]);
    const body = await sql<{ text_body: string }>(`SELECT text_body FROM email_outbox WHERE kind = 'audit_broken' LIMIT 1`).first(ctx.db);
    expect(body?.text_body).toContain(`Row ${victim?.id} (position 2) no longer matches its hash`);
    // The same day again: no second alert; the next day: alerted again.
    await dailyAuditVerify(ctx.db, new Date('2026-11-27T20:00:00Z'));
    expect(await alerts()).toHaveLength(2);
    await dailyAuditVerify(ctx.db, new Date('2026-11-28T03:00:00Z'));
    expect(await alerts()).toHaveLength(4);
    // The screen's verify reports the same break.
    const res = await api('POST /api/audit/verify', { cookie });
    expect(res.json().firstBreak).toEqual({ kind: 'altered', seq: 2, rowId: victim?.id });
  });
});
