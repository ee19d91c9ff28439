import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/deals.ts';
import { type CreatedUser, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';

/** Every error is JSON with a non-empty message and no stack trace. */
function expectError(res: LightMyRequestResponse, status: number, message?: string): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message).toBe(message);
  expect(res.body).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
  return body;
}

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';

describe('deals API', () => {
  let ctx: TestContext;
  let admin: CreatedUser;
  let adminCookie: string;
  let investorCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Ada Admin' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
    const investor = await createUser(ctx, { role: 'investor', investorUserType: 'hni' });
    investorCookie = await signIn(ctx, investor.email, investor.password);
  });
  afterAll(() => ctx.close());

  const call = (method: InjectOptions['method'], url: string, payload?: unknown, cookie: string | null = adminCookie) =>
    ctx.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
      headers: cookie ? { cookie } : {},
    });
  const create = async (body: Record<string, unknown>): Promise<Deal> => {
    const res = await call('POST', '/api/deals', body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { deal: Deal }).deal;
  };
  const row = async (id: string) =>
    (await ctx.db.query<Record<string, unknown>>('SELECT * FROM deals WHERE id = $1', [id]))[0] as Record<string, unknown>;
  const logsFor = (id: string, type?: string) =>
    ctx.db.query<{ activity_type: string; user_id: string | null; details: Record<string, unknown> }>(
      `SELECT activity_type, user_id, details FROM activity_logs WHERE details ->> 'dealId' = $1 AND ($2::text IS NULL OR activity_type = $2) ORDER BY id`,
      [id, type ?? null],
    );

  describe('access', () => {
    let dealId: string;
    beforeAll(async () => {
      dealId = (await create({ title: 'Access deal', type: 'PPP' })).id;
    });
    const routes = (): [InjectOptions['method'], string, unknown][] => [
      ['GET', '/api/deals', undefined],
      ['POST', '/api/deals', { title: 'Nope', type: 'PPP' }],
      ['GET', `/api/deals/${dealId}`, undefined],
      ['PATCH', `/api/deals/${dealId}`, { title: 'Nope' }],
      ['POST', `/api/deals/${dealId}/move`, { stage: 'Exit' }],
    ];

    it('answers 401 to anonymous callers on every route', async () => {
      for (const [method, url, body] of routes()) expectError(await call(method, url, body, null), 401);
    });

    it('answers 403 to an active investor on every route and changes nothing', async () => {
      for (const [method, url, body] of routes()) expectError(await call(method, url, body, investorCookie), 403);
      const r = await row(dealId);
      expect(r.title).toBe('Access deal');
      expect(r.stage).toBe('Sourcing');
      expect((await ctx.db.query(`SELECT 1 FROM deals WHERE title = 'Nope'`)).length).toBe(0);
    });

    it('gives pending and suspended users no session at all', async () => {
      for (const status of ['pending', 'suspended'] as const) {
        const u = await createUser(ctx, { role: 'admin', adminUserType: 'cio', status });
        const res = await call('POST', '/api/auth/sign-in', { email: u.email, password: u.password }, null);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.cookies.some((c) => c.name === 'sd_session' && c.value !== '')).toBe(false);
      }
    });

    it('ends the session of an admin who is suspended', async () => {
      const u = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
      const cookie = await signIn(ctx, u.email, u.password);
      expect((await call('GET', '/api/deals', undefined, cookie)).statusCode).toBe(200);
      await ctx.db.query(`UPDATE profiles SET status = 'suspended' WHERE id = $1`, [u.id]);
      expectError(await call('GET', '/api/deals', undefined, cookie), 401);
      expectError(await call('POST', '/api/deals', { title: 'Suspended', type: 'PPP' }, cookie), 401);
    });

    it('refuses a forged session cookie', async () => {
      expectError(await call('GET', '/api/deals', undefined, 'sd_session=forged-token'), 401);
    });
  });

  describe('create', () => {
    it('creates a deal in Sourcing / Pending with committed 0, created_by from the session, and logs deal_created', async () => {
      const before = Date.now();
      const res = await call('POST', '/api/deals', {
        title: '  Lagos Port Concession  ',
        type: 'PPP',
        targetAmount: '1250000.10',
        expectedIrr: '18%',
        riskScore: '6/10',
        spvEntity: 'Meridian SPV I Ltd',
        description: 'Port concession',
        nextStep: 'Term sheet',
        createdBy: UNKNOWN_ID,
        created_by: UNKNOWN_ID,
        stage: 'Exit',
        status: 'Closed',
        committedAmount: '999',
        committed_amount: '999',
      });
      expect(res.statusCode, res.body).toBe(201);
      const deal = (res.json() as { deal: Deal }).deal;
      expect(deal).toMatchObject({
        title: 'Lagos Port Concession',
        type: 'PPP',
        targetAmount: '1250000.10',
        committedAmount: '0.00',
        expectedIrr: '18%',
        riskScore: '6/10',
        spvEntity: 'Meridian SPV I Ltd',
        description: 'Port concession',
        nextStep: 'Term sheet',
        stage: 'Sourcing',
        status: 'Pending',
        createdBy: admin.id,
        createdByName: 'Ada Admin',
      });
      expect(Date.parse(deal.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
      expect(deal.stageEnteredAt).toBe(deal.createdAt);

      const r = await row(deal.id);
      expect(r.created_by).toBe(admin.id);
      expect(r.stage).toBe('Sourcing');
      expect(r.status).toBe('Pending');
      expect(r.committed_amount).toBe('0.00');
      expect(r.target_amount).toBe('1250000.10');

      const logs = await logsFor(deal.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        activity_type: 'deal_created',
        user_id: admin.id,
        details: { dealId: deal.id, title: 'Lagos Port Concession', type: 'PPP' },
      });
    });

    it('stores empty optional values as null', async () => {
      const deal = await create({
        title: 'Bare deal',
        type: 'AI & Tech',
        targetAmount: '',
        expectedIrr: '',
        riskScore: '',
        spvEntity: '  ',
        description: '',
        nextStep: '',
      });
      const r = await row(deal.id);
      for (const col of ['target_amount', 'expected_irr', 'risk_score', 'spv_entity', 'description', 'next_step'])
        expect(r[col], col).toBeNull();
      expect(deal).toMatchObject({
        targetAmount: null,
        expectedIrr: null,
        riskScore: null,
        spvEntity: null,
        description: null,
        nextStep: null,
      });
      // Omitted entirely: also null.
      const minimal = await create({ title: 'Minimal', type: 'Infrastructure' });
      expect((await row(minimal.id)).target_amount).toBeNull();
    });

    it("requires a title ('Title is required') and a type ('Deal type is required')", async () => {
      const count = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM deals'))[0]?.n);
      const n = await count();
      expect(expectError(await call('POST', '/api/deals', { type: 'PPP' }), 400, 'Title is required').fields).toMatchObject({
        title: 'Title is required',
      });
      expectError(await call('POST', '/api/deals', { title: '   ', type: 'PPP' }), 400, 'Title is required');
      expectError(await call('POST', '/api/deals', { title: null, type: 'PPP' }), 400, 'Title is required');
      expect(expectError(await call('POST', '/api/deals', { title: 'T' }), 400, 'Deal type is required').fields).toMatchObject({
        type: 'Deal type is required',
      });
      expectError(await call('POST', '/api/deals', { title: 'T', type: '' }), 400, 'Deal type is required');
      const both = expectError(await call('POST', '/api/deals', {}), 400, 'Title is required');
      expect(both.fields).toEqual({ title: 'Title is required', type: 'Deal type is required' });
      expect(await count()).toBe(n);
    });

    it('accepts each of the five types and nothing else', async () => {
      for (const type of ['Oil Trading', 'Distressed Real Estate', 'PPP', 'AI & Tech', 'Infrastructure']) {
        expect((await create({ title: `Type ${type}`, type })).type).toBe(type);
      }
      for (const type of ['Crypto', 'ppp', 'Oil trading', 5]) {
        expectError(await call('POST', '/api/deals', { title: 'Bad type', type }), 400, 'Deal type is required');
      }
    });

    it("accepts risk scores '1/10'..'10/10' only", async () => {
      expect((await create({ title: 'Risk 1', type: 'PPP', riskScore: '1/10' })).riskScore).toBe('1/10');
      expect((await create({ title: 'Risk 10', type: 'PPP', riskScore: '10/10' })).riskScore).toBe('10/10');
      for (const riskScore of ['0/10', '11/10', '5', '5/10 (Moderate)', 'high', 5]) {
        const body = expectError(await call('POST', '/api/deals', { title: 'Bad risk', type: 'PPP', riskScore }), 400);
        expect(body.fields).toHaveProperty('riskScore');
      }
    });

    it('accepts a non-negative decimal target with at most 2 decimals and refuses anything else', async () => {
      expect((await create({ title: 'Zero', type: 'PPP', targetAmount: '0' })).targetAmount).toBe('0.00');
      expect((await create({ title: 'Number', type: 'PPP', targetAmount: 1500000 })).targetAmount).toBe('1500000.00');
      expect((await create({ title: 'Max', type: 'PPP', targetAmount: '9999999999999.99' })).targetAmount).toBe('9999999999999.99');
      for (const targetAmount of ['-1', '1e5', 'abc', 1.234, '1.234', -1, '99999999999999', '12.5.0']) {
        const body = expectError(await call('POST', '/api/deals', { title: 'Bad amount', type: 'PPP', targetAmount }), 400);
        expect(body.message, String(targetAmount)).toBe('Target amount must be a non-negative amount with at most 2 decimals');
        expect(body.fields).toHaveProperty('targetAmount');
      }
      // Values of the wrong JSON type are refused too (with zod's own wording).
      for (const targetAmount of [true, { v: 1 }, [1]]) {
        expect(
          expectError(await call('POST', '/api/deals', { title: 'Bad amount', type: 'PPP', targetAmount }), 400).fields,
        ).toHaveProperty('targetAmount');
      }
      expect((await ctx.db.query(`SELECT 1 FROM deals WHERE title = 'Bad amount'`)).length).toBe(0);
    });

    it('keeps amounts exact (numeric, never floats)', async () => {
      const a = await create({ title: 'Exact A', type: 'PPP', targetAmount: '0.10' });
      const b = await create({ title: 'Exact B', type: 'PPP', targetAmount: '0.20' });
      const big = await create({ title: 'Exact big', type: 'PPP', targetAmount: '1234567890123.45' });
      expect(big.targetAmount).toBe('1234567890123.45');
      const sum = await ctx.db.query<{ s: string; t: string }>(
        'SELECT sum(target_amount)::text AS s, pg_typeof(target_amount)::text AS t FROM deals WHERE id = ANY($1::uuid[]) GROUP BY 2',
        [[a.id, b.id]],
      );
      expect(sum[0]).toEqual({ s: '0.30', t: 'numeric' });
      const listed = ((await call('GET', '/api/deals')).json() as { deals: Deal[] }).deals;
      expect(listed.find((d) => d.id === big.id)?.targetAmount).toBe('1234567890123.45');
      expect(listed.find((d) => d.id === a.id)?.targetAmount).toBe('0.10');
    });

    it('refuses too long text and non-object bodies with a message', async () => {
      expectError(await call('POST', '/api/deals', { title: 'x'.repeat(201), type: 'PPP' }), 400, 'Title must be at most 200 characters');
      expectError(await call('POST', '/api/deals', { title: 'Long IRR', type: 'PPP', expectedIrr: '1'.repeat(21) }), 400);
      const json = (payload: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/deals',
          headers: { cookie: adminCookie, 'content-type': 'application/json' },
          payload,
        });
      expectError(await json('[1, 2]'), 400);
      expectError(await json('null'), 400);
      expectError(await json('"a string"'), 400);
      expectError(await json('42'), 400);
    });

    it('answers 400 to malformed JSON and never a 500', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/deals',
        headers: { cookie: adminCookie, 'content-type': 'application/json' },
        payload: '{"title": "Broken", ',
      });
      expectError(res, 400, 'The request body is not valid JSON');
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/deals/${UNKNOWN_ID}`,
        headers: { cookie: adminCookie, 'content-type': 'application/json' },
        payload: '{oops}',
      });
      expectError(patch, 400);
    });

    it('refuses text the database cannot store (NUL) with a 400, not a 500', async () => {
      expectError(await call('POST', '/api/deals', { title: 'Nul\u0000title', type: 'PPP' }), 400);
      expectError(await call('POST', '/api/deals', { title: 'Ok', type: 'PPP', description: 'a\u0000b' }), 400);
    });
  });

  describe('list', () => {
    it('lists newest first', async () => {
      const first = await create({ title: 'Order 1', type: 'PPP' });
      const second = await create({ title: 'Order 2', type: 'PPP' });
      const third = await create({ title: 'Order 3', type: 'PPP' });
      const res = await call('GET', '/api/deals');
      expect(res.statusCode).toBe(200);
      const deals = (res.json() as { deals: Deal[] }).deals;
      const ids = deals.map((d) => d.id);
      expect(ids.slice(0, 3)).toEqual([third.id, second.id, first.id]);
      const times = deals.map((d) => Date.parse(d.createdAt));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      expect(deals[0]).toMatchObject({ title: 'Order 3', createdByName: 'Ada Admin', committedAmount: '0.00' });
    });
  });

  describe('detail', () => {
    it('returns the deal with its documents and activity', async () => {
      const deal = await create({ title: 'Detail deal', type: 'Oil Trading' });
      await call('PATCH', `/api/deals/${deal.id}`, { status: 'Active' });
      // A document of this deal and one of another deal.
      const other = await create({ title: 'Other deal', type: 'PPP' });
      await ctx.db.query(
        `INSERT INTO documents (name, type, file_path, extension, mime_type, file_size, byte_size, sha256, deal_id, uploaded_by)
         VALUES ('Teaser', 'PPM', 'deal-documents/x/1.pdf', 'pdf', 'application/pdf', '1', 10, 'ab', $1, $3),
                ('Elsewhere', 'LPA', 'deal-documents/x/2.pdf', 'pdf', 'application/pdf', '1', 10, 'cd', $2, $3)`,
        [deal.id, other.id, admin.id],
      );
      const res = await call('GET', `/api/deals/${deal.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        deal: Deal;
        documents: { name: string; dealTitle: string }[];
        activity: { activityType: string; userName: string; details: Record<string, unknown> }[];
      };
      expect(body.deal).toMatchObject({ id: deal.id, title: 'Detail deal', status: 'Active' });
      expect(body.documents.map((d) => d.name)).toEqual(['Teaser']);
      expect(body.documents[0]?.dealTitle).toBe('Detail deal');
      expect(body.activity.map((a) => a.activityType)).toEqual(['deal_updated', 'deal_created']);
      expect(body.activity[0]).toMatchObject({ userName: 'Ada Admin', details: { dealId: deal.id } });
    });

    it('answers 404 with a message for an unknown or malformed id', async () => {
      for (const id of [UNKNOWN_ID, 'not-a-uuid', '1', "1' OR '1'='1", '%00']) {
        expectError(await call('GET', `/api/deals/${encodeURIComponent(id)}`), 404, 'Deal not found');
        expectError(await call('PATCH', `/api/deals/${encodeURIComponent(id)}`, { title: 'X' }), 404, 'Deal not found');
        expectError(await call('POST', `/api/deals/${encodeURIComponent(id)}/move`, { stage: 'Exit' }), 404, 'Deal not found');
      }
    });
  });

  describe('update', () => {
    it('changes only the given fields and logs deal_updated with the changed fields only', async () => {
      const deal = await create({
        title: 'Update me',
        type: 'PPP',
        targetAmount: '500',
        riskScore: '3/10',
        description: 'Keep me',
        nextStep: 'Call',
      });
      const res = await call('PATCH', `/api/deals/${deal.id}`, {
        title: 'Updated',
        targetAmount: '500.00',
        status: 'Active',
        nextStep: 'Call',
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = (res.json() as { deal: Deal }).deal;
      expect(updated).toMatchObject({
        title: 'Updated',
        status: 'Active',
        targetAmount: '500.00',
        riskScore: '3/10',
        description: 'Keep me',
        nextStep: 'Call',
        type: 'PPP',
        stage: 'Sourcing',
        stageEnteredAt: deal.stageEnteredAt,
        createdBy: admin.id,
      });
      const logs = await logsFor(deal.id, 'deal_updated');
      expect(logs).toHaveLength(1);
      expect(logs[0]?.user_id).toBe(admin.id);
      expect(logs[0]?.details.changes).toEqual({ title: { from: 'Update me', to: 'Updated' }, status: { from: 'Pending', to: 'Active' } });
      expect(logs[0]?.details).not.toHaveProperty('from');
    });

    it('can clear optional fields and set every field, but never the committed amount (the sum of completed subscriptions)', async () => {
      const deal = await create({ title: 'All fields', type: 'PPP', targetAmount: '10', riskScore: '2/10', spvEntity: 'Old SPV' });
      const res = await call('PATCH', `/api/deals/${deal.id}`, {
        type: 'Infrastructure',
        targetAmount: '',
        riskScore: null,
        spvEntity: '',
        expectedIrr: '22%',
        description: 'New description',
        nextStep: 'IC memo',
        status: 'On Hold',
        committedAmount: '2500.50',
      });
      expect(res.statusCode, res.body).toBe(200);
      const r = await row(deal.id);
      expect(r).toMatchObject({
        type: 'Infrastructure',
        target_amount: null,
        risk_score: null,
        spv_entity: null,
        expected_irr: '22%',
        description: 'New description',
        next_step: 'IC memo',
        status: 'On Hold',
        committed_amount: '0.00',
        title: 'All fields',
      });
      const changes = (await logsFor(deal.id, 'deal_updated'))[0]?.details.changes as Record<string, unknown>;
      expect(Object.keys(changes).sort()).toEqual(
        ['description', 'expectedIrr', 'nextStep', 'riskScore', 'spvEntity', 'status', 'targetAmount', 'type'].sort(),
      );
    });

    it('logs nothing when nothing changes', async () => {
      const deal = await create({ title: 'Same', type: 'PPP', targetAmount: '100' });
      for (const body of [
        {},
        { title: 'Same' },
        { targetAmount: '100.00' },
        { targetAmount: 100 },
        { status: 'Pending' },
        { stage: 'Sourcing' },
      ]) {
        const res = await call('PATCH', `/api/deals/${deal.id}`, body);
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await logsFor(deal.id, 'deal_updated')).toHaveLength(0);
      expect((await row(deal.id)).updated_at).toEqual((await row(deal.id)).created_at);
    });

    it('validates every field it changes', async () => {
      const deal = await create({ title: 'Validate', type: 'PPP' });
      const cases: [Record<string, unknown>, string][] = [
        [{ title: '' }, 'Title is required'],
        [{ type: 'Crypto' }, 'Deal type is required'],
        [{ status: 'Done' }, 'Choose a valid status'],
        [{ stage: 'Closing' }, 'Choose a valid stage'],
        [{ targetAmount: '-1' }, 'Target amount must be a non-negative amount with at most 2 decimals'],
        [{ riskScore: '0/10' }, 'Choose a risk score from 1/10 to 10/10'],
      ];
      for (const [body, message] of cases) expectError(await call('PATCH', `/api/deals/${deal.id}`, body), 400, message);
      // The committed amount is the server's: a body naming it changes nothing.
      expect((await call('PATCH', `/api/deals/${deal.id}`, { committedAmount: '999' })).statusCode).toBe(200);
      expect(await row(deal.id)).toMatchObject({
        title: 'Validate',
        type: 'PPP',
        status: 'Pending',
        stage: 'Sourcing',
        committed_amount: '0.00',
      });
      expect(await logsFor(deal.id, 'deal_updated')).toHaveLength(0);
    });

    it('never takes created_by from the body', async () => {
      const deal = await create({ title: 'Owner', type: 'PPP' });
      await call('PATCH', `/api/deals/${deal.id}`, { createdBy: UNKNOWN_ID, created_by: UNKNOWN_ID, title: 'Owner 2' });
      expect((await row(deal.id)).created_by).toBe(admin.id);
    });
  });

  describe('move', () => {
    it('moves to another stage, updates stage_entered_at and logs deal_updated with from/to', async () => {
      const deal = await create({ title: 'Mover', type: 'PPP' });
      // Pretend the deal entered Sourcing ten days ago.
      await ctx.db.query(`UPDATE deals SET stage_entered_at = now() - interval '10 days' WHERE id = $1`, [deal.id]);
      const res = await call('POST', `/api/deals/${deal.id}/move`, { stage: 'Execution' });
      expect(res.statusCode, res.body).toBe(200);
      const moved = (res.json() as { deal: Deal }).deal;
      expect(moved.stage).toBe('Execution');
      expect(Date.now() - Date.parse(moved.stageEnteredAt)).toBeLessThan(60_000);
      expect(moved.createdAt).toBe(deal.createdAt);
      const logs = await logsFor(deal.id, 'deal_updated');
      expect(logs).toHaveLength(1);
      expect(logs[0]?.details).toMatchObject({
        dealId: deal.id,
        from: 'Sourcing',
        to: 'Execution',
        changes: { stage: { from: 'Sourcing', to: 'Execution' } },
      });
      expect(Object.keys(logs[0]?.details.changes as object)).toEqual(['stage']);

      const back = await call('POST', `/api/deals/${deal.id}/move`, { stage: 'Exit' });
      expect((back.json() as { deal: Deal }).deal.stage).toBe('Exit');
      const all = await logsFor(deal.id, 'deal_updated');
      expect(all.map((l) => [l.details.from, l.details.to])).toEqual([
        ['Sourcing', 'Execution'],
        ['Execution', 'Exit'],
      ]);
    });

    it('moving to the same stage changes and logs nothing', async () => {
      const deal = await create({ title: 'Stay', type: 'PPP' });
      await ctx.db.query(`UPDATE deals SET stage_entered_at = now() - interval '3 days' WHERE id = $1`, [deal.id]);
      const entered = (await row(deal.id)).stage_entered_at;
      const res = await call('POST', `/api/deals/${deal.id}/move`, { stage: 'Sourcing' });
      expect(res.statusCode).toBe(200);
      expect((await row(deal.id)).stage_entered_at).toEqual(entered);
      expect(await logsFor(deal.id, 'deal_updated')).toHaveLength(0);
    });

    it('a stage change through PATCH also resets stage_entered_at', async () => {
      const deal = await create({ title: 'Patch stage', type: 'PPP' });
      await ctx.db.query(`UPDATE deals SET stage_entered_at = now() - interval '5 days' WHERE id = $1`, [deal.id]);
      const res = await call('PATCH', `/api/deals/${deal.id}`, { stage: 'Post-Investment' });
      const moved = (res.json() as { deal: Deal }).deal;
      expect(moved.stage).toBe('Post-Investment');
      expect(Date.now() - Date.parse(moved.stageEnteredAt)).toBeLessThan(60_000);
      expect((await logsFor(deal.id, 'deal_updated'))[0]?.details).toMatchObject({ from: 'Sourcing', to: 'Post-Investment' });
    });

    it('refuses an unknown stage with a message', async () => {
      const deal = await create({ title: 'Bad move', type: 'PPP' });
      for (const body of [{ stage: 'Closing' }, {}, { stage: null }, { stage: 'sourcing' }]) {
        expectError(await call('POST', `/api/deals/${deal.id}/move`, body), 400, 'Choose a valid stage');
      }
      expect((await row(deal.id)).stage).toBe('Sourcing');
    });
  });
});
