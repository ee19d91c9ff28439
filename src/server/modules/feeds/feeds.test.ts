import ICAL from 'ical.js';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ILPA_FIELDS } from '../../../shared/ilpa.ts';
import { callApi, errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { harnessDay } from '../../testing/days.ts';
import { moneyFixtures, withPaymentDetails } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { completeSubscriptionSigned } from '../../testing/signing.ts';

/**
 * Investor feeds (issue 34 part 3, decision 048) through the real app: ILPA-template notices
 * (JSON and CSV, per notice and per period, investor and admin, session and token), the
 * capital-account export and the private calendar feed, parsed with a real iCalendar parser.
 */

/** The company's today, computed apart from the product, in the zone the test harness sets. */
const companyDay = harnessDay;

describe('investor feeds', () => {
  let ctx: TestContext;
  let adminCookie: string;
  const f = moneyFixtures(
    () => ctx,
    () => adminCookie,
  );
  const today = companyDay();
  const later = companyDay(30);
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  let dealId: string;
  let call1: string;
  let call2: string;
  let rocEvent: string;
  let incomeEvent: string;
  let bobCall: string;
  let aliceToken: string;

  const api = injectApi(() => ctx.app);
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

  beforeAll(async () => {
    ctx = await createTestContext();
    const a = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    adminCookie = await signIn(ctx, a.email, a.password);
    alice = await f.investor('Alice, "LP"; Ltd');
    bob = await f.investor('Bob Other');
    const deal = await f.openDeal('ILPA Fund I', { spvEntity: 'ILPA SPV Ltd' });
    dealId = deal.id;
    // Alice commits 100,000.00; two calls: 30,000.00 paid in full, 20,000.00 with 5,000.00 received.
    const sub = okJson(await api('POST /api/investor/subscriptions', { cookie: alice.cookie, body: { dealId, amount: '100000.00' } }), 201);
    await completeSubscriptionSigned(ctx, sub.subscription.id, { investorCookie: alice.cookie });
    await withPaymentDetails(ctx, dealId);
    const issue = async (amount: string, purpose: string) =>
      okJson(
        await api('POST /api/capital-calls', {
          cookie: adminCookie,
          body: {
            dealId,
            basis: 'amount',
            amount,
            callDate: today,
            dueDate: later,
            purpose,
            investorIds: [alice.id],
          },
        }),
        201,
      );
    call1 = (await issue('30000.00', 'First investment')).call.id;
    okJson(
      await api('POST /api/capital-calls/:id/receipts', {
        cookie: adminCookie,
        params: { id: call1 },
        body: { investorId: alice.id, amount: '30000.00', valueDate: today },
      }),
      201,
    );
    call2 = (await issue('20000.00', 'Second investment')).call.id;
    okJson(
      await api('POST /api/capital-calls/:id/receipts', {
        cookie: adminCookie,
        params: { id: call2 },
        body: { investorId: alice.id, amount: '5000.00', valueDate: today },
      }),
      201,
    );
    // A Return of Capital distribution of 4,000.00 paid today; an Income one of 1,234.56 expected in 30 days.
    rocEvent = okJson(
      await api('POST /api/distributions', {
        cookie: adminCookie,
        body: {
          dealId,
          type: 'Return of Capital',
          totalAmount: '4000.00',
          paymentDate: today,
        },
      }),
      201,
    ).event.id;
    okJson(await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: rocEvent }, body: {} }));
    incomeEvent = okJson(
      await api('POST /api/distributions', {
        cookie: adminCookie,
        body: { dealId, type: 'Income', totalAmount: '1234.56', paymentDate: later },
      }),
      201,
    ).event.id;
    // Bob holds another deal (his notices must stay his).
    const other = await f.openDeal('Other Fund');
    await f.hold(bob, other.id, '10000.00');
    const bobCalls = okJson(await api('GET /api/investor/capital-calls', { cookie: bob.cookie }));
    bobCall = bobCalls.notices[0]?.callId ?? '';
    aliceToken = okJson(await api('POST /api/me/tokens', { cookie: alice.cookie, body: { name: 'Back office' } }), 201).secret;
  });
  afterAll(() => ctx.close());

  it('gives the ILPA notices with figures worked out by hand, the same by session and token, as JSON and CSV', async () => {
    const viaSession = okJson(await api('GET /api/investor/ilpa-notices', { cookie: alice.cookie }));
    const viaToken = await ctx.app.inject({ method: 'GET', url: '/api/investor/ilpa-notices', headers: bearer(aliceToken) });
    expect(viaToken.statusCode, viaToken.body).toBe(200);
    expect(viaToken.json()).toEqual(viaSession);
    const byId = new Map(viaSession.notices.map((n) => [n.noticeId, n]));
    expect(viaSession.notices).toHaveLength(4);
    // By hand: commitment 100,000.00; call 1 of 30,000.00 leaves 70,000.00 unfunded; call 2 of
    // 20,000.00 leaves 50,000.00; cumulative contributions 30,000.00 then 50,000.00 (called).
    expect(byId.get(call1)).toMatchObject({
      noticeType: 'capital_call',
      fundName: 'ILPA Fund I',
      investmentVehicle: 'ILPA SPV Ltd',
      investorName: 'Alice, "LP"; Ltd',
      noticeDate: today,
      dueDate: later,
      commitment: '100000.00',
      unfundedBefore: '100000.00',
      callInvestments: '30000.00',
      callManagementFees: '0.00',
      callTotal: '30000.00',
      unfundedAfter: '70000.00',
      cumulativeContributions: '30000.00',
      cumulativeDistributions: '0.00',
      amountDue: '30000.00',
      received: '30000.00',
      outstanding: '0.00',
      status: 'Paid',
    });
    expect(byId.get(call2)).toMatchObject({
      unfundedBefore: '70000.00',
      callTotal: '20000.00',
      unfundedAfter: '50000.00',
      cumulativeContributions: '50000.00',
      received: '5000.00',
      outstanding: '15000.00',
      status: 'Partly Paid',
    });
    // The distributions: all to Alice (the only holder). Return of capital 4,000.00 paid; 1,234.56
    // of type Income expected. The waterfall returns contributed capital first (decision 023):
    // 35,000.00 contributed - 4,000.00 returned = 31,000.00 unreturned, so all of the 1,234.56 is
    // its Return of Capital tier. Cumulative distributions including each: 4,000.00, 5,234.56.
    expect(byId.get(rocEvent)).toMatchObject({
      noticeType: 'distribution',
      paymentDate: today,
      unfundedBefore: '50000.00',
      unfundedAfter: '50000.00',
      distReturnOfCapital: '4000.00',
      distRealisedGains: '0.00',
      distIncome: '0.00',
      distGross: '4000.00',
      distFeesWithheld: '0.00',
      distNet: '4000.00',
      cumulativeDistributions: '4000.00',
      status: 'Paid',
    });
    expect(byId.get(incomeEvent)).toMatchObject({
      paymentDate: later,
      distReturnOfCapital: '1234.56',
      distIncome: '0.00',
      distGross: '1234.56',
      distNet: '1234.56',
      cumulativeDistributions: '5234.56',
      status: 'Scheduled',
    });
    // The same figures as the PDF notice's source (the investor's call list).
    const calls = okJson(await api('GET /api/investor/capital-calls', { cookie: alice.cookie }));
    for (const c of calls.notices)
      expect(byId.get(c.callId)).toMatchObject({ amountDue: c.amountDue, received: c.received, outstanding: c.outstanding });

    // CSV: the template's headings in order, one row per notice, the same strings.
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/investor/ilpa-notices.csv', headers: bearer(aliceToken) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = Papa.parse<string[]>(csv.body.trim()).data;
    expect(rows[0]).toEqual(ILPA_FIELDS.map((c) => c.label));
    // The columns written out here, not read from the code: the ILPA Capital Call & Distribution
    // Notice template (2025 update) as decision 048 maps it. A renamed, dropped or reordered column
    // breaks the investors' imports, so it must break this test.
    expect(rows[0]).toEqual([
      'Notice ID',
      'Notice Type',
      'Fund Name',
      'Investment Vehicle',
      'LP Name',
      'LP ID',
      'Notice Date',
      'Due Date',
      'Distribution Date',
      'Currency',
      'LP Commitment',
      'Unfunded Commitment Before This Notice',
      'Capital Call: Investments',
      'Capital Call: Management Fees',
      'Capital Call: Fund Expenses',
      'Capital Call: Other',
      'Total Capital Call This Notice',
      'Unfunded Commitment After This Notice',
      'Distribution: Return of Capital',
      'Distribution: Realised Gains',
      'Distribution: Dividends and Income',
      'Distribution: Interest',
      'Gross Distribution This Notice',
      'Less: Management Fees Withheld',
      'Net Distribution This Notice',
      'Cumulative Contributions Including This Notice',
      'Cumulative Distributions Including This Notice',
      'Amount Due',
      'Received to Date',
      'Outstanding',
      'Status',
    ]);
    expect(rows[0]?.slice(10, 12)).toEqual(['LP Commitment', 'Unfunded Commitment Before This Notice']);
    expect(rows).toHaveLength(5);
    const call2Row = rows.find((r) => r[0] === call2) as string[];
    const col = (label: string) => ILPA_FIELDS.findIndex((c) => c.label === label);
    expect(call2Row[col('LP Name')]).toBe('Alice, "LP"; Ltd');
    expect(call2Row[col('Unfunded Commitment Before This Notice')]).toBe('70000.00');
    expect(call2Row[col('Unfunded Commitment After This Notice')]).toBe('50000.00');
    expect(call2Row[col('Outstanding')]).toBe('15000.00');
    // The same hand-worked figures of call 2 in the amounts-by-purpose and cumulative columns.
    expect(call2Row[col('LP Commitment')]).toBe('100000.00');
    expect(call2Row[col('Capital Call: Investments')]).toBe('20000.00');
    expect(call2Row[col('Capital Call: Management Fees')]).toBe('0.00');
    expect(call2Row[col('Total Capital Call This Notice')]).toBe('20000.00');
    expect(call2Row[col('Cumulative Contributions Including This Notice')]).toBe('50000.00');
    expect(call2Row[col('Cumulative Distributions Including This Notice')]).toBe('0.00');
    const incomeRow = rows.find((r) => r[0] === incomeEvent) as string[];
    expect(incomeRow[col('Distribution: Return of Capital')]).toBe('1234.56');
    expect(incomeRow[col('Net Distribution This Notice')]).toBe('1234.56');
    expect(incomeRow[col('Cumulative Distributions Including This Notice')]).toBe('5234.56');
  });

  it('filters by period, gives one notice by id, and hides other investors’ notices (404)', async () => {
    const none = okJson(await api('GET /api/investor/ilpa-notices', { cookie: alice.cookie, query: { to: companyDay(-1) } }));
    expect(none.notices).toEqual([]);
    const todays = okJson(await api('GET /api/investor/ilpa-notices', { cookie: alice.cookie, query: { from: today, to: today } }));
    // The expected distribution's notice date is its record date (today): all four are of today.
    expect(todays.notices.map((n) => n.noticeId).sort()).toEqual([call1, call2, rocEvent, incomeEvent].sort());
    const bad = await f.call('GET', '/api/investor/ilpa-notices?from=2026-02-30', alice.cookie);
    expect(bad.statusCode).toBe(400);
    const reversed = await f.call('GET', `/api/investor/ilpa-notices?from=${today}&to=${companyDay(-3)}`, alice.cookie);
    expect(reversed.statusCode).toBe(400);
    expect(errorBody(reversed).fields?.to).toBe('The end date cannot be before the start date');

    const one = okJson(await api('GET /api/investor/ilpa-notices/:id', { cookie: alice.cookie, params: { id: call2 } }));
    expect(one.notice.unfundedAfter).toBe('50000.00');
    const oneCsv = await f.call('GET', `/api/investor/ilpa-notices/${rocEvent}/csv`, alice.cookie);
    expect(oneCsv.statusCode).toBe(200);
    expect(Papa.parse<string[]>(oneCsv.body.trim()).data).toHaveLength(2);
    for (const url of [`/api/investor/ilpa-notices/${bobCall}`, `/api/investor/ilpa-notices/${call1}`]) {
      const res = await f.call('GET', url, url.includes(bobCall) ? alice.cookie : bob.cookie);
      expect(res.statusCode).toBe(404);
      expect(errorBody(res).message).toBe('Notice not found');
    }
  });

  it('the Distribution Calendar names each distribution’s notice, and that notice downloads', async () => {
    const cal = okJson(await api('GET /api/investor/distributions', { cookie: alice.cookie }));
    const items = [...cal.upcoming, ...cal.history];
    // The two distributions recorded above, each with its event's notice (both shares above zero).
    expect(items.map((i) => i.noticeId).sort()).toEqual([rocEvent, incomeEvent].sort());
    for (const i of items) {
      const one = okJson(await api('GET /api/investor/ilpa-notices/:id', { cookie: alice.cookie, params: { id: i.noticeId ?? '' } })); // never null: checked above
      expect(one.notice).toMatchObject({ noticeType: 'distribution', investorId: alice.id, distGross: i.amount });
    }
  });

  it("gives admins any investor's notices and a call's notices; investors never the admin routes", async () => {
    const mine = okJson(await api('GET /api/investor/ilpa-notices', { cookie: alice.cookie }));
    const asAdmin = okJson(await api('GET /api/investors/:id/ilpa-notices', { cookie: adminCookie, params: { id: alice.id } }));
    expect(asAdmin).toEqual(mine);
    const perCall = okJson(await api('GET /api/capital-calls/:id/ilpa-notices', { cookie: adminCookie, params: { id: call1 } }));
    expect(perCall.notices).toHaveLength(1);
    expect(perCall.notices[0]).toEqual(mine.notices.find((n) => n.noticeId === call1));
    const csv = await f.call('GET', `/api/capital-calls/${call1}/ilpa-notices.csv`, adminCookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toContain('Notice ID,Notice Type,Fund Name');
    expect((await f.call('GET', `/api/investors/${alice.id}/ilpa-notices`, alice.cookie)).statusCode).toBe(403);
    expect((await f.call('GET', `/api/capital-calls/00000000-0000-4000-8000-000000000000/ilpa-notices`, adminCookie)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/investors/00000000-0000-4000-8000-000000000000/ilpa-notices`, adminCookie)).statusCode).toBe(404);
  });

  it('exports the capital account with value and record dates (investor by token, admin with ledger:read)', async () => {
    const { status, json: account, res } = await callApi(ctx.app, 'GET /api/investor/capital-account', { headers: bearer(aliceToken) });
    expect(status, res.body).toBe(200);
    // commitment, 2 calls, 2 receipts, 1 paid distribution (the expected one is not in the ledger).
    expect(account.entries.map((e) => e.kind)).toEqual(['commitment', 'call', 'contribution', 'call', 'contribution', 'distribution']);
    const dist = account.entries.find((e) => e.kind === 'distribution');
    expect(dist).toMatchObject({ amount: '4000.00', date: today, recordDate: today, distributionType: 'Return of Capital' });
    // By hand: called 50,000.00, contributed 35,000.00, distributed 4,000.00, unfunded 50,000.00.
    expect(account.deals).toEqual([
      {
        dealId,
        dealTitle: 'ILPA Fund I',
        balances: expect.objectContaining({
          committed: '100000.00',
          called: '50000.00',
          contributed: '35000.00',
          distributed: '4000.00',
          unfunded: '50000.00',
          returnedCapital: '4000.00',
        }),
        // By hand (decision 023, issue 26): no valuation, so NAV = cost less returned capital =
        // 35,000 - 4,000 = 31,000; no gain; MOIC (4,000 + 31,000) / 35,000 = 1; under a year of
        // history, so the period return (0 / 35,000 = 0), not an annualised IRR.
        figures: { nav: '31000.00', gain: '0.00', moic: 1, irr: null, periodReturn: 0, annualised: false },
      },
    ]);
    // The same figures as the performance screen's holding on the same day.
    const perf = okJson(await api('GET /api/investor/performance', { cookie: alice.cookie }));
    const holding = perf.holdings.find((h) => h.dealId === dealId);
    expect(holding).toMatchObject({ currentValue: account.deals[0]?.figures.nav, gain: account.deals[0]?.figures.gain });
    expect(holding?.moic).toBe(account.deals[0]?.figures.moic);
    const csv = await f.call('GET', '/api/investor/capital-account.csv', alice.cookie);
    const rows = Papa.parse<string[]>(csv.body.trim()).data;
    expect(rows[0]).toEqual([
      'Entry ID',
      'Deal',
      'Deal ID',
      'Kind',
      'Reverses Kind',
      'Amount',
      'Value Date',
      'Record Date',
      'Due Date',
      'Distribution Type',
      'Capital Call ID',
      'Reverses Entry ID',
      'Memo',
      'Recorded At',
    ]);
    expect(rows.slice(1).map((r) => r[5])).toEqual(['100000.00', '30000.00', '30000.00', '20000.00', '5000.00', '4000.00']);

    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    const adminSession = await signIn(ctx, admin.email, admin.password);
    const reader = okJson(
      await api('POST /api/me/tokens', { cookie: adminSession, body: { name: 'Books', scopes: ['ledger:read'] } }),
      201,
    ).secret;
    const dealsOnly = okJson(
      await api('POST /api/me/tokens', { cookie: adminSession, body: { name: 'CRM', scopes: ['deals:read'] } }),
      201,
    ).secret;
    const viaAdmin = await ctx.app.inject({ method: 'GET', url: `/api/investors/${alice.id}/capital-account`, headers: bearer(reader) });
    expect(viaAdmin.statusCode, viaAdmin.body).toBe(200);
    expect(viaAdmin.json()).toEqual(account);
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/investors/${alice.id}/capital-account`, headers: bearer(dealsOnly) });
    expect(refused.statusCode).toBe(403);
    expect(errorBody(refused).message).toContain('ledger:read');
    // An investor's token never reaches the admin export.
    const other = await ctx.app.inject({ method: 'GET', url: `/api/investors/${bob.id}/capital-account`, headers: bearer(aliceToken) });
    expect(other.statusCode).toBe(403);
  });

  it('serves the calendar feed at its secret URL, parsed by a real iCalendar parser; revoked and unknown secrets 404', async () => {
    const status = okJson(await api('GET /api/investor/calendar-feed', { cookie: alice.cookie }));
    expect(status.feed.active).toBe(false);
    const made = await callApi(ctx.app, 'POST /api/investor/calendar-feed', { cookie: alice.cookie });
    expect(made.status, made.res.body).toBe(201);
    expect(made.res.headers['cache-control']).toBe('no-store');
    const { url, feed } = made.json;
    expect(feed.active).toBe(true);
    const path = new URL(url).pathname;
    const secret = path.split('/').pop() as string;
    expect(secret).toMatch(/^sdc_[A-Za-z0-9_-]{43}$/);
    const stored = (await ctx.db.query('SELECT token_hash FROM calendar_feeds WHERE user_id = $1', [alice.id])) as { token_hash: string }[];
    expect(stored.map((r) => r.token_hash).join()).not.toContain(secret);
    expect((await f.call('GET', '/api/investor/calendar-feed', alice.cookie)).body).not.toContain(secret);

    // No session: the secret is the key.
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = res.body;
    // CRLF line ends, every line at most 75 octets.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('UTC');
    // The name's comma and semicolon are escaped (an X- property: the parser keeps it raw; the
    // summaries' commas below, '$20,000.00', are read back unescaped).
    expect(text).toContain('X-WR-CALNAME:Alice\\, "LP"\\; Ltd: capital calls and distributions');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(4);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const callEvent = byUid.get(`capital-call-${call2}-${alice.id}@calendar.meridian-syndicate`);
    expect(callEvent?.startDate.isDate).toBe(true);
    expect(callEvent?.startDate.toString()).toBe(later);
    expect(callEvent?.summary).toBe('Capital call due: ILPA Fund I $20,000.00');
    expect(callEvent?.description).toContain('Outstanding: 15000.00 USD');
    const income = byUid.get(`distribution-${incomeEvent}-${alice.id}@calendar.meridian-syndicate`);
    expect(income?.summary).toBe('Expected distribution: ILPA Fund I $1,234.56');
    expect(income?.startDate.toString()).toBe(later);
    expect(income?.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    const paid = byUid.get(`distribution-${rocEvent}-${alice.id}@calendar.meridian-syndicate`);
    expect(paid?.summary).toBe('Distribution paid: ILPA Fund I $4,000.00');
    expect(paid?.startDate.toString()).toBe(today);
    expect(paid?.component.getFirstPropertyValue('dtstamp')).toBeTruthy();

    // Regenerating: the old URL stops at once, the UIDs stay the same.
    const again = okJson(await api('POST /api/investor/calendar-feed', { cookie: alice.cookie }), 201).url;
    const old = await ctx.app.inject({ method: 'GET', url: path });
    expect(old.statusCode).toBe(404);
    expect(errorBody(old).message).toBe('Calendar feed not found');
    const fresh = await ctx.app.inject({ method: 'GET', url: new URL(again).pathname });
    const freshUids = new ICAL.Component(ICAL.parse(fresh.body)).getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'));
    expect(freshUids.sort()).toEqual([...byUid.keys()].sort());

    // Revoked: 404; unknown and malformed: 404; a second revoke: 404 with a message.
    okJson(await api('DELETE /api/investor/calendar-feed', { cookie: alice.cookie }));
    expect((await ctx.app.inject({ method: 'GET', url: new URL(again).pathname })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/feeds/calendar/sdc_${'A'.repeat(43)}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/feeds/calendar/nonsense' })).statusCode).toBe(404);
    const twice = await f.call('DELETE', '/api/investor/calendar-feed', alice.cookie);
    expect(twice.statusCode).toBe(404);
    expect(errorBody(twice).message).toBe('You have no calendar feed');
    // Managing the feed needs a session: a token may not.
    const byToken = await ctx.app.inject({ method: 'POST', url: '/api/investor/calendar-feed', headers: bearer(aliceToken) });
    expect(byToken.statusCode).toBe(403);
  });

  it('20 parallel regenerations leave exactly one live feed, and it is the one last shown', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callApi(ctx.app, 'POST /api/investor/calendar-feed', { cookie: bob.cookie })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const live = (await ctx.db.query('SELECT count(*)::int AS n FROM calendar_feeds WHERE user_id = $1 AND revoked_at IS NULL', [
      bob.id,
    ])) as {
      n: number;
    }[];
    expect(live[0]?.n).toBe(1);
    const working = await Promise.all(
      results.map(async (r) => (await ctx.app.inject({ method: 'GET', url: new URL(r.json.url).pathname })).statusCode),
    );
    expect(working.filter((s) => s === 200)).toHaveLength(1);
    expect(working.filter((s) => s === 404)).toHaveLength(19);
  });

  it('rate-limits the feed URL per secret (429 with Retry-After)', async () => {
    const { url } = okJson(await api('POST /api/investor/calendar-feed', { cookie: bob.cookie }), 201);
    const path = new URL(url).pathname;
    const statuses: number[] = [];
    // 30 an hour per feed (CALENDAR_FEED_LIMITS); the 31st is refused. Another address each time.
    for (let i = 0; i < 31; i++)
      statuses.push((await ctx.app.inject({ method: 'GET', url: path, remoteAddress: `203.0.113.${i + 1}` })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const last = await ctx.app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.99' });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorBody(last).message).toBe('Too many calendar feed requests. Try again later.');
  });

  it('counts the feed limit in the database: 45 parallel requests for one secret, exactly 30 answered', async () => {
    // Every server behind a load balancer reads the same counter (feed_rate_counters), so the limit
    // holds across instances; here the increments race on one engine's connection pool.
    const carol = await f.investor('Carol Counter');
    const { url } = okJson(await api('POST /api/investor/calendar-feed', { cookie: carol.cookie }), 201);
    const path = new URL(url).pathname;
    const statuses = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        ctx.app.inject({ method: 'GET', url: path, remoteAddress: `198.51.100.${i + 1}` }).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const rows = (await ctx.db.query("SELECT count FROM feed_rate_counters WHERE key LIKE 'feed:%' ORDER BY count DESC")) as {
      count: number;
    }[];
    expect(rows[0]?.count).toBe(45);
  });

  it('exports a value date and a record date that differ as they are (a back-dated receipt, a record date before payment)', async () => {
    // Dates chosen here, all before the company's today: the deal exists from D0; Dana commits and
    // is called and pays 60,000.00 on D0; a Return of Capital distribution of 6,000.00 has its
    // record date on D1 and is paid on D2. A value date and a record date swapped, or the date the
    // row was written shown as either, would break this.
    const D0 = companyDay(-60);
    const D1 = companyDay(-20);
    const D2 = companyDay(-10);
    const dana = await f.investor('Dana Dates');
    const deal = await f.openDeal('Dated Fund', { createdAt: `${D0}T00:00:00Z` });
    await f.hold(dana, deal.id, '60000.00', { date: D0, commitmentDate: D0, dealExistedBy: true });
    const ev = okJson(
      await api('POST /api/distributions', {
        cookie: adminCookie,
        body: {
          dealId: deal.id,
          type: 'Return of Capital',
          totalAmount: '6000.00',
          paymentDate: D2,
          recordDate: D1,
        },
      }),
      201,
    );
    okJson(await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.event.id }, body: {} }));
    const account = okJson(await api('GET /api/investor/capital-account', { cookie: dana.cookie }));
    expect(account.entries.map((e) => [e.kind, e.amount, e.date])).toEqual([
      ['commitment', '60000.00', D0],
      ['call', '60000.00', D0],
      ['contribution', '60000.00', D0],
      ['distribution', '6000.00', D2],
    ]);
    expect(account.entries.find((e) => e.kind === 'distribution')?.recordDate).toBe(D1);
    const csv = await f.call('GET', '/api/investor/capital-account.csv', dana.cookie);
    const [head, ...rows] = Papa.parse<string[]>(csv.body.trim()).data as string[][];
    const col = (label: string) => (head as string[]).indexOf(label);
    const distRow = rows.find((r) => r[col('Kind')] === 'distribution') as string[];
    expect([distRow[col('Value Date')], distRow[col('Record Date')], distRow[col('Amount')]]).toEqual([D2, D1, '6000.00']);
    const receiptRow = rows.find((r) => r[col('Kind')] === 'contribution') as string[];
    expect(receiptRow[col('Value Date')]).toBe(D0);
  });
});
