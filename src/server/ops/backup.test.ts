import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MessageThread } from '../../shared/messages.ts';
import { buildApp } from '../app.ts';
import { totpFor } from '../auth/totp.ts';
import { type Config, loadConfig } from '../config.ts';
import { loadMessageKey, MessageCipher } from '../crypto/cipher.ts';
import { type Db, openPglite, openPostgres } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import { loadDemoData } from '../seed/demo.ts';
import { DiskFileStore } from '../storage/file-store.ts';
import { createTestContext, sessionCookie, type TestContext } from '../testing/harness.ts';
import { createBackup, type Manifest, restoreBackup, runBackup, runRestore } from './backup.ts';

/**
 * Backup and restore round trips on the suite's engine (PGlite by default, PostgreSQL under
 * TEST_DB=postgres), plus PostgreSQL <-> PGlite when a server is there. The source holds the
 * demo data set (every table), a message with an attachment posted through the API, and rows
 * with awkward values (JSON null, unicode, 15-digit numerics, microsecond timestamps, a sequence
 * ahead of its table).
 */

const pgUrl = inject('postgresUrl') || '';
const ENGINE = pgUrl ? 'postgres' : 'pglite';
const PASSWORD = 'demo-pass-1';
const BOUNDARY = '----sd-backup-boundary';
const BODY = 'Backup test: please confirm wire reference 7781-ZETA. Ünïcödé ✓';
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% backup attachment\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);

interface Snapshot {
  tables: Record<string, string[]>;
  sequences: Record<string, string>;
}

/** Every row of every table as PostgreSQL's own text form of the row (sorted), and every sequence. */
async function snapshot(db: Db): Promise<Snapshot> {
  return db.tx(async (q) => {
    await q.query(`SET LOCAL TimeZone = 'UTC'`);
    await q.query(`SET LOCAL extra_float_digits = 3`);
    const tables = await sql<{ name: string }>(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY 1`).all(q);
    const out: Snapshot = { tables: {}, sequences: {} };
    for (const { name } of tables) {
      out.tables[name] = (await sql<{ r: string }>(`SELECT t::text AS r FROM "${name}" t`).all(q)).map((r) => r.r).sort();
    }
    const seqs = await sql<{ name: string }>(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY 1`).all(q);
    for (const { name } of seqs) {
      const s = await sql<{ v: string }>(`SELECT last_value::text || '/' || is_called::text AS v FROM "${name}"`).first(q);
      out.sequences[name] = s?.v ?? '';
    }
    return out;
  });
}

/** storage key -> sha256 of every stored file (temporary uploads excluded). */
async function fileHashes(dataDir: string): Promise<Record<string, string>> {
  const root = path.join(dataDir, 'storage');
  const out: Record<string, string> = {};
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (full !== path.join(root, '.tmp')) await walk(full);
      } else
        out[path.relative(root, full).split(path.sep).join('/')] = createHash('sha256')
          .update(await readFile(full))
          .digest('hex');
    }
  };
  await walk(root);
  return out;
}

