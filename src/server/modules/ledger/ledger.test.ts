import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/deals.ts';
import { formatDate } from '../../../shared/format.ts';
import type { LedgerEntry } from '../../../shared/ledger.ts';
import { errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { withPaymentDetails } from '../../testing/fixtures.ts';
import { approveForSubscribing, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { multipart, PDF_BYTES } from '../../testing/multipart.ts';
import { completeSubscriptionSigned, ensureSubscriptionPack } from '../../testing/signing.ts';

const today = () => new Date().toISOString().slice(0, 10);

interface Investor {
  id: string;
  cookie: string;
  name: string;
}

function pdfFile(buf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-'));
  const file = path.join(dir, 'x.pdf');
  writeFileSync(file, buf);
  return file;
}

function pdfText(buf: Buffer, layout = true): string {
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), pdfFile(buf), '-'], { encoding: 'utf8' });
}

/** The Arabic words of a PDF's text, without pdftotext's bidi marks and the punctuation next to them. */
function arabicWords(buf: Buffer, layout = true): string[] {
  return pdfText(buf, layout)
    .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
    .split(/[\s.،:()/]+/)
    .filter((w) => /[\u0600-\u06ff]/.test(w));
}

/** The fonts a PDF embeds (pdffonts: a header of two lines, then one font a line). */
function pdfFonts(buf: Buffer): string[] {
  return execFileSync('pdffonts', [pdfFile(buf)], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((l) => l.split(/\s+/)[0] as string);
}

/** A PDF's page count (pdfinfo). */
function pdfPages(buf: Buffer): number {
  return Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [pdfFile(buf)], { encoding: 'utf8' }))?.[1]);
}

