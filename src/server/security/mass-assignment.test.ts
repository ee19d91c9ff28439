import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '../../shared/api/contract.ts';
import { RETAIL_NOTICE_VERSION } from '../../shared/dfsa-classification.ts';
import { DEFAULT_SETTINGS } from '../../shared/settings.ts';
import { totpFor } from '../auth/totp.ts';
import { sql } from '../db/sql.ts';
import { injectApi } from '../testing/api-client.ts';
import { harnessDay } from '../testing/days.ts';
import { withPaymentDetails } from '../testing/fixtures.ts';
import { approveForSubscribing, createTestContext, createUser, signIn, type TestContext, uniqueEmail } from '../testing/harness.ts';
import { multipart, PDF_BYTES } from '../testing/multipart.ts';
import { completeSubscriptionSigned, ensureSubscriptionPack, FULL_FIELDS, templatePdf } from '../testing/signing.ts';
import { MASS_ASSIGNMENT_FIELDS } from './catalog.ts';

/**
 * Mass assignment: every route that takes a body is called with a valid body plus fields a
 * caller must never control (role, status, owner and author ids, amounts the server derives).
 * Each call must succeed (so the test proves something) and none of the extra values may reach
 * the database: the victim's id, the sentinel amount and the sentinel text appear in no row of
 * any table afterwards, and roles and statuses are the ones the server decides.
 */

const SENTINEL_AMOUNT = '987654321';
const SENTINEL_TEXT = 'mass-assign-sentinel';

/** Fields no body may set. `legit` names the ones a given route really takes, left out there. */
function extras(victimId: string, legit: string[] = []): Record<string, unknown> {
  const all: Record<string, unknown> = {
    id: victimId,
    role: 'admin',
    status: 'active',
    user_id: victimId,
    userId: victimId,
    created_by: victimId,
    createdBy: victimId,
    uploaded_by: victimId,
    uploadedBy: victimId,
    investor_id: victimId,
    investorId: victimId,
    sender_id: victimId,
    senderId: victimId,
    reviewed_by: victimId,
    reviewedBy: victimId,
    assigned_to: victimId,
    admin_user_type: 'founder',
    adminUserType: 'founder',
    committed_amount: SENTINEL_AMOUNT,
    committedAmount: SENTINEL_AMOUNT,
    file_path: `../${SENTINEL_TEXT}`,
    filePath: `../${SENTINEL_TEXT}`,
    sha256: SENTINEL_TEXT,
    email: `${SENTINEL_TEXT}@evil.example.com`,
    must_change_password: false,
    mustChangePassword: false,
    kyc_status: 'approved',
    created_at: '2000-01-01T00:00:00Z',
    createdAt: '2000-01-01T00:00:00Z',
  };
  for (const k of legit) delete all[k];
  expect(Object.keys(all).sort()).toEqual(MASS_ASSIGNMENT_FIELDS.filter((f) => !legit.includes(f)).sort());
  return all;
}

/** A form takes at most 20 text fields: the upload routes get the extras that matter most, as text. */
const MULTIPART_EXTRAS = [
  'id',
  'role',
  'status',
  'user_id',
  'userId',
  'created_by',
  'uploaded_by',
  'uploadedBy',
  'investor_id',
  'file_path',
  'filePath',
  'sha256',
  'email',
  'createdAt',
];
const formExtras = (victimId: string, legit: string[] = []) =>
  Object.fromEntries(
    Object.entries(extras(victimId, legit))
      .filter(([k]) => MULTIPART_EXTRAS.includes(k))
      .map(([k, v]) => [k, String(v)]),
  );

interface Case {
  route: string;
  /** Runs the call (with the extras) and checks what the server decided; returns the response. */
  run(): Promise<LightMyRequestResponse>;
  status: number;
}