async function entriesOf(archive: string): Promise<string[]> {
  const names: string[] = [];
  await tar.list({ file: archive, onReadEntry: (e) => names.push(e.path) });
  return names;
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

function multipart(fields: Record<string, string>, file: { filename: string; content: Buffer }) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

describe(`backup and restore (${ENGINE})`, () => {
  let ctx: TestContext;
  let sourceDir: string;
  let sourceApp: FastifyInstance;
  let key: Buffer;
  let investorCookie: string;
  let threadId: string;
  let source: Snapshot;
  let sourceFiles: Record<string, string>;
  let tmp: string;
  let archive: string;
  let manifest: Manifest;
  /** A restored embedded DATA_DIR, for the lock and PGlite -> PostgreSQL tests. */
  let pgliteTarget = '';
  const databases: string[] = [];
  const opened: { close(): Promise<unknown> }[] = [];

  const dir = async (name: string) => {
    const d = path.join(tmp, name);
    await mkdir(d, { recursive: true });
    return d;
  };
  const config = (dataDir: string, env: Record<string, string> = {}): Config =>
    loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: '12', ...env });

  /** A new, empty database on the test server (no schema: restore migrates it). */
  async function emptyPostgres(): Promise<string> {
    const name = `sd_restore_${randomBytes(5).toString('hex')}`;
    const admin = await openPostgres(pgUrl, 1);
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.close();
    }
    databases.push(name);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    return u.toString();
  }

  /** Restores `file` onto `engine` in a fresh DATA_DIR through the CLI entry point; returns what to open. */
  async function restoreFresh(file: string, engine: 'pglite' | 'postgres', name: string, env: Record<string, string> = {}) {
    const dataDir = await dir(name);
    const url = engine === 'postgres' ? await emptyPostgres() : undefined;
    const cfg = config(dataDir, { ...env, ...(url ? { DATABASE_URL: url } : {}) });
    const result = await runRestore(cfg, file);
    return { dataDir, url, cfg, result };
  }

  async function openRestored(dataDir: string, url: string | undefined): Promise<Db> {
    const db = url ? await openPostgres(url, 2) : await openPglite(path.join(dataDir, 'pglite'));
    opened.push(db);
    return db;
  }

  async function expectSameData(db: Db, dataDir: string, want: Snapshot, wantFiles: Record<string, string>) {
    const got = await snapshot(db);
    expect(Object.keys(got.tables)).toEqual(Object.keys(want.tables));
    for (const [table, rows] of Object.entries(want.tables)) expect(got.tables[table], table).toEqual(rows);
    expect(got.sequences).toEqual(want.sequences);
    expect(await fileHashes(dataDir)).toEqual(wantFiles);
  }

  /** Nothing of the archive landed in dataDir (and, for PostgreSQL, the database has no tables). */
  async function expectNothingWritten(dataDir: string, url?: string) {
    const left = (await readdir(dataDir).catch(() => [] as string[])).filter((n) => n !== 'server.pid');
    expect(left).toEqual([]);
    if (url) {
      const db = await openPostgres(url, 1);
      try {
        expect(
          await db.query(`SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'`),
        ).toEqual([]);
      } finally {
        await db.close();
      }
    }
  }

  /** The restored server reads the encrypted message and attachment; the old session still works. */
  async function readMessageOn(db: Db, dataDir: string, cipherKey: Buffer) {
    const cfg = config(dataDir);
    const app = await buildApp(
      { db, files: new DiskFileStore(path.join(dataDir, 'storage')), config: cfg, cipher: new MessageCipher(cipherKey) },
      { webDir: null },
    );
    try {
      const res = await app.inject({ method: 'GET', url: `/api/investor/messages/${threadId}`, headers: { cookie: investorCookie } });
      expect(res.statusCode, res.body).toBe(200);
      const thread = res.json().thread as MessageThread;
      const mine = thread.messages.find((m) => m.body === BODY);
      expect(mine?.attachment).toEqual({ name: 'wire-instructions.pdf', extension: 'pdf', size: PDF.length });
      const file = await app.inject({
        method: 'GET',
        url: `/api/investor/messages/attachments/${mine?.id}`,
        headers: { cookie: investorCookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      // A fresh sign-in works too (credentials restored).
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'investor@demo.example.com', password: PASSWORD },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
    } finally {
      await app.close();
    }
  }

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sd-backup-test-'));
    ctx = await createTestContext();
    sourceDir = ctx.config.dataDir;
    // The server's own key handling: no MESSAGE_KEY, so DATA_DIR/message.key is generated.
    key = (await loadMessageKey(undefined, sourceDir)).key;
    const cipher = new MessageCipher(key);
    const cfg = config(sourceDir, { DEMO_DATA: '1', DEMO_PASSWORD: PASSWORD });
    expect(await loadDemoData({ db: ctx.db, files: ctx.files, config: cfg, cipher }, true, () => {})).toBe(true);
    sourceApp = await buildApp({ db: ctx.db, files: ctx.files, config: cfg, cipher }, { webDir: null });
    const signIn = await sourceApp.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'investor@demo.example.com', password: PASSWORD },
    });
    investorCookie = sessionCookie(signIn);
    // The investor enrols in two-factor (rows in two_factor and recovery_codes).
    const setup = await sourceApp.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: { cookie: investorCookie } });
    const confirmed = await sourceApp.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: { cookie: investorCookie },
      payload: { code: totpFor(setup.json().secret as string, 'x', 'x').generate() },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = multipart(
      { subject: 'Wire instructions', body: BODY, priority: 'High' },
      { filename: 'wire-instructions.pdf', content: PDF },
    );
    const posted = await sourceApp.inject({
      method: 'POST',
      url: '/api/investor/messages',
      headers: { ...body.headers, cookie: investorCookie },
      payload: body.payload,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    threadId = posted.json().threadId as string;
    // A client classification evidence file waiting for the investor's next application (issue 31).
    const evidence = multipart({}, { filename: 'bank-letter.pdf', content: PDF });
    const uploaded = await sourceApp.inject({
      method: 'POST',
      url: '/api/investor/classification/evidence',
      headers: { ...evidence.headers, cookie: investorCookie },
      payload: evidence.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // E-mail tables: a recovery request (request, hashed token, outbox row) and a digest day.
    const forgot = await sourceApp.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'investor@demo.example.com' },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    await ctx.db.query(`INSERT INTO email_digests (kind, day) VALUES ('compliance', current_date)`);
    // An e-mail address change waiting for confirmation (decision record 028).
    await ctx.db.query(
      `INSERT INTO email_change_tokens (id, user_id, new_email, expires_at)
       SELECT 'backup-test-token', id, 'new.address@demo.example.com', now() + interval '1 day' FROM profiles ORDER BY created_at LIMIT 1`,
    );
    // A management fee charged for a quarter (the demo terms charge none).
    await ctx.db.query(
      `INSERT INTO management_fee_charges (deal_id, period_from, period_to, rate, basis, method, total_amount)
       SELECT id, '2025-01-01', '2025-03-31', 2, 'commitments', 'deducted', 1234.56 FROM deals ORDER BY created_at LIMIT 1`,
    );
    // A finished background job (decision record 041): done, so no runner claims it.
    await ctx.db.query(
      `INSERT INTO jobs (kind, params, status, progress, result, created_by, started_at, finished_at)
       SELECT 'statement-run', '{"from":"2025-01-01","to":"2025-03-31"}'::jsonb, 'done', '{"total":2,"done":2,"failed":0}'::jsonb,
              '"2 of 2 statements generated"'::jsonb, id, now(), now() FROM profiles ORDER BY created_at LIMIT 1`,
    );
    // A capital-call reminder already queued (one demo call line).
    await ctx.db.query(
      'INSERT INTO capital_call_reminders (call_id, investor_id) SELECT call_id, investor_id FROM capital_call_lines LIMIT 1',
    );
    // A legal hold on a deal, lifted (decision 042).
    await ctx.db.query(
      `INSERT INTO legal_holds (subject_kind, deal_id, reason, lifted_at, lift_reason)
       SELECT 'deal', id, 'Backup hold', now(), 'Lifted' FROM deals ORDER BY created_at LIMIT 1`,
    );
    // An answered data-subject copy request with its archive (decision 051).
    await ctx.db.query(
      `INSERT INTO data_subject_requests (investor_id, kind, due_on, status, answered_at, answer, outcome, archive)
       SELECT id, 'access', current_date + 30, 'answered', now(), 'Here is your data', 'fulfilled', '{"version":1}'::jsonb
       FROM profiles WHERE role = 'investor' ORDER BY created_at LIMIT 1`,
    );
    // A client listed as past retention and a withdrawn purge proposal (decision 054).
    await ctx.db.query(
      `INSERT INTO retention_candidates (investor_id, kind, start_basis, start_on, years, retained_until)
       SELECT id, 'kyc_aml', 'relationship_end', '2018-01-01', 6, '2024-01-01' FROM profiles WHERE role = 'investor' ORDER BY created_at LIMIT 1`,
    );
    await ctx.db.query(
      `INSERT INTO retention_purges (investor_id, status, reasons, decided_at)
       SELECT id, 'withdrawn', '[]'::jsonb, now() FROM profiles WHERE role = 'investor' ORDER BY created_at LIMIT 1`,
    );
    // A subscription on the deal with a signing pack, and its envelope (issue 30): signing_envelopes,
    // signing_events and the generated agreement in the storage.
    const signedDeal = (await ctx.db.query(`SELECT id FROM deals WHERE title = 'Dar es Salaam Solar Mini-Grid Portfolio'`)) as {
      id: string;
    }[];
    const subscribed = await sourceApp.inject({
      method: 'POST',
      url: '/api/investor/subscriptions',
      headers: { cookie: investorCookie },
      payload: { dealId: signedDeal[0]?.id, amount: '25000.00' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const envelope = await sourceApp.inject({
      method: 'POST',
      url: `/api/investor/subscriptions/${subscribed.json().subscription.id}/envelope`,
      headers: { cookie: investorCookie },
      payload: {},
    });
    expect(envelope.statusCode, envelope.body).toBeLessThan(300);
    // An evidence pack requested for a period (decision 052; not yet produced: no file).
    await ctx.db.query(`INSERT INTO evidence_packs (scope, period_from, period_to) VALUES ('period', '2026-01-01', '2026-03-31')`);
    // An API token (issue 34), stored as its hash only.
    await ctx.db.query(
      `INSERT INTO api_tokens (user_id, name, token_hash, hint, scopes, expires_at)
       SELECT id, 'Backup token', repeat('ab', 32), 'sdt_Abcd', ARRAY['portal:read'], now() + interval '30 days'
         FROM profiles WHERE email = 'investor@demo.example.com'`,
    );
    // An investor's calendar feed (issue 34 part 3), stored as its hash only.
    await ctx.db.query(
      `INSERT INTO calendar_feeds (user_id, token_hash, hint)
       SELECT id, repeat('cd', 32), 'sdc_Abcd' FROM profiles WHERE email = 'investor@demo.example.com'`,
    );
    // A calendar feed request counter (migration 170).
    await ctx.db.query(`INSERT INTO feed_rate_counters (key, window_start, count) VALUES ('ip:203.0.113.7', date_trunc('hour', now()), 3)`);
    // A webhook endpoint with an event, a delivery and its attempt (decision 047); disabled, so nothing is sent.
    await ctx.db.query(
      `WITH ep AS (
         INSERT INTO webhook_endpoints (url, events, enabled, secret_encrypted, secret_hint)
         VALUES ('https://93.184.216.34/hook', ARRAY['kyc.decided'], false, 'x', 'whsec_Abcd') RETURNING id
       ), ev AS (
         INSERT INTO webhook_events (type, body) VALUES ('webhook.test', '{"id":"x"}') RETURNING id
       ), d AS (
         INSERT INTO webhook_deliveries (endpoint_id, event_id, status, attempts, last_response_code)
         SELECT ep.id, ev.id, 'delivered', 1, 200 FROM ep, ev RETURNING id
       )
       INSERT INTO webhook_attempts (delivery_id, attempt, duration_ms, response_code) SELECT id, 1, 12, 200 FROM d`,
    );
    // A deal's later-close method and an equalisation charged (decision record 040).
    await ctx.db.query(
      `INSERT INTO deal_ownership_terms (terms_id, method, equalisation_rate) SELECT id, 'equalisation', 8 FROM deal_terms ORDER BY created_at LIMIT 1`,
    );
    await ctx.db.query(
      `INSERT INTO equalisations (deal_id, close_date, payment_date, rate, total, plan)
       SELECT deal_id, '2025-06-30', '2025-07-15', 8, 84821.92, '{"lines":[]}'::jsonb FROM deal_terms ORDER BY created_at LIMIT 1`,
    );
    // Carry released from escrow paid out to a carry recipient (decision record 039, amended).
    await ctx.db.query(
      `WITH p AS (
         INSERT INTO escrow_payouts (deal_id, amount, paid_on) SELECT deal_id, 10, '2025-07-01' FROM deal_terms ORDER BY created_at LIMIT 1 RETURNING id
       )
       INSERT INTO escrow_payout_lines (payout_id, position, kind, name, amount) SELECT id, 0, 'gp', 'Meridian GP Ltd', 10 FROM p`,
    );
    // A GP's payment of a clawback owed, passed on to the investors (decision 058).
    await ctx.db.query(
      `INSERT INTO clawback_payments (deal_id, amount, paid_on, basis, lines)
       SELECT deal_id, 5, '2025-08-01', 'contributions', '[{"investorId":"x","name":"Investor","amount":"5.00"}]'::jsonb
         FROM deal_terms ORDER BY created_at LIMIT 1`,
    );
    // Screening (decision record 038): a list import with one entry, a named beneficial owner and a hit.
    await ctx.db.query(
      `WITH imp AS (
         INSERT INTO screening_imports (source, file_name, sha256, entry_count, added, changed, removed, rescreen_status)
         VALUES ('firm', 'firm.csv', repeat('c', 64), 1, 1, 0, 0, 'done') RETURNING id
       )
       INSERT INTO screening_entries (import_id, ref, kind, name, fingerprint) SELECT id, 'F-1', 'individual', 'Zebedee Quillfeather', 'fp1' FROM imp`,
    );
    await ctx.db.query(
      `INSERT INTO screened_persons (investor_id, relation, full_name, nationality)
       SELECT id, 'beneficial_owner', 'Bheki Owner', 'ZA' FROM profiles WHERE email = 'investor@demo.example.com'`,
    );
    await ctx.db.query(
      `INSERT INTO screening_hits (investor_id, subject_key, subject_name, source, entry_ref, entry_fingerprint, entry_name, score, status, cleared_reason)
       SELECT id, 'self', 'Ian Investor', 'firm', 'F-1', 'fp1', 'Zebedee Quillfeather', 0.9, 'false_positive', 'Different person'
         FROM profiles WHERE email = 'investor@demo.example.com'`,
    );
    // Tax self-certification (decision 049): a certification and a change of circumstances it resolved.
    await ctx.db.query(
      `WITH c AS (
         INSERT INTO tax_certifications (investor_id, version, kind, answers, signed_name, reauth)
         SELECT id, 99, 'individual', '{"kind":"individual","residences":[{"country":"GB","tin":"QQ123456C"}],"usPerson":false}', name, 'password'
           FROM profiles WHERE email = 'investor@demo.example.com' RETURNING id, investor_id)
       INSERT INTO tax_circumstance_changes (investor_id, changed_on, due_date, residence_country, address, resolved_by)
       SELECT investor_id, '2026-01-01', '2026-04-01', 'GB', '1 High Street, London', id FROM c`,
    );
    // A risk override and an approved KYC refresh (issue 31 part 4, decision 050).
    await ctx.db.query(
      `INSERT INTO risk_overrides (investor_id, rating, computed_rating, reason)
       SELECT id, 'high', 'low', 'Adverse media' FROM profiles WHERE email = 'investor@demo.example.com'`,
    );
    await ctx.db.query(
      `INSERT INTO kyc_refreshes (investor_id, status, residence_country, changes, decided_at, decided_day)
       SELECT id, 'approved', 'AE', 'New address', now(), current_date FROM profiles WHERE email = 'investor@demo.example.com'`,
    );
    // A KYC refresh reminder sent (migration 126).
    await ctx.db.query(
      `INSERT INTO kyc_refresh_reminders (investor_id, due_date, stage, sent_on)
       SELECT id, '2027-03-10', 'before', '2027-02-08' FROM profiles WHERE email = 'investor@demo.example.com'`,
    );
    // Its reminder 14 days before the due day (migration 140).
    await ctx.db.query(
      `INSERT INTO tax_recertification_reminders (change_id, stage, sent_on)
       SELECT id, 'before', '2026-03-18' FROM tax_circumstance_changes WHERE address = '1 High Street, London' LIMIT 1`,
    );

    // Awkward values: JSON null and text escapes in jsonb, 15-digit numerics, microseconds, a sequence ahead of its rows.
    await ctx.db.query(
      `INSERT INTO settings (key, value, updated_at) VALUES ('backup-test-null', 'null'::jsonb, '2024-02-29 23:59:59.123456+00'), ('backup-test-tricky', $1::jsonb, now())`,
      [
        JSON.stringify({
          text: 'quote " backslash \\ newline \n tab \t 漢字 🙂',
          n: 1.5,
          big: '12345678901234567890.123',
          nested: [null, true, { a: [] }],
        }),
      ],
    );
    await ctx.db.query(
      `INSERT INTO deals (title, type, target_amount, committed_amount, description, created_at)
       VALUES ($1, 'Infrastructure', 9999999999999.99, 0.01, $2, '1999-12-31 23:59:59.999999+00')`,
      ['Backup \'edge\' deal "ü"', 'line one\nline two\r\n\ttabbed \\N not null'],
    );
    await ctx.db.query(`SELECT setval('kyc_history_id_seq', 1000)`);

    // The source server stops first: it writes the API request counts it holds in memory.
    await sourceApp.close();
    source = await snapshot(ctx.db);
    sourceFiles = await fileHashes(sourceDir);
    archive = path.join(tmp, 'backup.tar.gz');
  }, 120_000);

  afterAll(async () => {
    for (const o of opened) await o.close().catch(() => {});
    await ctx?.close();
    if (pgUrl && databases.length > 0) {
      const admin = await openPostgres(pgUrl, 1);
      for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.close();
    }
    await rm(tmp, { recursive: true, force: true });
  }, 60_000);

  it('the source covers every table and has stored files', () => {
    const empty = Object.entries(source.tables)
      .filter(([, rows]) => rows.length === 0)
      .map(([t]) => t);
    expect(empty).toEqual([]);
    expect(Object.keys(source.tables).length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(10);
  });

  it('backs up every row and file with a manifest; restores them exactly; the restored app reads the encrypted message', async () => {
    const started = Date.now();
    const b = await createBackup({ db: ctx.db, dataDir: sourceDir, messageKey: undefined, out: archive });
    manifest = b.manifest;
    expect(manifest.engine).toBe(ENGINE);
    expect(manifest.format_version).toBe(1);
    expect(manifest.migrations.length).toBeGreaterThanOrEqual(5);
    expect(manifest.message_key).toMatchObject({ included: true, source: 'DATA_DIR/message.key' });
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(
      Object.fromEntries(Object.entries(source.tables).map(([t, r]) => [t, r.length])),
    );
    expect(Object.fromEntries(manifest.files.map((f) => [f.key, f.sha256]))).toEqual(sourceFiles);
    expect(manifest.missing_files).toEqual([]);
    // Parents before children: profiles before the tables that refer to them.
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf('profiles')).toBeLessThan(order.indexOf('kyc_applications'));
    expect(order.indexOf('message_threads')).toBeLessThan(order.indexOf('messages'));
    const entries = await entriesOf(archive);
    expect(entries[0]).toBe('manifest.json');
    expect(entries).toContain('message.key');
    expect(entries).toContain('db/deals.jsonl');
    // No staging directory is left in DATA_DIR.
    expect((await readdir(sourceDir)).filter((n) => n.startsWith('.backup-'))).toEqual([]);

    const { dataDir, url, result } = await restoreFresh(archive, ENGINE, 'same-engine');
    expect(result.rows).toBe(b.rows);
    expect(result.files).toBe(manifest.files.length);
    expect(result.messageKey).toBe('restored');
    expect(result.pendingMigrations).toEqual([]);
    expect(await readFile(path.join(dataDir, 'message.key'), 'utf8')).toBe(await readFile(path.join(sourceDir, 'message.key'), 'utf8'));
    expect((await stat(path.join(dataDir, 'message.key'))).mode & 0o777).toBe(0o600);
    expect(await exists(path.join(dataDir, 'server.pid'))).toBe(false);
    const db = await openRestored(dataDir, url);
    await expectSameData(db, dataDir, source, sourceFiles);
    // The server's own key loading finds the restored key.
    const restoredKey = (await loadMessageKey(undefined, dataDir)).key;
    expect(restoredKey.equals(key)).toBe(true);
    await readMessageOn(db, dataDir, restoredKey);
    if (ENGINE === 'pglite') {
      await db.close();
      pgliteTarget = dataDir;
    }
    console.log(
      `[backup.test] ${ENGINE}: ${b.rows} rows, ${manifest.files.length} files, archive ${b.bytes} bytes; backup + restore + compare in ${Date.now() - started} ms`,
    );
  }, 180_000);

  it('with MESSAGE_KEY set the key stays out of the archive, and restoring needs that same key', async () => {
    const hexKey = key.toString('hex');
    const external = path.join(tmp, 'external-key.tar.gz');
    const b = await createBackup({ db: ctx.db, dataDir: sourceDir, messageKey: hexKey, out: external });
    expect(b.manifest.message_key).toMatchObject({ included: false, source: 'MESSAGE_KEY' });
    expect(await entriesOf(external)).not.toContain('message.key');

    const noKeyDir = await dir('no-key');
    await expect(runRestore(config(noKeyDir), external)).rejects.toThrow(/set the same MESSAGE_KEY/);
    await expectNothingWritten(noKeyDir);
    const wrongDir = await dir('wrong-key');
    await expect(runRestore(config(wrongDir, { MESSAGE_KEY: randomBytes(32).toString('hex') }), external)).rejects.toThrow(
      /MESSAGE_KEY is not the key/,
    );
    await expectNothingWritten(wrongDir);

    const { dataDir, url, result } = await restoreFresh(external, ENGINE, 'with-key', { MESSAGE_KEY: hexKey });
    expect(result.messageKey).toBe('MESSAGE_KEY');
    expect(await exists(path.join(dataDir, 'message.key'))).toBe(false);
    const db = await openRestored(dataDir, url);
    await readMessageOn(db, dataDir, (await loadMessageKey(hexKey, dataDir)).key);
    if (ENGINE === 'pglite') await db.close();
  }, 180_000);

  it('refuses to restore onto a data directory with files or a database with rows, and changes neither', async () => {
    const withFiles = await dir('not-empty-storage');
    await mkdir(path.join(withFiles, 'storage', 'deal-documents'), { recursive: true });
    await writeFile(path.join(withFiles, 'storage', 'deal-documents', 'x.pdf'), 'existing');
    await expect(runRestore(config(withFiles), archive)).rejects.toThrow(/storage is not empty/);
    expect(await readdir(withFiles)).toEqual(['storage']);
    expect(await exists(path.join(withFiles, 'pglite'))).toBe(false);

    // The source database itself: rows everywhere.
    const fresh = await dir('not-empty-db');
    await expect(restoreBackup({ db: ctx.db, dataDir: fresh, messageKey: undefined, archive })).rejects.toThrow(/database is not empty/);
    expect(await readdir(fresh)).toEqual([]);
    expect(await snapshot(ctx.db)).toEqual(source);
  }, 120_000);

  it('refuses a damaged archive (bad file hash, bad row file, truncated) and writes nothing', async () => {
    const unpacked = await dir('unpacked');
    await tar.extract({ file: archive, cwd: unpacked });
    const repack = async (name: string) => {
      const out = path.join(tmp, name);
      await tar.create({ gzip: true, file: out, cwd: unpacked }, await readdir(unpacked));
      return out;
    };

    // One byte of one stored file changed (same size).
    const victim = path.join(unpacked, 'storage', ...(manifest.files[0]?.key ?? '').split('/'));
    const original = await readFile(victim);
    const changed = Buffer.from(original);
    changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 0xff;
    await writeFile(victim, changed);
    const badFile = await repack('bad-file.tar.gz');
    await writeFile(victim, original);

    // One value in a row file changed.
    const deals = path.join(unpacked, 'db', 'deals.jsonl');
    const rows = await readFile(deals, 'utf8');
    await writeFile(deals, rows.replace('9999999999999.99', '9999999999999.98'));
    const badRows = await repack('bad-rows.tar.gz');
    await writeFile(deals, rows);

    const whole = await readFile(archive);
    const truncated = path.join(tmp, 'truncated.tar.gz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

    for (const [file, message] of [
      [badFile, /storage\/.+: sha256 mismatch/],
      [badRows, /db\/deals\.jsonl: sha256 mismatch/],
      [truncated, /cannot read .* as a backup archive/],
    ] as const) {
      const target = await dir(`damaged-${path.basename(file, '.tar.gz')}`);
      const url = pgUrl ? await emptyPostgres() : undefined;
      await expect(runRestore(config(target, url ? { DATABASE_URL: url } : {}), file)).rejects.toThrow(message);
      await expectNothingWritten(target, url);
    }
  }, 180_000);

  it.runIf(pgUrl)(
    'restores across engines: PostgreSQL archive onto PGlite',
    async () => {
      const { dataDir, url, result } = await restoreFresh(archive, 'pglite', 'cross-to-pglite');
      expect(result.manifest.engine).toBe('postgres');
      const db = await openRestored(dataDir, url);
      await expectSameData(db, dataDir, source, sourceFiles);
      await readMessageOn(db, dataDir, (await loadMessageKey(undefined, dataDir)).key);
      await db.close();
      pgliteTarget = dataDir;
    },
    180_000,
  );

  it('an embedded-database backup refuses while a server holds DATA_DIR, then works once it has stopped', async () => {
    expect(pgliteTarget).not.toBe('');
    const pidFile = path.join(pgliteTarget, 'server.pid');
    // A live process (the test runner's parent) as the "server".
    await writeFile(pidFile, String(process.ppid));
    const out = path.join(tmp, 'from-pglite.tar.gz');
    await expect(runBackup(config(pgliteTarget), out)).rejects.toThrow(/a server \(pid \d+\) is running on DATA_DIR .*stop the server/);
    await expect(runRestore(config(pgliteTarget), archive)).rejects.toThrow(/a server \(pid \d+\) is running/);
    expect(await exists(out)).toBe(false);
    expect(await readFile(pidFile, 'utf8')).toBe(String(process.ppid));

    // A stale lock (a process that has exited) does not stop the backup; the backup's own lock is removed after.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(pidFile, String(dead));
    const b = await runBackup(config(pgliteTarget), out);
    expect(b.manifest.engine).toBe('pglite');
    expect(await exists(pidFile)).toBe(false);
    await expect(runBackup(config(pgliteTarget), out)).rejects.toThrow(/already exists/);

    // That archive restores onto the suite's engine again (PGlite -> PostgreSQL under TEST_DB=postgres).
    const pglite = await openPglite(path.join(pgliteTarget, 'pglite'));
    const want = await snapshot(pglite);
    await pglite.close();
    const { dataDir, url } = await restoreFresh(out, ENGINE, 'from-pglite');
    const db = await openRestored(dataDir, url);
    await expectSameData(db, dataDir, want, await fileHashes(pgliteTarget));
    await readMessageOn(db, dataDir, (await loadMessageKey(undefined, dataDir)).key);
  }, 180_000);
});
