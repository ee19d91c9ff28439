import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '../../shared/api/contract.ts';
import { DEFAULT_SETTINGS } from '../../shared/settings.ts';
import { sql } from '../db/sql.ts';
import { type ApiCall, injectApi } from '../testing/api-client.ts';
import { approveForSubscribing, createTestContext, createUser, signIn, type TestContext, uniqueEmail } from '../testing/harness.ts';
import { multipart, PDF_BYTES } from '../testing/multipart.ts';
import { ensureSubscriptionPack } from '../testing/signing.ts';
import { PROBES } from './catalog.ts';

/**
 * SQL injection and markup probes in every free-text field the API stores: each is stored as
 * text and comes back unchanged (the web app renders text, never HTML; e2e/security.spec.ts
 * checks that in Chromium). Search boxes treat the probes as text to look for.
 */
/** For fields limited to 20 characters. */
const SHORT = `<b>'; --"</b>`;

/** True when `value` occurs as a whole string anywhere in a parsed JSON body. */
function holds(body: unknown, value: string): boolean {
  if (typeof body === 'string') return body === value;
  if (Array.isArray(body)) return body.some((v) => holds(v, value));
  if (body && typeof body === 'object') return Object.values(body).some((v) => holds(v, value));
  return false;
}

describe('injection and markup probes are stored and returned as text', () => {
  let ctx: TestContext;
  let admin: string;
  let investor: string;
  let investorId: string;
  let dealId: string;

  const call = async (
    method: InjectOptions['method'],
    url: string,
    cookie: string | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    return res;
  };
  // Any route's answer, searched for the probe as text: its shape does not matter here.
  const json = async (url: string, cookie: string) => (await call('GET', url, cookie)).json() as unknown;
  /** A route of the table, its answer typed (and a 2xx checked, as `call` does). */
  const api = async <K extends RouteKey>(key: K, cookie: string, call: ApiCall<K>) => {
    const res = await injectApi(() => ctx.app)(key, { ...call, cookie });
    expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    return res;
  };
  const form = (cookie: string, url: string, fields: Record<string, string>, filename = 'file.pdf') => {
    const f = multipart(fields, { filename, content: PDF_BYTES });
    return call('POST', url, cookie, f.body, { 'content-type': f.contentType });
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const a = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    admin = await signIn(ctx, a.email, a.password);
    const i = await createUser(ctx, { role: 'investor' });
    investorId = i.id;
    investor = await signIn(ctx, i.email, i.password);
    await approveForSubscribing(ctx, i.id);
    dealId = (await api('POST /api/deals', admin, { body: { title: 'Probe deal', type: 'PPP', targetAmount: '100000' } })).json().deal.id;
    await call('PATCH', `/api/deals/${dealId}`, admin, { status: 'Active' });
    await ensureSubscriptionPack(ctx, dealId);
  });
  afterAll(() => ctx.close());

  /** Each case stores `p` in one or more fields, then reads it back where the app shows it. */
  const cases: Record<string, (p: string) => Promise<unknown>> = {
    'deal title, SPV entity, description, next step': async (p) => {
      const id = (
        await api('POST /api/deals', admin, { body: { title: p, type: 'Oil Trading', spvEntity: p, description: p, nextStep: p } })
      ).json().deal.id;
      return json(`/api/deals/${id}`, admin);
    },
    'deal edit': async (p) => {
      await call('PATCH', `/api/deals/${dealId}`, admin, { description: p, expectedIrr: SHORT });
      return json(`/api/deals/${dealId}`, admin);
    },
    'valuation expected exit': async (p) => {
      await call('POST', `/api/deals/${dealId}/valuations`, admin, {
        valuationDate: '2026-03-31',
        currentValue: '1',
        expectedExit: p.slice(0, 50),
        performanceStatus: 'Watch',
      });
      return {
        v: JSON.stringify(await json(`/api/deals/${dealId}`, admin)).includes(JSON.stringify(p.slice(0, 50)).slice(1, -1)) ? p : 'missing',
      };
    },
    'SPV name, jurisdiction, advisory fee flow': async (p) => {
      await call('POST', '/api/spvs', admin, {
        name: p,
        jurisdiction: p,
        annualReturnDue: '2027-01-01',
        bankBalance: '1',
        advisoryFeeFlow: p,
      });
      return json('/api/spvs', admin);
    },
    'document name': async (p) => {
      await form(admin, '/api/documents', { name: p, type: 'PPM' });
      return json('/api/documents', admin);
    },
    'user name (admin-created and signed up)': async (p) => {
      await call('POST', '/api/users', admin, { name: p, email: uniqueEmail('probe'), password: 'secret-123-long', role: 'investor' });
      await call('POST', '/api/auth/sign-up', null, { name: `${p}!`, email: uniqueEmail('probe'), password: 'secret-123-long' });
      const users = await json('/api/users', admin);
      return holds(users, `${p}!`) ? users : {};
    },
    'settings text fields': async (p) => {
      const text = { companyName: p, smtpHost: p, regulatorAuthorization: p, complianceContactName: p, clientClassification: p };
      await call('PUT', '/api/settings', admin, { ...DEFAULT_SETTINGS, ...text });
      return json('/api/settings', admin);
    },
    'compliance title and description': async (p) => {
      await call('POST', '/api/compliance', admin, { type: 'other', title: p, description: p, dueDate: '2027-05-01' });
      return json('/api/compliance', admin);
    },
    'KYC file name and rejection reason': async (p) => {
      const u = await createUser(ctx, { role: 'investor' });
      const cookie = await signIn(ctx, u.email, u.password);
      for (const kind of ['passport', 'address_proof', 'financial_statements', 'source_of_funds'])
        await form(cookie, `/api/kyc/me/documents/${kind}`, {}, `${kind}.pdf`);
      await call('POST', '/api/kyc/me/submit', cookie, {});
      const appId = (await sql<{ id: string }>('SELECT id FROM kyc_applications WHERE investor_id = $1').first(ctx.db, [u.id]))?.id;
      await call('POST', `/api/kyc/${appId}/reject`, admin, { reason: p });
      return json(`/api/kyc/${appId}`, admin);
    },
    'subscription rejection reason': async (p) => {
      const sub = (await api('POST /api/investor/subscriptions', investor, { body: { dealId, amount: '10' } })).json().subscription;
      await call('POST', `/api/subscriptions/${sub.id}/reject`, admin, { reason: p });
      return json('/api/investor/subscriptions', investor);
    },
    'message subject and body, both sides': async (p) => {
      // A JSON body: the message routes take JSON or a form with attachments.
      const threadId = (await api('POST /api/investor/messages', investor, { rawBody: { subject: p, body: p } })).json().threadId;
      await call('POST', `/api/messages/${threadId}/reply`, admin, { body: `${p} (reply)` });
      const thread = await json(`/api/investor/messages/${threadId}`, investor);
      return holds(thread, `${p} (reply)`) && holds(await json('/api/messages', admin), p) ? thread : {};
    },
    'admin message to an investor': async (p) => {
      const threadId = (await api('POST /api/messages', admin, { rawBody: { investorId, subject: p, body: p } })).json().threadId;
      return json(`/api/messages/${threadId}`, admin);
    },
  };

  for (const [name, run] of Object.entries(cases)) {
    it(`${name}: every probe comes back unchanged`, async () => {
      for (const p of PROBES) expect(holds(await run(p), p), `${name}: ${p}`).toBe(true);
    });
  }

  it('search boxes look for the probes as text, and the tables are intact', async () => {
    for (const p of PROBES) {
      const res = (await json(`/api/activity-logs?search=${encodeURIComponent(p)}`, admin)) as { logs: unknown[] };
      expect(Array.isArray(res.logs)).toBe(true);
    }
    // The deal titles above were logged; searching for one finds it, literally.
    const found = (await json(`/api/activity-logs?search=${encodeURIComponent('DROP TABLE deals; --')}`, admin)) as { total: number };
    expect(found.total).toBeGreaterThan(0);
    const counts = await sql<{ n: number }>('SELECT (SELECT count(*) FROM deals)::int + (SELECT count(*) FROM profiles)::int AS n').all(
      ctx.db,
    );
    expect(counts[0]?.n).toBeGreaterThan(3);
  });
});