describe('mass assignment: extra fields in any body are ignored, never applied', () => {
  let ctx: TestContext;
  let adminId: string;
  let adminCookie: string;
  /** The webhook endpoint the webhook cases share (issue 34 part 2). */
  let webhookId = '';
  let investorId: string;
  let investorCookie: string;
  let victimId: string;
  const ids: Record<string, string> = {};

  let last: LightMyRequestResponse | undefined;
  const call = async (
    method: InjectOptions['method'],
    url: string,
    cookie: string | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    last = await ctx.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    return last;
  };
  /** A route of the table, its answer typed; the body as it comes (these cases add fields the schema must ignore). */
  const api = async <K extends RouteKey>(key: K, cookie: string | null, rawBody?: unknown) => {
    const res = await injectApi(() => ctx.app)(key, { cookie, rawBody });
    last = res;
    return res;
  };
  const upload = (url: string, cookie: string, fields: Record<string, string>, filename = 'memo.pdf') => {
    const { body, contentType } = multipart(fields, { filename, content: PDF_BYTES });
    return call('POST', url, cookie, body, { 'content-type': contentType });
  };
  const one = async <T extends object>(text: string, params: unknown[] = []) => (await sql<T>(text).first(ctx.db, params)) as T;
  const throwaway = async (role: 'admin' | 'investor' = 'investor') => {
    const u = await createUser(ctx, { role, ...(role === 'admin' ? { adminUserType: 'legal' as const } : {}) });
    return { ...u, cookie: await signIn(ctx, u.email, u.password) };
  };

  /** An investor whose relationship ended long ago (suspended in 2000, a ledger entry of 1999): past every retention period. */
  const pastRetention = async () => {
    const u = await createUser(ctx, { role: 'investor', status: 'suspended' });
    const deal = await one<{ id: string }>(`INSERT INTO deals (title, type) VALUES ('Retention Mass Fund', 'PPP') RETURNING id`);
    await ctx.db.query(
      `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'commitment', 10.00, '1999-06-01')`,
      [u.id, deal.id],
    );
    await ctx.db.query(
      `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, created_at) VALUES ('user_status_change', $2, $1, '{"from":"active","to":"suspended"}', '2000-01-10T10:00:00Z')`,
      [u.id, adminId],
    );
    return u.id;
  };
  /** How many rows of each table mention a value (the row cast to text). */
  async function mentions(value: string): Promise<Record<string, number>> {
    const tables = await sql<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    ).all(ctx.db);
    const out: Record<string, number> = {};
    for (const { table_name } of tables) {
      // A background job's resume cursor names whichever investor its last batch ended on (the
      // screening re-run walks every investor); that is progress, not a field a body assigned.
      const row = table_name === 'screening_imports' ? "to_jsonb(t) - 'rescreen_cursor'" : 't';
      const r = await one<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE (${row})::text LIKE $1`, [`%${value}%`]);
      out[table_name] = r.n;
    }
    return out;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    adminId = admin.id;
    adminCookie = await signIn(ctx, admin.email, admin.password);
    const investor = await createUser(ctx, { role: 'investor' });
    investorId = investor.id;
    investorCookie = await signIn(ctx, investor.email, investor.password);
    await approveForSubscribing(ctx, investorId);
    victimId = (await createUser(ctx, { role: 'investor', status: 'suspended' })).id;
  });
  afterAll(() => ctx.close());

  const cases: Case[] = [
    {
      route: 'POST /api/auth/sign-up',
      status: 201,
      async run() {
        const email = uniqueEmail('signup');
        const res = await call('POST', '/api/auth/sign-up', null, {
          email,
          password: 'secret-123-long',
          name: 'New Investor',
          ...extras(victimId, ['email']),
        });
        const p = await one<{ role: string; status: string; id: string }>(
          'SELECT id, role, status FROM profiles WHERE lower(email) = lower($1)',
          [email],
        );
        expect(p).toMatchObject({ role: 'investor', status: 'pending' });
        expect(p.id).not.toBe(victimId);
        return res;
      },
    },
    {
      route: 'POST /api/auth/sign-in',
      status: 200,
      async run() {
        const u = await createUser(ctx, { role: 'investor', status: 'active' });
        const res = await call('POST', '/api/auth/sign-in', null, { email: u.email, password: u.password, ...extras(victimId, ['email']) });
        expect(res.json().user).toMatchObject({ id: u.id, role: 'investor' });
        return res;
      },
    },
    {
      route: 'POST /api/auth/sign-out',
      status: 200,
      async run() {
        const u = await throwaway();
        return call('POST', '/api/auth/sign-out', u.cookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/auth/change-password',
      status: 200,
      async run() {
        const u = await throwaway();
        const res = await call('POST', '/api/auth/change-password', u.cookie, {
          currentPassword: u.password,
          newPassword: 'another-pass-9-long',
          // 'email' is a field of this route (the generated admin's first sign-in sets it), refused for others.
          ...extras(victimId, ['email']),
        });
        expect(await one('SELECT role, status FROM profiles WHERE id = $1', [u.id])).toEqual({ role: 'investor', status: 'active' });
        return res;
      },
    },
    {
      route: 'POST /api/deals',
      status: 201,
      async run() {
        const res = await call('POST', '/api/deals', adminCookie, {
          title: 'Mass deal',
          type: 'PPP',
          targetAmount: '1000000',
          ...extras(victimId),
        });
        ids.deal = res.json().deal.id;
        expect(await one('SELECT created_by, committed_amount::text AS c, status FROM deals WHERE id = $1', [ids.deal])).toEqual({
          created_by: adminId,
          c: '0.00',
          status: 'Pending',
        });
        return res;
      },
    },
    {
      route: 'PATCH /api/deals/:id',
      status: 200,
      async run() {
        const res = await call('PATCH', `/api/deals/${ids.deal}`, adminCookie, {
          title: 'Mass deal (open)',
          status: 'Active',
          ...extras(victimId, ['status']),
        });
        // Every deal takes subscriptions only with a complete subscription pack (issue 30).
        await ensureSubscriptionPack(ctx, ids.deal as string);
        return res;
      },
    },
    {
      route: 'POST /api/deals/:id/move',
      status: 200,
      async run() {
        return call('POST', `/api/deals/${ids.deal}/move`, adminCookie, { stage: 'Execution', ...extras(victimId) });
      },
    },
    {
      route: 'POST /api/deals/:id/valuations',
      status: 201,
      async run() {
        return call('POST', `/api/deals/${ids.deal}/valuations`, adminCookie, {
          valuationDate: '2026-01-31',
          currentValue: '1200000',
          performanceStatus: 'Performing',
          ...extras(victimId),
        });
      },
    },
    {
      route: 'POST /api/spvs',
      status: 201,
      async run() {
        const res = await call('POST', '/api/spvs', adminCookie, {
          name: `Mass SPV ${Date.now()}`,
          jurisdiction: 'Mauritius',
          annualReturnDue: '2027-06-30',
          bankBalance: '1000',
          ...extras(victimId, ['status']),
        });
        ids.spv = res.json().spv.id;
        return res;
      },
    },
    {
      route: 'PATCH /api/spvs/:id',
      status: 200,
      async run() {
        return call('PATCH', `/api/spvs/${ids.spv}`, adminCookie, { jurisdiction: 'Mauritius (GBC)', ...extras(victimId, ['status']) });
      },
    },
    {
      route: 'POST /api/spvs/:id/file-return',
      status: 200,
      async run() {
        return call('POST', `/api/spvs/${ids.spv}/file-return`, adminCookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/documents',
      status: 201,
      async run() {
        const fields = formExtras(victimId, ['investorId']);
        const res = await upload('/api/documents', adminCookie, {
          ...fields,
          name: 'Mass memo',
          type: 'PPM',
          dealId: ids.deal as string,
          investorVisible: 'true',
        });
        ids.document = res.json().document.id;
        const row = await one<{ uploaded_by: string; investor_id: string | null; file_path: string }>(
          'SELECT uploaded_by, investor_id, file_path FROM documents WHERE id = $1',
          [ids.document],
        );
        expect(row.uploaded_by).toBe(adminId);
        expect(row.investor_id).toBeNull();
        expect(row.file_path).not.toContain(SENTINEL_TEXT);
        return res;
      },
    },
    {
      route: 'PATCH /api/documents/:id',
      status: 200,
      async run() {
        return call('PATCH', `/api/documents/${ids.document}`, adminCookie, { investorVisible: true, ...extras(victimId, ['investorId']) });
      },
    },
    {
      route: 'POST /api/users',
      status: 201,
      async run() {
        const email = uniqueEmail('created');
        const res = await call('POST', '/api/users', adminCookie, {
          name: 'Made By Admin',
          email,
          password: 'secret-123-long',
          role: 'investor',
          ...extras(victimId, ['role', 'email']),
        });
        const p = await one<{ id: string; role: string; admin_user_type: string | null }>(
          'SELECT id, role, admin_user_type FROM profiles WHERE lower(email) = lower($1)',
          [email],
        );
        expect(p.id).not.toBe(victimId);
        expect(p.role).toBe('investor');
        expect(p.admin_user_type).toBeNull();
        ids.createdUser = p.id;
        return res;
      },
    },
    {
      route: 'PATCH /api/users/:id',
      status: 200,
      async run() {
        const res = await call('PATCH', `/api/users/${ids.createdUser}`, adminCookie, {
          name: 'Renamed',
          ...extras(victimId, ['status']),
          status: 'active',
        });
        expect(await one('SELECT role, admin_user_type FROM profiles WHERE id = $1', [ids.createdUser])).toEqual({
          role: 'investor',
          admin_user_type: null,
        });
        return res;
      },
    },
    {
      route: 'POST /api/users/:id/reset-password',
      status: 200,
      async run() {
        return call('POST', `/api/users/${ids.createdUser}/reset-password`, adminCookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/users/:id/email',
      status: 202,
      async run() {
        const target = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
        const res = await call('POST', `/api/users/${target.id}/email`, adminCookie, {
          ...extras(victimId, ['email']),
          email: `moved.${Date.now()}@test.example.com`,
        });
        // Nothing changes before the link is confirmed; the token is the target's, not the victim's.
        expect(await one('SELECT email, role FROM profiles WHERE id = $1', [target.id])).toEqual({ email: target.email, role: 'admin' });
        expect(await one('SELECT count(*)::int AS n FROM email_change_tokens WHERE user_id = $1', [victimId])).toEqual({ n: 0 });
        return res;
      },
    },
    {
      route: 'POST /api/users/:id/reset-two-factor',
      status: 200,
      async run() {
        return call('POST', `/api/users/${ids.createdUser}/reset-two-factor`, adminCookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/auth/two-factor/setup',
      status: 200,
      async run() {
        const u = await throwaway();
        const res = await call('POST', '/api/auth/two-factor/setup', u.cookie, extras(victimId));
        expect(await one('SELECT user_id, enabled_at FROM two_factor WHERE user_id = $1', [u.id])).toEqual({
          user_id: u.id,
          enabled_at: null,
        });
        return res;
      },
    },
    {
      route: 'POST /api/auth/two-factor/confirm',
      status: 200,
      async run() {
        const u = await throwaway();
        const { secret } = (await api('POST /api/auth/two-factor/setup', u.cookie, {})).json();
        const res = await api('POST /api/auth/two-factor/confirm', u.cookie, {
          code: totpFor(secret, 'x', 'x').generate(),
          ...extras(victimId),
        });
        ids.recoveryUser = JSON.stringify({
          email: u.email,
          password: u.password,
          code: res.json().recoveryCodes[0],
        });
        return res;
      },
    },
    {
      route: 'POST /api/auth/two-factor/verify',
      status: 200,
      async run() {
        // Not an answer: what the confirm case above kept for this one.
        const r = JSON.parse(ids.recoveryUser as string) as { email: string; password: string; code: string };
        const cookie = await signIn(ctx, r.email, r.password);
        return call('POST', '/api/auth/two-factor/verify', cookie, { code: r.code, ...extras(victimId) });
      },
    },
    {
      route: 'PUT /api/settings',
      status: 200,
      async run() {
        return call('PUT', '/api/settings', adminCookie, {
          ...DEFAULT_SETTINGS,
          // The harness's zone stays (UTC): the dated bodies below use the harness's day.
          timezone: 'UTC+0',
          ...extras(victimId),
          demo_loaded: SENTINEL_TEXT,
          [SENTINEL_TEXT]: 1,
        });
      },
    },
    {
      route: 'POST /api/kyc/me/documents/:kind',
      status: 200,
      async run() {
        const u = await throwaway();
        const res = await upload('/api/kyc/me/documents/passport', u.cookie, formExtras(victimId), 'passport.pdf');
        expect(await one('SELECT investor_id, status FROM kyc_applications WHERE investor_id = $1', [u.id])).toEqual({
          investor_id: u.id,
          status: 'pending',
        });
        return res;
      },
    },
    {
      route: 'POST /api/kyc/me/submit',
      status: 200,
      async run() {
        // A second investor whose application is still open (the main one is approved).
        const u = await throwaway();
        for (const kind of ['passport', 'address_proof', 'financial_statements', 'source_of_funds']) {
          expect((await upload(`/api/kyc/me/documents/${kind}`, u.cookie, {}, `${kind}.pdf`)).statusCode).toBeLessThan(300);
        }
        const res = await call('POST', '/api/kyc/me/submit', u.cookie, { ...extras(victimId), status: 'approved' });
        const app = await one<{ id: string; status: string; investor_id: string }>(
          'SELECT id, status, investor_id FROM kyc_applications WHERE investor_id = $1',
          [u.id],
        );
        expect(app.status).toBe('in_review');
        ids.kycInReview = app.id;
        ids.kycInvestor = u.id;
        return res;
      },
    },
    {
      route: 'POST /api/kyc/:id/reject',
      status: 200,
      async run() {
        const res = await call('POST', `/api/kyc/${ids.kycInReview}/reject`, adminCookie, {
          reason: 'Blurry passport',
          ...extras(victimId),
        });
        expect(await one('SELECT status, reviewed_by FROM kyc_applications WHERE id = $1', [ids.kycInReview])).toEqual({
          status: 'rejected',
          reviewed_by: adminId,
        });
        return res;
      },
    },
    {
      route: 'POST /api/kyc/:id/approve',
      status: 200,
      async run() {
        await ctx.db.query("UPDATE kyc_applications SET status = 'in_review' WHERE id = $1", [ids.kycInReview]);
        const res = await call('POST', `/api/kyc/${ids.kycInReview}/approve`, adminCookie, { note: 'Fine', ...extras(victimId) });
        expect(await one('SELECT status, reviewed_by, investor_id FROM kyc_applications WHERE id = $1', [ids.kycInReview])).toEqual({
          status: 'approved',
          reviewed_by: adminId,
          investor_id: ids.kycInvestor,
        });
        return res;
      },
    },
    {
      route: 'POST /api/compliance',
      status: 201,
      async run() {
        const res = await call('POST', '/api/compliance', adminCookie, {
          type: 'other',
          title: 'Mass item',
          dueDate: '2027-01-15',
          ...extras(victimId),
        });
        ids.compliance = res.json().item.id;
        expect(await one('SELECT workflow_state, assigned_to FROM compliance_items WHERE id = $1', [ids.compliance])).toEqual({
          workflow_state: 'not_started',
          assigned_to: null,
        });
        return res;
      },
    },
    {
      route: 'PATCH /api/compliance/:id',
      status: 200,
      async run() {
        return call('PATCH', `/api/compliance/${ids.compliance}`, adminCookie, { title: 'Mass item (edited)', ...extras(victimId) });
      },
    },
    {
      route: 'POST /api/compliance/:id/start',
      status: 200,
      async run() {
        return call('POST', `/api/compliance/${ids.compliance}/start`, adminCookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/compliance/:id/complete',
      status: 200,
      async run() {
        return call('POST', `/api/compliance/${ids.compliance}/complete`, adminCookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/investor/subscriptions',
      status: 201,
      async run() {
        const res = await call('POST', '/api/investor/subscriptions', investorCookie, {
          dealId: ids.deal,
          amount: '1000',
          ...extras(victimId),
          status: 'Completed',
        });
        ids.subscription = res.json().subscription.id;
        expect(await one('SELECT investor_id, status FROM subscriptions WHERE id = $1', [ids.subscription])).toEqual({
          investor_id: investorId,
          status: 'Pending',
        });
        return res;
      },
    },
    {
      route: 'POST /api/subscriptions/:id/review',
      status: 200,
      async run() {
        return call('POST', `/api/subscriptions/${ids.subscription}/review`, adminCookie, { ...extras(victimId), status: 'Completed' });
      },
    },
    {
      route: 'POST /api/subscriptions/:id/complete',
      // Only the executed agreement completes a subscription (issue 30): the old route is refused,
      // extras or not, and nothing moves; the countersignature then completes it.
      status: 409,
      async run() {
        const res = await call('POST', `/api/subscriptions/${ids.subscription}/complete`, adminCookie, extras(victimId));
        expect(await one('SELECT committed_amount::text AS c FROM deals WHERE id = $1', [ids.deal])).toEqual({ c: '0.00' });
        await completeSubscriptionSigned(ctx, ids.subscription as string, { investorCookie });
        expect(await one('SELECT committed_amount::text AS c FROM deals WHERE id = $1', [ids.deal])).toEqual({ c: '1000.00' });
        return res;
      },
    },
    {
      route: 'POST /api/investor/subscriptions/:id/cancel',
      status: 200,
      async run() {
        const res = await call('POST', '/api/investor/subscriptions', investorCookie, { dealId: ids.deal, amount: '500' });
        expect(res.statusCode, res.body).toBe(201);
        return call('POST', `/api/investor/subscriptions/${res.json().subscription.id}/cancel`, investorCookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/subscriptions/:id/reject',
      status: 200,
      async run() {
        const res = await call('POST', '/api/investor/subscriptions', investorCookie, { dealId: ids.deal, amount: '250' });
        expect(res.statusCode, res.body).toBe(201);
        return call('POST', `/api/subscriptions/${res.json().subscription.id}/reject`, adminCookie, {
          reason: 'Over allocation',
          ...extras(victimId),
        });
      },
    },
    {
      route: 'POST /api/capital-calls/preview',
      status: 200,
      async run() {
        const before = await one('SELECT count(*)::int AS n FROM capital_calls');
        const res = await call('POST', '/api/capital-calls/preview', adminCookie, {
          dealId: ids.deal,
          basis: 'percentage',
          percentage: '100',
          dueDate: '2026-12-31',
          purpose: 'Closing',
          totalAmount: SENTINEL_AMOUNT,
          ...extras(victimId),
        });
        // A preview writes nothing, and the sentinel amount is not the plan's total.
        expect(res.json().plan?.totalAmount).toBe('1000.00');
        expect(await one('SELECT count(*)::int AS n FROM capital_calls')).toEqual(before);
        return res;
      },
    },
    {
      route: 'POST /api/capital-calls',
      status: 201,
      async run() {
        await withPaymentDetails(ctx, ids.deal as string);
        const res = await call('POST', '/api/capital-calls', adminCookie, {
          dealId: ids.deal,
          basis: 'percentage',
          percentage: '100',
          dueDate: '2026-12-31',
          purpose: 'Closing',
          totalAmount: SENTINEL_AMOUNT,
          ...extras(victimId),
        });
        ids.call = res.json().call?.id;
        expect(await one('SELECT total_amount::text AS t FROM capital_calls WHERE id = $1', [ids.call])).toEqual({ t: '1000.00' });
        return res;
      },
    },
    {
      route: 'POST /api/capital-calls/:id/receipts',
      status: 201,
      async run() {
        const res = await call('POST', `/api/capital-calls/${ids.call}/receipts`, adminCookie, {
          investorId,
          amount: '1000',
          valueDate: harnessDay(),
          ...extras(victimId, ['investorId']),
        });
        expect(await one("SELECT investor_id FROM ledger_entries WHERE call_id = $1 AND kind = 'contribution'", [ids.call])).toEqual({
          investor_id: investorId,
        });
        return res;
      },
    },
    {
      route: 'POST /api/deals/:id/fees',
      status: 201,
      async run() {
        const res = await call('POST', `/api/deals/${ids.deal}/fees`, adminCookie, {
          investorId,
          amount: '10',
          date: harnessDay(),
          memo: 'Admin fee',
          ...extras(victimId, ['investorId']),
        });
        ids.fee = (await one<{ id: string }>("SELECT id FROM ledger_entries WHERE deal_id = $1 AND kind = 'fee'", [ids.deal])).id;
        return res;
      },
    },
    {
      route: 'POST /api/ledger/:id/reverse',
      status: 201,
      async run() {
        const res = await call('POST', `/api/ledger/${ids.fee}/reverse`, adminCookie, { reason: 'Charged twice', ...extras(victimId) });
        expect(await one('SELECT created_by FROM ledger_entries WHERE reverses_id = $1', [ids.fee])).toEqual({ created_by: adminId });
        return res;
      },
    },
    {
      route: 'POST /api/statement-runs',
      status: 202,
      async run() {
        return call('POST', '/api/statement-runs', adminCookie, { from: '2026-01-01', to: '2026-03-31', ...extras(victimId) });
      },
    },
    {
      route: 'PUT /api/deals/:id/terms',
      status: 200,
      async run() {
        const res = await call('PUT', `/api/deals/${ids.deal}/terms`, adminCookie, {
          hurdleRate: '8',
          catchUp: 'none',
          carryRate: '0',
          carryRecipients: [{ kind: 'gp', name: 'Mass GP', share: '100', ...extras(victimId) }],
          managementFee: { rate: '2', basis: 'commitments', method: 'deducted', ...extras(victimId) },
          ...extras(victimId),
        });
        expect(await one('SELECT created_by, version FROM deal_terms WHERE deal_id = $1', [ids.deal])).toEqual({
          created_by: adminId,
          version: 1,
        });
        expect(
          await one('SELECT kind, user_id FROM deal_terms_carry_recipients r JOIN deal_terms t ON t.id = r.terms_id WHERE t.deal_id = $1', [
            ids.deal,
          ]),
        ).toEqual({
          kind: 'gp',
          user_id: null,
        });
        return res;
      },
    },
    {
      // The deal's terms use contributions: refused before anything is written, whatever else the body says.
      route: 'POST /api/deals/:id/equalisation',
      status: 409,
      async run() {
        const res = await call('POST', `/api/deals/${ids.deal}/equalisation`, adminCookie, {
          closeDate: '2026-01-01',
          total: '1000000',
          payers: [{ investorId: victimId, interest: '1000000' }],
          ...extras(victimId),
        });
        expect(await ctx.db.query('SELECT 1 FROM equalisations WHERE deal_id = $1', [ids.deal])).toEqual([]);
        return res;
      },
    },
    {
      // Nothing released from escrow on this deal: refused before anything is written; the body
      // takes the day only, never an amount or lines of its own (the server computes them).
      route: 'POST /api/deals/:id/escrow-payouts',
      status: 409,
      async run() {
        const res = await call('POST', `/api/deals/${ids.deal}/escrow-payouts`, adminCookie, {
          amount: '1000000',
          lines: [{ name: 'Mallory', amount: '1000000' }],
          ...extras(victimId),
        });
        expect(await ctx.db.query('SELECT 1 FROM escrow_payouts WHERE deal_id = $1', [ids.deal])).toEqual([]);
        return res;
      },
    },
    {
      // No clawback owed on this deal: refused before anything is written; the body takes the
      // amount and the day only, never the split among investors or a basis (the server computes them).
      route: 'POST /api/deals/:id/clawback-payments',
      status: 409,
      async run() {
        const res = await call('POST', `/api/deals/${ids.deal}/clawback-payments`, adminCookie, {
          amount: '1',
          basis: 'units',
          lines: [{ investorId: victimId, name: 'Mallory', amount: '1' }],
          ...extras(victimId),
        });
        expect(await ctx.db.query('SELECT 1 FROM clawback_payments WHERE deal_id = $1', [ids.deal])).toEqual([]);
        return res;
      },
    },
    {
      route: 'POST /api/deals/:id/management-fees/preview',
      status: 200,
      async run() {
        const today = harnessDay();
        const res = await call('POST', `/api/deals/${ids.deal}/management-fees/preview`, adminCookie, {
          from: today,
          to: today,
          ...extras(victimId),
          total: '1000000',
          investors: [{ investorId: victimId, fee: '1000000' }],
        });
        expect(res.json().preview.investors).toEqual([expect.objectContaining({ investorId })]);
        return res;
      },
    },
    {
      route: 'POST /api/deals/:id/management-fees',
      status: 201,
      async run() {
        const today = harnessDay();
        const res = await call('POST', `/api/deals/${ids.deal}/management-fees`, adminCookie, {
          from: today,
          to: today,
          ...extras(victimId),
          total: '1000000',
          method: 'capital_call',
          callId: ids.call,
        });
        // The charge is the computed one (method from the terms: deducted, no call), by the caller, to the deal's investor only.
        expect(await one('SELECT created_by, method, call_id FROM management_fee_charges WHERE deal_id = $1', [ids.deal])).toEqual({
          created_by: adminId,
          method: 'deducted',
          call_id: null,
        });
        const fees = await sql<{ investor_id: string }>(
          'SELECT e.investor_id FROM ledger_entries e WHERE e.deal_id = $1 AND e.fee_charge_id IS NOT NULL',
        ).all(ctx.db, [ids.deal]);
        expect(fees.map((f) => f.investor_id)).toEqual([investorId]);
        return res;
      },
    },
    {
      route: 'POST /api/distributions/preview',
      status: 200,
      async run() {
        const res = await call('POST', '/api/distributions/preview', adminCookie, {
          dealId: ids.deal,
          type: 'Income',
          totalAmount: '100',
          paymentDate: '2026-12-31',
          ...extras(victimId),
        });
        expect(res.json().preview.investors).toEqual([expect.objectContaining({ investorId, amount: '100.00' })]);
        return res;
      },
    },
    {
      route: 'POST /api/distributions',
      status: 201,
      async run() {
        const res = await call('POST', '/api/distributions', adminCookie, {
          dealId: ids.deal,
          type: 'Income',
          totalAmount: '100',
          paymentDate: '2026-12-31',
          ...extras(victimId),
        });
        ids.distribution = res.json().event.id;
        const rows = await sql<{ investor_id: string; amount: string }>(
          'SELECT investor_id, amount::text AS amount FROM distributions WHERE event_id = $1',
        ).all(ctx.db, [ids.distribution]);
        expect(rows).toEqual([{ investor_id: investorId, amount: '100.00' }]);
        return res;
      },
    },
    {
      route: 'POST /api/distributions/:id/pay',
      status: 200,
      async run() {
        return call('POST', `/api/distributions/${ids.distribution}/pay`, adminCookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/investor/messages',
      status: 201,
      async run() {
        const res = await call('POST', '/api/investor/messages', investorCookie, {
          subject: 'Mass subject',
          body: 'Hello',
          ...extras(victimId),
        });
        ids.thread = res.json().threadId;
        expect(await one('SELECT investor_id FROM message_threads WHERE id = $1', [ids.thread])).toEqual({ investor_id: investorId });
        return res;
      },
    },
    {
      route: 'POST /api/investor/messages/:id/reply',
      status: 201,
      async run() {
        return call('POST', `/api/investor/messages/${ids.thread}/reply`, investorCookie, { body: 'Again', ...extras(victimId) });
      },
    },
    {
      route: 'POST /api/messages',
      status: 201,
      async run() {
        const res = await call('POST', '/api/messages', adminCookie, {
          investorId,
          subject: 'From the desk',
          body: 'Hi',
          ...extras(victimId, ['investorId']),
        });
        expect(await one('SELECT investor_id FROM message_threads WHERE id = $1', [res.json().threadId])).toEqual({
          investor_id: investorId,
        });
        return res;
      },
    },
    {
      route: 'POST /api/messages/:id/reply',
      status: 201,
      async run() {
        return call('POST', `/api/messages/${ids.thread}/reply`, adminCookie, { body: 'Answer', ...extras(victimId) });
      },
    },
    {
      route: 'POST /api/messages/:id/read',
      status: 200,
      async run() {
        return call('POST', `/api/messages/${ids.thread}/read`, adminCookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/investor/messages/:id/read',
      status: 200,
      async run() {
        return call('POST', `/api/investor/messages/${ids.thread}/read`, investorCookie, extras(victimId));
      },
    },
    {
      route: 'POST /api/investor/suitability-review',
      status: 200,
      async run() {
        return call('POST', '/api/investor/suitability-review', investorCookie, {
          experience: 'moderate',
          riskTolerance: 'medium',
          netWorthBand: '5m_25m',
          investmentHorizon: '5_10y',
          ...extras(victimId),
        });
      },
    },
    // Client classification (issue 31)
    {
      route: 'POST /api/investor/classification/evidence',
      status: 200,
      async run() {
        const u = await throwaway();
        ids.classifier = u.id;
        ids.classifierCookie = u.cookie;
        const res = await upload('/api/investor/classification/evidence', u.cookie, formExtras(victimId), 'evidence.pdf');
        expect(await one('SELECT investor_id, classification_id FROM classification_evidence WHERE investor_id = $1', [u.id])).toEqual({
          investor_id: u.id,
          classification_id: null,
        });
        return res;
      },
    },
    {
      route: 'POST /api/investor/classification',
      status: 200,
      async run() {
        const res = await call('POST', '/api/investor/classification', ids.classifierCookie as string, {
          basis: 'assessed_undertaking',
          ownFunds: '1500000',
          noticeAcknowledged: true,
          noticeVersion: RETAIL_NOTICE_VERSION,
          decision: 'professional',
          reviewDue: '2099-01-01',
          decidedBy: victimId,
          ...extras(victimId),
        });
        const row = await one<{ id: string }>(
          'SELECT id, investor_id, status, decision, review_due, decided_by FROM client_classifications WHERE investor_id = $1',
          [ids.classifier],
        );
        expect(row).toMatchObject({ investor_id: ids.classifier, status: 'submitted', decision: null, review_due: null, decided_by: null });
        ids.classification = row.id;
        return res;
      },
    },
    {
      route: 'POST /api/classifications/:id/decide',
      status: 200,
      async run() {
        const res = await call('POST', `/api/classifications/${ids.classification}/decide`, adminCookie, {
          decision: 'professional',
          reasons: 'Audited accounts reviewed.',
          reviewDue: '2099-01-01',
          decidedBy: victimId,
          ...extras(victimId),
        });
        expect(
          await one('SELECT investor_id, decided_by, review_due > current_date + 400 AS far FROM client_classifications WHERE id = $1', [
            ids.classification,
          ]),
        ).toEqual({ investor_id: ids.classifier, decided_by: adminId, far: false });
        return res;
      },
    },
    {
      route: 'POST /api/auth/forgot-password',
      status: 200,
      async run() {
        const u = await createUser(ctx, { role: 'investor' });
        const res = await call('POST', '/api/auth/forgot-password', null, { ...extras(victimId, ['email']), email: u.email });
        expect(await one('SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1', [u.id])).toEqual({ n: 1 });
        return res;
      },
    },
    {
      route: 'POST /api/auth/confirm-email',
      status: 400,
      async run() {
        return call('POST', '/api/auth/confirm-email', null, { token: 'no-such-token', ...extras(victimId) });
      },
    },
    {
      route: 'POST /api/auth/reset-password/check',
      status: 400,
      async run() {
        return call('POST', '/api/auth/reset-password/check', null, { token: 'no-such-token', ...extras(victimId) });
      },
    },
    {
      route: 'POST /api/auth/reset-password',
      status: 200,
      async run() {
        const u = await createUser(ctx, { role: 'investor' });
        const token = `mass-token-${Date.now()}`;
        const { createHash } = await import('node:crypto');
        await ctx.db.query(`INSERT INTO password_reset_tokens (id, user_id, expires_at) VALUES ($1, $2, now() + interval '30 minutes')`, [
          createHash('sha256').update(token).digest('hex'),
          u.id,
        ]);
        const res = await call('POST', '/api/auth/reset-password', null, { token, password: 'reset-pass-77', ...extras(victimId) });
        expect(await one('SELECT role, status FROM profiles WHERE id = $1', [u.id])).toEqual({ role: 'investor', status: 'active' });
        return res;
      },
    },
    {
      route: 'PUT /api/auth/language',
      status: 400,
      async run() {
        // The body is strict: extra fields are refused, and nothing of the account changes.
        const u = await throwaway();
        const res = await call('PUT', '/api/auth/language', u.cookie, { language: 'ar', ...extras(victimId) });
        expect(await one('SELECT language, role, status FROM profiles WHERE id = $1', [u.id])).toEqual({
          language: null,
          role: 'investor',
          status: 'active',
        });
        return res;
      },
    },
    {
      route: 'POST /api/me/tokens',
      status: 201,
      async run() {
        const u = await throwaway();
        const res = await call('POST', '/api/me/tokens', u.cookie, {
          name: 'Tool',
          ...extras(victimId),
          tokenHash: 'f'.repeat(64),
          token_hash: 'f'.repeat(64),
          expiresAt: '2099-01-01T00:00:00Z',
          revokedAt: null,
          lastUsedIp: '10.0.0.1',
        });
        // Whatever else is sent, the token is the caller's, read-only, live, with its own hash and life.
        expect(
          await one(
            `SELECT user_id, scopes, revoked_at, last_used_ip, token_hash <> $2 AS own_hash, expires_at < now() + interval '91 days' AS default_life
               FROM api_tokens WHERE user_id = $1`,
            [u.id, 'f'.repeat(64)],
          ),
        ).toEqual({ user_id: u.id, scopes: ['portal:read'], revoked_at: null, last_used_ip: null, own_hash: true, default_life: true });
        return res;
      },
    },
    {
      route: 'PUT /api/me/notifications',
      status: 200,
      async run() {
        const u = await throwaway();
        const res = await call('PUT', '/api/me/notifications', u.cookie, { topics: { dealAlerts: false }, ...extras(victimId) });
        expect(await one('SELECT disabled_topics FROM notification_preferences WHERE user_id = $1', [u.id])).toEqual({
          disabled_topics: ['dealAlerts'],
        });
        return res;
      },
    },
    {
      route: 'POST /api/notifications/unsubscribe',
      status: 200,
      async run() {
        const u = await createUser(ctx, { role: 'investor' });
        await ctx.db.query(`INSERT INTO notification_preferences (user_id, unsubscribe_token) VALUES ($1, $2)`, [u.id, `unsub-${u.id}`]);
        return call('POST', '/api/notifications/unsubscribe', null, { token: `unsub-${u.id}`, topic: 'documents', ...extras(victimId) });
      },
    },
    {
      route: 'POST /api/email/outbox/:id/retry',
      status: 200,
      async run() {
        const row = await one<{ id: number }>(
          `INSERT INTO email_outbox (kind, to_address, subject, text_body, html_body, status) VALUES ('t', 'x@example.com', 's', 't', 'h', 'failed') RETURNING id`,
        );
        const res = await call('POST', `/api/email/outbox/${row.id}/retry`, adminCookie, extras(victimId));
        expect(await one('SELECT status, user_id FROM email_outbox WHERE id = $1', [row.id])).toEqual({ status: 'queued', user_id: null });
        return res;
      },
    },
    {
      route: 'POST /api/jobs/:id/retry',
      status: 200,
      async run() {
        // A failed sweep (a kind this test app's runner does not run: it stays queued after the retry).
        const row = await one<{ id: string }>(
          `INSERT INTO jobs (kind, status, finished_at, error) VALUES ('storage-sweep', 'failed', now(), 'x') RETURNING id`,
        );
        const res = await call('POST', `/api/jobs/${row.id}/retry`, adminCookie, extras(victimId));
        expect(await one('SELECT status, created_by, attempts FROM jobs WHERE id = $1', [row.id])).toEqual({
          status: 'queued',
          created_by: null,
          attempts: 0,
        });
        return res;
      },
    },
    // Signed webhooks (issue 34 part 2): the founder's endpoint keeps its own secret, author and state.
    {
      route: 'POST /api/webhooks',
      status: 201,
      async run() {
        const res = await call('POST', '/api/webhooks', adminCookie, {
          url: 'https://93.184.216.34/hook',
          events: ['kyc.decided'],
          enabled: false,
          ...extras(victimId),
          secret: SENTINEL_TEXT,
          secretEncrypted: SENTINEL_TEXT,
          secret_hint: SENTINEL_TEXT,
          secretHint: SENTINEL_TEXT,
        });
        webhookId = res.json().endpoint.id;
        expect(
          await one(
            'SELECT enabled, created_by <> $2 AS own_author, secret_hint LIKE $3 AS own_secret FROM webhook_endpoints WHERE id = $1',
            [webhookId, victimId, 'whsec_%'],
          ),
        ).toEqual({
          enabled: false,
          own_author: true,
          own_secret: true,
        });
        return res;
      },
    },
    {
      route: 'PATCH /api/webhooks/:id',
      status: 200,
      async run() {
        const res = await call('PATCH', `/api/webhooks/${webhookId}`, adminCookie, {
          description: 'Accounting',
          ...extras(victimId),
          secretHint: SENTINEL_TEXT,
          updatedAt: '2000-01-01T00:00:00Z',
        });
        expect(
          await one("SELECT description, enabled, updated_at > now() - interval '1 hour' AS fresh FROM webhook_endpoints WHERE id = $1", [
            webhookId,
          ]),
        ).toEqual({
          description: 'Accounting',
          enabled: false,
          fresh: true,
        });
        return res;
      },
    },
    {
      route: 'POST /api/webhooks/:id/rotate-secret',
      status: 200,
      async run() {
        const res = await call('POST', `/api/webhooks/${webhookId}/rotate-secret`, adminCookie, {
          ...extras(victimId),
          secret: SENTINEL_TEXT,
        });
        expect(res.json().secret).toMatch(/^whsec_/);
        return res;
      },
    },
    {
      route: 'POST /api/webhooks/:id/test',
      status: 202,
      async run() {
        // Enabled, pointing at loopback (set here: the API refuses it), which the delivery refuses before connecting.
        await ctx.db.query("UPDATE webhook_endpoints SET enabled = true, url = 'https://127.0.0.1:9/hook' WHERE id = $1", [webhookId]);
        const res = await call('POST', `/api/webhooks/${webhookId}/test`, adminCookie, { ...extras(victimId), type: SENTINEL_TEXT });
        await ctx.db.query('UPDATE webhook_endpoints SET enabled = false WHERE id = $1', [webhookId]);
        expect(
          await one('SELECT type FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id WHERE d.id = $1', [
            res.json().delivery.id,
          ]),
        ).toEqual({
          type: 'webhook.test',
        });
        return res;
      },
    },
    {
      route: 'POST /api/webhooks/deliveries/:id/redeliver',
      status: 202,
      async run() {
        const row = await one<{ id: string }>(
          `WITH e AS (INSERT INTO webhook_events (type, body) VALUES ('webhook.test', '{}') RETURNING id)
           INSERT INTO webhook_deliveries (endpoint_id, event_id, status, attempts) SELECT $1, id, 'failed', 8 FROM e RETURNING id`,
          [webhookId],
        );
        const res = await call('POST', `/api/webhooks/deliveries/${row.id}/redeliver`, adminCookie, { ...extras(victimId), attempts: 99 });
        // Queued again from attempt zero (whatever was sent), or already failed again by the worker (the endpoint is disabled).
        expect(
          (await one<{ attempts: number }>('SELECT attempts FROM webhook_deliveries WHERE id = $1', [row.id])).attempts,
        ).toBeLessThanOrEqual(1);
        return res;
      },
    },
    {
      route: 'POST /api/email/test',
      status: 200,
      async run() {
        return call('POST', '/api/email/test', adminCookie, { ...extras(victimId), to: 'ops@example.com' });
      },
    },
    {
      route: 'POST /api/legal-holds',
      status: 200,
      async run() {
        const u = await createUser(ctx, { role: 'investor' });
        const res = await call('POST', '/api/legal-holds', adminCookie, {
          ...extras(victimId),
          subjectKind: 'investor',
          subjectId: u.id,
          reason: 'Mass hold',
        });
        expect(await one('SELECT investor_id, placed_by, lifted_at FROM legal_holds WHERE reason = $1', ['Mass hold'])).toEqual({
          investor_id: u.id,
          placed_by: adminId,
          lifted_at: null,
        });
        return res;
      },
    },
    {
      route: 'POST /api/evidence-packs',
      status: 202,
      async run() {
        const u = await createUser(ctx, { role: 'investor' });
        // The subject, the scope and the author come from the body's subjectId and the session only.
        const res = await call('POST', '/api/evidence-packs', adminCookie, { ...extras(victimId), scope: 'investor', subjectId: u.id });
        expect(await one('SELECT scope, subject_id, created_by FROM evidence_packs WHERE subject_id = $1', [u.id])).toEqual({
          scope: 'investor',
          subject_id: u.id,
          created_by: adminId,
        });
        return res;
      },
    },
    {
      route: 'POST /api/legal-holds/:id/lift',
      status: 200,
      async run() {
        const u = await createUser(ctx, { role: 'investor' });
        const row = await one<{ id: string }>(
          `INSERT INTO legal_holds (subject_kind, investor_id, reason, placed_by) VALUES ('investor', $1, 'To lift', $2) RETURNING id`,
          [u.id, adminId],
        );
        const res = await call('POST', `/api/legal-holds/${row.id}/lift`, adminCookie, { ...extras(victimId), reason: 'Lifted' });
        expect(await one('SELECT investor_id, placed_by, lifted_by, lift_reason FROM legal_holds WHERE id = $1', [row.id])).toEqual({
          investor_id: u.id,
          placed_by: adminId,
          lifted_by: adminId,
          lift_reason: 'Lifted',
        });
        return res;
      },
    },
    // Retention and the four-eyes purge (decision 054): the policy stores its four years only; the
    // proposer, the approver and the purged investor are the server's own.
    {
      route: 'PUT /api/retention/policy',
      status: 200,
      async run() {
        const policy = { kyc_aml: 7, classification: 6, transactions: 6, complaints: 6 };
        const res = await call('PUT', '/api/retention/policy', adminCookie, { ...extras(victimId), ...policy, [SENTINEL_TEXT]: 1 });
        expect(await one(`SELECT value, updated_by FROM settings WHERE key = 'retentionPolicy'`)).toEqual({
          value: policy,
          updated_by: adminId,
        });
        await call('PUT', '/api/retention/policy', adminCookie, { ...policy, kyc_aml: 6 });
        return res;
      },
    },
    {
      route: 'POST /api/retention/review',
      status: 200,
      async run() {
        return call('POST', '/api/retention/review', adminCookie, { ...extras(victimId), investorId: victimId });
      },
    },
    {
      route: 'POST /api/retention/investors/:id/purge',
      status: 201,
      async run() {
        const u = await pastRetention();
        const res = await call('POST', `/api/retention/investors/${u}/purge`, adminCookie, { ...extras(victimId), proposedBy: victimId });
        expect(await one('SELECT investor_id, status, proposed_by, decided_by FROM retention_purges WHERE investor_id = $1', [u])).toEqual({
          investor_id: u,
          status: 'proposed',
          proposed_by: adminId,
          decided_by: null,
        });
        return res;
      },
    },
    {
      route: 'POST /api/retention/purges/:id/approve',
      status: 200,
      async run() {
        const u = await pastRetention();
        const other = await throwaway('admin');
        const p = await one<{ id: string }>(
          `INSERT INTO retention_purges (investor_id, reasons, proposed_by) VALUES ($1, '[]', $2) RETURNING id`,
          [u, other.id],
        );
        const res = await call('POST', `/api/retention/purges/${p.id}/approve`, adminCookie, { ...extras(victimId), decidedBy: victimId });
        expect(await one('SELECT investor_id, status, proposed_by, decided_by FROM retention_purges WHERE id = $1', [p.id])).toEqual({
          investor_id: u,
          status: 'purged',
          proposed_by: other.id,
          decided_by: adminId,
        });
        return res;
      },
    },
    {
      route: 'POST /api/retention/purges/:id/withdraw',
      status: 200,
      async run() {
        const u = await pastRetention();
        const p = await one<{ id: string }>(
          `INSERT INTO retention_purges (investor_id, reasons, proposed_by) VALUES ($1, '[]', $2) RETURNING id`,
          [u, adminId],
        );
        const res = await call('POST', `/api/retention/purges/${p.id}/withdraw`, adminCookie, { ...extras(victimId), status: 'purged' });
        expect(await one('SELECT status, decided_by FROM retention_purges WHERE id = $1', [p.id])).toEqual({
          status: 'withdrawn',
          decided_by: adminId,
        });
        return res;
      },
    },
    {
      // Issue 34 part 3: the calendar feed is always the caller's own, with its own secret.
      route: 'POST /api/investor/calendar-feed',
      status: 201,
      async run() {
        const u = await throwaway();
        const res = await call('POST', '/api/investor/calendar-feed', u.cookie, {
          ...extras(victimId),
          tokenHash: 'e'.repeat(64),
          token_hash: 'e'.repeat(64),
          revokedAt: '2020-01-01T00:00:00Z',
        });
        expect(
          await one(`SELECT user_id, revoked_at, token_hash <> $2 AS own_hash FROM calendar_feeds WHERE user_id = $1`, [
            u.id,
            'e'.repeat(64),
          ]),
        ).toEqual({ user_id: u.id, revoked_at: null, own_hash: true });
        expect(await one(`SELECT count(*)::int AS n FROM calendar_feeds WHERE user_id = $1`, [victimId])).toEqual({ n: 0 });
        return res;
      },
    },
    {
      route: 'POST /api/investor/data-requests',
      status: 201,
      async run() {
        const u = await throwaway();
        const res = await call('POST', '/api/investor/data-requests', u.cookie, {
          ...extras(victimId),
          kind: 'rectification',
          details: 'Mass fix',
        });
        expect(await one('SELECT investor_id, status, answered_by FROM data_subject_requests WHERE details = $1', ['Mass fix'])).toEqual({
          investor_id: u.id,
          status: 'open',
          answered_by: null,
        });
        return res;
      },
    },
    {
      route: 'POST /api/data-requests/:id/answer',
      status: 200,
      async run() {
        const u = await throwaway();
        const filed = await api('POST /api/investor/data-requests', u.cookie, { kind: 'rectification', details: 'Mass answer' });
        const id = filed.json().request.id;
        const res = await call('POST', `/api/data-requests/${id}/answer`, adminCookie, {
          ...extras(victimId),
          answer: 'Corrected',
          outcome: 'partly_refused',
          erasure: { erased: ['identity_kyc'] },
        });
        expect(
          await one('SELECT investor_id, status, answered_by, outcome, erasure FROM data_subject_requests WHERE id = $1', [id]),
        ).toEqual({
          investor_id: u.id,
          status: 'answered',
          answered_by: adminId,
          outcome: 'fulfilled',
          erasure: null,
        });
        return res;
      },
    },
    {
      route: 'POST /api/audit/verify',
      status: 200,
      async run() {
        const res = await call('POST', '/api/audit/verify', adminCookie, extras(victimId));
        expect(
          await one(
            `SELECT user_id, target_user_id FROM activity_logs WHERE activity_type = 'audit_chain_verified' ORDER BY id DESC LIMIT 1`,
          ),
        ).toEqual({ user_id: adminId, target_user_id: null });
        return res;
      },
    },
    {
      route: 'POST /api/audit/head/email',
      status: 200,
      async run() {
        const res = await call('POST', '/api/audit/head/email', adminCookie, { ...extras(victimId), to: 'auditor@outside.example' });
        expect(await one(`SELECT user_id, kind FROM email_outbox WHERE to_address = 'auditor@outside.example'`)).toEqual({
          user_id: null,
          kind: 'audit_head',
        });
        return res;
      },
    },
    // Tax self-certification (issue 31 part 3): strict bodies; no version, investor or signing time from the client.
    {
      route: 'POST /api/investor/tax/certifications',
      status: 400,
      async run() {
        const u = await throwaway();
        const res = await call('POST', '/api/investor/tax/certifications', u.cookie, {
          kind: 'individual',
          residences: [{ country: 'AE', tin: '784-1' }],
          usPerson: false,
          signedName: 'Anyone',
          attest: true,
          password: 'whatever-1',
          version: 7,
          signedAt: '2020-01-01T00:00:00Z',
          ...extras(victimId),
        });
        expect(await one('SELECT count(*)::int AS n FROM tax_certifications WHERE investor_id = $1', [u.id])).toEqual({
          n: 0,
        });
        return res;
      },
    },
    {
      route: 'PUT /api/investor/tax/residence',
      status: 400,
      async run() {
        const u = await throwaway();
        const res = await call('PUT', '/api/investor/tax/residence', u.cookie, {
          residenceCountry: 'GB',
          address: '1 High Street, London',
          dueDate: '2099-01-01',
          ...extras(victimId),
        });
        expect(await one('SELECT residence_country FROM profiles WHERE id = $1', [u.id])).toEqual({ residence_country: null });
        expect(await one('SELECT count(*)::int AS n FROM tax_circumstance_changes WHERE investor_id = $1', [u.id])).toEqual({ n: 0 });
        return res;
      },
    },
    // Risk rating and KYC refresh (issue 31 part 4): extra fields are dropped; the actor and investor come from the session and path.
    {
      route: 'POST /api/investor/kyc-refresh',
      status: 201,
      async run() {
        const u = await throwaway();
        ids.refresher = u.id;
        const res = await call('POST', '/api/investor/kyc-refresh', u.cookie, {
          residenceCountry: 'AE',
          detailsConfirmed: true,
          ...extras(victimId),
          decidedBy: victimId,
          decidedAt: '2020-01-01T00:00:00Z',
        });
        const row = await one<{ id: string }>(
          'SELECT id, investor_id, status, decided_by, decided_at FROM kyc_refreshes WHERE investor_id = $1',
          [u.id],
        );
        expect(row).toMatchObject({ investor_id: u.id, status: 'submitted', decided_by: null, decided_at: null });
        ids.refresh = row.id;
        return res;
      },
    },
    {
      route: 'POST /api/kyc-refreshes/:id/approve',
      status: 200,
      async run() {
        const res = await call('POST', `/api/kyc-refreshes/${ids.refresh}/approve`, adminCookie, {
          ...extras(victimId),
          decidedBy: victimId,
          residenceCountry: 'IR',
        });
        expect(
          await one('SELECT investor_id, status, decided_by, residence_country FROM kyc_refreshes WHERE id = $1', [ids.refresh]),
        ).toEqual({
          investor_id: ids.refresher,
          status: 'approved',
          decided_by: adminId,
          residence_country: 'AE',
        });
        return res;
      },
    },
    {
      route: 'POST /api/risk/investors/:id/override',
      status: 200,
      async run() {
        const current = (await call('GET', `/api/risk/investors/${ids.refresher}`, adminCookie)).json().risk.rating;
        const res = await call('POST', `/api/risk/investors/${ids.refresher}/override`, adminCookie, {
          rating: current === 'high' ? 'low' : 'high',
          expected: current,
          reason: 'Adverse media reviewed',
          ...extras(victimId),
          computedRating: 'low',
        });
        expect(await one('SELECT investor_id, created_by FROM risk_overrides WHERE investor_id = $1', [ids.refresher])).toEqual({
          investor_id: ids.refresher,
          created_by: adminId,
        });
        return res;
      },
    },
    // Screening (issue 31 part B): the bodies are strict, so extra fields are refused and nothing changes.
    {
      route: 'PUT /api/investor/screening',
      status: 400,
      async run() {
        const u = await throwaway();
        const res = await call('PUT', '/api/investor/screening', u.cookie, { nationality: 'AE', pepDeclared: true, ...extras(victimId) });
        expect(await one('SELECT nationality, pep_declared, role FROM profiles WHERE id = $1', [u.id])).toEqual({
          nationality: null,
          pep_declared: false,
          role: 'investor',
        });
        return res;
      },
    },
    {
      route: 'POST /api/investor/screening/persons',
      status: 400,
      async run() {
        const u = await throwaway();
        const res = await call('POST', '/api/investor/screening/persons', u.cookie, {
          relation: 'beneficial_owner',
          fullName: 'Owner One',
          ...extras(victimId),
        });
        expect(await one('SELECT count(*)::int AS n FROM screened_persons WHERE investor_id = $1', [u.id])).toEqual({ n: 0 });
        return res;
      },
    },
    {
      route: 'PUT /api/investor/screening/persons/:id',
      status: 400,
      async run() {
        const u = await throwaway();
        const made = await call('POST', '/api/investor/screening/persons', u.cookie, {
          relation: 'beneficial_owner',
          fullName: 'Owner Two',
        });
        const id = made.json().screening.persons[0].id;
        const res = await call('PUT', `/api/investor/screening/persons/${id}`, u.cookie, {
          relation: 'controlling_person',
          fullName: 'Owner Changed',
          ...extras(victimId),
        });
        expect(await one('SELECT investor_id, full_name FROM screened_persons WHERE id = $1', [id])).toEqual({
          investor_id: u.id,
          full_name: 'Owner Two',
        });
        return res;
      },
    },
    {
      route: 'POST /api/screening/investors/:id/pep-approval',
      status: 409,
      async run() {
        // The investor is no PEP: refused, and the body's fields change nothing.
        const res = await call('POST', `/api/screening/investors/${investorId}/pep-approval`, adminCookie, extras(victimId));
        expect(await one('SELECT pep_approved_by FROM profiles WHERE id = $1', [investorId])).toEqual({ pep_approved_by: null });
        return res;
      },
    },
    {
      route: 'POST /api/screening/imports',
      status: 201,
      async run() {
        const { body, contentType } = multipart(
          { source: 'firm', ...formExtras(victimId) },
          { filename: 'firm.csv', content: Buffer.from('Ref,Name\nM-1,Zebedee Quillfeather\n') },
        );
        const res = await call('POST', '/api/screening/imports', adminCookie, body, { 'content-type': contentType });
        ids.listImport = res.json().import.id;
        const row = await one<{ imported_by: string; source: string; entry_count: number }>(
          'SELECT imported_by, source, entry_count FROM screening_imports WHERE id = $1',
          [ids.listImport],
        );
        expect(row).toEqual({ imported_by: adminId, source: 'firm', entry_count: 1 });
        return res;
      },
    },
    ...(['clear', 'escalate', 'confirm'] as const).map(
      (verb): Case => ({
        route: `POST /api/screening/hits/:id/${verb}`,
        status: 400,
        async run() {
          const hit = await one<{ id: string }>(
            `INSERT INTO screening_hits (investor_id, subject_key, subject_name, source, entry_ref, entry_fingerprint, entry_name, score, status, escalated_by)
             VALUES ($1, $2, 'Subject', 'firm', 'M-1', 'f', 'Entry', 0.9, $3, $4) RETURNING id`,
            [investorId, `self:${verb}`, verb === 'confirm' ? 'escalated' : 'open', verb === 'confirm' ? investorId : null],
          );
          const res = await call('POST', `/api/screening/hits/${hit.id}/${verb}`, adminCookie, {
            reason: 'Not them',
            note: 'x',
            ...extras(victimId),
          });
          expect(await one('SELECT status, decided_by FROM screening_hits WHERE id = $1', [hit.id])).toEqual({
            status: verb === 'confirm' ? 'escalated' : 'open',
            decided_by: null,
          });
          return res;
        },
      }),
    ),
    // Subscription documents signed in the product (issue 30)
    {
      route: 'POST /api/deals/:id/subscription-pack',
      status: 201,
      async run() {
        const deal = await call('POST', '/api/deals', adminCookie, { title: 'Signed deal', type: 'PPP', targetAmount: '100000' });
        ids.signedDeal = deal.json().deal.id;
        await call('PATCH', `/api/deals/${ids.signedDeal}`, adminCookie, { status: 'Active' });
        const { body, contentType } = multipart(
          { fields: JSON.stringify(FULL_FIELDS), ...formExtras(victimId) },
          { filename: 'agreement.pdf', content: await templatePdf(), contentType: 'application/pdf' },
        );
        const res = await call('POST', `/api/deals/${ids.signedDeal}/subscription-pack`, adminCookie, body, {
          'content-type': contentType,
        });
        expect(await one('SELECT created_by, version FROM subscription_packs WHERE deal_id = $1', [ids.signedDeal])).toEqual({
          created_by: adminId,
          version: 1,
        });
        return res;
      },
    },
    {
      route: 'PUT /api/deals/:id/subscription-pack/fields',
      status: 200,
      async run() {
        const res = await call('PUT', `/api/deals/${ids.signedDeal}/subscription-pack/fields`, adminCookie, {
          fields: FULL_FIELDS,
          ...extras(victimId),
        });
        expect(await one('SELECT created_by FROM subscription_packs WHERE deal_id = $1 AND version = 2', [ids.signedDeal])).toEqual({
          created_by: adminId,
        });
        return res;
      },
    },
    {
      route: 'PUT /api/signing/settings',
      status: 200,
      async run() {
        return call('PUT', '/api/signing/settings', adminCookie, {
          countersignAdminTypes: ['founder', 'legal'],
          envelopeDays: 30,
          ...extras(victimId),
        });
      },
    },
    {
      route: 'POST /api/investor/subscriptions/:id/envelope',
      status: 200,
      async run() {
        const sub = await call('POST', '/api/investor/subscriptions', investorCookie, { dealId: ids.signedDeal, amount: '1000' });
        expect(sub.statusCode, sub.body).toBe(201);
        ids.signedSub = sub.json().subscription.id;
        const res = await call('POST', `/api/investor/subscriptions/${ids.signedSub}/envelope`, investorCookie, { ...extras(victimId) });
        ids.envelope = res.json().envelope.id;
        expect(await one('SELECT investor_id, status FROM signing_envelopes WHERE id = $1', [ids.envelope])).toEqual({
          investor_id: investorId,
          status: 'sent',
        });
        return res;
      },
    },
    {
      route: 'POST /api/investor/envelopes/:id/sign',
      status: 200,
      async run() {
        const res = await call('POST', `/api/investor/envelopes/${ids.envelope}/sign`, investorCookie, {
          ...extras(victimId),
          status: 'executed',
          consent: true,
          method: 'typed',
          typedName: 'Test User',
          password: 'correct-horse-1',
        });
        expect(await one('SELECT status, investor_id FROM signing_envelopes WHERE id = $1', [ids.envelope])).toEqual({
          status: 'signed',
          investor_id: investorId,
        });
        return res;
      },
    },
    {
      route: 'POST /api/signing/envelopes/:id/countersign',
      status: 200,
      async run() {
        const res = await call('POST', `/api/signing/envelopes/${ids.envelope}/countersign`, adminCookie, {
          ...extras(victimId),
          name: 'Ada Founder',
          title: 'Managing Partner',
          password: 'correct-horse-1',
        });
        expect(await one('SELECT status FROM signing_envelopes WHERE id = $1', [ids.envelope])).toEqual({ status: 'executed' });
        return res;
      },
    },
    {
      route: 'POST /api/investor/envelopes/:id/decline',
      status: 200,
      async run() {
        const sub = await call('POST', '/api/investor/subscriptions', investorCookie, { dealId: ids.signedDeal, amount: '100' });
        const env = await call('POST', `/api/investor/subscriptions/${sub.json().subscription.id}/envelope`, investorCookie, {});
        ids.declineEnvelope = env.json().envelope.id;
        return call('POST', `/api/investor/envelopes/${ids.declineEnvelope}/decline`, investorCookie, {
          reason: 'No',
          ...extras(victimId),
        });
      },
    },
    {
      route: 'POST /api/signing/envelopes/:id/void',
      status: 200,
      async run() {
        const sub = await call('POST', '/api/investor/subscriptions', investorCookie, { dealId: ids.signedDeal, amount: '100' });
        const env = await call('POST', `/api/investor/subscriptions/${sub.json().subscription.id}/envelope`, investorCookie, {});
        return call('POST', `/api/signing/envelopes/${env.json().envelope.id}/void`, adminCookie, { reason: 'Wrong', ...extras(victimId) });
      },
    },
    {
      route: 'POST /api/signing/envelopes/:id/resend',
      status: 200,
      async run() {
        // A voided envelope is resent as a fresh one for the same investor, whatever the body says.
        const sub = await call('POST', '/api/investor/subscriptions', investorCookie, { dealId: ids.signedDeal, amount: '100' });
        const env = await call('POST', `/api/investor/subscriptions/${sub.json().subscription.id}/envelope`, investorCookie, {});
        const old = env.json().envelope.id as string;
        await call('POST', `/api/signing/envelopes/${old}/void`, adminCookie, { reason: 'Wrong' });
        const res = await call('POST', `/api/signing/envelopes/${old}/resend`, adminCookie, {
          ...extras(victimId),
          status: 'executed',
          investorId: victimId,
        });
        expect(await one('SELECT status, investor_id FROM signing_envelopes WHERE id = $1', [res.json().envelope.id])).toEqual({
          status: 'sent',
          investor_id: investorId,
        });
        return res;
      },
    },
  ];

  it('has a case for every route that takes a body', () => {
    const bodyRoutes = ctx.app.routeTable.filter((r) => ['POST', 'PATCH', 'PUT'].includes(r.method)).map((r) => `${r.method} ${r.url}`);
    expect(cases.map((c) => c.route).sort()).toEqual([...bodyRoutes].sort());
  });

  it('accepts each valid body and applies none of the extra fields', { timeout: 180_000 }, async () => {
    const victimBefore = await mentions(victimId);
    const failures: string[] = [];
    for (const c of cases) {
      try {
        const res = await c.run();
        if (res.statusCode !== c.status) failures.push(`${c.route}: expected ${c.status}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
      } catch (err) {
        failures.push(`${c.route}: ${(err as Error).message} (last response ${last?.statusCode} ${last?.body.slice(0, 200)})`);
      }
    }
    expect(failures).toEqual([]);
    // The victim's id reached no new row; the sentinel amount and text reached none at all.
    expect(await mentions(victimId)).toEqual(victimBefore);
    const amounts = Object.entries(await mentions(SENTINEL_AMOUNT)).filter(([, n]) => n > 0);
    const texts = Object.entries(await mentions(SENTINEL_TEXT)).filter(([, n]) => n > 0);
    expect({ amounts, texts }).toEqual({ amounts: [], texts: [] });
    // The callers are who they were.
    expect(await one('SELECT role, status, admin_user_type FROM profiles WHERE id = $1', [investorId])).toEqual({
      role: 'investor',
      status: 'active',
      admin_user_type: null,
    });
    expect(await one('SELECT role, status FROM profiles WHERE id = $1', [victimId])).toEqual({ role: 'investor', status: 'suspended' });
  });
});
