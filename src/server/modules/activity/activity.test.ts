import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TOTAL_CAP, type ActivityLogPage } from '../../../shared/activity.ts';
import { ACTIVITY_LOG_PAGE_SIZE } from '../../../shared/constants.ts';
import { sql } from '../../db/sql.ts';
import { type CreatedUser, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { activityQueries, toEntry } from './repository.ts';

const GONE_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';

describe('GET /api/activity-logs', () => {
  let ctx: TestContext;
  let admin: CreatedUser;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Logs Admin' });
    cookie = await signIn(ctx, admin.email, admin.password);
  });
  afterAll(() => ctx.close());

  const get = async (query: Record<string, string | number> = {}): Promise<ActivityLogPage> => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/activity-logs?${qs}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActivityLogPage;
  };
  /** `n` log rows of `type` whose details carry `tag` (found by a search for it). */
  const insertMany = (n: number, type: string, tag: string) =>
    ctx.db.query(
      `INSERT INTO activity_logs (activity_type, user_id, details, ip_address)
       SELECT $1, $2, jsonb_build_object('tag', $3::text, 'n', g), '10.9.9.9' FROM generate_series(1, $4::int) g`,
      [type, admin.id, tag, n],
    );

  it('resolves the user and target of each row on the page: names, e-mails, Unknown (deleted) and System', async () => {
    const target = await createUser(ctx, { role: 'investor', name: 'Quokka Target', email: 'quokka.target@example.test' });
    await ctx.db.query(
      `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details) VALUES
         ('user_status_change', $1, $2, '{"marker":"names-1"}'),
         ('user_status_change', $3, $2, '{"marker":"names-2"}'),
         ('user_signup', NULL, NULL, '{"marker":"names-3"}')`,
      [admin.id, target.id, GONE_ID],
    );
    const page = await get({ search: 'names-' });
    expect(page).toEqual({ logs: expect.any(Array), total: 3, totalCapped: false, nextCursor: null });
    expect(Object.keys(page)).toEqual(['logs', 'total', 'totalCapped', 'nextCursor']);
    expect(page.logs.map((l) => l.details.marker)).toEqual(['names-3', 'names-2', 'names-1']);
    expect(page.logs[0]).toMatchObject({
      userId: null,
      userName: null,
      userEmail: null,
      targetUserId: null,
      targetName: null,
      targetEmail: null,
    });
    expect(page.logs[1]).toMatchObject({
      userId: GONE_ID,
      userName: null,
      userEmail: null,
      targetUserId: target.id,
      targetName: 'Quokka Target',
    });
    expect(page.logs[2]).toMatchObject({
      activityType: 'user_status_change',
      userId: admin.id,
      userName: 'Logs Admin',
      userEmail: admin.email,
      targetUserId: target.id,
      targetName: 'Quokka Target',
      targetEmail: 'quokka.target@example.test',
    });
    expect(Object.keys(page.logs[2] ?? {}).sort()).toEqual(
      [
        'activityType',
        'createdAt',
        'details',
        'id',
        'ipAddress',
        'targetEmail',
        'targetName',
        'targetUserId',
        'userEmail',
        'userId',
        'userName',
      ].sort(),
    );
  });

  it('answers the exact JSON text of a page, key order included (what the screen reads)', async () => {
    const who = await createUser(ctx, { role: 'investor', name: 'Echidna Exact', email: 'echidna.exact@example.test' });
    // Fixed times and ids read back from the rows; the expected text is written out by hand below.
    const inserted = await sql<{ id: number }>(
      `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, ip_address, created_at) VALUES
         ('user_status_change', $1, $2, '{"marker":"exact-json","nested":{"b":[1,"x"],"a":null}}', '10.1.2.3', timestamptz '2026-03-04 05:06:07.089+00'),
         ('user_signup', NULL, NULL, '{"marker":"exact-json"}', NULL, timestamptz '2026-03-04 05:06:08+00')
       RETURNING id`,
    ).all(ctx.db, [admin.id, who.id]);
    const [first, second] = inserted.map((r) => r.id);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/activity-logs?search=exact-json', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // jsonb stores object keys by length then bytewise ("a" before "b", "marker" before "nested").
    expect(res.body).toBe(
      '{"logs":[' +
        `{"id":${second},"activityType":"user_signup","userId":null,"userName":null,"userEmail":null,"targetUserId":null,"targetName":null,"targetEmail":null,"details":{"marker":"exact-json"},"ipAddress":null,"createdAt":"2026-03-04T05:06:08.000Z"},` +
        `{"id":${first},"activityType":"user_status_change","userId":"${admin.id}","userName":"Logs Admin","userEmail":"${admin.email}","targetUserId":"${who.id}","targetName":"Echidna Exact","targetEmail":"echidna.exact@example.test","details":{"marker":"exact-json","nested":{"a":null,"b":[1,"x"]}},"ipAddress":"10.1.2.3","createdAt":"2026-03-04T05:06:07.089Z"}` +
        '],"total":2,"totalCapped":false,"nextCursor":null}',
    );
  });

  it('runs the page and the count compiled once per shape: the same SQL, parameters and rows as building them per request', async () => {
    await insertMany(30, 'deal_created', 'shape-check');
    const { pageQuery, countQuery, given } = activityQueries;
    const newest = await sql<{ id: number }>('SELECT max(id) AS id FROM activity_logs').first(ctx.db);
    const filters = [{}, { type: 'deal_created' }, { pattern: '%shape-check%' }, { type: 'deal_created', pattern: '%SHAPE-%' }];
    // Twice over: the second pass runs the compiled statements kept from the first.
    for (const pass of [1, 2])
      for (const f of filters)
        for (const before of [undefined, (newest?.id ?? 0) - 5])
          for (const limit of [1, 7]) {
            const values = { ...given(f), before, limit };
            const label = JSON.stringify({ pass, ...values });
            const kept = pageQuery.compiled(values);
            const fresh = pageQuery.builtNow(values);
            expect(kept.sql, label).toBe(fresh.sql);
            expect(kept.parameters, label).toEqual(fresh.parameters);
            // The rows: the kept statement's, mapped once, against Kysely's run of the fresh query
            // (camelCase rows) mapped as the route did before (decision 035's mapping).
            const viaKysely = (await pageQuery.viaKysely(ctx.db, values)).map((r) => ({
              id: r.id,
              activityType: r.activityType,
              userId: r.userId,
              userName: r.userName,
              userEmail: r.userEmail,
              targetUserId: r.targetUserId,
              targetName: r.targetName,
              targetEmail: r.targetEmail,
              details: r.details,
              ipAddress: r.ipAddress,
              createdAt: r.createdAt.toISOString(),
            }));
            const ours = (await pageQuery.all(ctx.db, values)).map(toEntry);
            expect(ours.length, label).toBeGreaterThan(0);
            expect(JSON.stringify(ours), label).toBe(JSON.stringify(viaKysely));
            const countValues = { ...given(f), limit: 10 };
            expect(countQuery.compiled(countValues).sql, label).toBe(countQuery.builtNow(countValues).sql);
            expect(countQuery.compiled(countValues).parameters, label).toEqual(countQuery.builtNow(countValues).parameters);
            expect(await countQuery.all(ctx.db, countValues), label).toEqual(await countQuery.viaKysely(ctx.db, countValues));
          }
  });

  it('searches the user and target names and e-mails (not in the details) as before', async () => {
    const actor = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Wombat Actor', email: 'wombat.actor@example.test' });
    const target = await createUser(ctx, { role: 'investor', name: 'Numbat Target', email: 'numbat.target@example.test' });
    await ctx.db.query(
      `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details) VALUES
         ('user_login', $1, NULL, '{}'), ('user_status_change', $2, $3, '{}'), ('user_login', $3, NULL, '{}')`,
      [actor.id, admin.id, target.id],
    );
    expect((await get({ search: 'wombat actor' })).total).toBe(1);
    expect((await get({ search: 'WOMBAT.ACTOR@' })).logs.map((l) => l.userName)).toEqual(['Wombat Actor']);
    // As target of one row, as user of another.
    const numbat = await get({ search: 'numbat' });
    expect(numbat.total).toBe(2);
    expect(numbat.logs.map((l) => [l.userName, l.targetName])).toEqual([
      ['Numbat Target', null],
      ['Logs Admin', 'Numbat Target'],
    ]);
    expect((await get({ search: 'numbat.target@example', type: 'user_status_change' })).total).toBe(1);
    expect(await get({ search: 'no-such-person-anywhere' })).toEqual({ logs: [], total: 0, totalCapped: false, nextCursor: null });
  });

  describe(`capped total (${ACTIVITY_TOTAL_CAP.toLocaleString('en-US')})`, () => {
    beforeAll(async () => {
      // Exactly the cap of one type and one more than the cap of another, each with its own tag.
      await insertMany(ACTIVITY_TOTAL_CAP, 'document_uploaded', 'cap-exact');
      await insertMany(ACTIVITY_TOTAL_CAP + 1, 'kyc_submitted', 'cap-over');
      // 20,001 rows through the audit chain's per-row trigger: seconds alone, over a minute on a
      // machine running every suite at once (it timed out at 60 s once).
    }, 240_000);

    it('is exact up to the cap', async () => {
      const exactType = await get({ type: 'document_uploaded' });
      expect(exactType.total).toBe(ACTIVITY_TOTAL_CAP);
      expect(exactType.totalCapped).toBe(false);
      const exactSearch = await get({ search: 'cap-exact' });
      expect([exactSearch.total, exactSearch.totalCapped]).toEqual([ACTIVITY_TOTAL_CAP, false]);
      const both = await get({ search: 'cap-exact', type: 'document_uploaded', limit: 5 });
      expect([both.total, both.totalCapped]).toEqual([ACTIVITY_TOTAL_CAP, false]);
      // Below the cap: exact as ever.
      expect(await get({ type: 'document_uploaded', search: 'no-such-tag' })).toMatchObject({ total: 0, totalCapped: false });
    });

    it('reports the cap and totalCapped beyond it, with the type filter, the search, both, and no filter', async () => {
      const queries: Record<string, string>[] = [
        { type: 'kyc_submitted' },
        { search: 'cap-over' },
        { search: 'CAP-OVER', type: 'kyc_submitted' },
        {},
      ];
      for (const query of queries) {
        const page = await get(query);
        expect([page.total, page.totalCapped], JSON.stringify(query)).toEqual([ACTIVITY_TOTAL_CAP, true]);
        expect(page.logs).toHaveLength(ACTIVITY_LOG_PAGE_SIZE);
        expect(page.nextCursor).toBe(page.logs.at(-1)?.id);
      }
      // A search that matches no row of the filtered type stays exact.
      expect(await get({ search: 'cap-over', type: 'document_uploaded' })).toMatchObject({ total: 0, totalCapped: false });
    });

    it('pages a capped result with the cursor as before, and the later pages carry the same total', async () => {
      const first = await get({ type: 'kyc_submitted' });
      const second = await get({ type: 'kyc_submitted', before: first.nextCursor as number });
      expect([second.total, second.totalCapped]).toEqual([ACTIVITY_TOTAL_CAP, true]);
      expect(second.logs).toHaveLength(ACTIVITY_LOG_PAGE_SIZE);
      const ids = [...first.logs, ...second.logs].map((l) => l.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      for (const l of second.logs)
        expect(l).toMatchObject({ activityType: 'kyc_submitted', userName: 'Logs Admin', ipAddress: '10.9.9.9' });
      // The oldest rows: the last page stops with no cursor.
      const oldest = await sql<{ id: number }>(
        `SELECT id FROM activity_logs WHERE activity_type = 'kyc_submitted' ORDER BY id LIMIT 4`,
      ).all(ctx.db);
      const tail = await get({ type: 'kyc_submitted', before: (oldest[3] as { id: number }).id });
      expect(tail.logs.map((l) => l.id)).toEqual(
        oldest
          .slice(0, 3)
          .map((r) => r.id)
          .reverse(),
      );
      expect(tail.nextCursor).toBeNull();
    });
  });
});
