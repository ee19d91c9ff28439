import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { errorBody, injectApi } from '../../testing/api-client.ts';
import { type CreatedUser, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { multipart, PDF_BYTES } from '../../testing/multipart.ts';
import { verifyChain } from '../audit/verify.ts';
import { reviewRetention } from './service.ts';

/**
 * Retention and the four-eyes purge through the real app (decision 054). The company zone is
 * UTC+4 (Dubai): a record is kept through its last day there and purgeable from the day after.
 */
describe('retention and the four-eyes purge', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let clock = new Date('2026-01-31T10:00:00Z');
  let founder: CreatedUser & { cookie: string };
  let legal: CreatedUser & { cookie: string };
  let cio: CreatedUser & { cookie: string };
  let dealId: string;
  let heldDealId: string;

  const admin = async (adminUserType: 'founder' | 'legal' | 'cio', name: string) => {
    const u = await createUser(ctx, { role: 'admin', adminUserType, name });
    return { ...u, cookie: await signIn(ctx, u.email, u.password) };
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { settings: { timezone: 'UTC+4' }, now: () => clock });
    founder = await admin('founder', 'Proposing Founder');
    legal = await admin('legal', 'Approving Legal');
    cio = await admin('cio', 'Some CIO');
    dealId = (await sql<{ id: string }>(`INSERT INTO deals (title, type) VALUES ('Retention Fund', 'PPP') RETURNING id`).first(ctx.db))
      ?.id as string;
    heldDealId = (await sql<{ id: string }>(`INSERT INTO deals (title, type) VALUES ('Held Fund', 'PPP') RETURNING id`).first(ctx.db))
      ?.id as string;
  });
  afterAll(() => ctx.close());

  const _call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const overview = async (cookie = founder.cookie) => (await api('GET /api/retention', { cookie })).json();
  const fundTotals = () =>
    sql<{ deal_id: string; total: string; n: string }>(
      'SELECT deal_id, sum(amount)::text AS total, count(*)::text AS n FROM ledger_entries GROUP BY deal_id ORDER BY deal_id',
    ).all(ctx.db);

  /**
   * A client whose relationship ended: a KYC passport uploaded (a stored file), ledger entries on
   * 1 February 2020, the account suspended at 2020-03-10 20:30 UTC (00:30 on 11 March in Dubai).
   * The end of the relationship is the later date, 11 March 2020; six years on, kept through
   * 11 March 2026 (by hand).
   */
  async function closedClient(name: string, deal = dealId) {
    const u = await createUser(ctx, { role: 'investor', name });
    const cookie = await signIn(ctx, u.email, u.password);
    const { body, contentType } = multipart({}, { filename: 'passport.pdf', content: PDF_BYTES });
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/kyc/me/documents/passport',
      headers: { cookie, 'content-type': contentType },
      payload: body,
    });
    expect(up.statusCode, up.body).toBeLessThan(300);
    await ctx.db.query(
      `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'commitment', 250000.10, '2020-02-01'), ($1, $2, 'contribution', 0.05, '2020-02-01')`,
      [u.id, deal],
    );
    await ctx.db.query('UPDATE profiles SET status = $2 WHERE id = $1', [u.id, 'suspended']);
    await ctx.db.query(
      `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, created_at) VALUES ('user_status_change', $2, $1, '{"from":"active","to":"suspended"}', '2020-03-10T20:30:00Z')`,
      [u.id, founder.id],
    );
    return u;
  }
  const kycFiles = async (investorId: string) =>
    (
      await sql<{ file_path: string }>(
        'SELECT d.file_path FROM kyc_documents d JOIN kyc_applications a ON a.id = d.application_id WHERE a.investor_id = $1',
      ).all(ctx.db, [investorId])
    ).map((r) => r.file_path);

  it('a founder or the legal admin sets the policy, never below the DFSA minimum (400 with the field), others get 403', async () => {
    expect((await overview()).policy).toEqual({ kyc_aml: 6, classification: 6, transactions: 6, complaints: 6 });
    const short = await api('PUT /api/retention/policy', {
      cookie: legal.cookie,
      body: {
        kyc_aml: 5,
        classification: 6,
        transactions: 6,
        complaints: 6,
      },
    });
    expect(short.statusCode).toBe(400);
    expect(errorBody(short).fields).toEqual({ kyc_aml: 'At least 6 years (DFSA AML 14.4 (record keeping))' });
    const fraction = await api('PUT /api/retention/policy', {
      cookie: legal.cookie,
      body: {
        kyc_aml: 6.5,
        classification: 6,
        transactions: 6,
        complaints: 6,
      },
    });
    expect(errorBody(fraction).fields).toEqual({ kyc_aml: 'Enter whole years' });
    const refused = await api('PUT /api/retention/policy', {
      cookie: cio.cookie,
      body: {
        kyc_aml: 7,
        classification: 6,
        transactions: 6,
        complaints: 6,
      },
    });
    expect([refused.statusCode, errorBody(refused).message]).toEqual([
      403,
      'Only a founder or the legal and compliance admin can change the retention policy',
    ]);
    expect((await overview(cio.cookie)).canEditPolicy).toBe(false);
    const ok = await api('PUT /api/retention/policy', {
      cookie: legal.cookie,
      body: { kyc_aml: 7, classification: 6, transactions: 8, complaints: 6 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await overview()).policy).toEqual({ kyc_aml: 7, classification: 6, transactions: 8, complaints: 6 });
    const log = await sql<{ details: Record<string, unknown> }>(
      `SELECT details FROM activity_logs WHERE activity_type = 'retention_policy_changed' ORDER BY id DESC LIMIT 1`,
    ).first(ctx.db);
    expect(log?.details.after).toEqual({ kyc_aml: 7, classification: 6, transactions: 8, complaints: 6 });
    // Back to the minimums for the suites below.
    const back = await api('PUT /api/retention/policy', {
      cookie: founder.cookie,
      body: {
        kyc_aml: 6,
        classification: 6,
        transactions: 6,
        complaints: 6,
      },
    });
    expect(back.statusCode).toBe(200);
  });

  it('lists a closed client from the day after the last day kept (Dubai), never one under a legal hold (investor or deal)', async () => {
    const a = await closedClient('Boundary Client');
    const held = await closedClient('Held Client');
    const inHeldDeal = await closedClient('Held Deal Client', heldDealId);
    const active = await createUser(ctx, { role: 'investor', name: 'Active Client' });
    await ctx.db.query(
      `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'commitment', 10.00, '2001-01-01')`,
      [active.id, dealId],
    );
    expect(
      (
        await api('POST /api/legal-holds', {
          cookie: legal.cookie,
          body: { subjectKind: 'investor', subjectId: held.id, reason: 'DFSA enquiry 7' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await api('POST /api/legal-holds', {
          cookie: legal.cookie,
          body: { subjectKind: 'deal', subjectId: heldDealId, reason: 'Litigation' },
        })
      ).statusCode,
    ).toBe(200);

    clock = new Date('2026-03-11T19:59:59Z'); // 23:59:59 on 11 March in Dubai: the last day kept
    const before = (await api('POST /api/retention/review', { cookie: founder.cookie })).json();
    expect(before.candidates.map((c) => c.investorId)).not.toContain(a.id);
    const early = await api('POST /api/retention/investors/:id/purge', { cookie: founder.cookie, params: { id: a.id } });
    expect([early.statusCode, errorBody(early).message]).toEqual([
      409,
      'The records of this investor are not all past their retention period',
    ]);

    clock = new Date('2026-03-11T20:00:00Z'); // 00:00 on 12 March in Dubai: purgeable
    const after = (await api('POST /api/retention/review', { cookie: founder.cookie })).json();
    const listed = after.candidates.filter((c) => [a.id, held.id, inHeldDeal.id, active.id].includes(c.investorId));
    expect(listed.map((c) => c.investorName)).toEqual(['Boundary Client']);
    expect(listed[0]?.reasons).toEqual([
      { kind: 'kyc_aml', from: 'relationship_end', startOn: '2020-03-11', years: 6, retainedUntil: '2026-03-11' },
      { kind: 'transactions', from: 'relationship_end', startOn: '2020-03-11', years: 6, retainedUntil: '2026-03-11' },
    ]);
    expect(after.reviewedAt).not.toBeNull();
    // The held ones cannot even be proposed: 409 naming the hold.
    const heldRes = await api('POST /api/retention/investors/:id/purge', { cookie: founder.cookie, params: { id: held.id } });
    expect(heldRes.statusCode).toBe(409);
    expect(errorBody(heldRes).message).toMatch(/^Under legal hold since \d{4}-\d{2}-\d{2}: DFSA enquiry 7$/);
    const dealRes = await api('POST /api/retention/investors/:id/purge', { cookie: founder.cookie, params: { id: inHeldDeal.id } });
    expect(errorBody(dealRes).message).toMatch(/^Under legal hold through a deal since \d{4}-\d{2}-\d{2}: Held Fund: Litigation$/);
    // The periodic job's own pass gives the same list.
    expect(await reviewRetention(ctx.db, clock)).toBe(after.candidates.length);
  });

  it('one admin proposes, another approves (not the proposer), a hold placed meanwhile stops it; 20 parallel approvals purge once', async () => {
    clock = new Date('2026-06-01T08:00:00Z');
    const inv = await closedClient('Purged Client');
    const files = await kycFiles(inv.id);
    expect(files).toHaveLength(1);
    expect(await ctx.storage.keys()).toContain(files[0]);
    // An evidence pack about the investor, produced (its archive in the storage).
    const temp = await ctx.files.writeTemp(Readable.from([Buffer.from('pack bytes')]));
    const packKey = `evidence-packs/retention-test-${inv.id}.zip`;
    await ctx.files.commit(temp, packKey);
    await ctx.db.query(
      `INSERT INTO evidence_packs (scope, subject_id, file_path, byte_size, completed_at) VALUES ('investor', $1, $2, 10, now())`,
      [inv.id, packKey],
    );
    const totals = await fundTotals();

    const proposed = await api('POST /api/retention/investors/:id/purge', { cookie: founder.cookie, params: { id: inv.id } });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const purge = proposed.json().purge;
    expect(purge).toMatchObject({ status: 'proposed', proposedBy: 'Proposing Founder', investorName: 'Purged Client' });
    const again = await api('POST /api/retention/investors/:id/purge', { cookie: legal.cookie, params: { id: inv.id } });
    expect([again.statusCode, errorBody(again).message]).toEqual([409, 'A purge of this investor is already proposed']);

    const own = await api('POST /api/retention/purges/:id/approve', { cookie: founder.cookie, params: { id: purge.id } });
    expect([own.statusCode, errorBody(own).message]).toEqual([403, 'Another admin must approve this purge: you proposed it (four eyes)']);

    // A hold placed after the proposal stops the approval while it stands.
    const hold = (
      await api('POST /api/legal-holds', {
        cookie: legal.cookie,
        body: { subjectKind: 'investor', subjectId: inv.id, reason: 'Late subpoena' },
      })
    ).json().hold;
    const blocked = await api('POST /api/retention/purges/:id/approve', { cookie: legal.cookie, params: { id: purge.id } });
    expect(blocked.statusCode).toBe(409);
    expect(errorBody(blocked).message).toMatch(/^Under legal hold since \d{4}-\d{2}-\d{2}: Late subpoena$/);
    expect((await sql<{ name: string }>('SELECT name FROM profiles WHERE id = $1').first(ctx.db, [inv.id]))?.name).toBe('Purged Client');
    expect(
      (
        await api('POST /api/legal-holds/:id/lift', {
          cookie: legal.cookie,
          params: { id: hold.id },
          body: { reason: 'Subpoena answered' },
        })
      ).statusCode,
    ).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api('POST /api/retention/purges/:id/approve', { cookie: legal.cookie, params: { id: purge.id } })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => errorBody(r).message === 'This purge was already decided')).toBe(true);
    const done = answers.find((r) => r.statusCode === 200)?.json()?.purge;
    expect(done).toMatchObject({
      status: 'purged',
      decidedBy: 'Approving Legal',
      investorName: `Former investor #${inv.id.slice(0, 8)}`,
      result: { rows: { kyc_documents: 1, kyc_applications: 1, evidence_packs: 1 }, files: 2 },
    });

    // The person is anonymised, their KYC rows and files and the pack are gone, nothing points to a missing file.
    const p = await sql<{ name: string; email: string; status: string }>('SELECT name, email, status FROM profiles WHERE id = $1').first(
      ctx.db,
      [inv.id],
    );
    expect(p).toEqual({
      name: `Former investor #${inv.id.slice(0, 8)}`,
      email: `former-investor-${inv.id}@erased.invalid`,
      status: 'suspended',
    });
    expect(await kycFiles(inv.id)).toEqual([]);
    const keys = await ctx.storage.keys();
    expect(keys).not.toContain(files[0]);
    expect(keys).not.toContain(packKey);
    const dangling = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT file_path FROM kyc_documents UNION ALL SELECT file_path FROM classification_evidence
         UNION ALL SELECT file_path FROM evidence_packs WHERE file_path IS NOT NULL) f WHERE f.file_path = ANY($1)`,
    ).first(ctx.db, [[files[0], packKey]]);
    expect(dangling?.n).toBe(0);
    // The ledger keeps every amount (each fund's total and count unchanged); 250000.10 + 0.05 by hand.
    expect(await fundTotals()).toEqual(totals);
    const ledger = await sql<{ total: string }>('SELECT sum(amount)::text AS total FROM ledger_entries WHERE investor_id = $1').first(
      ctx.db,
      [inv.id],
    );
    expect(ledger?.total).toBe('250000.15');
    // The purge is in the chain, and the chain still verifies.
    const log = await sql<{ user_id: string; details: Record<string, unknown> }>(
      `SELECT user_id, details FROM activity_logs WHERE activity_type = 'retention_purged' AND target_user_id = $1`,
    ).all(ctx.db, [inv.id]);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ user_id: legal.id, details: { purgeId: purge.id, proposedBy: founder.id, files: 2 } });
    expect((await verifyChain(ctx.db)).ok).toBe(true);
    // The person cannot sign in; a purged investor is not listed again.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: inv.email, password: inv.password } }))
        .statusCode,
    ).toBe(401);
    const list = (await api('POST /api/retention/review', { cookie: legal.cookie })).json();
    expect(list.candidates.map((c) => c.investorId)).not.toContain(inv.id);
    expect(list.purges.find((x) => x.id === purge.id)?.status).toBe('purged');
  });

  it('withdraws a proposal; unknown ids are 404, malformed ones 400, investors 403, a purged proposal cannot be withdrawn', async () => {
    clock = new Date('2026-06-01T08:00:00Z');
    const inv = await closedClient('Withdrawn Client');
    const { purge } = (await api('POST /api/retention/investors/:id/purge', { cookie: legal.cookie, params: { id: inv.id } })).json();
    const w = await api('POST /api/retention/purges/:id/withdraw', { cookie: founder.cookie, params: { id: purge.id } });
    expect(w.json().purge).toMatchObject({ status: 'withdrawn', decidedBy: 'Proposing Founder' });
    expect((await api('POST /api/retention/purges/:id/approve', { cookie: founder.cookie, params: { id: purge.id } })).statusCode).toBe(
      409,
    );
    expect((await sql<{ name: string }>('SELECT name FROM profiles WHERE id = $1').first(ctx.db, [inv.id]))?.name).toBe('Withdrawn Client');
    const missing = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';
    expect((await api('POST /api/retention/purges/:id/approve', { cookie: legal.cookie, params: { id: missing } })).statusCode).toBe(404);
    expect((await api('POST /api/retention/investors/:id/purge', { cookie: legal.cookie, params: { id: missing } })).statusCode).toBe(404);
    expect((await api('POST /api/retention/investors/:id/purge', { cookie: founder.cookie, params: { id: legal.id } })).statusCode).toBe(
      404,
    );
    // A malformed id is refused by the route table's path-parameter schema (decision 033) before any lookup.
    expect((await api('POST /api/retention/purges/:id/approve', { cookie: legal.cookie, params: { id: 'nope' } })).statusCode).toBe(400);
    const u = await createUser(ctx, { role: 'investor' });
    const investorCookie = await signIn(ctx, u.email, u.password);
    expect((await api('GET /api/retention', { cookie: investorCookie })).statusCode).toBe(403);
    // A new proposal can follow a withdrawn one.
    expect((await api('POST /api/retention/investors/:id/purge', { cookie: legal.cookie, params: { id: inv.id } })).statusCode).toBe(201);
  });
});
