import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { todayIso } from '../../shared/dates.ts';
import type { Deal } from '../../shared/deals.ts';
import type { Subscription } from '../../shared/subscriptions.ts';
import { approveForSubscribing, createUser, signIn, type TestContext } from './harness.ts';
import { completeSubscriptionSigned, ensureSubscriptionPack } from './signing.ts';

/** A signed-in investor whose KYC is approved (so they may subscribe). */
export interface Investor {
  id: string;
  cookie: string;
}

/** One request through the real app, with a session cookie or none. */
export type Call = (
  method: InjectOptions['method'],
  url: string,
  cookie: string | null,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

export interface HoldOptions {
  /** The call's date, due date and the receipt's value date (default today). */
  date?: string;
  /** Back-date the commitment entry (completion dates it today). */
  commitmentDate?: string;
  /** Back-date the deal's creation to `date` when it is later (a deal exists before its first call). */
  dealExistedBy?: boolean;
}

/**
 * Gives a deal's SPV complete payment instructions (a capital call is refused without them,
 * issue 26): the SPV the deal names, created when missing, or 'Test Payments SPV Ltd' when the
 * deal names none. Setup straight in the database, like the other back-dating helpers.
 */
export async function withPaymentDetails(ctx: TestContext, dealId: string): Promise<void> {
  const rows = (await ctx.db.query('SELECT spv_entity FROM deals WHERE id = $1', [dealId])) as { spv_entity: string | null }[];
  const named = rows[0]?.spv_entity?.trim();
  const name = named || 'Test Payments SPV Ltd';
  if (!named) await ctx.db.query('UPDATE deals SET spv_entity = $2 WHERE id = $1', [dealId, name]);
  await ctx.db.query(
    `INSERT INTO spvs (name, jurisdiction, annual_return_due, bank_name, account_name, account_number, swift_code)
     VALUES ($1, 'Mauritius', '2030-01-01', 'Mauritius Commercial Bank', $1, 'MU17BOMM0101101030300200000MUR', 'MCBLMUMU')
     ON CONFLICT (lower(name)) DO UPDATE SET bank_name = EXCLUDED.bank_name, account_name = EXCLUDED.account_name,
       account_number = EXCLUDED.account_number, swift_code = EXCLUDED.swift_code`,
    [name],
  );
}

/**
 * The money fixtures the capital-account, distribution and waterfall suites share: investors,
 * an open deal, and a holding funded through the API (subscribe, sign and countersign, call, receipt), so
 * each suite starts from the same ledger the product would write.
 */
export function moneyFixtures(ctx: () => TestContext, adminCookie: () => string) {
  const call: Call = (method, url, cookie, payload) =>
    ctx().app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });

  const investor = async (name: string): Promise<Investor> => {
    const u = await createUser(ctx(), { role: 'investor', name });
    await approveForSubscribing(ctx(), u.id);
    return { id: u.id, cookie: await signIn(ctx(), u.email, u.password) };
  };

  /** Creates a deal and sets it Active; `createdAt` back-dates it (reference cases dated years ago). */
  const openDeal = async (title: string, opts: { type?: string; spvEntity?: string | null; createdAt?: string } = {}): Promise<Deal> => {
    const res = await call('POST', '/api/deals', adminCookie(), {
      title,
      type: opts.type ?? 'Infrastructure',
      targetAmount: null,
      ...(opts.spvEntity !== undefined ? { spvEntity: opts.spvEntity } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { deal: Deal }).deal.id;
    const patched = await call('PATCH', `/api/deals/${id}`, adminCookie(), { status: 'Active' });
    expect(patched.statusCode, patched.body).toBe(200);
    if (opts.createdAt) await ctx().db.query('UPDATE deals SET created_at = $2 WHERE id = $1', [id, opts.createdAt]);
    // Every deal takes subscriptions only with a complete subscription pack (issue 30).
    await ensureSubscriptionPack(ctx(), id);
    return (patched.json() as { deal: Deal }).deal;
  };

  /** Subscribes, signs and has the agreement countersigned (which completes it), calls it in full and records the money as received on `date`. */
  const hold = async (who: Investor, dealId: string, amount: string, opts: HoldOptions = {}): Promise<Subscription> => {
    const date = opts.date ?? todayIso();
    const res = await call('POST', '/api/investor/subscriptions', who.cookie, { dealId, amount });
    expect(res.statusCode, res.body).toBe(201);
    const sub = (res.json() as { subscription: Subscription }).subscription;
    await completeSubscriptionSigned(ctx(), sub.id, { investorCookie: who.cookie });
    if (opts.commitmentDate) {
      // An append-only table: the guard is lifted for this setup only.
      await ctx().db.tx(async (q) => {
        await q.query('ALTER TABLE ledger_entries DISABLE TRIGGER USER');
        await q.query("UPDATE ledger_entries SET entry_date = $2 WHERE subscription_id = $1 AND kind = 'commitment'", [
          sub.id,
          opts.commitmentDate,
        ]);
        await q.query('ALTER TABLE ledger_entries ENABLE TRIGGER USER');
      });
    }
    if (opts.dealExistedBy) {
      await ctx().db.query('UPDATE deals SET created_at = least(created_at, $2::timestamptz) WHERE id = $1', [dealId, `${date}T00:00:00Z`]);
    }
    await withPaymentDetails(ctx(), dealId);
    const issued = await call('POST', '/api/capital-calls', adminCookie(), {
      dealId,
      basis: 'amount',
      amount,
      callDate: date,
      dueDate: date,
      purpose: 'Closing',
      investorIds: [who.id],
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const paid = await call('POST', `/api/capital-calls/${issued.json().call.id}/receipts`, adminCookie(), {
      investorId: who.id,
      amount,
      valueDate: date,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return sub;
  };

  return { call, investor, openDeal, hold };
}