/** Each page's size and its words' boxes (pdftotext -bbox), in points from the page's top left. */
function pdfWordBoxes(buf: Buffer): { height: number; words: { text: string; yMax: number }[] }[] {
  const html = execFileSync('pdftotext', ['-bbox', pdfFile(buf), '-'], { encoding: 'utf8' });
  return html
    .split('<page ')
    .slice(1)
    .map((page) => ({
      height: Number(/height="([\d.]+)"/.exec(page)?.[1]),
      words: [...page.matchAll(/<word [^>]*yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({ text: m[2] as string, yMax: Number(m[1]) })),
    }));
}

// Completions are signed and countersigned (issue 30): a sealed PDF each, slow on a loaded machine.
describe('capital accounts API', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let adminCookie: string;

  const api = injectApi(() => ctx.app);
  const ok = okJson;
  const err = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = errorBody(res);
    expect(body.message.length).toBeGreaterThan(5);
    return body;
  };

  let n = 0;
  const investor = async (name = `Investor ${++n}`): Promise<Investor> => {
    const u = await createUser(ctx, { role: 'investor', name });
    await approveForSubscribing(ctx, u.id);
    return { id: u.id, name, cookie: await signIn(ctx, u.email, u.password) };
  };
  /** A deal that existed since `since` (the ledger refuses dates before a deal existed). */
  const deal = async (since = '2024-01-01', target: string | null = null): Promise<Deal> => {
    const d = ok(
      await api('POST /api/deals', { cookie: adminCookie, body: { title: `Deal ${++n}`, type: 'PPP', targetAmount: target } }),
      201,
    ).deal;
    ok(await api('PATCH /api/deals/:id', { cookie: adminCookie, params: { id: d.id }, body: { status: 'Active' } }));
    await ensureSubscriptionPack(ctx, d.id);
    await ctx.db.query('UPDATE deals SET created_at = $2 WHERE id = $1', [d.id, `${since}T00:00:00Z`]);
    await withPaymentDetails(ctx, d.id);
    return d;
  };
  const commit = async (who: Investor, dealId: string, amount: string) => {
    const sub = ok(await api('POST /api/investor/subscriptions', { cookie: who.cookie, body: { dealId, amount } }), 201).subscription;
    await completeSubscriptionSigned(ctx, sub.id, { investorCookie: who.cookie });
  };
  const issue = (body: Record<string, unknown>) =>
    api('POST /api/capital-calls', { cookie: adminCookie, rawBody: { purpose: 'Closing', dueDate: today(), ...body } });
  const receipt = (callId: string, investorId: string, amount: string, valueDate = today()) =>
    api('POST /api/capital-calls/:id/receipts', { cookie: adminCookie, params: { id: callId }, body: { investorId, amount, valueDate } });
  /** One 100% call for these investors on `date`, fully paid that day. */
  const fund = async (dealId: string, who: Investor[], date: string, amounts: string[]) => {
    const c = ok(
      await issue({ dealId, basis: 'percentage', percentage: '100', callDate: date, dueDate: date, investorIds: who.map((w) => w.id) }),
      201,
    ).call;
    for (const [i, w] of who.entries()) ok(await receipt(c.id, w.id, amounts[i] as string, date), 201);
    return c;
  };
  const perf = async (who: Investor) => ok(await api('GET /api/investor/performance', { cookie: who.cookie }));

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
  });
  afterAll(() => ctx.close());

  it('completing a subscription writes the commitment; a call is allocated pro rata to the cent', async () => {
    const d = await deal();
    const [a, b, c] = [await investor(), await investor(), await investor()];
    for (const w of [a, b, c]) await commit(w, d.id, '1000');
    const created = ok(await issue({ dealId: d.id, basis: 'amount', amount: '100.00' }), 201).call;
    expect(created.totalAmount).toBe('100.00');
    const dues = created.lines.map((l) => l.amountDue).sort();
    expect(dues).toEqual(['33.33', '33.33', '33.34']);
    expect(created.lines.every((l) => l.status === 'Due')).toBe(true);
    const ledger = ok(await api('GET /api/deals/:id/ledger', { cookie: adminCookie, params: { id: d.id } })).ledger;
    expect(ledger.totals).toMatchObject({ committed: '3000.00', called: '100.00', contributed: '0.00', unfunded: '2900.00' });
    // A percentage of commitments: 12.5% of 3,000 = 375.00, split 125.00 each.
    const pct = ok(await issue({ dealId: d.id, basis: 'percentage', percentage: '12.5' }), 201).call;
    expect(pct.totalAmount).toBe('375.00');
    expect(pct.lines.map((l) => l.amountDue)).toEqual(['125.00', '125.00', '125.00']);
  });

  it('refuses a call above an investor’s unfunded commitment, a receipt above the amount due, and bad input', async () => {
    const d = await deal();
    const a = await investor();
    await commit(a, d.id, '1000');
    const over = err(await issue({ dealId: d.id, basis: 'amount', amount: '1000.01' }), 409);
    expect(over.message).toMatch(/unfunded commitment/);
    err(await issue({ dealId: d.id, basis: 'percentage', percentage: '101' }), 400);
    err(await issue({ dealId: d.id, basis: 'amount', amount: '1,50' }), 400);
    err(await issue({ dealId: d.id, basis: 'amount', amount: '10', dueDate: '2023-01-01', callDate: '2024-02-01' }), 400);
    err(await issue({ dealId: d.id, basis: 'amount', amount: '10', callDate: '2020-01-01', dueDate: '2020-02-01' }), 400);
    const c = ok(await issue({ dealId: d.id, basis: 'percentage', percentage: '60' }), 201).call;
    const tooMuch = err(await receipt(c.id, a.id, '600.01'), 400);
    expect(tooMuch.message).toMatch(/above the \$600\.00 outstanding/);
    err(await receipt(c.id, a.id, '10', '2019-01-01'), 400);
    // The second call may take only what is left unfunded (400.00).
    err(await issue({ dealId: d.id, basis: 'percentage', percentage: '41' }), 409);
    ok(await issue({ dealId: d.id, basis: 'percentage', percentage: '40' }), 201);
    err(await issue({ dealId: d.id, basis: 'amount', amount: '0.01' }), 409);
    const stranger = await investor();
    err(await receipt(c.id, stranger.id, '1'), 400);
  });

  it('records a partial then a full receipt; statuses due, partly paid, paid and overdue', async () => {
    const d = await deal();
    const [a, b] = [await investor(), await investor()];
    await commit(a, d.id, '1000');
    await commit(b, d.id, '1000');
    const c = ok(await issue({ dealId: d.id, basis: 'amount', amount: '1000' }), 201).call;
    let now = ok(await receipt(c.id, a.id, '200'), 201).call;
    expect(now.lines.find((l) => l.investorId === a.id)).toMatchObject({
      status: 'Partly Paid',
      received: '200.00',
      outstanding: '300.00',
    });
    now = ok(await receipt(c.id, a.id, '300'), 201).call;
    expect(now.lines.find((l) => l.investorId === a.id)?.status).toBe('Paid');
    expect(now.lines.find((l) => l.investorId === b.id)?.status).toBe('Due');
    expect(now).toMatchObject({ received: '500.00', outstanding: '500.00', status: 'Partly Paid' });
    const past = ok(await issue({ dealId: d.id, basis: 'amount', amount: '10', callDate: '2024-03-01', dueDate: '2024-04-01' }), 201).call;
    expect(past.status).toBe('Overdue');
    // The investor sees their notice and downloads it as a PDF with the amount due and due date.
    const notices = ok(await api('GET /api/investor/capital-calls', { cookie: b.cookie })).notices;
    expect(notices.map((x) => x.callId).sort()).toEqual([c.id, past.id].sort());
    const pdf = await api('GET /api/investor/capital-calls/:id/notice', { cookie: b.cookie, params: { id: c.id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Capital Call Notice');
    expect(text).toContain('$500.00');
    // Dates as the product writes them ('3 Jul 2026'), not ISO.
    expect(text).toContain(formatDate(c.dueDate));
    expect(text).not.toContain(c.dueDate);
    expect(text).toContain('Closing');
  });

  it('parallel receipts can never together exceed the amount due', async () => {
    const d = await deal();
    const a = await investor();
    await commit(a, d.id, '1000');
    const c = ok(await issue({ dealId: d.id, basis: 'amount', amount: '1000' }), 201).call;
    const results = await Promise.all(Array.from({ length: 30 }, () => receipt(c.id, a.id, '100')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 400)).toBe(true);
    const after = ok(await api('GET /api/capital-calls/:id', { cookie: adminCookie, params: { id: c.id } })).call;
    expect(after.lines[0]).toMatchObject({ received: '1000.00', outstanding: '0.00', status: 'Paid' });
  });

  it('parallel calls can never together exceed the unfunded commitment', async () => {
    const d = await deal();
    const a = await investor();
    await commit(a, d.id, '1000');
    const results = await Promise.all(Array.from({ length: 20 }, () => issue({ dealId: d.id, basis: 'amount', amount: '100' })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
  });

  it('corrects by reversal, never in place; a reversal of a reversal is refused', async () => {
    const d = await deal();
    const a = await investor();
    await commit(a, d.id, '1000');
    const c = ok(await issue({ dealId: d.id, basis: 'amount', amount: '500' }), 201).call;
    ok(await receipt(c.id, a.id, '500'), 201);
    const entries = ok(await api('GET /api/deals/:id/ledger', { cookie: adminCookie, params: { id: d.id } })).ledger.entries;
    const contribution = entries.find((e) => e.kind === 'contribution') as LedgerEntry;
    err(await api('POST /api/ledger/:id/reverse', { cookie: adminCookie, params: { id: contribution.id }, body: { reason: '' } }), 400);
    const rev = ok(
      await api('POST /api/ledger/:id/reverse', { cookie: adminCookie, params: { id: contribution.id }, body: { reason: 'Bounced' } }),
      201,
    ).entry;
    expect(rev).toMatchObject({
      kind: 'reversal',
      reversedKind: 'contribution',
      amount: '500.00',
      memo: 'Bounced',
      reversesId: contribution.id,
    });
    const again = err(
      await api('POST /api/ledger/:id/reverse', { cookie: adminCookie, params: { id: rev.id }, body: { reason: 'Undo' } }),
      409,
    );
    expect(again.message).toMatch(/reversal cannot be reversed/);
    err(
      await api('POST /api/ledger/:id/reverse', { cookie: adminCookie, params: { id: contribution.id }, body: { reason: 'Twice' } }),
      409,
    );
    const after = ok(await api('GET /api/capital-calls/:id', { cookie: adminCookie, params: { id: c.id } })).call;
    expect(after.lines[0]).toMatchObject({ received: '0.00', status: 'Due' });
    // The database refuses edits in place too.
    await expect(ctx.db.query('UPDATE ledger_entries SET amount = 1 WHERE id = $1', [contribution.id])).rejects.toThrow(/append-only/);
    const log = await ctx.db.query(
      "SELECT 1 FROM activity_logs WHERE activity_type = 'ledger_entry_reversed' AND details->>'entryId' = $1",
      [contribution.id],
    );
    expect(log).toHaveLength(1);
  });

  it('distributions go to holders of contributed capital on the record date; a record date before the deal is refused', async () => {
    const d = await deal('2024-01-01');
    const [early, late] = [await investor(), await investor()];
    await commit(early, d.id, '1000');
    await commit(late, d.id, '1000');
    await fund(d.id, [early], '2024-06-01', ['1000']);
    await fund(d.id, [late], '2025-01-15', ['1000']);
    const before = err(
      await api('POST /api/distributions', {
        cookie: adminCookie,
        body: {
          dealId: d.id,
          type: 'Income',
          totalAmount: '100',
          paymentDate: '2024-12-31',
          recordDate: '2023-12-31',
        },
      }),
      400,
    );
    expect(before.message).toMatch(/before the deal existed/);
    const ev = ok(
      await api('POST /api/distributions', {
        cookie: adminCookie,
        body: {
          dealId: d.id,
          type: 'Income',
          totalAmount: '100',
          paymentDate: '2025-02-01',
          recordDate: '2024-12-31',
        },
      }),
      201,
    ).event;
    expect(ev.recordDate).toBe('2024-12-31');
    expect(ev.allocations.map((x) => [x.investorId, x.amount])).toEqual([[early.id, '100.00']]);
    const both = ok(
      await api('POST /api/distributions', {
        cookie: adminCookie,
        body: {
          dealId: d.id,
          type: 'Return of Capital',
          totalAmount: '100.01',
          paymentDate: '2025-03-01',
          recordDate: '2025-02-01',
        },
      }),
      201,
    ).event;
    expect(both.allocations.map((x) => x.amount).sort()).toEqual(['50.00', '50.01']);
    ok(await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: both.id }, body: {} }));
    const ledger = ok(await api('GET /api/deals/:id/ledger', { cookie: adminCookie, params: { id: d.id } })).ledger;
    const e = ledger.investors.find((i) => i.investorId === early.id)?.balances;
    // Equal holders: the odd cent goes to the lower investor id (deterministic tie-break).
    const share = early.id < late.id ? '50.01' : '50.00';
    expect(e).toMatchObject({ distributed: share, returnedCapital: share, unreturnedCapital: share === '50.01' ? '949.99' : '950.00' });
  });

  it('staged close: the early investor keeps 1.1M after the second close, and each chart shows what was held on each date', async () => {
    const d = await deal('2024-01-01');
    const [early, late] = [await investor('Early Bird'), await investor('Late Comer')];
    await commit(early, d.id, '1000000');
    await commit(late, d.id, '1000000');
    await fund(d.id, [early], '2024-06-01', ['1000000']);
    ok(
      await api('POST /api/deals/:id/valuations', {
        cookie: adminCookie,
        params: { id: d.id },
        body: {
          valuationDate: '2024-09-30',
          currentValue: '1100000',
          performanceStatus: 'Performing',
        },
      }),
      201,
    );
    await fund(d.id, [late], '2025-01-15', ['1000000']);
    const pe = await perf(early);
    const pl = await perf(late);
    // Every figure is measured to the company's today (decision 023): the 1.1M valuation rolled forward.
    expect(pe.holdings[0]).toMatchObject({ currentValue: '1100000.00', contributed: '1000000.00', gain: '100000.00', asOf: today() });
    expect(pe.holdings[0]?.moic).toBeCloseTo(1.1, 6);
    expect(pl.holdings[0]).toMatchObject({ currentValue: '1000000.00', gain: '0.00' });
    expect(pe.history).toEqual([
      { date: '2024-06-01', value: '1000000.00' },
      { date: '2024-09-30', value: '1100000.00' },
      { date: today(), value: '1100000.00' },
    ]);
    // The later investor holds nothing before investing; the chart ends on today.
    expect(pl.history).toEqual([
      { date: '2025-01-15', value: '1000000.00' },
      { date: today(), value: '1000000.00' },
    ]);
    // A later valuation is allocated by ownership on its own date: 50/50, to the cent.
    ok(
      await api('POST /api/deals/:id/valuations', {
        cookie: adminCookie,
        params: { id: d.id },
        body: {
          valuationDate: '2025-06-30',
          currentValue: '2000000.01',
          performanceStatus: 'Performing',
        },
      }),
      201,
    );
    const [a2, b2] = [await perf(early), await perf(late)];
    // On the second close the early investor's chart still reads 1.1M (what they held then).
    expect(a2.history).toContainEqual({ date: '2024-09-30', value: '1100000.00' });
    expect(b2.history[0]).toEqual({ date: '2025-01-15', value: '1000000.00' });
    expect([a2.holdings[0]?.currentValue, b2.holdings[0]?.currentValue].sort()).toEqual(['1000000.00', '1000000.01']);
    // IRR is measured to the company's today, like the statement to today and the deal's capital accounts.
    expect(a2.holdings[0]?.asOf).toBe(today());
  });

  it('gain counts distributions: 1,000 in, 1,000 returned, valued 200 gives MOIC 1.20x and +200', async () => {
    const d = await deal('2024-01-01');
    const a = await investor();
    await commit(a, d.id, '1000');
    await fund(d.id, [a], '2024-02-01', ['1000']);
    const ev = ok(
      await api('POST /api/distributions', {
        cookie: adminCookie,
        body: {
          dealId: d.id,
          type: 'Income',
          totalAmount: '1000',
          paymentDate: '2024-06-01',
          recordDate: '2024-05-01',
        },
      }),
      201,
    ).event;
    ok(await api('POST /api/distributions/:id/pay', { cookie: adminCookie, params: { id: ev.id }, body: {} }));
    ok(
      await api('POST /api/deals/:id/valuations', {
        cookie: adminCookie,
        params: { id: d.id },
        body: {
          valuationDate: '2024-12-31',
          currentValue: '200',
          performanceStatus: 'Watch',
        },
      }),
      201,
    );
    const p = await perf(a);
    expect(p.totals).toMatchObject({ contributed: '1000.00', distributions: '1000.00', currentValue: '200.00', gain: '200.00' });
    expect(p.totals.moic).toBeCloseTo(1.2, 6);
    expect(p.totals.dpi).toBeCloseTo(1, 6);
    expect(p.totals.rvpi).toBeCloseTo(0.2, 6);
  });

  it('the deal target cannot be set below what is committed', async () => {
    const d = await deal('2024-01-01', '5000');
    const a = await investor();
    await commit(a, d.id, '3000');
    const res = err(
      await api('PATCH /api/deals/:id', { cookie: adminCookie, params: { id: d.id }, body: { targetAmount: '2999.99' } }),
      409,
    );
    expect(res.message).toMatch(/below the \$3,000\.00 already committed/);
    ok(await api('PATCH /api/deals/:id', { cookie: adminCookie, params: { id: d.id }, body: { targetAmount: '3000' } }));
  });

  it('capital account statement PDF: opening, movements and the right closing balance', async () => {
    const d = await deal('2024-01-01');
    const a = await investor('Statement Holder');
    await commit(a, d.id, '10000');
    await fund(d.id, [a], '2024-02-01', ['4000']);
    ok(
      await api('POST /api/deals/:id/fees', {
        cookie: adminCookie,
        params: { id: d.id },
        body: {
          investorId: a.id,
          amount: '25.50',
          date: '2024-05-01',
          memo: 'Admin fee',
        },
      }),
      201,
    );
    const res = await api('GET /api/investor/statement', { cookie: a.cookie, query: { from: '2024-04-01', to: '2024-06-30' } });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Capital Account Statement');
    // The balance is the roll-forward NAV (decision 023): 4,000 at cost, no valuation. The fee is
    // shown for the period but settled apart (a fee call or a deduction), not in the balance.
    expect(text).toMatch(/Opening balance\s+\$4,000\.00/);
    expect(text).toMatch(/Closing balance\s+\$4,000\.00/);
    expect(text).toMatch(/Fees and expenses charged \(settled apart, not in the balance\)\s+\$25\.50/);
    const admin = await api('GET /api/investors/:id/statement', {
      cookie: adminCookie,
      params: { id: a.id },
      query: { from: '2024-01-01', to: '2024-12-31' },
    });
    expect(pdfText(admin.rawPayload)).toMatch(/Closing balance\s+\$4,000\.00/);
    err(await api('GET /api/investor/statement', { cookie: a.cookie, query: { from: '2024-06-30', to: '2024-01-01' } }), 400);
  });

  it('an Arabic investor gets the statement in Arabic, right to left, with amounts and dates intact (issue 16)', async () => {
    const d = await deal('2024-01-01');
    const a = await investor('Arabic Holder');
    ok(await api('PUT /api/auth/language', { cookie: a.cookie, body: { language: 'ar' } }));
    await commit(a, d.id, '10000');
    await fund(d.id, [a], '2024-02-01', ['4000']);
    ok(
      await api('POST /api/deals/:id/fees', {
        cookie: adminCookie,
        params: { id: d.id },
        body: { investorId: a.id, amount: '25.50', date: '2024-05-01', memo: 'Fee' },
      }),
      201,
    );
    for (const res of [
      await api('GET /api/investor/statement', { cookie: a.cookie, query: { from: '2024-04-01', to: '2024-06-30' } }),
      // The admin downloads it in the investor's language too.
      await api('GET /api/investors/:id/statement', {
        cookie: adminCookie,
        params: { id: a.id },
        query: { from: '2024-04-01', to: '2024-06-30' },
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      // pdftotext marks its bidi runs; compare the letters and their order.
      const lines = pdfText(res.rawPayload)
        .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
        .split('\n')
        .map((l) => l.replace(/\s+/g, ' ').trim());
      expect(lines).toContain('كشف حساب رأس المال');
      expect(lines.find((l) => l.includes('الرصيد الافتتاحي'))).toMatch(/^\$4,000\.00 الرصيد الافتتاحي$/);
      expect(lines.find((l) => l.includes('الرصيد الختامي'))).toMatch(/^\$4,000\.00 الرصيد الختامي$/);
      expect(lines.find((l) => l.includes('الرسوم والمصروفات'))).toMatch(/^\$25\.50 الرسوم والمصروفات المحملة/);
      expect(lines.find((l) => l.startsWith('الفترة'))?.replace(/\s/g, '')).toBe('الفترة:من1أبريل2024إلى30يونيو2024');
      expect(lines.join('\n')).not.toContain('Closing balance');
      // Noto Sans Arabic draws medial ت and ي (and ث, ن, ب) with one glyph: each letter still
      // extracts (and copies) as itself, also twice in one word, with and without -layout.
      for (const layout of [true, false]) {
        const words = arabicWords(res.rawPayload, layout);
        expect(words).toContain('ملكيتك');
        expect(words).toContain('تاريخه');
      }
      // One embedded font per face (regular and bold), not a copy per clash.
      expect(
        pdfFonts(res.rawPayload)
          .map((f) => f.replace(/^[A-Z]+\+/, ''))
          .sort(),
      ).toEqual(['NotoSansArabic-Bold', 'NotoSansArabic-Regular']);
    }
    // The capital call notice too.
    const d2 = await deal();
    await commit(a, d2.id, '5000');
    const c = ok(await issue({ dealId: d2.id, basis: 'amount', amount: '1000' }), 201).call;
    const notice = await api('GET /api/investor/capital-calls/:id/notice', { cookie: a.cookie, params: { id: c.id } });
    expect(notice.statusCode, notice.body).toBe(200);
    const lines = pdfText(notice.rawPayload)
      .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim());
    expect(lines).toContain('إشعار طلب رأس المال');
    expect(lines.find((l) => l.includes('المبلغ المستحق'))).toMatch(/^\$1,000\.00 المبلغ المستحق$/);
    expect(lines.find((l) => l.includes('تعليمات الدفع'))).toBe('تعليمات الدفع');
    expect(lines.find((l) => l.includes('الاستحقاق'))).toMatch(/ تاريخ الاستحقاق$/);
    expect(lines.join('\n')).toContain('تاريخ الطلب');
    expect(arabicWords(notice.rawPayload, false)).toEqual(expect.arrayContaining(['البنك', 'تاريخ', 'الاستحقاق']));
  });

  it('a statement longer than a page goes on over the next pages, in English and in Arabic: every row, whole, inside the margins', async () => {
    const en = await investor('Long English Holder');
    const ar = await investor('Long Arabic Holder');
    ok(await api('PUT /api/auth/language', { cookie: ar.cookie, body: { language: 'ar' } }));
    const usd = (n: number) => `$${n.toLocaleString('en-US')}.00`;
    const deals: { title: string; committed: string; contributed: string; unfunded: string }[] = [];
    for (let i = 1; i <= 10; i++) {
      const d = await deal('2024-01-01');
      for (const w of [en, ar]) await commit(w, d.id, String(i * 10_000));
      const c = ok(
        await issue({ dealId: d.id, basis: 'percentage', percentage: '40', callDate: '2024-02-01', dueDate: '2024-03-01' }),
        201,
      ).call;
      for (const w of [en, ar]) ok(await receipt(c.id, w.id, String(i * 4_000), '2024-02-15'), 201);
      deals.push({ title: d.title, committed: usd(i * 10_000), contributed: usd(i * 4_000), unfunded: usd(i * 6_000) });
    }
    deals.sort((a, b) => a.title.localeCompare(b.title));
    // Commitments are dated on completion (today), so the period runs past today.
    const to = `${Number(today().slice(0, 4)) + 1}-12-31`;
    const statement = async (who: Investor) => {
      const res = await api('GET /api/investors/:id/statement', {
        cookie: adminCookie,
        params: { id: who.id },
        query: { from: '2024-01-01', to: `${to}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload;
    };
    /**
     * Each page's lines (pdftotext -layout, a form feed between pages), without bidi marks, spaces
     * collapsed (pdftotext drops the space between a right-to-left run and a " / " in it).
     */
    const pages = (buf: Buffer) =>
      pdfText(buf)
        .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
        .split('\f')
        .map((page) =>
          page
            .split('\n')
            .map((l) =>
              l
                .replace(/\s*\/\s*/g, ' / ')
                .replace(/\s+/g, ' ')
                .trim(),
            )
            .filter(Boolean),
        )
        .filter((page) => page.length > 0);
    const expectInOrder = (lines: string[], expected: string[]) => {
      let at = 0;
      for (const line of expected) {
        const found = lines.indexOf(line, at);
        expect(found, `"${line}" (in order, label and value on one line)`).toBeGreaterThanOrEqual(at);
        at = found + 1;
      }
    };

    const english = await statement(en);
    const arabic = await statement(ar);
    for (const [buf, rows, total, footnote, disclaimerEnd] of [
      [
        english,
        (x: (typeof deals)[number]) => [
          x.title,
          'Opening balance $0.00',
          `Capital called ${x.contributed}`,
          `Contributions ${x.contributed}`,
          'Change in value $0.00',
          `Closing balance ${x.contributed}`,
          `Commitment / unfunded ${x.committed} / ${x.unfunded}`,
          `Net asset value at ${formatDate(to)} ${x.contributed}`,
        ],
        'Total closing balance $220,000.00',
        'Only paid distributions are in balances.',
        'if anything in it is not as you expect.',
      ],
      [
        arabic,
        // Right to left: the value on the left of its label; the commitment comes first from the right.
        (x: (typeof deals)[number]) => [
          x.title,
          '$0.00 الرصيد الافتتاحي',
          `${x.contributed} رأس المال المطلوب`,
          `${x.contributed} المساهمات`,
          '$0.00 التغير في القيمة',
          `${x.contributed} الرصيد الختامي`,
          `${x.unfunded} / ${x.committed} الالتزام / غير الممول`,
        ],
        '$220,000.00 إجمالي الرصيد الختامي',
        'المدفوعة',
        'ما لا يطابق توقعاتك.',
      ],
    ] as const) {
      const count = pdfPages(buf);
      expect(count).toBeGreaterThan(1);
      const text = pages(buf);
      expect(text).toHaveLength(count);
      // Every row of every deal, in order, label and value on the same line (so on the same page).
      expectInOrder(text.flat(), [...deals.flatMap(rows), total]);
      // No page ends with a deal's title: it goes over with its first rows.
      for (const page of text.slice(0, -1)) expect(deals.map((x) => x.title)).not.toContain(page.at(-1));
      // The first page opens with the company; the footnote and the disclaimer (the default
      // one: its last words) are on the last page.
      expect(text[0]?.[0]).toBe('Meridian Capital Group');
      const last = (text.at(-1) ?? []).join(' ');
      expect(last).toContain(footnote);
      expect(last.replace(/\s/g, '')).toContain(disclaimerEnd.replace(/\s/g, ''));
      // Nothing is drawn under the bottom margin (50 pt), and no page is left empty.
      const boxes = pdfWordBoxes(buf);
      expect(boxes).toHaveLength(count);
      for (const page of boxes) {
        expect(page.words.length).toBeGreaterThan(0);
        const lowest = Math.max(...page.words.map((w) => w.yMax));
        expect(lowest).toBeLessThanOrEqual(page.height - 50 + 0.5);
      }
    }
  }, 300_000); // twenty completions, each signed and countersigned (issue 30)

  it('a statement run generates every investor’s statement into the vault, with progress', async () => {
    const started = ok(
      await api('POST /api/statement-runs', { cookie: adminCookie, body: { from: '2024-01-01', to: '2024-12-31' } }),
      202,
    ).run;
    expect(started.total).toBeGreaterThan(0);
    let run = started;
    for (let i = 0; i < 200 && run.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      run = ok(await api('GET /api/statement-runs/:id', { cookie: adminCookie, params: { id: started.id } })).run;
    }
    expect(run).toMatchObject({ status: 'done', done: started.total });
  });

  it('generated statements are listed on the investor’s Statements, not among their compliance documents', async () => {
    const d = await deal('2024-01-01');
    const a = await investor('Run Holder A');
    const b = await investor('Run Holder B');
    await commit(a, d.id, '5000');
    await commit(b, d.id, '5000');
    await fund(d.id, [a, b], '2024-03-01', ['2000', '2000']);
    // A compliance document addressed to A, uploaded by the desk, stays a compliance document.
    const letter = multipart(
      { name: 'Client Classification Letter', type: 'Other', investorId: a.id },
      { filename: 'letter.pdf', content: PDF_BYTES, contentType: 'application/pdf' },
    );
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { cookie: adminCookie, 'content-type': letter.contentType },
      payload: letter.body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    const started = ok(
      await api('POST /api/statement-runs', { cookie: adminCookie, body: { from: '2024-01-01', to: '2024-03-31' } }),
      202,
    ).run;
    let status = 'running';
    for (let i = 0; i < 300 && status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = ok(await api('GET /api/statement-runs/:id', { cookie: adminCookie, params: { id: started.id } })).run.status;
    }
    expect(status).toBe('done');

    const mine = ok(await api('GET /api/investor/statements', { cookie: a.cookie })).statements;
    expect(mine.map((s) => [s.from, s.to])).toEqual([['2024-01-01', '2024-03-31']]);
    const theirs = ok(await api('GET /api/investor/statements', { cookie: b.cookie })).statements;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.id).not.toBe(mine[0]?.id);

    // The compliance screen lists the letter only.
    const compliance = ok(await api('GET /api/investor/compliance', { cookie: a.cookie }));
    expect(compliance.documents.map((x) => x.name)).toEqual(['Client Classification Letter']);
    expect(ok(await api('GET /api/investor/compliance', { cookie: b.cookie })).documents).toEqual([]);

    // A downloads their own statement (its text shows the closing balance); B cannot fetch A's.
    const pdf = await api('GET /api/investor/documents/:id/download', { cookie: a.cookie, params: { id: String(mine[0]?.id) } });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdfText(pdf.rawPayload)).toMatch(/Closing balance\s+\$2,000\.00/);
    err(await api('GET /api/investor/documents/:id/download', { cookie: b.cookie, params: { id: String(mine[0]?.id) } }), 404);
    err(await api('GET /api/investor/statements', { cookie: adminCookie }), 403);
  });
});
