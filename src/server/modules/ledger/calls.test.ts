import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/deals.ts';
import type { CapitalCall, LedgerEntry } from '../../../shared/ledger.ts';
import { errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { harnessDay } from '../../testing/days.ts';
import { withPaymentDetails } from '../../testing/fixtures.ts';
import { approveForSubscribing, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { completeSubscriptionSigned, ensureSubscriptionPack } from '../../testing/signing.ts';

/**
 * Issue 26 (calls to a chosen set, pro rata to unfunded commitment; calls without payment
 * details; dates after the company's today) and issue 27 item 3 (a reversed call line takes no
 * money; contributions never above the commitment, in the database too). Decision record 024.
 */

/** The company's today, computed apart from the product: the harness pins the company zone to UTC. */
const companyToday = harnessDay;

interface Investor {
  id: string;
  cookie: string;
  name: string;
}

describe('capital calls to a chosen set, dates and reversed call lines', () => {
  let ctx: TestContext;
  let adminCookie: string;

  const api = injectApi(() => ctx.app);
  const ok = okJson;
  const err = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return errorBody(res);
  };

  let n = 0;
  const investor = async (name = `Caller ${++n}`): Promise<Investor> => {
    const u = await createUser(ctx, { role: 'investor', name });
    await approveForSubscribing(ctx, u.id);
    return { id: u.id, name, cookie: await signIn(ctx, u.email, u.password) };
  };
  const deal = async (payment = true): Promise<Deal> => {
    const d = ok(
      await api('POST /api/deals', { cookie: adminCookie, body: { title: `Call deal ${++n}`, type: 'PPP', targetAmount: null } }),
      201,
    ).deal;
    ok(await api('PATCH /api/deals/:id', { cookie: adminCookie, params: { id: d.id }, body: { status: 'Active' } }));
    await ensureSubscriptionPack(ctx, d.id);
    await ctx.db.query("UPDATE deals SET created_at = '2024-01-01T00:00:00Z' WHERE id = $1", [d.id]);
    if (payment) await withPaymentDetails(ctx, d.id);
    return d;
  };
  /** A completed subscription: the commitment, dated `on` (a close). */
  const commit = async (who: Investor, dealId: string, amount: string, on?: string) => {
    const sub = ok(await api('POST /api/investor/subscriptions', { cookie: who.cookie, body: { dealId, amount } }), 201).subscription;
    await completeSubscriptionSigned(ctx, sub.id, { investorCookie: who.cookie });
    if (on)
      await ctx.db.tx(async (q) => {
        await q.query('ALTER TABLE ledger_entries DISABLE TRIGGER USER');
        await q.query("UPDATE ledger_entries SET entry_date = $2 WHERE subscription_id = $1 AND kind = 'commitment'", [sub.id, on]);
        await q.query('ALTER TABLE ledger_entries ENABLE TRIGGER USER');
      });
  };
  const issue = (body: Record<string, unknown>) =>
    api('POST /api/capital-calls', { cookie: adminCookie, rawBody: { purpose: 'Works', dueDate: companyToday(), ...body } });
  const preview = (body: Record<string, unknown>) =>
    api('POST /api/capital-calls/preview', { cookie: adminCookie, rawBody: { purpose: 'Works', dueDate: companyToday(), ...body } });
  const receipt = (callId: string, investorId: string, amount: string, valueDate = companyToday()) =>
    api('POST /api/capital-calls/:id/receipts', { cookie: adminCookie, params: { id: callId }, body: { investorId, amount, valueDate } });
  const dues = (c: { lines: { investorId: string; amountDue?: string; amount?: string }[] }) =>
    Object.fromEntries(c.lines.map((l) => [l.investorId, l.amountDue ?? l.amount]));
  const entries = async (dealId: string) =>
    ok(await api('GET /api/deals/:id/ledger', { cookie: adminCookie, params: { id: dealId } })).ledger;
  const reverse = (id: string, reason = 'Issued in error') =>
    api('POST /api/ledger/:id/reverse', { cookie: adminCookie, params: { id: id }, body: { reason } });
  /** Contributions and commitment of one investor in one deal, summed by the database (not by the code under test). */
  const sums = async (dealId: string, investorId: string) =>
    (
      (await ctx.db.query(
        `SELECT coalesce(sum(CASE WHEN coalesce(reversed_kind, kind) = 'commitment' THEN (CASE WHEN kind = 'reversal' THEN -amount ELSE amount END) END), 0)::text AS committed,
                coalesce(sum(CASE WHEN coalesce(reversed_kind, kind) = 'contribution' THEN (CASE WHEN kind = 'reversal' THEN -amount ELSE amount END) END), 0)::text AS contributed,
                coalesce(sum(CASE WHEN coalesce(reversed_kind, kind) = 'call' THEN (CASE WHEN kind = 'reversal' THEN -amount ELSE amount END) END), 0)::text AS called
           FROM ledger_entries WHERE deal_id = $1 AND investor_id = $2`,
        [dealId, investorId],
      )) as { committed: string; contributed: string; called: string }[]
    )[0];

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
  });
  afterAll(() => ctx.close());

  it('a later closer can be called once the first close is fully called: pro rata to unfunded commitment', async () => {
    const d = await deal();
    const [early, late] = [await investor('Early Closer'), await investor('Late Closer')];
    await commit(early, d.id, '1000', '2024-02-01');
    await commit(late, d.id, '3000', '2024-06-01');
    // The first close, called in full: the early closer's 1,000.
    const first = ok(
      await issue({ dealId: d.id, basis: 'amount', amount: '1000', target: 'investors', investorIds: [early.id] }),
      201,
    ).call;
    expect(dues(first)).toEqual({ [early.id]: '1000.00' });
    // Pro rata to commitments (the old rule) asks the early closer for 600 x 1/4 = 150.00 of nothing left: refused.
    const old = err(await issue({ dealId: d.id, basis: 'amount', amount: '600', weighting: 'commitment' }), 409);
    expect(old.message).toBe('The call would ask Early Closer for $150.00, above their unfunded commitment of $0.00');
    // Pro rata to unfunded (the default): the early closer has 0 unfunded, the late closer 3,000: all 600 to the late closer.
    const body = { dealId: d.id, basis: 'amount', amount: '600' };
    const plan = ok(await preview(body)).plan;
    expect(plan.lines.map((l) => [l.investorName, l.closeDate, l.unfunded, l.amount])).toEqual([
      ['Early Closer', '2024-02-01', '0.00', '0.00'],
      ['Late Closer', '2024-06-01', '3000.00', '600.00'],
    ]);
    expect(plan.closes).toEqual([
      { date: '2024-02-01', investorIds: [early.id] },
      { date: '2024-06-01', investorIds: [late.id] },
    ]);
    // The preview writes nothing; the call issues exactly what it showed.
    expect(ok(await api('GET /api/capital-calls', { cookie: adminCookie })).calls.filter((c) => c.dealId === d.id)).toHaveLength(1);
    const second = ok(await issue(body), 201).call;
    // The early closer, asked for nothing, gets no line (and no notice).
    expect(dues(second)).toEqual({ [late.id]: '600.00' });
    // A close: 10% of the later close's commitments (3,000) = 300.00, to the late closer alone.
    const close = ok(
      await issue({ dealId: d.id, basis: 'percentage', percentage: '10', target: 'close', closeDate: '2024-06-01' }),
      201,
    ).call;
    expect(dues(close)).toEqual({ [late.id]: '300.00' });
    // The form's choices: both investors with their close and what is left uncalled (3,000 - 600 - 300 = 2,100).
    const choices = ok(await api('GET /api/deals/:id/call-choices', { cookie: adminCookie, params: { id: d.id } })).choices;
    expect(choices.investors.map((i) => [i.investorName, i.unfunded])).toEqual([
      ['Early Closer', '0.00'],
      ['Late Closer', '2100.00'],
    ]);
    expect(choices.paymentDetailsMissing).toBeNull();
    // A close nobody closed on, and a named investor of another deal, are refused field by field.
    expect(
      err(await issue({ dealId: d.id, basis: 'amount', amount: '1', target: 'close', closeDate: '2024-03-03' }), 400).fields,
    ).toHaveProperty('closeDate');
    expect(err(await issue({ dealId: d.id, basis: 'amount', amount: '1', target: 'close' }), 400).fields).toHaveProperty('closeDate');
    expect(
      err(await issue({ dealId: d.id, basis: 'amount', amount: '1', target: 'investors', investorIds: [] }), 400).fields,
    ).toHaveProperty('investorIds');
  });

  it('splits by largest remainder to the cent, summing exactly to the call', async () => {
    const d = await deal();
    const w = [await investor(), await investor(), await investor()];
    // Unfunded 700.00, 200.00 and 100.00 after a first call to the first investor of 300.00.
    for (const x of w) await commit(x, d.id, x === w[0] ? '1000' : x === w[1] ? '200' : '100');
    ok(await issue({ dealId: d.id, basis: 'amount', amount: '300', target: 'investors', investorIds: [w[0]?.id] }), 201);
    // 100.01 over weights 700:200:100: exact parts 70.007, 20.002, 10.001 -> 70.00, 20.00, 10.00 and the
    // cent left over to the largest remainder (0.007 of the first): 70.01 + 20.00 + 10.00 = 100.01.
    const c = ok(await issue({ dealId: d.id, basis: 'amount', amount: '100.01' }), 201).call;
    expect(dues(c)).toEqual({ [w[0]?.id as string]: '70.01', [w[1]?.id as string]: '20.00', [w[2]?.id as string]: '10.00' });
    // Everything left (629.99 + 180.00 + 90.00 = 899.99, by hand) can be called at once; one cent more
    // cannot (900.00 x 629.99 / 899.99 = 630.007 would ask the first investor for 630.00).
    expect(err(await preview({ dealId: d.id, basis: 'amount', amount: '900.00' }), 409).message).toMatch(
      /for \$630\.00, above their unfunded commitment of \$629\.99/,
    );
    const rest = ok(await issue({ dealId: d.id, basis: 'amount', amount: '899.99' }), 201).call;
    expect(dues(rest)).toEqual({ [w[0]?.id as string]: '629.99', [w[1]?.id as string]: '180.00', [w[2]?.id as string]: '90.00' });
    const none = err(await issue({ dealId: d.id, basis: 'amount', amount: '0.01' }), 409);
    expect(none.message).toBe('Nobody this call asks has uncalled commitment left');
  });

  it('dozens of parallel calls never take a line above the unfunded commitment', async () => {
    const d = await deal();
    const [full, open] = [await investor(), await investor()];
    await commit(full, d.id, '500');
    await commit(open, d.id, '1000');
    ok(await issue({ dealId: d.id, basis: 'amount', amount: '500', investorIds: [full.id] }), 201);
    // 40 calls of 60.00 at once against 1,000.00 unfunded: 16 fit (960.00), the 17th would need 1,020.00.
    const results = await Promise.all(Array.from({ length: 40 }, () => issue({ dealId: d.id, basis: 'amount', amount: '60' })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(16);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(await sums(d.id, open.id)).toEqual({ committed: '1000.00', contributed: '0', called: '960.00' });
    expect((await sums(d.id, full.id))?.called).toBe('500.00');
  });

  it('refuses a call on a deal whose SPV has no payment details, naming what is missing', async () => {
    const d = await deal(false);
    const a = await investor();
    await commit(a, d.id, '1000');
    const noSpv = err(await issue({ dealId: d.id, basis: 'amount', amount: '10' }), 409);
    expect(noSpv.message).toBe(
      'This deal names no SPV, so a call notice would have no payment details: name the SPV on the deal and add its bank details first',
    );
    ok(await api('PATCH /api/deals/:id', { cookie: adminCookie, params: { id: d.id }, body: { spvEntity: 'Bare SPV Ltd' } }));
    expect(err(await issue({ dealId: d.id, basis: 'amount', amount: '10' }), 409).message).toBe(
      'The SPV Bare SPV Ltd named on this deal is not on the SPVs screen: add it with its bank details first',
    );
    ok(
      await api('POST /api/spvs', {
        cookie: adminCookie,
        body: {
          name: 'Bare SPV Ltd',
          jurisdiction: 'Mauritius',
          annualReturnDue: '2030-01-01',
          bankBalance: '0',
        },
      }),
      201,
    );
    expect(err(await issue({ dealId: d.id, basis: 'amount', amount: '10' }), 409).message).toBe(
      'The SPV Bare SPV Ltd has no payment details (missing: bank name, account holder, account number or IBAN, SWIFT/BIC): add them on the SPVs screen before issuing a call',
    );
    const choices = ok(await api('GET /api/deals/:id/call-choices', { cookie: adminCookie, params: { id: d.id } })).choices;
    expect(choices.paymentDetailsMissing).toMatch(/missing: bank name/);
    expect(await ctx.db.query('SELECT 1 FROM capital_calls WHERE deal_id = $1', [d.id])).toHaveLength(0);
    await withPaymentDetails(ctx, d.id);
    ok(await issue({ dealId: d.id, basis: 'amount', amount: '10' }), 201);
  });

  it('refuses a receipt dated after the company’s today and a payment confirmed for tomorrow; an early payment takes its real date', async () => {
    const d = await deal();
    const a = await investor();
    await commit(a, d.id, '1000');
    const c = ok(await issue({ dealId: d.id, basis: 'amount', amount: '1000', dueDate: companyToday(30) }), 201).call;
    const future = err(await receipt(c.id, a.id, '100', companyToday(1)), 409);
    expect(future.message).toBe(
      `The value date cannot be after today (${companyToday()}): record the receipt on the day the money arrived`,
    );
    expect(future.fields).toHaveProperty('valueDate');
    ok(await receipt(c.id, a.id, '1000', companyToday()), 201);
    // A distribution scheduled 30 days ahead.
    const ev = ok(
      await api('POST /api/distributions', {
        cookie: adminCookie,
        body: {
          dealId: d.id,
          type: 'Income',
          totalAmount: '50.00',
          paymentDate: companyToday(30),
          recordDate: companyToday(),
        },
      }),
      201,
    ).event;
    const tomorrow = err(
      await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.id }, body: { paidOn: companyToday(1) } }),
      409,
    );
    expect(tomorrow.message).toBe(
      `The payment cannot be confirmed for a day after today (${companyToday()}): confirm it once the money has gone out`,
    );
    // Paid early, today: the event, the allocation and the ledger entry carry today, not the scheduled day.
    const paid = ok(await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.id }, body: {} })).event;
    expect(paid).toMatchObject({ status: 'Paid', paymentDate: companyToday() });
    const dist = (await entries(d.id)).entries.find((e) => e.kind === 'distribution') as LedgerEntry;
    expect(dist).toMatchObject({ amount: '50.00', date: companyToday() });
  });

  it('reproduces the attack and refuses it: a reversed call line takes no money, contributions never pass the commitment', async () => {
    const d = await deal();
    const k = await investor('Kilimanjaro Test');
    await commit(k, d.id, '450000');
    // The demo's office-tower calls: 315,000, 45,000, 45,000 and 45,000 (450,000: the whole commitment).
    const calls: CapitalCall[] = [];
    for (const amount of ['315000', '45000', '45000', '45000'])
      calls.push(ok(await issue({ dealId: d.id, basis: 'amount', amount, investorIds: [k.id] }), 201).call);
    for (const c of calls.slice(0, 2)) ok(await receipt(c.id, k.id, c.totalAmount), 201);
    ok(await receipt(calls[2]?.id as string, k.id, '20000'), 201);
    const ledger = await entries(d.id);
    const callEntry = (callId: string) => ledger.entries.find((e) => e.kind === 'call' && e.callId === callId) as LedgerEntry;
    // The attack reversed a call line that money had been received against: refused now.
    const paidLine = err(await reverse(callEntry(calls[2]?.id as string).id), 409);
    expect(paidLine.message).toBe('This call line has $20,000.00 received against it: reverse those receipts first, then the call');
    // A line with nothing received is cancelled by reversing its call entry.
    ok(await reverse(callEntry(calls[3]?.id as string).id), 201);
    const cancelled = ok(await api('GET /api/capital-calls/:id', { cookie: adminCookie, params: { id: String(calls[3]?.id) } })).call;
    expect(cancelled).toMatchObject({ status: 'Cancelled', outstanding: '0.00' });
    expect(cancelled.lines[0]).toMatchObject({ status: 'Cancelled', amountDue: '45000.00', outstanding: '0.00' });
    // ... and takes no receipt afterwards.
    const late = err(await receipt(calls[3]?.id as string, k.id, '45000'), 409);
    expect(late.message).toBe("This investor's line of the call was cancelled (its call entry was reversed): it takes no receipt");
    // The investor's notice says cancelled, and it is not among their amounts due.
    const notices = ok(await api('GET /api/investor/capital-calls', { cookie: k.cookie })).notices;
    expect(notices.find((x) => x.callId === calls[3]?.id)?.status).toBe('Cancelled');
    // Its notice PDF says so and gives no bank details to pay by mistake; a live line's still does.
    const noticeText = async (callId: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/investor/capital-calls/${callId}/notice`,
        headers: { cookie: k.cookie },
      });
      expect(res.statusCode).toBe(200);
      const dir = mkdtempSync(path.join(tmpdir(), 'notice-'));
      writeFileSync(path.join(dir, 'n.pdf'), res.rawPayload);
      return execFileSync('pdftotext', [path.join(dir, 'n.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    };
    const cancelledNotice = await noticeText(calls[3]?.id as string);
    expect(cancelledNotice).toContain('This call was cancelled for you: nothing is due. Do not pay it.');
    expect(cancelledNotice).not.toContain('Payment instructions');
    expect(cancelledNotice).not.toContain('MU17BOMM0101101030300200000MUR');
    const liveNotice = await noticeText(calls[2]?.id as string);
    expect(liveNotice).toContain('Payment instructions');
    expect(liveNotice).not.toContain('This call was cancelled');
    const due = ok(await api('GET /api/investor/performance', { cookie: k.cookie })).amountsDue;
    expect(due.map((x) => x.callId)).not.toContain(calls[3]?.id);
    expect(due.map((x) => x.callId)).toContain(calls[2]?.id);
    // The freed 45,000 can be called again, once.
    const again = ok(await issue({ dealId: d.id, basis: 'amount', amount: '45000', investorIds: [k.id] }), 201).call;
    err(await issue({ dealId: d.id, basis: 'amount', amount: '0.01', investorIds: [k.id] }), 409);
    // Everything still due is paid: 25,000 + 45,000; contributions end at the commitment, not above.
    ok(await receipt(calls[2]?.id as string, k.id, '25000'), 201);
    ok(await receipt(again.id, k.id, '45000'), 201);
    // By hand: 315,000 + 45,000 + 45,000 + 45,000 = 450,000 contributed; called 450,000 (the cancelled 45,000 reversed).
    expect(await sums(d.id, k.id)).toEqual({ committed: '450000.00', contributed: '450000.00', called: '450000.00' });
    // A reversal that would take the commitment below what was contributed is refused.
    const commitment = (await entries(d.id)).entries.find((e) => e.kind === 'commitment') as LedgerEntry;
    expect(err(await reverse(commitment.id), 409).message).toBe(
      'Reversing this commitment would leave $0.00 committed, below the $450,000.00 already called or contributed: reverse those first',
    );
    // The database holds the rule whatever writes to it: one more cent of contribution is refused.
    await expect(
      ctx.db.query(
        "INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, call_id) VALUES ($1, $2, 'contribution', 0.01, current_date, $3)",
        [k.id, d.id, again.id],
      ),
    ).rejects.toThrow(/ledger_within_commitment/);
    await expect(
      ctx.db.query(
        "INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'call', 0.01, current_date)",
        [k.id, d.id],
      ),
    ).rejects.toThrow(/ledger_within_commitment/);
    await expect(
      ctx.db.query(
        "INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, call_id) VALUES ($1, $2, 'contribution', 1, current_date, $3)",
        [k.id, d.id, calls[3]?.id],
      ),
    ).rejects.toThrow(/ledger_within_commitment/);
  });

  it('a reversal racing receipts on the same line: never money on a cancelled line, never above the commitment', async () => {
    const d = await deal();
    const a = await investor();
    await commit(a, d.id, '1000');
    const c = ok(await issue({ dealId: d.id, basis: 'amount', amount: '1000' }), 201).call;
    const entry = (await entries(d.id)).entries.find((e) => e.kind === 'call') as LedgerEntry;
    // 20 receipts of 100 and 5 reversals of the call entry at once.
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => receipt(c.id, a.id, '100')),
      ...Array.from({ length: 5 }, () => reverse(entry.id)),
    ]);
    expect(results.every((r) => [201, 400, 409].includes(r.statusCode))).toBe(true);
    const after = ok(await api('GET /api/capital-calls/:id', { cookie: adminCookie, params: { id: c.id } })).call;
    const s = await sums(d.id, a.id);
    if (after.lines[0]?.status === 'Cancelled') {
      // The reversal won before any receipt: nothing was received.
      expect(s).toEqual({ committed: '1000.00', contributed: '0', called: '0.00' });
    } else {
      // A receipt came first: the reversal was refused and every receipt up to 1,000 went in.
      expect(results.slice(20).every((r) => r.statusCode === 409)).toBe(true);
      expect(s).toEqual({ committed: '1000.00', contributed: '1000.00', called: '1000.00' });
    }
  });

  it('the database check holds under concurrency on its own: 30 raw inserts of 100 against 1,000 committed, exactly 10 land', async () => {
    const d = await deal();
    const a = await investor();
    await commit(a, d.id, '1000');
    // Straight to the table, each its own transaction, bypassing every service check and lock.
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        ctx.db.tx((q) =>
          q.query(
            "INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'contribution', 100, current_date)",
            [a.id, d.id],
          ),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/ledger_within_commitment/);
    expect((await sums(d.id, a.id))?.contributed).toBe('1000.00');
  });
});
