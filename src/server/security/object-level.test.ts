import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETAIL_NOTICE_VERSION } from '../../shared/dfsa-classification.ts';
import { sql } from '../db/sql.ts';
import { withPaymentDetails } from '../testing/fixtures.ts';
import { approveForSubscribing, createTestContext, createUser, signIn, type TestContext } from '../testing/harness.ts';
import { multipart, PDF_BYTES } from '../testing/multipart.ts';
import { completeSubscriptionSigned, ensureSubscriptionPack, FULL_FIELDS, templatePdf } from '../testing/signing.ts';
import { OBJECT_LEVEL } from './catalog.ts';

/**
 * Object-level access: investor A tries every id-taking route with investor B's ids (and the
 * admins' objects). Investor routes answer 404 (another investor's object does not exist for
 * A), admin routes 403; nothing changes in the database; and no list A can read mentions
 * anything of B's.
 */

interface Investor {
  id: string;
  cookie: string;
  name: string;
}

describe("object-level access: another investor's ids", () => {
  let ctx: TestContext;
  let adminCookie: string;
  let a: Investor;
  let b: Investor;
  /** B's objects (and some the admins own), by the route parameter that names them. */
  const own: Record<string, string> = {};

  const call = (method: InjectOptions['method'], url: string, cookie: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const expectStatus = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    return String(res.headers['content-type']).startsWith('application/json') ? res.json() : res.rawPayload;
  };
  const investor = async (name: string): Promise<Investor> => {
    const u = await createUser(ctx, { role: 'investor', name });
    await approveForSubscribing(ctx, u.id);
    return { id: u.id, name, cookie: await signIn(ctx, u.email, u.password) };
  };

  /** Every row of every table as text: what "nothing changed" is compared against. */
  /** Every table's rows as text (the tables a refused call could touch; counters and logs aside). */
  async function snapshot(): Promise<Map<string, string>> {
    const tables = await sql<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('sessions', 'activity_logs', 'api_rate_counters', 'feed_rate_counters', 'auth_attempts') ORDER BY table_name",
    ).all(ctx.db);
    const parts = new Map<string, string>();
    for (const { table_name } of tables) {
      const rows = await sql<{ r: string }>(`SELECT t::text AS r FROM "${table_name}" t ORDER BY 1`).all(ctx.db);
      parts.set(table_name, rows.map((x) => x.r).join('\n'));
    }
    return parts;
  }
  /**
   * The snapshot once the app's own background work has finished: the setup queues jobs (screening
   * an approved investor) and e-mails that the test app's runner and mailer finish in the background,
   * later on a loaded machine. Waits until two snapshots half a second apart are the same.
   */
  async function settledSnapshot(): Promise<Map<string, string>> {
    let last = await snapshot();
    for (let i = 0; i < 120; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const next = await snapshot();
      if (changedTables(last, next).length === 0) return next;
      last = next;
    }
    throw new Error(`the database did not settle: ${changedTables(last, await snapshot()).join(', ')}`);
  }
  const changedTables = (a: Map<string, string>, b: Map<string, string>) =>
    [...new Set([...a.keys(), ...b.keys()])].filter((t) => a.get(t) !== b.get(t));

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
    a = await investor('Alice Abara');
    b = await investor('Bongani Bhekisisa');

    // A deal both may subscribe to; B's completed subscription and a pending one.
    const deal = expectStatus(
      await call('POST', '/api/deals', adminCookie, { title: 'Shared deal', type: 'PPP', targetAmount: '1000000' }),
      201,
    ).deal;
    expectStatus(await call('PATCH', `/api/deals/${deal.id}`, adminCookie, { status: 'Active' }), 200);
    own.deal = deal.id;
    await ensureSubscriptionPack(ctx, deal.id);
    await withPaymentDetails(ctx, deal.id);
    const done = expectStatus(
      await call('POST', '/api/investor/subscriptions', b.cookie, { dealId: deal.id, amount: '5000' }),
      201,
    ).subscription;
    expectStatus(await call('POST', `/api/subscriptions/${done.id}/review`, adminCookie, {}), 200);
    await completeSubscriptionSigned(ctx, done.id, { investorCookie: b.cookie });
    // B's capital call (100% at closing) and B's contribution against it.
    own.call = expectStatus(
      await call('POST', '/api/capital-calls', adminCookie, {
        dealId: deal.id,
        basis: 'percentage',
        percentage: '100',
        dueDate: '2026-12-31',
        purpose: 'Closing',
      }),
      201,
    ).call.id;
    expectStatus(
      await call('POST', `/api/capital-calls/${own.call}/receipts`, adminCookie, {
        investorId: b.id,
        amount: '5000',
        valueDate: new Date().toISOString().slice(0, 10),
      }),
      201,
    );
    own.entry = (
      await sql<{ id: string }>("SELECT id FROM ledger_entries WHERE investor_id = $1 AND kind = 'contribution'").first(ctx.db, [b.id])
    )?.id as string;
    own.subscription = expectStatus(
      await call('POST', '/api/investor/subscriptions', b.cookie, { dealId: deal.id, amount: '700' }),
      201,
    ).subscription.id;
    own.distribution = expectStatus(
      await call('POST', '/api/distributions', adminCookie, {
        dealId: deal.id,
        type: 'Income',
        totalAmount: '250',
        paymentDate: '2026-12-31',
      }),
      201,
    ).event.id;

    // B's thread, with an attachment on B's message.
    const form = multipart(
      { subject: 'Private to B', body: 'Only B and the desk read this' },
      { filename: 'b-statement.pdf', content: PDF_BYTES },
    );
    own.thread = expectStatus(
      await call('POST', '/api/investor/messages', b.cookie, form.body, { 'content-type': form.contentType }),
      201,
    ).threadId;
    const thread = expectStatus(await call('GET', `/api/investor/messages/${own.thread}`, b.cookie), 200).thread;
    own.attachment = thread.messages.find((m: { attachment: unknown }) => m.attachment).id;

    // A document addressed to B, and one no investor may see.
    const upload = async (fields: Record<string, string>) => {
      const f = multipart({ name: 'Doc', type: 'PPM', ...fields }, { filename: 'doc.pdf', content: PDF_BYTES });
      return expectStatus(await call('POST', '/api/documents', adminCookie, f.body, { 'content-type': f.contentType }), 201).document
        .id as string;
    };
    own.documentForB = await upload({ investorVisible: 'true', investorId: b.id });
    // B's API token (issue 34).
    own.token = expectStatus(await call('POST', '/api/me/tokens', b.cookie, { name: 'B tool' }), 201).token.id;
    own.documentHidden = await upload({ investorVisible: 'false' });
    // The founders' webhook endpoint (disabled: nothing is sent) and a delivery of it (issue 34 part 2).
    own.webhook = expectStatus(
      await call('POST', '/api/webhooks', adminCookie, { url: 'https://93.184.216.34/hook', events: ['kyc.decided'], enabled: false }),
      201,
    ).endpoint.id;
    own.webhookDelivery = (
      await sql<{ id: string }>(
        `WITH e AS (INSERT INTO webhook_events (type, body) VALUES ('webhook.test', '{}') RETURNING id)
         INSERT INTO webhook_deliveries (endpoint_id, event_id, status) SELECT $1, id, 'failed' FROM e RETURNING id`,
      ).all(ctx.db, [own.webhook])
    )[0]?.id as string;

    // B's subscription on a deal with a subscription pack, and its envelope (issue 30).
    const signedDeal = expectStatus(
      await call('POST', '/api/deals', adminCookie, { title: 'Signed deal', type: 'PPP', targetAmount: '1000000' }),
      201,
    ).deal;
    expectStatus(await call('PATCH', `/api/deals/${signedDeal.id}`, adminCookie, { status: 'Active' }), 200);
    own.signedDeal = signedDeal.id;
    const pack = multipart({ fields: JSON.stringify(FULL_FIELDS) }, { filename: 'agreement.pdf', content: await templatePdf() });
    expectStatus(
      await call('POST', `/api/deals/${signedDeal.id}/subscription-pack`, adminCookie, pack.body, { 'content-type': pack.contentType }),
      201,
    );
    own.signedSubscription = expectStatus(
      await call('POST', '/api/investor/subscriptions', b.cookie, { dealId: signedDeal.id, amount: '900' }),
      201,
    ).subscription.id;
    own.envelope = expectStatus(
      await call('POST', `/api/investor/subscriptions/${own.signedSubscription}/envelope`, b.cookie, {}),
      200,
    ).envelope.id;

    own.kyc = (await sql<{ id: string }>('SELECT id FROM kyc_applications WHERE investor_id = $1').first(ctx.db, [b.id]))?.id as string;
    // B's client classification with its evidence, and one more evidence file not yet submitted (issue 31).
    const evidence = async () => {
      const f = multipart({}, { filename: 'b-evidence.pdf', content: PDF_BYTES });
      return expectStatus(
        await call('POST', '/api/investor/classification/evidence', b.cookie, f.body, { 'content-type': f.contentType }),
        200,
      );
    };
    await evidence();
    const submitted = expectStatus(
      await call('POST', '/api/investor/classification', b.cookie, {
        basis: 'assessed_undertaking',
        ownFunds: '1000000',
        noticeAcknowledged: true,
        noticeVersion: RETAIL_NOTICE_VERSION,
      }),
      200,
    );
    own.classification = submitted.latest.id;
    own.evidence = submitted.latest.evidence[0].id;
    own.pendingEvidence = (await evidence()).pendingEvidence[0].id;
    own.spv = expectStatus(
      await call('POST', '/api/spvs', adminCookie, {
        name: 'Object SPV',
        jurisdiction: 'Mauritius',
        annualReturnDue: '2027-03-31',
        bankBalance: '10',
      }),
      201,
    ).spv.id;
    own.compliance = expectStatus(
      await call('POST', '/api/compliance', adminCookie, { type: 'other', title: 'Item', dueDate: '2027-02-01' }),
      201,
    ).item.id;
    own.hold = expectStatus(
      await call('POST', '/api/legal-holds', adminCookie, { subjectKind: 'investor', subjectId: b.id, reason: 'Object hold' }),
      200,
    ).hold.id;
    // The regulator's evidence pack (decision 052): one about B, produced by the desk.
    own.evidencePack = expectStatus(
      await call('POST', '/api/evidence-packs', adminCookie, { scope: 'investor', subjectId: b.id }),
      202,
    ).pack.id;
    // Its job finishes before the snapshots of the refusals below (it writes the pack and the log).
    for (let i = 0; i < 300; i++) {
      const p = expectStatus(await call('GET', `/api/evidence-packs/${own.evidencePack}`, adminCookie), 200).pack;
      if (p.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }

    // Retention (decision 054): a purge proposed for B (the desk's record).
    own.purge = (
      await sql<{ id: string }>(`INSERT INTO retention_purges (investor_id, reasons) VALUES ($1, '[]') RETURNING id`).first(ctx.db, [b.id])
    )?.id as string;

    // Data-subject requests (decision 051): B's answered copy request (its archive) and an open erasure request.
    own.dataRequest = expectStatus(await call('POST', '/api/investor/data-requests', b.cookie, { kind: 'access' }), 201).request.id;
    expectStatus(await call('POST', `/api/data-requests/${own.dataRequest}/answer`, adminCookie, { answer: 'Here is your data' }), 200);
    own.openDataRequest = expectStatus(await call('POST', '/api/investor/data-requests', b.cookie, { kind: 'erasure' }), 201).request.id;

    // Risk rating and KYC refresh (issue 31 part 4): B submits a refresh.
    own.kycRefresh = expectStatus(
      await call('POST', '/api/investor/kyc-refresh', b.cookie, { residenceCountry: 'AE', detailsConfirmed: true }),
      201,
    ).refresh.pending.id;

    // Screening (issue 31 part B): B names a beneficial owner; a list import; a hit on B.
    own.person = expectStatus(
      await call('POST', '/api/investor/screening/persons', b.cookie, { relation: 'beneficial_owner', fullName: 'Bheki Owner' }),
      201,
    ).screening.persons[0].id;
    const list = multipart({ source: 'firm' }, { filename: 'firm.csv', content: Buffer.from('Ref,Name\nX-1,Zebedee Quillfeather\n') });
    own.listImport = expectStatus(
      await call('POST', '/api/screening/imports', adminCookie, list.body, { 'content-type': list.contentType }),
      201,
    ).import.id;
    own.hit = (
      await sql<{ id: string }>(
        `INSERT INTO screening_hits (investor_id, subject_key, subject_name, source, entry_ref, entry_fingerprint, entry_name, score)
         VALUES ($1, 'self:x', 'Bongani Bhekisisa', 'firm', 'X-1', 'f', 'Zebedee Quillfeather', 0.9) RETURNING id`,
      ).first(ctx.db, [b.id])
    )?.id as string;
  }, 180_000); // a sealed agreement per completion (issue 30): slow on a loaded machine
  afterAll(() => ctx.close());

  /** The id each route is tried with, and what A must get. */
  const tries = (): Record<string, { id: string; status: 403 | 404; body?: unknown }> => ({
    'POST /api/investor/subscriptions/:id/cancel': { id: own.subscription as string, status: 404, body: {} },
    'GET /api/investor/messages/:id': { id: own.thread as string, status: 404 },
    'POST /api/investor/messages/:id/reply': { id: own.thread as string, status: 404, body: { body: 'Reading over your shoulder' } },
    'POST /api/investor/messages/:id/read': { id: own.thread as string, status: 404, body: {} },
    'GET /api/investor/messages/attachments/:id': { id: own.attachment as string, status: 404 },
    'GET /api/investor/documents/:id/view': { id: own.documentForB as string, status: 404 },
    'GET /api/investor/documents/:id/download': { id: own.documentForB as string, status: 404 },
    // Admin routes with real objects: refused by role before the id is looked at.
    'GET /api/deals/:id': { id: own.deal as string, status: 403 },
    'PATCH /api/deals/:id': { id: own.deal as string, status: 403, body: { title: 'Mine now' } },
    'POST /api/deals/:id/valuations': {
      id: own.deal as string,
      status: 403,
      body: { valuationDate: '2026-01-01', currentValue: '1', performanceStatus: 'Watch' },
    },
    'POST /api/deals/:id/move': { id: own.deal as string, status: 403, body: { stage: 'Exit' } },
    'GET /api/deals/:id/terms': { id: own.deal as string, status: 403 },
    'PUT /api/deals/:id/terms': {
      id: own.deal as string,
      status: 403,
      body: { hurdleRate: '0', catchUp: 'none', carryRate: '50', carryRecipients: [{ kind: 'gp', name: 'Mine', share: '100' }] },
    },
    'GET /api/deals/:id/management-fees': { id: own.deal as string, status: 403 },
    'POST /api/deals/:id/management-fees/preview': { id: own.deal as string, status: 403, body: { from: '2026-01-01', to: '2026-03-31' } },
    'POST /api/deals/:id/management-fees': {
      id: own.deal as string,
      status: 403,
      body: { from: '2026-01-01', to: '2026-03-31', dueDate: '2026-12-31' },
    },
    'PATCH /api/spvs/:id': { id: own.spv as string, status: 403, body: { jurisdiction: 'Elsewhere' } },
    'POST /api/spvs/:id/file-return': { id: own.spv as string, status: 403, body: {} },
    'GET /api/documents/:id/view': { id: own.documentForB as string, status: 403 },
    'GET /api/documents/:id/download': { id: own.documentHidden as string, status: 403 },
    'PATCH /api/documents/:id': { id: own.documentHidden as string, status: 403, body: { investorVisible: true, investorId: a.id } },
    'DELETE /api/documents/:id': { id: own.documentForB as string, status: 403 },
    'PATCH /api/users/:id': { id: b.id, status: 403, body: { status: 'suspended' } },
    'DELETE /api/users/:id': { id: b.id, status: 403 },
    'POST /api/users/:id/reset-password': { id: b.id, status: 403, body: {} },
    'POST /api/users/:id/reset-two-factor': { id: b.id, status: 403, body: {} },
    'POST /api/users/:id/email': { id: b.id, status: 403, body: { email: 'taken.over@example.com' } },
    'GET /api/kyc/:id/documents/:kind/view': { id: own.kyc as string, status: 403 },
    'GET /api/kyc/:id/documents/:kind/download': { id: own.kyc as string, status: 403 },
    'GET /api/kyc/:id': { id: own.kyc as string, status: 403 },
    'POST /api/kyc/:id/approve': { id: own.kyc as string, status: 403, body: {} },
    'POST /api/kyc/:id/reject': { id: own.kyc as string, status: 403, body: { reason: 'Because' } },
    'GET /api/classifications/:id': { id: own.classification as string, status: 403 },
    'POST /api/classifications/:id/decide': {
      id: own.classification as string,
      status: 403,
      body: { decision: 'professional', reasons: 'Approving my own neighbour' },
    },
    'GET /api/classifications/evidence/:id/download': { id: own.evidence as string, status: 403 },
    'GET /api/investor/classification/evidence/:id/download': { id: own.evidence as string, status: 404 },
    'DELETE /api/investor/classification/evidence/:id': { id: own.pendingEvidence as string, status: 404 },
    'PATCH /api/compliance/:id': { id: own.compliance as string, status: 403, body: { title: 'Changed' } },
    'POST /api/compliance/:id/start': { id: own.compliance as string, status: 403, body: {} },
    'POST /api/compliance/:id/complete': { id: own.compliance as string, status: 403, body: {} },
    'POST /api/subscriptions/:id/review': { id: own.subscription as string, status: 403, body: {} },
    'POST /api/subscriptions/:id/complete': { id: own.subscription as string, status: 403, body: {} },
    'POST /api/subscriptions/:id/reject': { id: own.subscription as string, status: 403, body: { reason: 'No' } },
    'POST /api/distributions/:id/pay': { id: own.distribution as string, status: 403, body: {} },
    'GET /api/messages/:id': { id: own.thread as string, status: 403 },
    'POST /api/messages/:id/reply': { id: own.thread as string, status: 403, body: { body: 'Pretending to be the desk' } },
    'POST /api/messages/:id/read': { id: own.thread as string, status: 403, body: {} },
    'GET /api/messages/attachments/:id': { id: own.attachment as string, status: 403 },
    'GET /api/capital-calls/:id': { id: own.call as string, status: 403 },
    'POST /api/capital-calls/:id/receipts': {
      id: own.call as string,
      status: 403,
      body: { investorId: a.id, amount: '1', valueDate: '2026-12-01' },
    },
    'GET /api/deals/:id/ledger': { id: own.deal as string, status: 403 },
    'GET /api/deals/:id/call-choices': { id: own.deal as string, status: 403 },
    'GET /api/deals/:id/equalisation': { id: own.deal as string, status: 403 },
    'POST /api/deals/:id/equalisation': { id: own.deal as string, status: 403, body: { closeDate: '2026-01-01' } },
    'POST /api/deals/:id/escrow-payouts': { id: own.deal as string, status: 403, body: {} },
    'POST /api/deals/:id/clawback-payments': { id: own.deal as string, status: 403, body: { amount: '1' } },
    'POST /api/deals/:id/fees': {
      id: own.deal as string,
      status: 403,
      body: { investorId: b.id, amount: '1', date: '2026-12-01', memo: 'x' },
    },
    'POST /api/ledger/:id/reverse': { id: own.entry as string, status: 403, body: { reason: 'Mine' } },
    'GET /api/investors/:id/statement': { id: b.id, status: 403 },
    'GET /api/statement-runs/:id': { id: own.call as string, status: 403 },
    'GET /api/investor/capital-calls/:id/notice': { id: own.call as string, status: 404 },
    // Issue 34 part 3: B's ILPA notices are 404 to A; the admins' notices and exports 403 by role.
    'GET /api/investor/ilpa-notices/:id': { id: own.call as string, status: 404 },
    'GET /api/investor/ilpa-notices/:id/csv': { id: own.call as string, status: 404 },
    'GET /api/investors/:id/ilpa-notices': { id: b.id, status: 403 },
    'GET /api/investors/:id/ilpa-notices.csv': { id: b.id, status: 403 },
    'GET /api/capital-calls/:id/ilpa-notices': { id: own.call as string, status: 403 },
    'GET /api/capital-calls/:id/ilpa-notices.csv': { id: own.call as string, status: 403 },
    'GET /api/investors/:id/capital-account': { id: b.id, status: 403 },
    'GET /api/investors/:id/capital-account.csv': { id: b.id, status: 403 },
    'POST /api/email/outbox/:id/retry': { id: '1', status: 403, body: {} },
    'DELETE /api/me/tokens/:id': { id: own.token as string, status: 404 },
    'POST /api/jobs/:id/retry': { id: own.call as string, status: 403, body: {} },
    'PATCH /api/webhooks/:id': { id: own.webhook as string, status: 403, body: { enabled: true, url: 'https://93.184.216.35/mine' } },
    'POST /api/webhooks/:id/rotate-secret': { id: own.webhook as string, status: 403, body: {} },
    'GET /api/webhooks/:id/deliveries': { id: own.webhook as string, status: 403 },
    'POST /api/webhooks/:id/test': { id: own.webhook as string, status: 403, body: {} },
    'POST /api/webhooks/deliveries/:id/redeliver': { id: own.webhookDelivery as string, status: 403, body: {} },
    'POST /api/legal-holds/:id/lift': { id: own.hold as string, status: 403, body: { reason: 'Mine now' } },
    'GET /api/investor/data-requests/:id/archive': { id: own.dataRequest as string, status: 404 },
    'POST /api/data-requests/:id/answer': { id: own.openDataRequest as string, status: 403, body: { answer: 'Erased, says A' } },
    'GET /api/evidence-packs/:id': { id: own.evidencePack as string, status: 403 },
    'POST /api/retention/investors/:id/purge': { id: b.id, status: 403, body: {} },
    'POST /api/retention/purges/:id/approve': { id: own.purge as string, status: 403, body: {} },
    'POST /api/retention/purges/:id/withdraw': { id: own.purge as string, status: 403, body: {} },
    'GET /api/evidence-packs/:id/download': { id: own.evidencePack as string, status: 403 },
    'PUT /api/investor/screening/persons/:id': {
      id: own.person as string,
      status: 404,
      body: { relation: 'beneficial_owner', fullName: 'Taken Over' },
    },
    'DELETE /api/investor/screening/persons/:id': { id: own.person as string, status: 404 },
    'GET /api/risk/investors/:id': { id: b.id, status: 403 },
    'POST /api/risk/investors/:id/override': {
      id: b.id,
      status: 403,
      body: { rating: 'low', expected: 'medium', reason: 'Lowering my neighbour' },
    },
    'POST /api/kyc-refreshes/:id/approve': { id: own.kycRefresh as string, status: 403, body: {} },
    'GET /api/screening/investors/:id': { id: b.id, status: 403 },
    'POST /api/screening/investors/:id/pep-approval': { id: b.id, status: 403, body: {} },
    'GET /api/screening/imports/:id': { id: own.listImport as string, status: 403 },
    'POST /api/screening/hits/:id/clear': { id: own.hit as string, status: 403, body: { reason: 'Not them' } },
    'POST /api/screening/hits/:id/escalate': { id: own.hit as string, status: 403, body: {} },
    'POST /api/screening/hits/:id/confirm': { id: own.hit as string, status: 403, body: {} },
    // Tax self-certification (issue 31 part 3): the admin view is 403 by role.
    'GET /api/tax/investors/:id': { id: b.id, status: 403 },
    // Issue 30: B's envelope is 404 to A; the deal's pack and the admin envelope routes are 403 by role.
    'POST /api/investor/subscriptions/:id/envelope': { id: own.signedSubscription as string, status: 404, body: {} },
    'GET /api/investor/subscriptions/:id/questionnaire': { id: own.signedSubscription as string, status: 404 },
    'GET /api/investor/envelopes/:id': { id: own.envelope as string, status: 404 },
    'GET /api/investor/envelopes/:id/document': { id: own.envelope as string, status: 404 },
    'POST /api/investor/envelopes/:id/sign': {
      id: own.envelope as string,
      status: 404,
      body: { consent: true, method: 'typed', typedName: 'Alice Abara', password: 'correct-horse-1' },
    },
    'POST /api/investor/envelopes/:id/decline': { id: own.envelope as string, status: 404, body: { reason: 'Not mine' } },
    'GET /api/deals/:id/subscription-pack': { id: own.signedDeal as string, status: 403 },
    'POST /api/deals/:id/subscription-pack': { id: own.signedDeal as string, status: 403, body: {} },
    'PUT /api/deals/:id/subscription-pack/fields': { id: own.signedDeal as string, status: 403, body: { fields: [] } },
    'GET /api/deals/:id/subscription-pack/template': { id: own.signedDeal as string, status: 403 },
    'GET /api/deals/:id/subscription-pack/status': { id: own.signedDeal as string, status: 403 },
    'GET /api/deals/:id/subscription-pack/status.csv': { id: own.signedDeal as string, status: 403 },
    'GET /api/signing/envelopes/:id': { id: own.envelope as string, status: 403 },
    'GET /api/signing/envelopes/:id/document': { id: own.envelope as string, status: 403 },
    'POST /api/signing/envelopes/:id/countersign': {
      id: own.envelope as string,
      status: 403,
      body: { name: 'A', title: 'B', password: 'x' },
    },
    'POST /api/signing/envelopes/:id/void': { id: own.envelope as string, status: 403, body: { reason: 'Mine' } },
    'POST /api/signing/envelopes/:id/resend': { id: own.envelope as string, status: 403, body: {} },
  });

  it('tries every id-taking route, expecting what the catalog says', () => {
    const withId = ctx.app.routeTable.filter((r) => r.url.includes('/:id')).map((r) => `${r.method} ${r.url}`);
    expect(Object.keys(tries()).sort()).toEqual(withId.sort());
    expect(Object.fromEntries(Object.entries(tries()).map(([route, t]) => [route, t.status]))).toEqual(OBJECT_LEVEL);
  });

  it("refuses every route with B's ids and changes nothing", async () => {
    const before = await settledSnapshot();
    const failures: string[] = [];
    for (const [route, t] of Object.entries(tries())) {
      const [method, path] = route.split(' ') as [InjectOptions['method'], string];
      const url = path.replace(':id', t.id).replace(':kind', 'passport');
      const res = await call(method, url, a.cookie, t.body);
      if (res.statusCode !== t.status) failures.push(`${route}: expected ${t.status}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (res.body.includes('Bongani') || res.body.includes('Only B')) failures.push(`${route}: the refusal shows B's data`);
    }
    expect(failures).toEqual([]);
    // The tables whose rows differ: none.
    const after = await settledSnapshot();
    const changed = changedTables(before, after);
    expect(changed).toEqual([]);
  });

  it('the same calls work for B (so the ids were real)', async () => {
    expectStatus(await call('GET', `/api/investor/messages/${own.thread}`, b.cookie), 200);
    expectStatus(await call('GET', `/api/investor/messages/attachments/${own.attachment}`, b.cookie), 200);
    expectStatus(await call('GET', `/api/investor/documents/${own.documentForB}/download`, b.cookie), 200);
    expectStatus(await call('GET', `/api/investor/capital-calls/${own.call}/notice`, b.cookie), 200);
    expectStatus(await call('GET', `/api/investor/envelopes/${own.envelope}`, b.cookie), 200);
    expectStatus(await call('GET', `/api/investor/data-requests/${own.dataRequest}/archive`, b.cookie), 200);
    // A hidden document stays hidden even from B.
    expectStatus(await call('GET', `/api/investor/documents/${own.documentHidden}/download`, b.cookie), 404);
  });

  it("no list A can read mentions B or B's objects", async () => {
    const secrets = [
      b.id,
      b.name,
      own.subscription,
      own.thread,
      own.attachment,
      own.documentForB,
      own.documentHidden,
      own.kyc,
      own.classification,
      own.evidence,
      own.pendingEvidence,
      own.call,
      own.token,
      own.person,
      'Bheki Owner',
      own.envelope,
      own.signedSubscription,
      'Private to B',
      own.dataRequest,
      own.openDataRequest,
    ] as string[];
    const lists = ctx.app.routeTable.filter((r) => r.method === 'GET' && r.access === 'investor' && !r.url.includes(':'));
    expect(lists.length).toBeGreaterThanOrEqual(9);
    for (const route of lists) {
      const res = await call('GET', route.url, a.cookie);
      expect(res.statusCode, route.url).toBe(200);
      for (const s of secrets) expect(res.body.includes(s), `${route.url} mentions ${s}`).toBe(false);
    }
    expect((await call('GET', '/api/me/tokens', a.cookie)).body.includes(own.token as string)).toBe(false);
    expect((await call('GET', '/api/me/tokens', b.cookie)).body).toContain(own.token);
    // B's own view does show them (the check above can fail).
    const mine = await call('GET', '/api/investor/subscriptions', b.cookie);
    expect(mine.body).toContain(own.subscription);
  });
});
