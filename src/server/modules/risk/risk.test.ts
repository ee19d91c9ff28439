import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_OVERDUE_MESSAGE, REFRESH_PENDING_MESSAGE } from '../../../shared/risk-rating.ts';
import { sql } from '../../db/sql.ts';
import { moneyFixtures } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { enqueueKycRefreshReminders, refreshState } from './service.ts';

/**
 * Risk rating and periodic KYC refresh (issue 31 part 4, decision 050) through the API, on PGlite
 * and (TEST_DB=postgres) PostgreSQL. The company's zone is Dubai (UTC+4) here, so that the
 * approval instant and the due day differ from UTC.
 */
describe('risk rating and KYC refresh', () => {
  let ctx: TestContext;
  let adminCookie: string;
  let adminId: string;
  let m: ReturnType<typeof moneyFixtures>;

  beforeAll(async () => {
    ctx = await createTestContext({}, { settings: { timezone: 'Asia/Dubai' } });
    const a = await createUser(ctx, { role: 'admin', name: 'Risk Admin' });
    adminId = a.id;
    adminCookie = await signIn(ctx, a.email, a.password);
    m = moneyFixtures(
      () => ctx,
      () => adminCookie,
    );
  });
  afterAll(() => ctx.close());

  const approvedAt = (investorId: string, instant: string) =>
    ctx.db.query('UPDATE kyc_applications SET reviewed_at = $2 WHERE investor_id = $1', [investorId, instant]);

  it('shows the rating with each factor; an admin overrides it with a reason; of 20 parallel overrides one is recorded', async () => {
    const inv = await m.investor('Risky Offshore Fund');
    await ctx.db.query("UPDATE profiles SET investor_user_type = 'offshore_fund', residence_country = 'KE' WHERE id = $1", [inv.id]);
    expect((await m.call('GET', `/api/risk/investors/${inv.id}`, inv.cookie)).statusCode).toBe(403);
    const first = await m.call('GET', `/api/risk/investors/${inv.id}`, adminCookie);
    expect(first.statusCode, first.body).toBe(200);
    // By hand: residence Kenya (grey list) 2 + offshore fund 2 + no source-of-funds document 1 = 5: high.
    expect(first.json().risk).toMatchObject({ computed: 'high', points: 5, rating: 'high', override: null });
    expect(first.json().risk.contributions).toHaveLength(6);
    // The rating follows a factor at once: moved to the UAE, 2 + 1 = 3: medium.
    await ctx.db.query("UPDATE profiles SET residence_country = 'AE' WHERE id = $1", [inv.id]);
    expect((await m.call('GET', `/api/risk/investors/${inv.id}`, adminCookie)).json().risk).toMatchObject({
      computed: 'medium',
      points: 3,
    });
    // A KYC document counts only as the source of funds: a passport leaves 3; the source of funds takes its 1 away (2 + 0 = 2: medium).
    const addDocument = (kind: string) =>
      ctx.db.query(
        `INSERT INTO kyc_documents (application_id, kind, file_path, original_name, extension, mime_type, byte_size, sha256)
         SELECT id, $2, 'risk-test/' || $2 || '-' || id, 'd.pdf', 'pdf', 'application/pdf', 1, 'x' FROM kyc_applications WHERE investor_id = $1`,
        [inv.id, kind],
      );
    await addDocument('passport');
    expect((await m.call('GET', `/api/risk/investors/${inv.id}`, adminCookie)).json().risk).toMatchObject({ points: 3 });
    await addDocument('source_of_funds');
    expect((await m.call('GET', `/api/risk/investors/${inv.id}`, adminCookie)).json().risk).toMatchObject({
      computed: 'medium',
      points: 2,
    });

    const noReason = await m.call('POST', `/api/risk/investors/${inv.id}/override`, adminCookie, {
      rating: 'high',
      expected: 'medium',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBeTruthy();
    const unknown = await m.call('POST', '/api/risk/investors/00000000-0000-4000-8000-000000000000/override', adminCookie, {
      rating: 'high',
      expected: 'medium',
      reason: 'Adverse media',
    });
    expect(unknown.statusCode).toBe(404);

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        m.call('POST', `/api/risk/investors/${inv.id}/override`, adminCookie, {
          rating: 'high',
          expected: 'medium',
          reason: `Adverse media ${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await sql<{ n: number }>('SELECT count(*)::int AS n FROM risk_overrides WHERE investor_id = $1').first(ctx.db, [inv.id]);
    expect(rows?.n).toBe(1);
    const after = (await m.call('GET', `/api/risk/investors/${inv.id}`, adminCookie)).json();
    expect(after.risk).toMatchObject({ computed: 'medium', rating: 'high', override: { rating: 'high', byName: 'Risk Admin' } });
    const logged = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM activity_logs WHERE activity_type = 'risk_rating_overridden' AND target_user_id = $1 AND user_id = $2",
    ).first(ctx.db, [inv.id, adminId]);
    expect(logged?.n).toBe(1);
  });

  it('the due date is the interval after the KYC approval day in the company zone; current through it, overdue the day after', async () => {
    const inv = await m.investor('Boundary Investor');
    // 21:30 UTC on 31 March 2024 is 1 April 01:30 in Dubai: the approval day is 2024-04-01.
    await approvedAt(inv.id, '2024-03-31T21:30:00Z');
    // hni, no residence (1) + no source of funds (1) = 2: medium, 24 months.
    const onDue = await refreshState(ctx.db, inv.id, '2026-04-01');
    expect(onDue).toMatchObject({ dueDate: '2026-04-01', overdue: false, intervalMonths: 24 });
    expect((await refreshState(ctx.db, inv.id, '2026-04-02')).overdue).toBe(true);
  });

  it('an overdue refresh blocks new subscriptions; the investor completes it, 20 parallel approvals give one, and they subscribe', async () => {
    const inv = await m.investor('Overdue Investor');
    const deal = await m.openDeal('Refresh Deal');
    // Approved five years ago: overdue whatever the rating (36 months at most).
    await approvedAt(inv.id, new Date(Date.now() - 5 * 366 * 86_400_000).toISOString());
    const mine = await m.call('GET', '/api/investor/kyc-refresh', inv.cookie);
    expect(mine.json().refresh).toMatchObject({ overdue: true, pending: null });
    const refused = await m.call('POST', '/api/investor/subscriptions', inv.cookie, { dealId: deal.id, amount: '100' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'KYC_REFRESH_OVERDUE', message: REFRESH_OVERDUE_MESSAGE });
    const classification = (await m.call('GET', '/api/investor/classification', inv.cookie)).json();
    expect(classification.blocking.map((b: { code: string }) => b.code)).toEqual(['KYC_REFRESH_OVERDUE']);

    const unconfirmed = await m.call('POST', '/api/investor/kyc-refresh', inv.cookie, { residenceCountry: 'AE', detailsConfirmed: false });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fields.detailsConfirmed).toBe('Confirm that your details are correct');
    const badCountry = await m.call('POST', '/api/investor/kyc-refresh', inv.cookie, { residenceCountry: 'Dubai', detailsConfirmed: true });
    expect(badCountry.statusCode).toBe(400);
    const sent = await m.call('POST', '/api/investor/kyc-refresh', inv.cookie, {
      residenceCountry: 'ae',
      detailsConfirmed: true,
      changes: 'New address in Dubai Marina',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().refresh.pending).toMatchObject({ residenceCountry: 'AE', changes: 'New address in Dubai Marina' });
    expect(
      (await m.call('POST', '/api/investor/kyc-refresh', inv.cookie, { residenceCountry: 'AE', detailsConfirmed: true })).statusCode,
    ).toBe(409);
    const waiting = await m.call('POST', '/api/investor/subscriptions', inv.cookie, { dealId: deal.id, amount: '100' });
    expect(waiting.json()).toMatchObject({ code: 'KYC_REFRESH_PENDING', message: REFRESH_PENDING_MESSAGE });

    expect((await m.call('GET', '/api/kyc-refreshes', inv.cookie)).statusCode).toBe(403);
    const queue = (await m.call('GET', '/api/kyc-refreshes', adminCookie)).json().refreshes;
    const item = queue.find((r: { investorId: string }) => r.investorId === inv.id);
    expect(item).toMatchObject({ investorName: 'Overdue Investor', residenceCountry: 'AE' });
    expect((await m.call('POST', `/api/kyc-refreshes/${item.id}/approve`, inv.cookie, {})).statusCode).toBe(403);

    const approvals = await Promise.all(
      Array.from({ length: 20 }, () => m.call('POST', `/api/kyc-refreshes/${item.id}/approve`, adminCookie, { note: 'Documents checked' })),
    );
    expect(approvals.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(approvals.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const approved = approvals.find((r) => r.statusCode === 200)?.json();
    // Residence UAE now (0) + no source of funds (1) = 1: low, 36 months from today (company zone).
    expect(approved.risk).toMatchObject({ computed: 'low', points: 1 });
    const today = (await sql<{ d: string }>("SELECT to_char(now() AT TIME ZONE 'Asia/Dubai', 'YYYY-MM-DD') AS d").first(ctx.db))
      ?.d as string;
    const due = `${Number(today.slice(0, 4)) + 3}${today.slice(4)}`;
    expect(approved.refresh).toMatchObject({
      overdue: false,
      pending: null,
      intervalMonths: 36,
      dueDate: due === `${Number(today.slice(0, 4)) + 3}-02-29` ? `${Number(today.slice(0, 4)) + 3}-02-28` : due,
    });
    const items = await sql<{ due_date: string }>(
      "SELECT due_date::text AS due_date FROM compliance_items WHERE type = 'kyc_refresh' AND title = 'KYC refresh: Overdue Investor' AND workflow_state <> 'completed'",
    ).all(ctx.db);
    expect(items).toEqual([{ due_date: approved.refresh.dueDate }]);
    expect((await m.call('POST', '/api/investor/subscriptions', inv.cookie, { dealId: deal.id, amount: '100' })).statusCode).toBe(201);
    expect((await m.call('POST', '/api/kyc-refreshes/00000000-0000-4000-8000-000000000000/approve', adminCookie, {})).statusCode).toBe(404);
  });

  it('a refresh that confirms a different country of residence asks for a new tax self-certification (change of circumstances)', async () => {
    const inv = await m.investor('Moving Investor');
    // Living in Kenya on the profile, certified for tax (the fixture's investor is certified).
    await ctx.db.query("UPDATE profiles SET residence_country = 'KE', residence_address = '1 Riverside Drive, Nairobi' WHERE id = $1", [
      inv.id,
    ]);
    const sent = await m.call('POST', '/api/investor/kyc-refresh', inv.cookie, { residenceCountry: 'AE', detailsConfirmed: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = (await m.call('GET', '/api/kyc-refreshes', adminCookie))
      .json()
      .refreshes.find((r: { investorId: string }) => r.investorId === inv.id).id;
    expect((await m.call('POST', `/api/kyc-refreshes/${id}/approve`, adminCookie, { note: 'Moved to Dubai' })).statusCode).toBe(200);
    expect(
      await sql<{ residence_country: string }>('SELECT residence_country FROM profiles WHERE id = $1').first(ctx.db, [inv.id]),
    ).toEqual({
      residence_country: 'AE',
    });
    // The change is recorded for tax, due 90 days after today in the company zone (decision 049).
    const change = await sql<{ residence_country: string; previous_country: string; days: number }>(
      `SELECT residence_country, previous_country, (due_date - changed_on)::int AS days FROM tax_circumstance_changes WHERE investor_id = $1`,
    ).all(ctx.db, [inv.id]);
    expect(change).toEqual([{ residence_country: 'AE', previous_country: 'KE', days: 90 }]);
    // The same country again is no change: nothing more is recorded.
    await m.call('POST', '/api/investor/kyc-refresh', inv.cookie, { residenceCountry: 'AE', detailsConfirmed: true });
    const again = (await m.call('GET', '/api/kyc-refreshes', adminCookie))
      .json()
      .refreshes.find((r: { investorId: string }) => r.investorId === inv.id).id;
    expect((await m.call('POST', `/api/kyc-refreshes/${again}/approve`, adminCookie, {})).statusCode).toBe(200);
    expect(
      await sql<{ n: number }>('SELECT count(*)::int AS n FROM tax_circumstance_changes WHERE investor_id = $1').first(ctx.db, [inv.id]),
    ).toEqual({ n: 1 });
  });

  it('reminds the investor 30 days before the refresh falls due and on the day, once each under parallel daily runs (Dubai days)', async () => {
    const inv = await m.investor('Reminder Investor');
    await approvedAt(inv.id, '2024-03-10T08:00:00Z');
    const dueDate = (await m.call('GET', `/api/risk/investors/${inv.id}`, adminCookie)).json().refresh.dueDate as string;
    // By hand: a Dubai day D starts at 20:00 UTC on the day before D (UTC+4).
    const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const startOf = (day: string) => new Date(`${shift(day, -1)}T20:00:00Z`);
    const windowStart = shift(dueDate, -30);
    const run = (now: Date, n = 1) => Promise.all(Array.from({ length: n }, () => ctx.db.tx((q) => enqueueKycRefreshReminders(q, now))));
    const sent = async () =>
      (
        await sql<{ subject: string }>(
          "SELECT subject FROM email_outbox WHERE kind = 'kyc_refresh_reminder' AND user_id = $1 ORDER BY created_at, id",
        ).all(ctx.db, [inv.id])
      ).map((r) => r.subject);
    // The last second of the day before the window: nothing.
    await run(new Date(startOf(windowStart).getTime() - 1000));
    expect(await sent()).toEqual([]);
    // The window's first day, 20 daily runs at once: one reminder.
    await run(startOf(windowStart), 20);
    expect(await sent()).toEqual(['Reminder: your periodic KYC refresh is due soon']);
    // Later in the window: not again.
    await run(startOf(shift(dueDate, -1)));
    expect(await sent()).toHaveLength(1);
    // The due day: the second reminder, once.
    await run(startOf(dueDate), 20);
    expect(await sent()).toEqual(['Reminder: your periodic KYC refresh is due soon', 'Your periodic KYC refresh is due today']);
    // The day after: overdue, no more reminders (the subscription gate applies).
    await run(startOf(shift(dueDate, 1)));
    expect(await sent()).toHaveLength(2);
  });
});
