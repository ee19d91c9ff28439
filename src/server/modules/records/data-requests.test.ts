import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_RULES } from '../../../shared/retention.ts';
import { sql } from '../../db/sql.ts';
import { errorBody, injectApi } from '../../testing/api-client.ts';
import { type CreatedUser, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { verifyChain } from '../audit/verify.ts';
import type { SubjectArchive } from './subject-archive.ts';

/** Data-subject requests through the real app (decision 051); the company zone is Asia/Dubai (UTC+4). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('data-subject requests', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let clock = new Date('2026-01-31T10:00:00Z');
  let admin: CreatedUser;
  let adminCookie: string;
  let dealId: string;

  beforeAll(async () => {
    ctx = await createTestContext({}, { settings: { timezone: 'UTC+4' }, now: () => clock });
    admin = await createUser(ctx, { role: 'admin', adminUserType: 'legal', name: 'Records Admin' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
    const deal = await sql<{ id: string }>(`INSERT INTO deals (title, type) VALUES ('Records Fund', 'PPP') RETURNING id`).first(ctx.db);
    dealId = deal?.id ?? '';
  });
  afterAll(() => ctx.close());

  // Bodies as they come: the refusal cases send a kind and fields the schema refuses.
  const file = (cookie: string, kind: string, details = '') =>
    api('POST /api/investor/data-requests', { cookie, rawBody: { kind, details } });
  const answer = (id: string, body: Record<string, unknown> = { answer: 'Done.' }, cookie = adminCookie) =>
    api('POST /api/data-requests/:id/answer', { cookie, params: { id }, rawBody: body });

  async function investor(name: string) {
    const u = await createUser(ctx, { role: 'investor', name });
    return { ...u, cookie: await signIn(ctx, u.email, u.password) };
  }
  /** Ledger amounts per deal as exact decimal text (numeric summed in the database, never floats). */
  const fundTotals = () =>
    sql<{ deal_id: string; total: string; n: string }>(
      'SELECT deal_id, sum(amount)::text AS total, count(*)::text AS n FROM ledger_entries GROUP BY deal_id ORDER BY deal_id',
    ).all(ctx.db);

  it('files a copy request due one month later in the calendar; the answer hands over the archive to its investor only', async () => {
    // 31 January (14:00 in Dubai): the next month has no 31st, so the answer is due on 28 February 2026 (by hand).
    clock = new Date('2026-01-31T10:00:00Z');
    const inv = await investor('Archive Investor');
    await ctx.db.query(
      `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'commitment', 250000.10, '2025-02-01')`,
      [inv.id, dealId],
    );
    const res = await file(inv.cookie, 'access');
    expect(res.statusCode, res.body).toBe(201);
    const { request } = res.json();
    expect(request).toMatchObject({
      kind: 'access',
      status: 'open',
      dueOn: '2026-02-28',
      investorName: 'Archive Investor',
      hasArchive: false,
    });
    const item = await sql<{ due: string; title: string; workflow_state: string }>(
      `SELECT due_date::text AS due, title, workflow_state FROM compliance_items c JOIN data_subject_requests r ON r.compliance_item_id = c.id WHERE r.id = $1`,
    ).first(ctx.db, [request.id]);
    expect(item).toEqual({
      due: '2026-02-28',
      title: 'Data-subject request (copy of data): Archive Investor',
      workflow_state: 'not_started',
    });

    // A second open copy request is a conflict; the archive is not there before the answer.
    const again = await file(inv.cookie, 'access');
    expect([again.statusCode, errorBody(again).message]).toEqual([409, 'You already have an open request of this kind']);
    const early = await ctx.app.inject({
      method: 'GET',
      url: `/api/investor/data-requests/${request.id}/archive`,
      headers: { cookie: inv.cookie },
    });
    expect(early.statusCode).toBe(404);

    // Twenty admins' answers at once: one answer, nineteen conflicts.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => answer(request.id, { answer: `Your data, take ${i}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    const answered = answers.find((a) => a.statusCode === 200)?.json()?.request;
    expect(answered).toMatchObject({ status: 'answered', outcome: 'fulfilled', hasArchive: true, answeredBy: 'Records Admin' });
    const done = await sql<{ workflow_state: string }>(
      'SELECT workflow_state FROM compliance_items c JOIN data_subject_requests r ON r.compliance_item_id = c.id WHERE r.id = $1',
    ).first(ctx.db, [request.id]);
    expect(done?.workflow_state).toBe('completed');

    const dl = await ctx.app.inject({
      method: 'GET',
      url: `/api/investor/data-requests/${request.id}/archive`,
      headers: { cookie: inv.cookie },
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('attachment');
    // A downloaded file (the table types it as a file, not JSON): its content is the archive.
    const archive = JSON.parse(dl.body) as SubjectArchive;
    expect(archive.profile).toMatchObject({ id: inv.id, name: 'Archive Investor', email: inv.email });
    // The amount as inserted above, as text: never a float.
    expect(archive.ledger).toEqual([
      expect.objectContaining({ deal: 'Records Fund', kind: 'commitment', amount: '250000.10', entryDate: '2025-02-01' }),
    ]);
    expect(archive.signIns.some((s) => s.outcome === 'signed_in')).toBe(true);
    for (const key of ['kyc', 'classification', 'subscriptions', 'statements', 'messages', 'consents'] as const)
      expect(archive).toHaveProperty(key);

    // Another investor, and an admin on the investor's route, cannot fetch it.
    const other = await investor('Other Investor');
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/investor/data-requests/${request.id}/archive`,
      headers: { cookie: other.cookie },
    });
    expect([theirs.statusCode, errorBody(theirs).message]).toEqual([404, 'Data request not found']);
    const asAdmin = await ctx.app.inject({
      method: 'GET',
      url: `/api/investor/data-requests/${request.id}/archive`,
      headers: { cookie: adminCookie },
    });
    expect(asAdmin.statusCode).toBe(403);
    // Each investor sees only their own requests; the admins' queue sees all.
    const mine = await api('GET /api/investor/data-requests', { cookie: other.cookie });
    expect(mine.json().requests).toEqual([]);
    const queue = await api('GET /api/data-requests', { cookie: adminCookie });
    expect(queue.json().requests.map((r) => r.id)).toContain(request.id);
    expect((await verifyChain(ctx.db)).ok).toBe(true);
  });

  it('refuses bad input with field messages and unknown or answered requests with 404 and 409', async () => {
    const inv = await investor('Input Investor');
    const noDetails = await file(inv.cookie, 'rectification', '   ');
    expect([noDetails.statusCode, errorBody(noDetails).fields?.details]).toEqual([400, 'Say what is wrong and what it should be']);
    const badKind = await file(inv.cookie, 'everything');
    expect([badKind.statusCode, errorBody(badKind).fields?.kind]).toEqual([400, 'Choose what you are asking for']);
    const ok = await file(inv.cookie, 'rectification', 'My nationality is Kenyan, not Ugandan.');
    const { request } = ok.json();
    const empty = await answer(request.id, { answer: ' ' });
    expect([empty.statusCode, errorBody(empty).fields?.answer]).toEqual([400, 'Write the answer to the investor']);
    // The body cannot set the outcome or the status (mass assignment): only answer and refuse are read.
    const refused = await answer(request.id, {
      answer: 'We hold your passport, which says Ugandan.',
      refuse: true,
      outcome: 'fulfilled',
      status: 'open',
    });
    expect(refused.json().request).toMatchObject({ status: 'answered', outcome: 'refused' });
    expect((await answer(request.id)).statusCode).toBe(409);
    expect((await answer('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await answer('not-a-uuid')).statusCode).toBe(400); // a malformed id (decision 033, amended)
    // An investor cannot answer.
    expect((await answer(request.id, { answer: 'Self-service' }, inv.cookie)).statusCode).toBe(403);
    // Twenty filings of one kind at once: one request (and one calendar item), nineteen conflicts.
    const items = async () =>
      (
        await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM compliance_items WHERE title LIKE 'Data-subject request (erasure): Input Investor'`,
        ).first(ctx.db)
      )?.n;
    expect(await items()).toBe(0);
    const filings = await Promise.all(Array.from({ length: 20 }, () => file(inv.cookie, 'erasure')));
    expect(filings.map((f) => f.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await items()).toBe(1);
  });

  it('erasure of a current client: choices and tokens erased at once, records kept with their rules; ledger totals unchanged', async () => {
    clock = new Date('2026-11-27T08:00:00Z');
    const inv = await investor('Current Client');
    await ctx.db.query(
      `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'commitment', 100000.01, '2026-01-15')`,
      [inv.id, dealId],
    );
    await ctx.db.query(
      `INSERT INTO notification_preferences (user_id, disabled_topics, unsubscribe_token) VALUES ($1, '{deal_alerts}', 'tok-current-client')`,
      [inv.id],
    );
    const before = await fundTotals();
    const { request } = (await file(inv.cookie, 'erasure')).json();
    const res = await answer(request.id, { answer: 'Partly erased; the rest is kept as the law requires.' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().request;
    expect(r.outcome).toBe('partly_refused');
    expect(r.erasure?.erased).toEqual(['notification_choices', 'api_tokens']);
    // The account is active: the relationship has not ended, so no end date yet.
    expect(r.erasure?.kept).toEqual([
      { category: 'identity_kyc', rule: RETENTION_RULES.kyc_aml.rule, keptUntil: null },
      { category: 'investments', rule: RETENTION_RULES.transactions.rule, keptUntil: null },
    ]);
    const prefs = await sql<{ n: number }>('SELECT count(*)::int AS n FROM notification_preferences WHERE user_id = $1').first(ctx.db, [
      inv.id,
    ]);
    expect(prefs?.n).toBe(0);
    const profile = await sql<{ name: string }>('SELECT name FROM profiles WHERE id = $1').first(ctx.db, [inv.id]);
    expect(profile?.name).toBe('Current Client');
    expect(await fundTotals()).toEqual(before);
  });

  it('erasure under a legal hold is refused with the hold as the rule', async () => {
    const inv = await investor('Held Client');
    await api('POST /api/legal-holds', {
      cookie: adminCookie,
      body: { subjectKind: 'investor', subjectId: inv.id, reason: 'DFSA enquiry 2026/31' },
    });
    const { request } = (await file(inv.cookie, 'erasure')).json();
    const r = (await answer(request.id)).json().request;
    expect(r.outcome).toBe('refused');
    expect(r.erasure?.erased).toEqual([]);
    expect(r.erasure?.kept.map((k) => k.category)).toEqual(['notification_choices', 'api_tokens', 'identity_kyc']);
    expect(r.erasure?.kept[0]?.rule).toMatch(/^Legal hold placed on \d{4}-\d{2}-\d{2}: DFSA enquiry 2026\/31$/);
    const profile = await sql<{ name: string; status: string }>('SELECT name, status FROM profiles WHERE id = $1').first(ctx.db, [inv.id]);
    expect(profile).toEqual({ name: 'Held Client', status: 'active' });
  });

  it('a hold on a deal the investor is in refuses their erasure too, naming the deal', async () => {
    const inv = await investor('Deal Held Client');
    await ctx.db.query(
      `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'commitment', 5000.00, '2026-01-15')`,
      [inv.id, dealId],
    );
    const title = (await sql<{ title: string }>('SELECT title FROM deals WHERE id = $1').first(ctx.db, [dealId]))?.title;
    const hold = await api('POST /api/legal-holds', {
      cookie: adminCookie,
      body: { subjectKind: 'deal', subjectId: dealId, reason: 'Arbitration 7/2026' },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const holdId = hold.json().hold.id;
    const { request } = (await file(inv.cookie, 'erasure')).json();
    const r = (await answer(request.id)).json().request;
    expect(r.outcome).toBe('refused');
    expect(r.erasure?.erased).toEqual([]);
    expect(r.erasure?.kept[0]?.rule).toBe(`Legal hold placed on ${todayUtc()} on ${title}: Arbitration 7/2026`);
    // Lifted again: the later tests use the same deal.
    const lifted = await api('POST /api/legal-holds/:id/lift', {
      cookie: adminCookie,
      params: { id: holdId },
      body: { reason: 'Arbitration settled' },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
  });

  it('a person with no records is erased at once: "Former investor #id", no way to sign in', async () => {
    const inv = await investor('Prospect Only');
    const { request } = (await file(inv.cookie, 'erasure')).json();
    const r = (await answer(request.id)).json().request;
    expect(r.erasure?.kept).toEqual([]);
    expect(r.outcome).toBe('fulfilled');
    const p = await sql<{ name: string; email: string; status: string }>('SELECT name, email, status FROM profiles WHERE id = $1').first(
      ctx.db,
      [inv.id],
    );
    expect(p).toEqual({
      name: `Former investor #${inv.id.slice(0, 8)}`,
      email: `former-investor-${inv.id}@erased.invalid`,
      status: 'suspended',
    });
    const signInAgain = await api('POST /api/auth/sign-in', { cookie: '', body: { email: inv.email, password: inv.password } });
    expect(signInAgain.statusCode).toBe(401);
    const mine = await api('GET /api/investor/data-requests', { cookie: inv.cookie });
    expect(mine.statusCode).toBe(401);
  });

  it('retention runs to the last day in Dubai: kept at 23:59 on 11 March 2026, erased from midnight, money totals unchanged', async () => {
    // Suspended at 2020-03-10 20:30 UTC, which is 00:30 on 11 March 2020 in Dubai; the last
    // transaction was on 1 February 2020. Six years from 11 March 2020: kept through 11 March 2026 (by hand).
    async function closedClient(name: string) {
      const inv = await investor(name);
      await ctx.db.query(
        `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'commitment', 333333.33, '2020-02-01'), ($1, $2, 'contribution', 0.01, '2020-02-01')`,
        [inv.id, dealId],
      );
      const { request } = (await file(inv.cookie, 'erasure')).json();
      await ctx.db.query('UPDATE profiles SET status = $2 WHERE id = $1', [inv.id, 'suspended']);
      await ctx.db.query(
        `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, created_at) VALUES ('user_status_change', $2, $1, '{"from":"active","to":"suspended"}', '2020-03-10T20:30:00Z')`,
        [inv.id, admin.id],
      );
      return { inv, request };
    }
    const a = await closedClient('Closed Client A');
    const b = await closedClient('Closed Client B');
    const before = await fundTotals();

    clock = new Date('2026-03-11T19:59:59Z'); // 23:59:59 on 11 March in Dubai: the last day kept
    const keptRes = await answer(a.request.id);
    expect(keptRes.statusCode, keptRes.body).toBe(200);
    const kept = keptRes.json().request;
    expect(kept.outcome).toBe('partly_refused');
    expect(kept.erasure?.kept.map((k) => [k.category, k.keptUntil])).toEqual([
      ['identity_kyc', '2026-03-11'],
      ['investments', '2026-03-11'],
    ]);
    expect((await sql<{ name: string }>('SELECT name FROM profiles WHERE id = $1').first(ctx.db, [a.inv.id]))?.name).toBe(
      'Closed Client A',
    );

    clock = new Date('2026-03-11T20:00:00Z'); // 00:00 on 12 March in Dubai
    const gone = (await answer(b.request.id)).json().request;
    expect(gone.outcome).toBe('fulfilled');
    expect(gone.erasure?.erased).toEqual(['notification_choices', 'api_tokens', 'identity_kyc', 'investments']);
    expect((await sql<{ name: string }>('SELECT name FROM profiles WHERE id = $1').first(ctx.db, [b.inv.id]))?.name).toBe(
      `Former investor #${b.inv.id.slice(0, 8)}`,
    );
    // The ledger keeps every amount: each fund's total and count are what they were.
    expect(await fundTotals()).toEqual(before);
    const ledger = await sql<{ total: string }>('SELECT sum(amount)::text AS total FROM ledger_entries WHERE investor_id = $1').first(
      ctx.db,
      [b.inv.id],
    );
    expect(ledger?.total).toBe('333333.34'); // 333333.33 + 0.01, by hand
    expect((await verifyChain(ctx.db)).ok).toBe(true);
  });
});
