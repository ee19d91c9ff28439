import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Db, openPostgres } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import { MANAGED_PREFIXES } from '../storage/consistency.ts';
import { DiskFileStore } from '../storage/file-store.ts';
import { certifyTax, classifyProfessional } from '../testing/harness.ts';
import {
  createInvestor,
  createPostgresDatabase,
  INVESTOR_PASSWORD,
  killStartedServers,
  type RunningServer,
  signIn,
  startServer,
  TEST_ADMIN,
} from '../testing/server-process.ts';
import { uploadSubscriptionPack } from '../testing/signing-http.ts';
import { type Ledger, type LoadContext, newLedger, runLoad, sha256 } from './load.ts';

/**
 * PostgreSQL crash consistency: a server is killed (SIGKILL) while many writes are in flight,
 * at a few different moments, and restarted on the same database and storage directory.
 * After each restart: every acknowledged write is there, every row has its file and every
 * file its row (the restart's sweep removed, and logged, exactly the orphans), and every
 * multi-step write is all-or-nothing.
 */
const serverUrl = inject('postgresUrl');

// Moments to kill at, in ms after the load starts (plus up to 200 ms of jitter).
const KILL_AFTER_MS = [80, 350, 800, 1500];

describe.runIf(serverUrl)('PostgreSQL: SIGKILL under concurrent writes, then restart', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Db;
  let dataDir: string;
  let files: DiskFileStore;
  let ctx: LoadContext;
  const ledger: Ledger = newLedger();

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl);
    db = await openPostgres(database.url, 2);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sd-fault-pg-'));
    files = new DiskFileStore(path.join(dataDir, 'storage'));
  });
  afterAll(async () => {
    await killStartedServers();
    await db?.close().catch(() => {});
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The data the load needs: investors, deals, Completed holdings and Pending subscriptions. */
  async function seed(server: RunningServer): Promise<LoadContext> {
    const base = server.url;
    const adminCookie = await signIn(base, TEST_ADMIN.email, TEST_ADMIN.password);
    const approved = await createInvestor(base, adminCookie, 'crash.approved@test.example.com', 'Approved Investor');
    const kycInvestor = await createInvestor(base, adminCookie, 'crash.kyc@test.example.com', 'KYC Investor');
    await db.query("UPDATE kyc_applications SET status = 'approved', submitted_at = now(), reviewed_at = now() WHERE investor_id = $1", [
      approved.id,
    ]);
    // A subscription needs a current suitability review (issue 27).
    await db.query('INSERT INTO suitability_reviews (investor_id, answers, next_due) VALUES ($1, $2, current_date + 365)', [
      approved.id,
      JSON.stringify({ experience: 'extensive', riskTolerance: 'high', netWorthBand: 'over_25m', investmentHorizon: '5_10y' }),
    ]);
    // And a current client classification (issue 31).
    await classifyProfessional({ db }, approved.id);
    await certifyTax({ db }, approved.id);
    const deal = async (title: string, stage: string, target: string) =>
      (
        await sql<{ id: string }>(
          `INSERT INTO deals (title, type, target_amount, status, stage, spv_entity) VALUES ($1, 'Infrastructure', $2, 'Active', $3, 'Crash SPV Ltd') RETURNING id`,
        ).first(db, [title, target, stage])
      )?.id as string;
    const distributionDealId = await deal('Distribution deal', 'Execution', '10000000');
    const openDealId = await deal('Subscription deal', 'Sourcing', '100000000');
    // Every deal takes subscriptions and completes them only with a complete subscription pack
    // (decision 036): uploaded once here, before the workers start.
    await uploadSubscriptionPack(base, adminCookie, openDealId);
    // Three holders with uneven stakes, so allocations have remainders.
    // Each fully paid in (a commitment and a contribution outside any call, as a receipt
    // recorded before the calls screen existed would be), so a distribution has holders to pay.
    for (const [investor, amount] of [
      [approved.id, '333333.33'],
      [kycInvestor.id, '250000.00'],
      [approved.id, '16666.67'],
    ] as const) {
      const sub = await sql<{ id: string }>(
        "INSERT INTO subscriptions (investor_id, deal_id, amount, status, progress, completed_at) VALUES ($1, $2, $3, 'Completed', 100, now()) RETURNING id",
      ).first(db, [investor, distributionDealId, amount]);
      await db.query(
        `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, subscription_id)
         VALUES ($1, $2, 'commitment', $3, '2025-01-15', $4), ($1, $2, 'contribution', $3, '2025-02-15', NULL)`,
        [investor, distributionDealId, amount, sub?.id],
      );
    }
    await db.query(
      "UPDATE deals SET committed_amount = (SELECT sum(amount) FROM subscriptions WHERE deal_id = $1 AND status = 'Completed') WHERE id = $1",
      [distributionDealId],
    );
    const pending = await sql<{ id: string }>(`INSERT INTO subscriptions (investor_id, deal_id, amount, status, progress)
       SELECT $1, $2, 1000 + g + g / 100.0, 'Pending', 25 FROM generate_series(1, 400) g RETURNING id`).all(db, [approved.id, openDealId]);
    return {
      base,
      adminCookie,
      approvedInvestor: approved,
      kycInvestor,
      distributionDealId,
      openDealId,
      pendingSubscriptions: pending.map((r) => r.id),
      // The pending subscriptions are the approved investor's; the bootstrap admin is a founder.
      signer: { cookie: approved.cookie, name: 'Approved Investor', password: INVESTOR_PASSWORD },
      countersigner: { cookie: adminCookie, name: 'Crash Test Founder', password: TEST_ADMIN.password },
    };
  }

  /** Waits until the killed server's connections are gone, so the database no longer changes. */
  async function waitForIdleDatabase() {
    for (let i = 0; i < 200; i++) {
      const rows = await sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      ).all(db);
      if (rows[0]?.n === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the killed server still has connections to the database');
  }

  async function storedFiles(): Promise<string[]> {
    const out: string[] = [];
    for (const p of MANAGED_PREFIXES) out.push(...(await files.list(p)));
    return out.sort();
  }

  async function referencedFiles(): Promise<{ source: string; id: string; key: string; sha256: string | null }[]> {
    return sql<{ source: string; id: string; key: string; sha256: string | null }>(
      `SELECT 'documents' AS source, id::text, file_path AS key, sha256 FROM documents
       UNION ALL SELECT 'kyc_documents', id::text, file_path, sha256 FROM kyc_documents
       UNION ALL SELECT 'messages', id::text, attachment_path, NULL FROM messages WHERE attachment_path IS NOT NULL
       UNION ALL SELECT DISTINCT 'subscription_packs', deal_id::text, file_path, NULL FROM subscription_packs
       UNION ALL SELECT 'signing_envelopes', id::text, document_path, NULL FROM signing_envelopes
       UNION ALL SELECT 'signing_envelopes', id::text, executed_path, NULL FROM signing_envelopes WHERE executed_path IS NOT NULL`,
    ).all(db);
  }

  /** Every invariant that must hold whatever the moment of the crash. */
  async function checkConsistency(server: RunningServer) {
    const stored = await storedFiles();
    const rows = await referencedFiles();
    // No file lacks its row, no row lacks its file, and each file is complete.
    expect(stored).toEqual([...new Set(rows.map((r) => r.key))].sort());
    for (const r of rows) {
      if (r.sha256) expect(sha256(await readFile(path.join(dataDir, 'storage', r.key))), `${r.source} ${r.id}`).toBe(r.sha256);
    }

    // Acknowledged writes are all there.
    const has = async (text: string, ids: string[]) => {
      if (ids.length === 0) return;
      const found = await sql<{ id: string }>(text).all(db, [ids]);
      expect(new Set(found.map((f) => f.id))).toEqual(new Set(ids));
    };
    await has('SELECT email AS id FROM profiles WHERE email = ANY($1)', ledger.signUps);
    await has(
      'SELECT id::text FROM documents WHERE id = ANY($1::uuid[])',
      ledger.documents.map((d) => d.id),
    );
    await has('SELECT id::text FROM subscriptions WHERE id = ANY($1::uuid[])', ledger.subscriptions);
    await has("SELECT id::text FROM subscriptions WHERE status = 'Completed' AND id = ANY($1::uuid[])", ledger.completions);
    // ... each with its executed agreement (the countersignature completed it).
    await has(
      "SELECT subscription_id::text AS id FROM signing_envelopes WHERE status = 'executed' AND executed_path IS NOT NULL AND subscription_id = ANY($1::uuid[])",
      ledger.completions,
    );
    await has('SELECT id::text FROM distribution_events WHERE id = ANY($1::uuid[])', ledger.distributions);
    await has(
      'SELECT DISTINCT thread_id::text AS id FROM messages WHERE attachment_path IS NOT NULL AND thread_id = ANY($1::uuid[])',
      ledger.messages.map((m) => m.threadId),
    );
    const docSha = new Map(
      (await sql<{ id: string; sha256: string }>('SELECT id::text, sha256 FROM documents').all(db)).map((d) => [d.id, d.sha256]),
    );
    for (const d of ledger.documents) expect(docSha.get(d.id)).toBe(d.sha256);
    // KYC: per kind, the stored file is the last acknowledged upload or one sent after it.
    const kycRows = await sql<{ kind: string; sha256: string }>(
      'SELECT d.kind, d.sha256 FROM kyc_documents d JOIN kyc_applications k ON k.id = d.application_id JOIN profiles p ON p.id = k.investor_id WHERE p.email = $1',
    ).all(db, ['crash.kyc@test.example.com']);
    for (const kind of new Set(ledger.kyc.map((k) => k.kind))) {
      const sent = ledger.kyc.filter((k) => k.kind === kind);
      const lastAcked = sent.map((k) => k.acked).lastIndexOf(true);
      if (lastAcked < 0) continue;
      const allowed = sent.slice(lastAcked).map((k) => k.sha256);
      expect(allowed, `KYC ${kind}`).toContain(kycRows.find((r) => r.kind === kind)?.sha256);
    }
    // A sample of acknowledged attachments decrypts to what was sent.
    for (const m of ledger.messages.slice(-3)) {
      const msg = await sql<{ id: string }>('SELECT id::text FROM messages WHERE thread_id = $1 AND attachment_path IS NOT NULL').first(
        db,
        [m.threadId],
      );
      const res = await fetch(`${server.url}/api/messages/attachments/${msg?.id}`, { headers: { cookie: ctx.adminCookie } });
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(m.sha256);
    }

    // Multi-step writes are all-or-nothing.
    // Every investor has credentials, a KYC application and its opening history entry; every
    // self sign-up has exactly one user_signup entry, and every such entry its profile.
    expect(
      await db.query(
        `SELECT p.email FROM profiles p WHERE p.role = 'investor' AND (
           NOT EXISTS (SELECT 1 FROM credentials c WHERE c.user_id = p.id)
           OR NOT EXISTS (SELECT 1 FROM kyc_applications k JOIN kyc_history h ON h.application_id = k.id
                          WHERE k.investor_id = p.id AND h.from_status IS NULL AND h.to_status = 'pending'))`,
      ),
    ).toEqual([]);
    expect(
      await db.query(
        `SELECT p.email FROM profiles p WHERE p.email LIKE 'crash.signup.%'
           AND (SELECT count(*) FROM activity_logs a WHERE a.activity_type = 'user_signup' AND a.target_user_id = p.id) <> 1`,
      ),
    ).toEqual([]);
    expect(
      await db.query(
        `SELECT a.id FROM activity_logs a WHERE a.activity_type = 'user_signup'
           AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = a.target_user_id)`,
      ),
    ).toEqual([]);
    // A distribution event's allocations sum to its amount (they exist with it or not at all),
    // and the event was logged once.
    expect(
      await db.query(
        `SELECT e.id, e.total_amount, (SELECT coalesce(sum(x.amount), 0) FROM distributions x WHERE x.event_id = e.id) AS allocated
           FROM distribution_events e
          WHERE e.total_amount <> (SELECT coalesce(sum(x.amount), 0) FROM distributions x WHERE x.event_id = e.id)
             OR (SELECT count(*) FROM activity_logs a WHERE a.activity_type = 'distribution_recorded' AND a.details ->> 'eventId' = e.id::text) <> 1`,
      ),
    ).toEqual([]);
    // Committed amounts match the Completed subscriptions; each completion was logged.
    expect(
      await db.query(
        `SELECT d.id, d.committed_amount FROM deals d
          WHERE d.committed_amount <> coalesce((SELECT sum(s.amount) FROM subscriptions s WHERE s.deal_id = d.id AND s.status = 'Completed'), 0)`,
      ),
    ).toEqual([]);
    expect(
      await db.query(
        `SELECT s.id FROM subscriptions s WHERE s.status = 'Completed' AND s.completed_at IS NOT NULL AND s.deal_id = $1
           AND (SELECT count(*) FROM activity_logs a WHERE a.activity_type = 'subscription_updated'
                  AND a.details ->> 'subscriptionId' = s.id::text AND a.details ->> 'to' = 'Completed') <> 1`,
        [ctx.openDealId],
      ),
    ).toEqual([]);
    // The countersignature and the completion commit together: no executed agreement without its
    // Completed subscription, no subscription of the signing deal Completed without one.
    expect(
      await db.query(
        `SELECT s.id, s.status FROM subscriptions s WHERE s.deal_id = $1
           AND (s.status = 'Completed') <> EXISTS (SELECT 1 FROM signing_envelopes e WHERE e.subscription_id = s.id AND e.status = 'executed')`,
        [ctx.openDealId],
      ),
    ).toEqual([]);
    // Each new subscription was logged with it; each document upload and message too.
    expect(
      await db.query(
        `SELECT s.id FROM subscriptions s WHERE s.deal_id = $1 AND s.id = ANY($2::uuid[])
           AND NOT EXISTS (SELECT 1 FROM activity_logs a WHERE a.activity_type = 'subscription_created' AND a.details ->> 'subscriptionId' = s.id::text)`,
        [ctx.openDealId, ledger.subscriptions],
      ),
    ).toEqual([]);
    expect(
      await db.query(
        `SELECT d.id FROM documents d WHERE (SELECT count(*) FROM activity_logs a
           WHERE a.activity_type = 'document_uploaded' AND a.details ->> 'documentId' = d.id::text) <> 1`,
      ),
    ).toEqual([]);
    expect(
      await db.query('SELECT t.id FROM message_threads t WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = t.id)'),
    ).toEqual([]);
    expect(await db.query(`SELECT count(*)::int AS n FROM messages m WHERE m.sender_role = 'admin'`)).toEqual([
      {
        n: (
          await sql<{ n: number }>(
            "SELECT count(*)::int AS n FROM activity_logs WHERE activity_type = 'message_sent' AND (details ->> 'hasAttachment')::boolean",
          ).all(db)
        ).at(0)?.n,
      },
    ]);
  }

  it(`keeps every acknowledged write and stays consistent across kills at ${KILL_AFTER_MS.length} moments`, async () => {
    let server = await startServer({ name: 'faults-pg-crash-0', dataDir, databaseUrl: database.url });
    ctx = await seed(server);
    const totals: string[] = [];
    for (const [round, killAfter] of KILL_AFTER_MS.entries()) {
      ctx.base = server.url;
      const counts = () => ({
        ...Object.fromEntries(Object.entries(ledger).map(([k, v]) => [k, (v as unknown[]).length])),
        kyc: ledger.kyc.filter((k) => k.acked).length,
      });
      const before = counts();
      const load = runLoad(ctx, ledger, { signUp: 3, document: 3, kyc: 2, message: 2, completion: 2, subscription: 1, distribution: 2 });
      await new Promise((r) => setTimeout(r, killAfter + Math.random() * 200));
      // The last round kills only once enough writes were acknowledged in all (the workers run until
      // the kill): on a loaded machine the fixed moments alone can pass before many answers come.
      // A completion is three requests and builds and seals a PDF (seconds on a busy machine), so
      // that round also waits for at least one acknowledged countersignature.
      const deadline = Date.now() + 60_000;
      if (round === KILL_AFTER_MS.length - 1)
        while ((ledger.documents.length + ledger.signUps.length <= 10 || ledger.completions.length === 0) && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
      const exit = await server.kill('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      const networkErrors = await load;
      expect(networkErrors, 'every worker was cut off by the kill').toBeGreaterThan(0);
      await waitForIdleDatabase();

      // The orphans the restart must remove: files no row refers to after the crash, plus
      // one planted here (as a crash between a delete's commit and its file removal leaves).
      const planted = `deal-documents/general/planted-orphan-${round}.pdf`;
      await mkdir(path.join(dataDir, 'storage', 'deal-documents', 'general'), { recursive: true });
      await writeFile(path.join(dataDir, 'storage', planted), '%PDF-1.4\n% orphan\n');
      const referenced = new Set((await referencedFiles()).map((r) => r.key));
      const orphans = (await storedFiles()).filter((k) => !referenced.has(k));
      expect(orphans).toContain(planted);

      server = await startServer({ name: `faults-pg-crash-${round + 1}`, dataDir, databaseUrl: database.url });
      const removed = [...server.stdout().matchAll(/^Removed orphaned file (\S+) /gm)].map((m) => m[1]).sort();
      expect(removed).toEqual(orphans.sort());
      expect(server.stdout()).not.toMatch(/Missing file|consistency sweep failed/);
      await checkConsistency(server);

      const now = counts();
      const after = Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - (before[k as keyof typeof before] ?? 0)]));
      totals.push(
        `round ${round + 1} (kill at ~${killAfter} ms): acked ${JSON.stringify(after)}, orphans removed ${removed.length - 1}+1 planted`,
      );
    }
    // The refusals the load met are ordinary ones (nothing a crash-free server would not say).
    expect(
      ledger.refused.filter((r) => r.status >= 500),
      JSON.stringify(ledger.refused.slice(0, 5)),
    ).toEqual([]);
    const stopped = await server.kill('SIGTERM');
    expect(stopped.code).toBe(0);
    console.log(totals.join('\n'), '\nrefusals (first 8):', JSON.stringify(ledger.refused.slice(0, 8)));
    // Writes really happened in flight (the test is not vacuous).
    expect(ledger.documents.length + ledger.signUps.length).toBeGreaterThan(10);
    // Distributions were recorded and acknowledged (the allocation check above is not vacuous).
    expect(
      ledger.distributions.length,
      JSON.stringify(ledger.refused.filter((r) => r.worker === 'distribution').slice(0, 3)),
    ).toBeGreaterThan(0);
    // Completions went through signing and were acknowledged (a refused route would leave none).
    expect(ledger.completions.length, JSON.stringify(ledger.refused.filter((r) => r.worker === 'completion').slice(0, 3))).toBeGreaterThan(
      0,
    );
  }, 240_000);
});
