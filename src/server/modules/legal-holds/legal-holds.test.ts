import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { errorBody, injectApi } from '../../testing/api-client.ts';
import { type CreatedUser, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { verifyChain } from '../audit/verify.ts';

/** Legal holds through the real app (decision 042). */
describe('legal holds', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let admin: CreatedUser;
  let cookie: string;
  let investorCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin', adminUserType: 'legal', name: 'Hold Admin' });
    cookie = await signIn(ctx, admin.email, admin.password);
    const inv = await createUser(ctx, { role: 'investor' });
    investorCookie = await signIn(ctx, inv.email, inv.password);
  });
  afterAll(() => ctx.close());

  it('places a hold on an investor with a reason, logged in the chain, and refuses a second one (409)', async () => {
    const held = await createUser(ctx, { role: 'investor', name: 'Held Investor' });
    const res = await api('POST /api/legal-holds', {
      cookie,
      body: { subjectKind: 'investor', subjectId: held.id, reason: '  DFSA enquiry 2026/14  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { hold } = res.json();
    expect(hold).toMatchObject({
      subjectKind: 'investor',
      subjectId: held.id,
      subjectName: 'Held Investor',
      reason: 'DFSA enquiry 2026/14',
      placedBy: 'Hold Admin',
      liftedAt: null,
    });
    const log = await sql<{ user_id: string; target_user_id: string; details: Record<string, unknown> }>(
      `SELECT user_id, target_user_id, details FROM activity_logs WHERE activity_type = 'legal_hold_placed' ORDER BY id DESC LIMIT 1`,
    ).first(ctx.db);
    expect(log).toMatchObject({ user_id: admin.id, target_user_id: held.id, details: { holdId: hold.id, reason: 'DFSA enquiry 2026/14' } });
    expect((await verifyChain(ctx.db)).ok).toBe(true);
    const again = await api('POST /api/legal-holds', { cookie, body: { subjectKind: 'investor', subjectId: held.id, reason: 'Again' } });
    expect([again.statusCode, errorBody(again).message]).toEqual([409, 'This one is already under legal hold']);
    // The held investor cannot be deleted.
    const del = await api('DELETE /api/users/:id', { cookie, params: { id: held.id } });
    expect(del.statusCode).toBe(409);
    expect(del.body).toContain('legal hold records');
    const list = await api('GET /api/legal-holds', { cookie });
    expect(list.json().holds.map((h) => h.id)).toContain(hold.id);
  });

  it('20 parallel placements on one investor give exactly one hold', async () => {
    const target = await createUser(ctx, { role: 'investor' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('POST /api/legal-holds', { cookie, body: { subjectKind: 'investor', subjectId: target.id, reason: `Race ${i}` } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    const rows = await sql<{ n: number }>('SELECT count(*)::int AS n FROM legal_holds WHERE investor_id = $1').first(ctx.db, [target.id]);
    expect(rows?.n).toBe(1);
  });

  it('lifts a hold with a reason once (409 the second time), and a new hold can then be placed', async () => {
    const target = await createUser(ctx, { role: 'investor' });
    const { hold } = (
      await api('POST /api/legal-holds', { cookie, body: { subjectKind: 'investor', subjectId: target.id, reason: 'Litigation' } })
    ).json();
    const lift = await api('POST /api/legal-holds/:id/lift', { cookie, params: { id: hold.id }, body: { reason: 'Case closed' } });
    expect(lift.statusCode, lift.body).toBe(200);
    expect(lift.json().hold).toMatchObject({ liftReason: 'Case closed', liftedBy: 'Hold Admin' });
    expect((await api('POST /api/legal-holds/:id/lift', { cookie, params: { id: hold.id }, body: { reason: 'Again' } })).statusCode).toBe(
      409,
    );
    expect(
      (await api('POST /api/legal-holds', { cookie, body: { subjectKind: 'investor', subjectId: target.id, reason: 'New matter' } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers bad input with field messages (400) and unknown subjects with 404, never a half-written hold', async () => {
    const before = await sql<{ n: number }>('SELECT count(*)::int AS n FROM legal_holds').first(ctx.db);
    const empty = await api('POST /api/legal-holds', { cookie, body: { subjectKind: 'investor', subjectId: admin.id, reason: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(errorBody(empty).fields).toMatchObject({ reason: 'Enter the reason for the hold' });
    expect(
      (await api('POST /api/legal-holds', { cookie, rawBody: { subjectKind: 'fund', subjectId: admin.id, reason: 'x' } })).statusCode,
    ).toBe(400);
    expect(
      (await api('POST /api/legal-holds', { cookie, body: { subjectKind: 'investor', subjectId: 'nope', reason: 'x' } })).statusCode,
    ).toBe(400);
    // An admin is not an investor; a deal that does not exist.
    expect(
      (await api('POST /api/legal-holds', { cookie, body: { subjectKind: 'investor', subjectId: admin.id, reason: 'x' } })).statusCode,
    ).toBe(404);
    const noDeal = await api('POST /api/legal-holds', {
      cookie,
      body: { subjectKind: 'deal', subjectId: '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a', reason: 'x' },
    });
    expect([noDeal.statusCode, errorBody(noDeal).message]).toEqual([404, 'Deal not found']);
    expect(
      (
        await api('POST /api/legal-holds/:id/lift', {
          cookie,
          params: { id: '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a' },
          body: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api('POST /api/legal-holds', { cookie: investorCookie, body: { subjectKind: 'investor', subjectId: admin.id, reason: 'x' } }))
        .statusCode,
    ).toBe(403);
    const after = await sql<{ n: number }>('SELECT count(*)::int AS n FROM legal_holds').first(ctx.db);
    expect(after?.n).toBe(before?.n);
  });

  it('holds a deal', async () => {
    const deal = await sql<{ id: string }>(
      `INSERT INTO deals (title, type, stage, created_by) VALUES ('Held Deal', 'PPP', 'Sourcing', $1) RETURNING id`,
    ).first(ctx.db, [admin.id]);
    const res = await api('POST /api/legal-holds', {
      cookie,
      body: { subjectKind: 'deal', subjectId: deal?.id ?? '', reason: 'Regulator request' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hold).toMatchObject({ subjectKind: 'deal', subjectName: 'Held Deal' });
  });
});
