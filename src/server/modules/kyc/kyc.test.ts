import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { injectForm } from '../../testing/multipart.ts';

const PDF = Buffer.from('%PDF-1.4\n% test\n');

const multipart = (file: { filename: string; content: Buffer }) => injectForm({}, file);

describe('KYC API', () => {
  let ctx: TestContext;
  let adminCookie: string;
  let a: { id: string; cookie: string };
  let b: { id: string; cookie: string };

  const investor = async () => {
    const u = await createUser(ctx, { role: 'investor' });
    return { id: u.id, cookie: await signIn(ctx, u.email, u.password) };
  };
  const upload = (cookie: string, kind: string, content = PDF, filename = 'doc.pdf') => {
    const body = multipart({ filename, content });
    return ctx.app.inject({
      method: 'POST',
      url: `/api/kyc/me/documents/${kind}`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };
  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const appId = async (investorId: string) =>
    (await sql<{ id: string }>('SELECT id FROM kyc_applications WHERE investor_id = $1').first(ctx.db, [investorId]))?.id as string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'legal', name: 'Legal Reviewer' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
    a = await investor();
    b = await investor();
  });
  afterAll(() => ctx.close());

  it('opens a pending application with every new investor (sign-up included)', async () => {
    const res = await call('GET', '/api/kyc/me', a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({
      status: 'pending',
      completionPercentage: 0,
      history: [expect.objectContaining({ toStatus: 'pending' })],
    });
    const signup = await call('POST', '/api/auth/sign-up', undefined, {
      email: 'kyc.signup@test.example.com',
      password: 'secret-1-long',
      name: 'Signup Inv',
    });
    expect(signup.statusCode).toBe(201);
    const rows = await ctx.db.query(
      "SELECT 1 FROM kyc_applications k JOIN profiles p ON p.id = k.investor_id WHERE p.email = 'kyc.signup@test.example.com' AND k.status = 'pending'",
    );
    expect(rows).toHaveLength(1);
  });

  it('uploads documents (25% each), refuses bad files, stores them under kyc/{investorId}/', async () => {
    expect((await upload(a.cookie, 'passport')).json().application.completionPercentage).toBe(25);
    expect((await upload(a.cookie, 'passport')).json().application.completionPercentage).toBe(25); // replaced, not added
    const bad = await upload(a.cookie, 'address_proof', Buffer.from('MZ\x90\x00'), 'x.pdf');
    expect(bad.statusCode).toBe(400);
    const wrongExt = await upload(a.cookie, 'address_proof', Buffer.from('hello'), 'x.txt');
    expect(wrongExt.statusCode).toBe(400);
    expect((await upload(a.cookie, 'not_a_kind')).statusCode).toBe(400); // an unknown kind is a malformed parameter (decision 033, amended)
    const stored = (await ctx.storage.keys()).filter((k) => k.startsWith(`kyc/${a.id}/`));
    expect(stored).toHaveLength(1);
    // Never in the vault.
    const vault = await call('GET', '/api/documents', adminCookie);
    expect(vault.json().documents).toEqual([]);
  });

  it('submits only a complete application; then documents are frozen', async () => {
    expect((await call('POST', '/api/kyc/me/submit', a.cookie)).statusCode).toBe(409);
    for (const kind of ['address_proof', 'financial_statements', 'source_of_funds'])
      expect((await upload(a.cookie, kind)).statusCode).toBe(200);
    const res = await call('POST', '/api/kyc/me/submit', a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'in_review', completionPercentage: 100, submittedAt: expect.any(String) });
    expect((await upload(a.cookie, 'passport')).statusCode).toBe(409);
    expect((await call('POST', '/api/kyc/me/submit', a.cookie)).statusCode).toBe(409);
  });

  it('approve and reject only from in_review (409 otherwise); reject needs a reason; recorded and logged', async () => {
    const idB = await appId(b.id);
    expect((await call('POST', `/api/kyc/${idB}/approve`, adminCookie, {})).statusCode).toBe(409);
    expect((await call('POST', `/api/kyc/${idB}/reject`, adminCookie, { reason: 'x' })).statusCode).toBe(409);

    const idA = await appId(a.id);
    expect((await call('POST', `/api/kyc/${idA}/reject`, adminCookie, { reason: ' ' })).statusCode).toBe(400);
    const rej = await call('POST', `/api/kyc/${idA}/reject`, adminCookie, { reason: 'Passport scan unreadable' });
    expect(rej.statusCode).toBe(200);
    expect(rej.json().application).toMatchObject({
      status: 'rejected',
      reviewedByName: 'Legal Reviewer',
      reviewNote: 'Passport scan unreadable',
    });
    expect((await call('POST', `/api/kyc/${idA}/approve`, adminCookie, {})).statusCode).toBe(409);

    // The investor sees the outcome and reason, corrects and resubmits.
    const mine = (await call('GET', '/api/kyc/me', a.cookie)).json().application;
    expect(mine).toMatchObject({ status: 'rejected', reviewNote: 'Passport scan unreadable' });
    expect((await upload(a.cookie, 'passport')).statusCode).toBe(200);
    expect((await call('POST', '/api/kyc/me/submit', a.cookie)).json().application.status).toBe('in_review');
    const ok = await call('POST', `/api/kyc/${idA}/approve`, adminCookie, {});
    expect(ok.json().application.status).toBe('approved');
    const history = ok.json().application.history.map((h: { fromStatus: string; toStatus: string }) => `${h.fromStatus}>${h.toStatus}`);
    expect(history).toEqual(['null>pending', 'pending>in_review', 'in_review>rejected', 'rejected>in_review', 'in_review>approved']);
    const logs = await sql<{ activity_type: string }>(
      "SELECT activity_type FROM activity_logs WHERE activity_type LIKE 'kyc_%' AND target_user_id = $1 ORDER BY id",
    ).all(ctx.db, [a.id]);
    expect(logs.map((l) => l.activity_type)).toContain('kyc_rejected');
    expect(logs.map((l) => l.activity_type)).toContain('kyc_approved');
  });

  it('lists applications with counters for admins only', async () => {
    const res = await call('GET', '/api/kyc', adminCookie);
    expect(res.statusCode).toBe(200);
    const { counters, applications } = res.json();
    expect(counters.total).toBe(applications.length);
    expect(counters.approved).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/kyc', a.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/kyc')).statusCode).toBe(401);
  });

  it('an investor can never read or change another investor application or files', async () => {
    const idA = await appId(a.id);
    for (const url of [`/api/kyc/${idA}`, `/api/kyc/${idA}/documents/passport/download`, `/api/kyc/${idA}/documents/passport/view`]) {
      expect((await call('GET', url, b.cookie)).statusCode, url).toBe(403);
    }
    expect((await call('POST', `/api/kyc/${idA}/approve`, b.cookie, {})).statusCode).toBe(403);
    // B's own routes only ever reach B's application: B has no passport yet.
    expect((await call('GET', '/api/kyc/me/documents/passport/download', b.cookie)).statusCode).toBe(404);
    const own = await call('GET', '/api/kyc/me/documents/passport/download', a.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    const adminView = await call('GET', `/api/kyc/${idA}/documents/passport/view`, adminCookie);
    expect(adminView.headers['content-type']).toBe('application/pdf');
    expect(adminView.headers['cache-control']).toBe('private, no-store');
  });

  it('blocks deleting an investor whose KYC holds files, but lets an untouched one go', async () => {
    const untouched = await investor();
    expect((await call('POST', `/api/users/${a.id}`, adminCookie)).statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${a.id}`, headers: { cookie: adminCookie } });
    expect(del.statusCode).toBe(409);
    const ok = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${untouched.id}`, headers: { cookie: adminCookie } });
    expect(ok.statusCode).toBe(200);
  });
});
