import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEAL_PAGE_SIZE,
  DEAL_STAGE_TOTAL_CAP,
  DEAL_STAGES,
  type Deal,
  type DealPipeline,
  type DealStage,
  type DealStagePage,
  decodeDealCursor,
} from '../../../shared/deals.ts';
import { invalidationsOf } from '../../db/invalidation.ts';
import { sql } from '../../db/sql.ts';
import { type ApiErrorBody, errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { type CreatedUser, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { listDealPipeline, listDealStagePage } from './service.ts';

/** Every error is JSON with a non-empty message and no stack trace. */
function expectError(res: LightMyRequestResponse, status: number, message?: string): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message).toBe(message);
  expect(res.body).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
  return body;
}

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';

/** GET /api/deals answers the pipeline without a stage, and one stage's page with one. */
function pipelineOf(body: DealPipeline | DealStagePage): DealPipeline {
  if (!('stages' in body)) throw new Error(`expected the pipeline, got a page of ${body.stage}`);
  return body;
}
function stagePageOf(body: DealPipeline | DealStagePage): DealStagePage {
  if ('stages' in body) throw new Error('expected a stage page, got the pipeline');
  return body;
}

describe('deals API', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
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
  const create = async (body: Record<string, unknown>): Promise<Deal> =>
    okJson(await api('POST /api/deals', { cookie: adminCookie, rawBody: body }), 201).deal;
  /** GET /api/deals/:id as the administrator. */
  const detail = async (id: string) => okJson(await api('GET /api/deals/:id', { cookie: adminCookie, params: { id } }));
  const patch = (id: string, body: unknown) => api('PATCH /api/deals/:id', { cookie: adminCookie, params: { id }, rawBody: body });
  const move = (id: string, body: unknown) => api('POST /api/deals/:id/move', { cookie: adminCookie, params: { id }, rawBody: body });
  /** GET /api/deals with this query, as the administrator. */
  const list = async (query: Record<string, string> = {}) => okJson(await api('GET /api/deals', { cookie: adminCookie, query }));
  const row = async (id: string) =>
    (await sql<Record<string, unknown>>('SELECT * FROM deals WHERE id = $1').first(ctx.db, [id])) as Record<string, unknown>;
  const logsFor = (id: string, type?: string) =>
    sql<{ activity_type: string; user_id: string | null; details: Record<string, unknown> }>(
      `SELECT activity_type, user_id, details FROM activity_logs WHERE details ->> 'dealId' = $1 AND ($2::text IS NULL OR activity_type = $2) ORDER BY id`,
    ).all(ctx.db, [id, type ?? null]);

  describe('access', () => {
    let dealId: string;
    beforeAll(async () => {
      dealId = (await create({ title: 'Access deal', type: 'PPP' })).id;
    });
    const routes = (): [InjectOptions['method'], string, unknown][] => [
      ['GET', '/api/deals', undefined],
      ['GET', '/api/deals?stage=Sourcing&limit=5', undefined],
      ['GET', '/api/deals/options', undefined],
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
      await invalidationsOf(ctx.db)?.sync(); // as the routes do (decision 015)
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
      const res = await api('POST /api/deals', {
        cookie: adminCookie,
        rawBody: {
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
        },
      });
      const deal = okJson(res, 201).deal;
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
      // The response comes from the INSERT's RETURNING: the same deal, field for field, as a read.
      const read = await detail(deal.id);
      expect(deal).toEqual(read.deal);
      expect(Object.keys(deal)).toEqual(Object.keys(read.deal));

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
      // Pending is not open for investment: creating a deal owes no deal-open alert (they go out
      // when it is made Active), which is why the route needs no transaction around its statement.
      const alerts = await sql<{ n: number }>('SELECT count(*)::int AS n FROM deal_open_alerts WHERE deal_id = $1').first(ctx.db, [
        deal.id,
      ]);
      expect(alerts?.n).toBe(0);
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
      const count = async () => Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM deals').first(ctx.db))?.n);
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
      const sum = await sql<{ s: string; t: string }>(
        'SELECT sum(target_amount)::text AS s, pg_typeof(target_amount)::text AS t FROM deals WHERE id = ANY($1::uuid[]) GROUP BY 2',
      ).all(ctx.db, [[a.id, b.id]]);
      expect(sum[0]).toEqual({ s: '0.30', t: 'numeric' });
      const listed = (await list()).deals;
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
      const { deals } = await list();
      const ids = deals.map((d) => d.id);
      expect(ids.slice(0, 3)).toEqual([third.id, second.id, first.id]);
      const times = deals.map((d) => Date.parse(d.createdAt));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      expect(deals[0]).toMatchObject({ title: 'Order 3', createdByName: 'Ada Admin', committedAmount: '0.00' });
    });
  });

  describe('pipeline paging', () => {
    /** The truth: a stage's ids in pipeline order, straight from the table. */
    const idsIn = async (stage: DealStage) =>
      (await sql<{ id: string }>('SELECT id FROM deals WHERE stage = $1 ORDER BY created_at DESC, id DESC').all(ctx.db, [stage])).map(
        (r) => r.id,
      );
    const totals = async () => {
      const rows = await sql<{ stage: DealStage; n: number }>('SELECT stage, count(*)::int AS n FROM deals GROUP BY stage').all(ctx.db);
      return Object.fromEntries(DEAL_STAGES.map((s) => [s, rows.find((r) => r.stage === s)?.n ?? 0])) as Record<DealStage, number>;
    };
    const pipeline = async (query: Record<string, string> = {}) => pipelineOf(await list(query));
    const stagePage = async (stage: string, cursor?: string | null, limit?: number) => {
      const qs = new URLSearchParams({ stage });
      if (cursor) qs.set('cursor', cursor);
      if (limit !== undefined) qs.set('limit', String(limit));
      return stagePageOf(await list(Object.fromEntries(qs)));
    };
    /** Every page of a stage from its first page of the pipeline; fails on a repeated id. */
    const walk = async (stage: DealStage, limit: number) => {
      const first = await pipeline({ limit: String(limit) });
      const summary = first.stages.find((s) => s.stage === stage);
      const ids = first.deals.filter((d) => d.stage === stage).map((d) => d.id);
      expect(ids.length).toBeLessThanOrEqual(limit);
      let cursor = summary?.nextCursor ?? null;
      let pages = 1;
      while (cursor) {
        const page = await stagePage(stage, cursor, limit);
        expect(page.stage).toBe(stage);
        expect(page.deals.length).toBeGreaterThan(0);
        expect(page.deals.length).toBeLessThanOrEqual(limit);
        for (const d of page.deals) expect(d.stage).toBe(stage);
        ids.push(...page.deals.map((d) => d.id));
        cursor = page.nextCursor;
        pages++;
        expect(pages).toBeLessThan(1000);
      }
      expect(new Set(ids).size).toBe(ids.length);
      return { ids, pages, total: summary?.total };
    };
    /** Inserts deals straight into a stage with the given created_at values (SQL timestamps). */
    const insertAt = async (stage: DealStage, label: string, times: string[]) => {
      const ids: string[] = [];
      for (const [i, at] of times.entries()) {
        const rows = await sql<{ id: string }>(`INSERT INTO deals (title, type, stage, created_by, created_at, stage_entered_at, updated_at)
           VALUES ($1, 'PPP', $2, $3, $4::timestamptz, $4::timestamptz, $4::timestamptz) RETURNING id`).all(ctx.db, [
          `${label} ${i}`,
          stage,
          admin.id,
          at,
        ]);
        ids.push(rows[0]?.id as string);
      }
      return ids;
    };

    beforeAll(async () => {
      // Every stage gets a few pages. Exit holds deals created in the same microsecond (ties are
      // broken by id) and deals a microsecond apart (a millisecond cursor would lose them).
      for (let i = 0; i < 7; i++) await create({ title: `Paging sourcing ${i}`, type: 'PPP' });
      await insertAt(
        'Execution',
        'Paging execution',
        Array.from({ length: 9 }, (_, i) => `2025-03-0${1 + (i % 3)}T10:00:00Z`),
      );
      await insertAt(
        'Post-Investment',
        'Paging post',
        Array.from({ length: 5 }, (_, i) => `2024-06-01T00:00:0${i}.5Z`),
      );
      await insertAt(
        'Exit',
        'Paging exit same',
        Array.from({ length: 6 }, () => '2023-01-01T00:00:00.123456Z'),
      );
      await insertAt('Exit', 'Paging exit micro', [
        '2023-01-01T00:00:00.123455Z',
        '2023-01-01T00:00:00.123457Z',
        '2023-01-01T00:00:00.123458Z',
      ]);
    });

    it('returns every stage with its true total and its first page, newest first (created_at, then id)', async () => {
      const body = await pipeline();
      const truth = await totals();
      expect(body.stages.map((s) => s.stage)).toEqual([...DEAL_STAGES]);
      for (const s of body.stages) {
        expect(s.total, s.stage).toBe(truth[s.stage]);
        expect(s.totalCapped, s.stage).toBe(false);
        expect(Object.keys(s)).toEqual(['stage', 'total', 'totalCapped', 'nextCursor']);
        const ids = await idsIn(s.stage);
        // Fewer than a page per stage here: all of them, no cursor.
        expect(ids.length).toBeLessThanOrEqual(DEAL_PAGE_SIZE);
        expect(body.deals.filter((d) => d.stage === s.stage).map((d) => d.id)).toEqual(ids);
        expect(s.nextCursor).toBeNull();
      }
      // One list, newest first across stages (the old shape of this endpoint).
      const keys = body.deals.map((d) => d.createdAt);
      expect([...keys].sort().reverse()).toEqual(keys);
    });

    it('stops each stage at the limit and says where the next page starts', async () => {
      const truth = await totals();
      const body = await pipeline({ limit: '2' });
      expect(body.deals.length).toBe(DEAL_STAGES.reduce((n, s) => n + Math.min(2, truth[s]), 0));
      for (const s of body.stages) {
        expect(s.total).toBe(truth[s.stage]);
        expect(body.deals.filter((d) => d.stage === s.stage).map((d) => d.id)).toEqual((await idsIn(s.stage)).slice(0, 2));
        expect(s.nextCursor === null).toBe(truth[s.stage] <= 2);
      }
    });

    it('walks every stage page by page with no duplicates and no gaps, in order', async () => {
      for (const stage of DEAL_STAGES) {
        for (const limit of [1, 2, 4]) {
          const truth = await idsIn(stage);
          const { ids, pages, total } = await walk(stage, limit);
          expect(ids, `${stage} by ${limit}`).toEqual(truth);
          expect(total).toBe(truth.length);
          expect(pages).toBe(Math.max(1, Math.ceil(truth.length / limit)));
        }
      }
    });

    it('keeps deals created in the same microsecond or a microsecond apart (exact cursor, id tie-break)', async () => {
      const exit = await idsIn('Exit');
      const mine = (await sql<{ id: string }>(`SELECT id FROM deals WHERE title LIKE 'Paging exit%'`).all(ctx.db)).map((r) => r.id);
      expect(mine).toHaveLength(9);
      const { ids } = await walk('Exit', 1);
      expect(ids).toEqual(exit);
      for (const id of mine) expect(ids).toContain(id);
    });

    it('serves a stage first page without a cursor, and accepts the stage in any case', async () => {
      const truth = await idsIn('Execution');
      for (const name of ['Execution', 'execution', 'EXECUTION']) {
        const page = await stagePage(name, null, 3);
        expect(page.stage).toBe('Execution');
        expect(page.deals.map((d) => d.id)).toEqual(truth.slice(0, 3));
        expect(page.nextCursor).not.toBeNull();
      }
      const all = await stagePage('post-investment');
      expect(all.deals.map((d) => d.id)).toEqual(await idsIn('Post-Investment'));
      expect(all.nextCursor).toBeNull();
      expect(all.deals[0]).toMatchObject({ createdByName: 'Ada Admin', stage: 'Post-Investment' });
    });

    it('a cursor is a position: moves and new deals meanwhile neither repeat nor skip the deals after it', async () => {
      const before = await idsIn('Execution');
      const first = await stagePage('Execution', null, 3);
      expect(first.deals.map((d) => d.id)).toEqual(before.slice(0, 3));
      // Meanwhile: a deal of the first page leaves, a deal after the cursor leaves, a new deal arrives.
      const leaver = before[1] as string;
      const later = before[5] as string;
      expect((await move(leaver, { stage: 'Exit' })).statusCode).toBe(200);
      expect((await move(later, { stage: 'Exit' })).statusCode).toBe(200);
      const fresh = await create({ title: 'Paging newcomer', type: 'PPP' });
      expect((await move(fresh.id, { stage: 'Execution' })).statusCode).toBe(200);
      const rest: string[] = [];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await stagePage('Execution', cursor, 3);
        rest.push(...page.deals.map((d) => d.id));
        cursor = page.nextCursor;
      }
      expect(rest).toEqual(before.slice(3).filter((id) => id !== later));
      // The counts follow the moves.
      const body = await pipeline();
      const truth = await totals();
      for (const s of body.stages) expect(s.total).toBe(truth[s.stage]);
      expect(body.stages.find((s) => s.stage === 'Execution')?.total).toBe(before.length - 2 + 1);
    });

    it('reads each stage page as an index-only walk of (stage, created_at, id), then the rows by key (the SQL sent)', async () => {
      // The statements as the typed layer compiles them (decision 035), checked for the shape the
      // index deals_stage_created_idx needs: only s.id selected, the stage as an equality, the
      // order and limit inside the ids' subquery; creators' names a correlated lookup, not a join.
      const sent: string[] = [];
      const spy = {
        query: (text: string, params?: unknown[]) => {
          sent.push(text);
          return ctx.db.query(text, params);
        },
      };
      const first = await listDealPipeline(spy, 2);
      const paged = first.stages.find((s) => s.nextCursor);
      if (!paged?.nextCursor) throw new Error('a stage with a second page');
      await listDealStagePage(spy, paged.stage, decodeDealCursor(paged.nextCursor) ?? undefined, 2);
      const pageIds =
        /\(select "s"\."id" from "deals" as "s" where "s"\."stage" = \$\d+ (and \("s"\."created_at", "s"\."id"\) < \(\$\d+::timestamptz, \$\d+::uuid\) )?order by "s"\."created_at" desc, "s"\."id" desc limit \$\d+\) as "k" inner join "deals" as "x" on "x"\."id" = "k"\."id"/g;
      const [pipelineSql, countsSql, pageSql] = sent;
      expect(pipelineSql?.match(pageIds)).toHaveLength(DEAL_STAGES.length);
      expect(pageSql?.match(pageIds)).toHaveLength(1);
      expect(pageSql).toContain('("s"."created_at", "s"."id") < ($');
      for (const text of [pipelineSql, pageSql]) {
        expect(text).toContain('(select "p"."name" from "profiles" as "p" where "p"."id" = "d"."created_by") as "created_by_name"');
        expect(text).not.toMatch(/join "profiles"/);
      }
      expect(
        countsSql?.match(/where "x"\."stage" = \$\d+ order by "x"\."created_at" desc, "x"\."id" desc limit \$\d+\) as "c"/g),
      ).toHaveLength(DEAL_STAGES.length);
    });

    it('answers 400 with a message to a bad stage, cursor or limit, never a 500', async () => {
      const good = (await stagePage('Exit', null, 1)).nextCursor;
      if (!good) throw new Error('Exit has a second page');
      const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const cases: [string, string][] = [
        ['stage=Closing', 'Stage must be one of Sourcing, Execution, Post-Investment, Exit'],
        ['stage=', 'Stage must be one of Sourcing, Execution, Post-Investment, Exit'],
        ['stage=Exit&stage=Sourcing', 'Stage must be one of Sourcing, Execution, Post-Investment, Exit'],
        [`cursor=${good}`, 'A cursor needs its stage'],
        ['stage=Exit&cursor=not-a-cursor!', 'Invalid cursor'],
        ['stage=Exit&cursor=', 'Invalid cursor'],
        ['stage=Exit&cursor=abc', 'Invalid cursor'],
        [`stage=Exit&cursor=${b64({ a: 1 })}`, 'Invalid cursor'],
        [`stage=Exit&cursor=${b64(['2023-01-01T00:00:00.000000Z', 'nope'])}`, 'Invalid cursor'],
        [`stage=Exit&cursor=${b64(['yesterday', UNKNOWN_ID])}`, 'Invalid cursor'],
        [`stage=Exit&cursor=${b64(['2023-13-45T99:00:00.000000Z', UNKNOWN_ID])}`, 'Invalid cursor'],
        [`stage=Exit&cursor=${b64(["2023-01-01'; DROP TABLE deals; --", UNKNOWN_ID])}`, 'Invalid cursor'],
        [`stage=Exit&cursor=${'A'.repeat(5000)}`, 'Invalid cursor'],
        [`stage=Exit&cursor=${good}&cursor=${good}`, 'Invalid cursor'],
        ['limit=0', 'Limit must be a whole number from 1 to 100'],
        ['limit=101', 'Limit must be a whole number from 1 to 100'],
        ['limit=-1', 'Limit must be a whole number from 1 to 100'],
        ['limit=1.5', 'Limit must be a whole number from 1 to 100'],
        ['limit=abc', 'Limit must be a whole number from 1 to 100'],
        ['limit=', 'Limit must be a whole number from 1 to 100'],
        ['limit=1e2', 'Limit must be a whole number from 1 to 100'],
        ['limit=99999999999999999999', 'Limit must be a whole number from 1 to 100'],
        ['stage=Exit&limit=1&limit=2', 'Limit must be a whole number from 1 to 100'],
      ];
      for (const [qs, message] of cases) expectError(await call('GET', `/api/deals?${qs}`), 400, message);
      // A cursor made up from a valid position still works: it is only a position.
      const made = b64(['2023-01-01T00:00:00.123456Z', 'ffffffff-ffff-ffff-ffff-ffffffffffff']);
      const page = await stagePage('Exit', made, 100);
      const exitSame = (await sql<{ id: string }>(`SELECT id FROM deals WHERE title LIKE 'Paging exit same%'`).all(ctx.db)).length;
      expect(page.deals.filter((d) => d.title.startsWith('Paging exit same'))).toHaveLength(exitSame);
      expect(page.deals.some((d) => d.title === 'Paging exit micro 1')).toBe(false);
    });

    it('lists every deal for selects, lean and by title', async () => {
      const { deals } = okJson(await api('GET /api/deals/options', { cookie: adminCookie }));
      const all = await sql<{ id: string }>('SELECT id FROM deals').all(ctx.db);
      expect(deals).toHaveLength(all.length);
      expect(Object.keys(deals[0] ?? {}).sort()).toEqual(['committedAmount', 'id', 'spvEntity', 'stage', 'status', 'title']);
      const titles = deals.map((d) => d.title);
      expect(titles.filter((t) => t.startsWith('Paging exit same'))).toHaveLength(6);
      const order = await sql<{ title: string }>('SELECT title FROM deals ORDER BY title, id').all(ctx.db);
      expect(titles).toEqual(order.map((r) => r.title));
    });
  });

  describe('detail', () => {
    it('returns the deal with its documents and activity', async () => {
      const deal = await create({ title: 'Detail deal', type: 'Oil Trading' });
      await patch(deal.id, { status: 'Active' });
      // A document of this deal and one of another deal.
      const other = await create({ title: 'Other deal', type: 'PPP' });
      await ctx.db.query(
        `INSERT INTO documents (name, type, file_path, extension, mime_type, file_size, byte_size, sha256, deal_id, uploaded_by)
         VALUES ('Teaser', 'PPM', 'deal-documents/x/1.pdf', 'pdf', 'application/pdf', '1', 10, 'ab', $1, $3),
                ('Elsewhere', 'LPA', 'deal-documents/x/2.pdf', 'pdf', 'application/pdf', '1', 10, 'cd', $2, $3)`,
        [deal.id, other.id, admin.id],
      );
      const body = await detail(deal.id);
      expect(body.deal).toMatchObject({ id: deal.id, title: 'Detail deal', status: 'Active' });
      expect(body.documents.map((d) => d.name)).toEqual(['Teaser']);
      expect(body.documents[0]?.dealTitle).toBe('Detail deal');
      expect(body.activity.map((a) => a.activityType)).toEqual(['deal_updated', 'deal_created']);
      expect(body.activity[0]).toMatchObject({ userName: 'Ada Admin', details: { dealId: deal.id } });
    });

    it('answers 404 with a message for an unknown id, 400 for a malformed one', async () => {
      const cases: [string, number, string?][] = [
        [UNKNOWN_ID, 404, 'Deal not found'],
        ['not-a-uuid', 400, 'Invalid id'],
        ['1', 400, 'Invalid id'],
        ["1' OR '1'='1", 400, 'Invalid id'],
        ['%00', 400],
      ];
      for (const [id, status, message] of cases) {
        expectError(await call('GET', `/api/deals/${encodeURIComponent(id)}`), status, message);
        expectError(await call('PATCH', `/api/deals/${encodeURIComponent(id)}`, { title: 'X' }), status, message);
        expectError(await call('POST', `/api/deals/${encodeURIComponent(id)}/move`, { stage: 'Exit' }), status, message);
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
      const res = await patch(deal.id, {
        title: 'Updated',
        targetAmount: '500.00',
        status: 'Active',
        nextStep: 'Call',
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = okJson(res).deal;
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
      // The response comes from the UPDATE's RETURNING: the same deal, field for field, as a read.
      expect(updated).toEqual((await detail(deal.id)).deal);
      const logs = await logsFor(deal.id, 'deal_updated');
      expect(logs).toHaveLength(1);
      expect(logs[0]?.user_id).toBe(admin.id);
      expect(logs[0]?.details.changes).toEqual({ title: { from: 'Update me', to: 'Updated' }, status: { from: 'Pending', to: 'Active' } });
      expect(logs[0]?.details).not.toHaveProperty('from');
    });

    it('can clear optional fields and set every field, but never the committed amount (the sum of completed subscriptions)', async () => {
      const deal = await create({ title: 'All fields', type: 'PPP', targetAmount: '10', riskScore: '2/10', spvEntity: 'Old SPV' });
      const res = await patch(deal.id, {
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
        const res = await patch(deal.id, body);
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
      for (const [body, message] of cases) expectError(await patch(deal.id, body), 400, message);
      // The committed amount is the server's: a body naming it changes nothing.
      expect((await patch(deal.id, { committedAmount: '999' })).statusCode).toBe(200);
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
      await patch(deal.id, { createdBy: UNKNOWN_ID, created_by: UNKNOWN_ID, title: 'Owner 2' });
      expect((await row(deal.id)).created_by).toBe(admin.id);
    });
  });

  describe('move', () => {
    it('moves to another stage, updates stage_entered_at and logs deal_updated with from/to', async () => {
      const deal = await create({ title: 'Mover', type: 'PPP' });
      // Pretend the deal entered Sourcing ten days ago.
      await ctx.db.query(`UPDATE deals SET stage_entered_at = now() - interval '10 days' WHERE id = $1`, [deal.id]);
      const res = await move(deal.id, { stage: 'Execution' });
      expect(res.statusCode, res.body).toBe(200);
      const moved = okJson(res).deal;
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

      const back = await move(deal.id, { stage: 'Exit' });
      expect(okJson(back).deal.stage).toBe('Exit');
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
      const res = await move(deal.id, { stage: 'Sourcing' });
      expect(res.statusCode).toBe(200);
      expect((await row(deal.id)).stage_entered_at).toEqual(entered);
      expect(await logsFor(deal.id, 'deal_updated')).toHaveLength(0);
    });

    it('a stage change through PATCH also resets stage_entered_at', async () => {
      const deal = await create({ title: 'Patch stage', type: 'PPP' });
      await ctx.db.query(`UPDATE deals SET stage_entered_at = now() - interval '5 days' WHERE id = $1`, [deal.id]);
      const res = await patch(deal.id, { stage: 'Post-Investment' });
      const moved = okJson(res).deal;
      expect(moved.stage).toBe('Post-Investment');
      expect(Date.now() - Date.parse(moved.stageEnteredAt)).toBeLessThan(60_000);
      expect((await logsFor(deal.id, 'deal_updated'))[0]?.details).toMatchObject({ from: 'Sourcing', to: 'Post-Investment' });
    });

    it('refuses an unknown stage with a message', async () => {
      const deal = await create({ title: 'Bad move', type: 'PPP' });
      for (const body of [{ stage: 'Closing' }, {}, { stage: null }, { stage: 'sourcing' }]) {
        expectError(await move(deal.id, body), 400, 'Choose a valid stage');
      }
      expect((await row(deal.id)).stage).toBe('Sourcing');
    });
  });

  describe(`capped stage totals (${DEAL_STAGE_TOTAL_CAP.toLocaleString('en-US')})`, () => {
    const CAP = DEAL_STAGE_TOTAL_CAP;
    const count = async (stage: DealStage) =>
      (await sql<{ n: number }>('SELECT count(*)::int AS n FROM deals WHERE stage = $1').first(ctx.db, [stage]))?.n ?? 0;
    /** Adds filler deals to `stage` until it holds `n`. */
    const fillTo = async (stage: DealStage, n: number) =>
      ctx.db.query(
        `INSERT INTO deals (title, type, stage, created_by, created_at)
         SELECT 'Cap filler ' || $1::text || ' ' || g, 'PPP', $1, $2, now() - make_interval(secs => g) FROM generate_series(1, $3::int) g`,
        [stage, admin.id, n - (await count(stage))],
      );
    const summary = async () => {
      const body = pipelineOf(await list());
      return { body, by: Object.fromEntries(body.stages.map((s) => [s.stage, s])) as Record<DealStage, DealPipeline['stages'][number]> };
    };

    beforeAll(async () => {
      await fillTo('Post-Investment', CAP);
      await fillTo('Exit', CAP + 1);
    });
    // The other suites' stages stay small.
    afterAll(() => ctx.db.query(`DELETE FROM deals WHERE title LIKE 'Cap filler %'`));

    it('is exact up to the cap and reports the cap with totalCapped beyond it; pages are unchanged', async () => {
      const { body, by } = await summary();
      expect(by['Post-Investment']).toMatchObject({ total: CAP, totalCapped: false });
      expect(by.Exit).toMatchObject({ total: CAP, totalCapped: true });
      for (const stage of ['Sourcing', 'Execution'] as const)
        expect(by[stage]).toMatchObject({ total: await count(stage), totalCapped: false });
      for (const stage of ['Post-Investment', 'Exit'] as const) {
        expect(body.deals.filter((d) => d.stage === stage)).toHaveLength(DEAL_PAGE_SIZE);
        expect(by[stage].nextCursor).not.toBeNull();
      }
    });

    it('pages through a capped stage to its last deal with the cursor', async () => {
      const truth = (
        await sql<{ id: string }>(`SELECT id FROM deals WHERE stage = 'Exit' ORDER BY created_at DESC, id DESC`).all(ctx.db)
      ).map((r) => r.id);
      expect(truth.length).toBe(CAP + 1);
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const qs: URLSearchParams = new URLSearchParams({ stage: 'Exit', limit: '100' });
        if (cursor) qs.set('cursor', cursor);
        const page = stagePageOf(await list(Object.fromEntries(qs)));
        ids.push(...page.deals.map((d) => d.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(ids).toEqual(truth);
    });

    it('follows moves across the cap', async () => {
      const { body } = await summary();
      const leaver = body.deals.find((d) => d.stage === 'Exit');
      if (!leaver) throw new Error('no deal in Exit');
      expect((await move(leaver.id, { stage: 'Post-Investment' })).statusCode).toBe(200);
      const { by } = await summary();
      // Exit: exactly the cap now; Post-Investment: one over it.
      expect(by.Exit).toMatchObject({ total: CAP, totalCapped: false });
      expect(by['Post-Investment']).toMatchObject({ total: CAP, totalCapped: true });
    });
  });
});
