import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLASSIFICATION_EXPIRED_MESSAGE,
  CLASSIFICATION_MISSING_MESSAGE,
  CLASSIFICATION_PENDING_MESSAGE,
  CLASSIFICATION_RETAIL_MESSAGE,
  type ClassificationApplication,
  RETAIL_NOTICE_VERSION,
} from '../../../shared/dfsa-classification.ts';
import { type ApiErrorBody, callApi, errorBody } from '../../testing/api-client.ts';
import { type Investor, moneyFixtures } from '../../testing/fixtures.ts';
import { certifyTax, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { injectForm, PDF_BYTES } from '../../testing/multipart.ts';

/** Issue 31 part A, decision 037: classification before subscribing, through the real app. */

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';
const SUITABILITY = { experience: 'extensive', riskTolerance: 'high', netWorthBand: 'over_25m', investmentHorizon: '5_10y' };
const NOTICE = { noticeAcknowledged: true, noticeVersion: RETAIL_NOTICE_VERSION };
const INDIVIDUAL = {
  basis: 'assessed_individual',
  netAssets: '1,000,000.00',
  yearsExperience: 6,
  experience: 'Six years as a portfolio manager at a regional bank.',
  ...NOTICE,
};

function expectError(res: LightMyRequestResponse, status: number): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('client classification API (issue 31)', () => {
  let ctx: TestContext;
  let adminCookie: string;
  let secondAdminCookie: string;
  const fx = moneyFixtures(
    () => ctx,
    () => adminCookie,
  );
  const { call } = fx;

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Ada Admin' });
    adminCookie = await signIn(ctx, adm.email, adm.password);
    const legal = await createUser(ctx, { role: 'admin', adminUserType: 'legal', name: 'Lee Legal' });
    secondAdminCookie = await signIn(ctx, legal.email, legal.password);
  });
  afterAll(async () => ctx?.close());

  /** KYC approved and a current suitability review, but no classification. */
  const unclassified = async (name: string): Promise<Investor> => {
    const u = await createUser(ctx, { role: 'investor', name });
    await ctx.db.query("UPDATE kyc_applications SET status = 'approved' WHERE investor_id = $1", [u.id]);
    // Tax self-certified (issue 31 part 3): only the classification is missing here.
    await certifyTax(ctx, u.id);
    const who = { id: u.id, cookie: await signIn(ctx, u.email, u.password) };
    expect((await call('POST', '/api/investor/suitability-review', who.cookie, SUITABILITY)).statusCode).toBe(200);
    return who;
  };
  const uploadEvidence = async (who: Investor, filename = 'bank-letter.pdf') => {
    const form = injectForm({}, { filename, content: PDF_BYTES, contentType: 'application/pdf' });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/investor/classification/evidence',
      headers: { ...form.headers, cookie: who.cookie },
      payload: form.payload,
    });
  };
  const mine = async (who: Investor) => {
    const { status, json, res } = await callApi(ctx.app, 'GET /api/investor/classification', { cookie: who.cookie });
    expect(status, res.body).toBe(200);
    return json;
  };
  const submit = async (who: Investor, answers: Record<string, unknown> = INDIVIDUAL) => {
    expect((await uploadEvidence(who)).statusCode).toBe(200);
    const { status, json, res } = await callApi(ctx.app, 'POST /api/investor/classification', { cookie: who.cookie, rawBody: answers });
    expect(status, res.body).toBe(200);
    return json.latest as ClassificationApplication;
  };
  /** A decision (some of them refused on purpose: an unknown decision, twice, in parallel). */
  const decideTyped = (id: string, decision: string, cookie = adminCookie) =>
    callApi(ctx.app, 'POST /api/classifications/:id/decide', {
      cookie,
      params: { id },
      rawBody: { decision, reasons: 'Audited statements and interview reviewed.' },
    });
  const decide = async (id: string, decision: string, cookie = adminCookie) => (await decideTyped(id, decision, cookie)).res;
  const subscribe = (who: Investor, dealId: string, amount = '1000') =>
    call('POST', '/api/investor/subscriptions', who.cookie, { dealId, amount });
  const subscriptionRows = async (who: Investor) =>
    (await ctx.db.query('SELECT 1 FROM subscriptions WHERE investor_id = $1', [who.id])).length;

  it('no classification: subscribing is refused 409 with the message, nothing written; the portal says what blocks', async () => {
    const deal = await fx.openDeal('Unclassified Deal');
    const who = await unclassified('Una Unclassified');
    const refused = expectError(await subscribe(who, deal.id), 409);
    expect(refused).toMatchObject({ code: 'CLASSIFICATION_MISSING', message: CLASSIFICATION_MISSING_MESSAGE });
    expect(await subscriptionRows(who)).toBe(0);
    const me = await mine(who);
    expect(me).toMatchObject({ state: 'none', latest: null, noticeVersion: RETAIL_NOTICE_VERSION });
    expect(me.blocking.map((b) => b.code)).toEqual(['CLASSIFICATION_MISSING']);
  });

  it('field-level validation; evidence and the notice are required', async () => {
    const who = await unclassified('Vic Validation');
    const bad = expectError(
      await call('POST', '/api/investor/classification', who.cookie, {
        basis: 'assessed_individual',
        netAssets: '1.005',
        yearsExperience: -1,
        experience: 'short',
        noticeAcknowledged: false,
        noticeVersion: 'old',
      }),
      400,
    );
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual([
      'experience',
      'netAssets',
      'noticeAcknowledged',
      'noticeVersion',
      'yearsExperience',
    ]);
    expect(bad.fields?.noticeAcknowledged).toBe('Read and acknowledge the notice before you submit');
    expect(expectError(await call('POST', '/api/investor/classification', who.cookie, { basis: 'retail' }), 400).fields).toHaveProperty(
      'basis',
    );
    // Valid answers without evidence: 409, nothing stored.
    const noEvidence = expectError(await call('POST', '/api/investor/classification', who.cookie, INDIVIDUAL), 409);
    expect(noEvidence.code).toBe('EVIDENCE_REQUIRED');
    expect(await ctx.db.query('SELECT 1 FROM client_classifications WHERE investor_id = $1', [who.id])).toHaveLength(0);
    // A file of the wrong type is refused with its field.
    const txt = injectForm({}, { filename: 'notes.txt', content: Buffer.from('hello'), contentType: 'text/plain' });
    const refusedFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/investor/classification/evidence',
      headers: { ...txt.headers, cookie: who.cookie },
      payload: txt.payload,
    });
    expect(expectError(refusedFile, 400).fields).toHaveProperty('file');
  });

  it('assessed Professional with evidence: pending blocks; an admin approves with reasons; the review date goes into the calendar; then subscribing works', async () => {
    const deal = await fx.openDeal('Classified Deal');
    const who = await unclassified('Pia Professional');
    const app = await submit(who);
    expect(app).toMatchObject({
      status: 'submitted',
      noticeVersion: RETAIL_NOTICE_VERSION,
      answers: { basis: 'assessed_individual', netAssets: '1000000.00', yearsExperience: 6 },
      assessment: { qualifies: true },
    });
    expect(app.evidence.map((e) => e.name)).toEqual(['bank-letter.pdf']);
    // The acknowledgement's time is stored (within this test's minute).
    expect(Math.abs(Date.parse(app.noticeAcknowledgedAt) - Date.now())).toBeLessThan(60_000);
    expect((await mine(who)).pendingEvidence).toEqual([]);

    const pending = expectError(await subscribe(who, deal.id), 409);
    expect(pending).toMatchObject({ code: 'CLASSIFICATION_PENDING', message: CLASSIFICATION_PENDING_MESSAGE });
    expect(expectError(await call('POST', '/api/investor/classification', who.cookie, INDIVIDUAL), 409).code).toBe('ALREADY_SUBMITTED');

    // The admin's queue shows it with its evidence, downloadable.
    const queue = (await callApi(ctx.app, 'GET /api/classifications', { cookie: adminCookie })).json;
    const queued = queue.applications.find((a) => a.id === app.id);
    expect(queued).toMatchObject({ status: 'submitted', investorName: 'Pia Professional' });
    const file = await call('GET', `/api/classifications/evidence/${app.evidence[0]?.id}/download`, adminCookie);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);

    // Reasons are required.
    expect(
      expectError(await call('POST', `/api/classifications/${app.id}/decide`, adminCookie, { decision: 'professional', reasons: '' }), 400)
        .fields,
    ).toHaveProperty('reasons');
    const decided = await decideTyped(app.id, 'professional');
    expect(decided.status, decided.res.body).toBe(200);
    const today = ((await ctx.db.query("SELECT to_char(current_date, 'YYYY-MM-DD') AS d")) as { d: string }[])[0]?.d as string;
    // Reference: a year after today, the same calendar day (the suite's zone is UTC; 29 Feb is not today's case here).
    const dueRef = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    const result = decided.json.application;
    expect(result).toMatchObject({ status: 'decided', decision: 'professional', decidedByName: 'Ada Admin', reviewDue: dueRef });
    const item = await ctx.db.query(
      `SELECT i.title, to_char(i.due_date, 'YYYY-MM-DD') AS due, i.type FROM compliance_items i
         JOIN client_classifications c ON c.compliance_item_id = i.id WHERE c.id = $1`,
      [app.id],
    );
    expect(item).toEqual([{ title: 'Client classification review: Pia Professional', due: dueRef, type: 'kyc_refresh' }]);
    const me = await mine(who);
    expect(me).toMatchObject({ state: 'professional', basis: 'assessed_individual', reviewDue: dueRef, expired: false, blocking: [] });
    // The DFSA Compliance data names the investor's own classification and its review date.
    const compliance = (await callApi(ctx.app, 'GET /api/investor/compliance', { cookie: who.cookie })).json;
    expect(compliance.regulatory).toMatchObject({ classification: 'Professional Client', classificationReview: `Review due ${dueRef}` });
    expect((await subscribe(who, deal.id)).statusCode).toBe(201);
    // Deciding twice: 409.
    expect(expectError(await decide(app.id, 'retail'), 409).code).toBe('ALREADY_DECIDED');

    // Current through its review day, expired the day after (new subscriptions only).
    await ctx.db.query('UPDATE client_classifications SET review_due = current_date WHERE id = $1', [app.id]);
    expect((await subscribe(who, deal.id)).statusCode).toBe(201);
    await ctx.db.query('UPDATE client_classifications SET review_due = current_date - 1 WHERE id = $1', [app.id]);
    const before = await subscriptionRows(who);
    const expired = expectError(await subscribe(who, deal.id), 409);
    expect(expired).toMatchObject({ code: 'CLASSIFICATION_EXPIRED', message: CLASSIFICATION_EXPIRED_MESSAGE });
    expect(await subscriptionRows(who)).toBe(before);
    expect((await mine(who)).expired).toBe(true);
  });

  it('Retail blocks subscribing with the message; a renewal after it can be approved', async () => {
    const deal = await fx.openDeal('Retail Deal');
    const who = await unclassified('Rita Retail');
    // Deemed Professional claimed, one test met only (balance sheet at 20,000,000.00 exactly): does not qualify.
    const app = await submit(who, {
      basis: 'deemed_undertaking',
      balanceSheetTotal: '20000000.00',
      netTurnover: '39999999.99',
      ownFunds: '1999999.99',
      ...NOTICE,
    });
    expect(app.assessment).toEqual({
      qualifies: false,
      criteria: [
        { key: 'balanceSheetTotal', threshold: '20000000.00', met: true },
        { key: 'netTurnover', threshold: '40000000.00', met: false },
        { key: 'ownFunds', threshold: '2000000.00', met: false },
      ],
    });
    expect((await decide(app.id, 'retail')).statusCode).toBe(200);
    const refused = expectError(await subscribe(who, deal.id), 409);
    expect(refused).toMatchObject({ code: 'CLASSIFICATION_RETAIL', message: CLASSIFICATION_RETAIL_MESSAGE });
    expect(await subscriptionRows(who)).toBe(0);
    expect(
      await ctx.db.query('SELECT 1 FROM compliance_items WHERE title = $1', ['Client classification review: Rita Retail']),
    ).toHaveLength(0);
    // A new application with better figures, approved by another admin.
    const again = await submit(who, { basis: 'assessed_undertaking', ownFunds: '1000000', ...NOTICE });
    expect(again.assessment.qualifies).toBe(true);
    expect((await decide(again.id, 'professional', secondAdminCookie)).statusCode).toBe(200);
    expect((await subscribe(who, deal.id)).statusCode).toBe(201);
  });

  it('twenty parallel decisions on one application: one wins, the rest 409; one decision logged', async () => {
    const who = await unclassified('Parallel Pat');
    const app = await submit(who);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(app.id, i % 2 ? 'professional' : 'retail', i % 3 ? adminCookie : secondAdminCookie)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const logs = await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'classification_decided' AND target_user_id = $1", [
      who.id,
    ]);
    expect(logs).toHaveLength(1);
  });

  it('object level: an investor sees and removes only their own evidence; admin routes refuse investors; unknown ids 404', async () => {
    const a = await unclassified('Owner Olga');
    const b = await unclassified('Other Otto');
    expect((await uploadEvidence(a)).statusCode).toBe(200);
    const evidenceId = (await mine(a)).pendingEvidence[0]?.id as string;
    expect((await call('GET', `/api/investor/classification/evidence/${evidenceId}/download`, b.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/investor/classification/evidence/${evidenceId}`, b.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/investor/classification/evidence/${evidenceId}/download`, a.cookie)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/classifications'],
      ['GET', `/api/classifications/${UNKNOWN_ID}`],
      ['POST', `/api/classifications/${UNKNOWN_ID}/decide`],
      ['GET', `/api/classifications/evidence/${evidenceId}/download`],
    ] as const) {
      expect(
        (await call(method, url, a.cookie, method === 'POST' ? { decision: 'professional', reasons: 'x'.repeat(12) } : undefined))
          .statusCode,
      ).toBe(403);
    }
    expect((await call('GET', '/api/investor/classification', adminCookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/investor/classification', null)).statusCode).toBe(401);
    expect((await call('GET', `/api/classifications/${UNKNOWN_ID}`, adminCookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/classifications/not-a-uuid', adminCookie)).statusCode).toBe(400);
    expect((await decide(UNKNOWN_ID, 'professional')).statusCode).toBe(404);
    // The owner removes it; once part of a submitted application it cannot be removed.
    expect((await call('DELETE', `/api/investor/classification/evidence/${evidenceId}`, a.cookie)).statusCode).toBe(200);
    const app = await submit(a);
    expect((await call('DELETE', `/api/investor/classification/evidence/${app.evidence[0]?.id}`, a.cookie)).statusCode).toBe(404);
  });

  it('mass assignment: an investor cannot set the investor, status or decision; an admin cannot set the reviewer or due date', async () => {
    const who = await unclassified('Mass Max');
    const victim = await unclassified('Victim Vera');
    expect((await uploadEvidence(who)).statusCode).toBe(200);
    const res = await callApi(ctx.app, 'POST /api/investor/classification', {
      cookie: who.cookie,
      rawBody: { ...INDIVIDUAL, investorId: victim.id, status: 'decided', decision: 'professional', reviewDue: '2099-01-01' },
    });
    expect(res.status, res.res.body).toBe(200);
    const rows = await ctx.db.query('SELECT investor_id, status, decision FROM client_classifications WHERE investor_id IN ($1, $2)', [
      who.id,
      victim.id,
    ]);
    expect(rows).toEqual([{ investor_id: who.id, status: 'submitted', decision: null }]);
    const id = (res.json.latest as ClassificationApplication).id;
    const decided = await callApi(ctx.app, 'POST /api/classifications/:id/decide', {
      cookie: adminCookie,
      params: { id },
      rawBody: {
        decision: 'professional',
        reasons: 'Evidence reviewed in full.',
        decidedBy: victim.id,
        reviewDue: '2099-01-01',
        investorId: victim.id,
      },
    });
    expect(decided.status, decided.res.body).toBe(200);
    const app = decided.json.application;
    expect(app.decidedByName).toBe('Ada Admin');
    expect(app.reviewDue).not.toBe('2099-01-01');
    expect(app.investorId).toBe(who.id);
  });
});
