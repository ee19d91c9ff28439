// A server process started by the benchmarks (never imported by the product).
//   BENCH_MODE=app    our app built with buildApp, plus a bare Fastify instance on another port
//                     sharing the same Db (PGlite: one process must own the data directory).
//                     The bare instance replays, without any of our framework, exactly the SQL our
//                     app issued for a captured request (/bare/read/:name, /bare/write/:name),
//                     and hosts the bench's control routes (/__bench/*).
//   BENCH_MODE=hello  a bare Fastify hello-world (item 1's first baseline).
//   BENCH_MODE=plugins Fastify with our plugins and hooks, a health route doing no work (item 1's second baseline).
//   BENCH_MODE=upload a bare Fastify + @fastify/multipart route streaming a file to disk (item 5's baseline).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { hashPassword } from '../src/server/auth/password.ts';
import { sessionId, sessionRow } from '../src/server/auth/sessions.ts';
import { loadConfig } from '../src/server/config.ts';
import { MessageCipher } from '../src/server/crypto/cipher.ts';
import { type Db, openPglite, openPostgres, type Queryable } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { sql } from '../src/server/db/sql.ts';
import { loggerOptions } from '../src/server/http/logging.ts';
import { createFastify, registerPlugins } from '../src/server/http/plugins.ts';
import { HEALTH_SCHEMA } from '../src/server/modules/health/routes.ts';
import { insertUser } from '../src/server/modules/users/accounts.ts';
import { seedSettingDefault } from '../src/server/seed/bootstrap.ts';
import { DiskFileStore } from '../src/server/storage/file-store.ts';
import { version } from '../src/server/version.ts';
import { countsFor, growTo } from './lib/dataset.ts';
import { BENCH_ADMIN } from './lib/util.ts';

const mode = process.env.BENCH_MODE ?? 'app';
const port = Number(process.env.PORT ?? 0);
const host = '127.0.0.1';

interface Captured {
  sql: string;
  params: unknown[] | undefined;
}

/** A Db that can record the statements issued while a function runs. */
function recording(db: Db) {
  // Only statements issued inside capture()'s async context are recorded: requests still in
  // flight from an earlier load run must not leak into the capture.
  const als = new AsyncLocalStorage<Captured[]>();
  // Every statement the app issues (item 2 reports them per request: ours against the replay's).
  const issued = { statements: 0 };
  // `into` is the capture the transaction was opened in: PGlite runs a transaction's callback from
  // its statement lane (db/client.ts), outside the caller's async context, where the store is lost
  // (a create in a transaction was captured as nothing and the baseline replayed no statement).
  const wrap = (q: Queryable, into?: Captured[]): Queryable => ({
    query: (sql: string, params?: unknown[]) => {
      issued.statements += 1;
      (into ?? als.getStore())?.push({ sql, params });
      return q.query(sql, params);
    },
  });
  const wrapped: Db = {
    engine: db.engine,
    query: wrap(db).query,
    tx: (fn) => {
      const into = als.getStore();
      return db.tx((t) => fn(wrap(t, into)));
    },
    close: () => db.close(),
    listen: (channel, on) => db.listen(channel, on),
  };
  return {
    db: wrapped,
    issued,
    async capture(fn: () => Promise<unknown>): Promise<Captured[]> {
      const rec: Captured[] = [];
      await als.run(rec, fn);
      return rec;
    },
  };
}

const isWriteSql = (sql: string) => /^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql) || /^\s*WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE)\b/i.test(sql);

/** The captured writes as the app ran them: one statement on its own (autocommit), several in one transaction. */
async function replayWrites(db: Db, qs: Captured[]): Promise<unknown[]> {
  if (qs.length === 1) return [await db.query((qs[0] as Captured).sql, (qs[0] as Captured).params)];
  return db.tx(async (q) => {
    const rows: unknown[] = [];
    for (const c of qs) rows.push(await q.query(c.sql, c.params));
    return rows;
  });
}

// Session bookkeeping and the API rate counter's write (at a user's first request of the hour,
// which a capture right after sign-in is) are our framework's cost, not the route's SQL: replayed,
// they made the baseline pay a second statement and a transaction that ours pays once an hour.
const isSessionSql = (sql: string) => /\bsessions\b/i.test(sql) || /\bapi_rate_counters\b/i.test(sql);

async function appMode() {
  const dataDir = process.env.DATA_DIR as string;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await mkdir(dataDir, { recursive: true });
  const raw = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(path.join(dataDir, 'pglite'));
  await migrate(raw);
  // The benchmarks sign the bench admin in with a password and send far more than the default
  // 1,000 requests per user and hour: two-factor off and the API limit out of the way.
  await seedSettingDefault(raw, 'twoFactorAuth', false);
  await seedSettingDefault(raw, 'apiRateLimit', 1_000_000);
  let admin = await sql<{ id: string }>('SELECT id FROM profiles WHERE lower(email) = lower($1)').first(raw, [BENCH_ADMIN.email]);
  if (!admin) {
    const passwordHash = await hashPassword(BENCH_ADMIN.password, 10);
    const id = await raw.tx((q) =>
      insertUser(q, {
        email: BENCH_ADMIN.email,
        name: 'Bench Admin',
        role: 'admin',
        adminUserType: 'founder',
        status: 'active',
        passwordHash,
        mustChangePassword: false,
      }),
    );
    admin = { id };
  }
  const adminId = admin.id;
  const log = (s: string) => console.log(s);
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const base = process.env.BENCH_BASE ? JSON.parse(process.env.BENCH_BASE) : undefined;
  const growSeconds = await growTo(raw, countsFor(scale, base), adminId, log);
  const storage = path.join(dataDir, 'storage');
  if (process.env.BENCH_FILES === '1') await writeDocumentFiles(raw, storage);

  const config = loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), MAX_UPLOAD_MB: '50' });
  const rec = recording(raw);
  const files = new DiskFileStore(storage);
  const cipher = new MessageCipher(randomBytes(32));
  const app = await buildApp(
    { db: rec.db, files, config, cipher },
    {
      webDir: null,
      // The running server's logger (main.ts): JSON lines through the asynchronous destination.
      logger: loggerOptions(process.env.BENCH_LOG_LEVEL ?? 'info', undefined, 'json', { async: true }),
    },
  );
  const appPort = Number(process.env.BENCH_APP_PORT ?? 0);
  await app.listen({ port: appPort, host });
  const appAddress = app.server.address();
  const realAppPort = typeof appAddress === 'object' && appAddress ? appAddress.port : appPort;

  const signin = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: BENCH_ADMIN });
  const cookie = `sd_session=${(signin.cookies.find((c) => c.name === 'sd_session') as { value: string }).value}`;

  const reads = new Map<string, Captured[]>();
  const writes = new Map<string, Captured[]>();
  const bare = Fastify({ logger: false });
  bare.get('/__bench/ready', async () => ({ appPort: realAppPort, adminId, engine: raw.engine, growSeconds }));
  bare.post<{ Body: { name: string; kind: 'read' | 'write'; method: 'GET' | 'POST'; url: string; body?: unknown; cookie?: string } }>(
    '/__bench/capture',
    async (request, reply) => {
      const { name, kind, method, url, body } = request.body;
      const asCookie = request.body.cookie ?? cookie;
      let status = 0;
      let responseBytes = 0;
      const all = await rec.capture(async () => {
        const res = await app.inject({
          method,
          url,
          headers: { cookie: asCookie },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        status = res.statusCode;
        responseBytes = res.rawPayload.length;
      });
      if (status >= 300) return reply.status(500).send({ message: `capture of ${method} ${url} answered ${status}` });
      const route = all.filter((c) => !isSessionSql(c.sql));
      if (kind === 'read') reads.set(name, route);
      else
        writes.set(
          name,
          // Writes include a data-modifying WITH (deal creation is one WITH ... INSERT statement);
          // before this matched only a leading INSERT, so the baseline replayed nothing.
          route.filter((c) => isWriteSql(c.sql)),
        );
      return {
        status,
        responseBytes,
        statements: (kind === 'read' ? reads : writes).get(name)?.map((c) => c.sql.replace(/\s+/g, ' ').slice(0, 400)),
      };
    },
  );
  bare.get<{ Params: { name: string } }>('/bare/read/:name', async (request) => {
    const qs = reads.get(request.params.name) ?? [];
    return { results: await Promise.all(qs.map((c) => raw.query(c.sql, c.params))) };
  });
  bare.post<{ Params: { name: string } }>('/bare/write/:name', async (request, reply) => {
    const qs = writes.get(request.params.name) ?? [];
    if (qs.length === 0) return reply.status(500).send({ message: 'nothing captured to replay' });
    return reply.status(201).send({ results: await replayWrites(raw, qs) });
  });
  // The same inserts, after resolving the request's session with the statement our app uses
  // (sessionRow, by primary key): what a create costs with a session lookup and nothing else.
  bare.post<{ Params: { name: string } }>('/bare/write-session/:name', async (request, reply) => {
    const token = /(?:^|;\s*)sd_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    const session = token ? await sessionRow(raw, sessionId(token)) : undefined;
    if (!session?.valid || session.status !== 'active') return reply.status(401).send({ message: 'no session' });
    const qs = writes.get(request.params.name) ?? [];
    if (qs.length === 0) return reply.status(500).send({ message: 'nothing captured to replay' });
    return reply.status(201).send({ results: await replayWrites(raw, qs) });
  });
  // Issue 12: one investor with `holdings` deals and `quarters` of quarterly contributions,
  // distributions and valuations (the portal's performance and dashboard), and `investors`
  // more investors with a small capital account each (a statement run). Idempotent.
  bare.post<{ Body: { holdings: number; quarters: number; investors: number } }>('/__bench/capital', async (request) => {
    const { holdings, quarters, investors } = request.body;
    const t0 = performance.now();
    const portfolio = { email: 'bench-portfolio@example.test', password: 'bench-portfolio-password' };
    const existing = await sql<{ id: string }>('SELECT id FROM profiles WHERE email = $1').first(raw, [portfolio.email]);
    if (!existing) {
      const passwordHash = await hashPassword(portfolio.password, 10);
      await raw.tx(async (q) => {
        const investorId = await insertUser(q, {
          email: portfolio.email,
          name: 'Bench Portfolio Investor',
          role: 'investor',
          investorUserType: 'hni',
          status: 'active',
          passwordHash,
          mustChangePassword: false,
        });
        const start = '2016-01-01';
        const deals = await sql<{ id: string }>(`INSERT INTO deals (title, type, status, stage, created_by, created_at)
           SELECT 'Capital bench holding ' || i, 'PPP', 'Active', 'Post-Investment', $1, timestamptz '2015-12-01'
             FROM generate_series(1, $2::int) i RETURNING id`).all(q, [adminId, holdings]);
        const ids = deals.map((d) => d.id);
        await q.query(
          `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, created_by)
           SELECT $1, d, 'commitment', 2000000, date '${start}', $2 FROM unnest($3::uuid[]) d`,
          [investorId, adminId, ids],
        );
        await q.query(
          `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, record_date, distribution_type, created_by)
           SELECT $1, d, k.kind, CASE k.kind WHEN 'contribution' THEN 25000 + (qn * 37) % 1000 ELSE 4000 + (qn * 13) % 500 END,
                  (date '${start}' + make_interval(months => 3 * qn) + CASE k.kind WHEN 'distribution' THEN interval '45 days' ELSE interval '0' END)::date,
                  CASE k.kind WHEN 'distribution' THEN (date '${start}' + make_interval(months => 3 * qn) + interval '40 days')::date END,
                  CASE k.kind WHEN 'distribution' THEN CASE WHEN qn % 4 = 3 THEN 'Return of Capital' ELSE 'Income' END END,
                  $2
             FROM unnest($3::uuid[]) d, generate_series(0, $4::int - 1) qn, (VALUES ('contribution'), ('distribution')) k(kind)`,
          [investorId, adminId, ids, quarters],
        );
        await q.query(
          `INSERT INTO valuations (deal_id, valuation_date, current_value, performance_status, created_by)
           SELECT d, (date '${start}' + make_interval(months => 3 * qn + 3) - interval '1 day')::date, (qn + 1) * 26000 + (qn * 101) % 5000, 'On Track', $1
             FROM unnest($2::uuid[]) d, generate_series(0, $3::int - 1) qn`,
          [adminId, ids, quarters],
        );
      });
    }
    const have = Number(
      (await sql<{ n: number }>("SELECT count(*)::int AS n FROM profiles WHERE email LIKE 'bench-statement-%@example.test'").first(raw))
        ?.n ?? 0,
    );
    if (have < investors) {
      await raw.tx(async (q) => {
        const deals = await sql<{ id: string }>(`INSERT INTO deals (title, type, status, created_by, created_at)
           SELECT 'Statement bench deal ' || i, 'Infrastructure', 'Active', $1, timestamptz '2023-12-01' FROM generate_series(1, 5) i RETURNING id`).all(
          q,
          [adminId],
        );
        const people = await sql<{ id: string }>(`INSERT INTO profiles (email, name, role, investor_user_type, status)
           SELECT 'bench-statement-' || i || '@example.test', 'Statement Investor ' || lpad(i::text, 5, '0'), 'investor', 'hni', 'active'
             FROM generate_series($1::int + 1, $2::int) i RETURNING id`).all(q, [have, investors]);
        // Each investor: a commitment in two deals, four quarterly contributions, one distribution and a fee.
        await q.query(
          `WITH p AS (SELECT id, row_number() OVER () AS n FROM unnest($1::uuid[]) id),
                pd AS (SELECT p.id, p.n, ($2::uuid[])[1 + (p.n + j) % 5] AS deal FROM p, generate_series(0, 1) j)
           INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, record_date, distribution_type, memo, created_by)
           SELECT pd.id, pd.deal, x.kind, x.amount, x.d, x.rd, x.dt, x.memo, $3
             FROM pd, LATERAL (VALUES
               ('commitment', 100000 + pd.n * 10, date '2024-01-02', NULL::date, NULL, NULL),
               ('contribution', 20000, date '2024-01-15', NULL, NULL, NULL),
               ('contribution', 20000, date '2024-04-15', NULL, NULL, NULL),
               ('contribution', 20000, date '2024-07-15', NULL, NULL, NULL),
               ('contribution', 15000 + pd.n % 100, date '2024-10-15', NULL, NULL, NULL),
               ('distribution', 3000, date '2024-12-20', date '2024-12-15', 'Income', NULL),
               ('fee', 250, date '2024-12-31', NULL, NULL, 'Administration fee')
             ) x(kind, amount, d, rd, dt, memo)`,
          [people.map((r) => r.id), deals.map((d) => d.id), adminId],
        );
      });
    }
    return { portfolio, seconds: (performance.now() - t0) / 1000 };
  });
  bare.post<{ Body: { scale: number } }>('/__bench/grow', async (request) => {
    const seconds = await growTo(raw, countsFor(request.body.scale, base), adminId, log);
    return { seconds };
  });
  bare.post<{ Body: { sql: string; params?: unknown[] } }>('/__bench/sql', async (request) => {
    const t0 = performance.now();
    const rows = await raw.query(request.body.sql, request.body.params ?? undefined);
    return { ms: performance.now() - t0, rows };
  });
  // CPU profile of the load window only (bench/profile.ts): start, then stop returns the .cpuprofile.
  let inspector: import('node:inspector/promises').Session | undefined;
  bare.post('/__bench/profile/start', async () => {
    const { Session } = await import('node:inspector/promises');
    inspector = new Session();
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
    await inspector.post('Profiler.start');
    return { ok: true };
  });
  bare.post('/__bench/profile/stop', async () => {
    if (!inspector) return { profile: null };
    const { profile } = await inspector.post('Profiler.stop');
    inspector.disconnect();
    inspector = undefined;
    return { profile };
  });
  bare.get('/__bench/statements', async () => ({ statements: rec.issued.statements }));
  bare.get('/__bench/captured', async () => ({ reads: Object.fromEntries(reads), writes: Object.fromEntries(writes) }));
  const close = async () => {
    await bare.close().catch(() => {});
    await app.close().catch(() => {});
    await raw.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
  await bare.listen({ port, host });
  log(`bench target ready: app ${realAppPort}, bare ${port}`);
}

/** The generated documents get tiny files, so the start-up consistency sweep finds them in storage. */
async function writeDocumentFiles(db: Db, storage: string) {
  const rows = await sql<{ file_path: string }>("SELECT file_path FROM documents WHERE file_path LIKE 'deal-documents/bench/%'").all(db);
  await mkdir(path.join(storage, 'deal-documents', 'bench'), { recursive: true });
  const content = '%PDF-1.4\n% bench\n';
  for (let i = 0; i < rows.length; i += 200) {
    await Promise.all(
      rows.slice(i, i + 200).map(async (r) => {
        const p = path.join(storage, r.file_path);
        try {
          await stat(p);
        } catch {
          await writeFile(p, content);
        }
      }),
    );
  }
}

async function helloMode() {
  const app = Fastify({ logger: false });
  const hello = async () => ({ hello: 'world' });
  app.get('/', hello);
  app.get('/api/health', hello);
  await app.listen({ port, host });
}

/**
 * Item 1's second baseline: Fastify with our plugins and hooks (createFastify + registerPlugins:
 * cookie, multipart, helmet's headers, cache-control, one log line per request, the logger at
 * LOG_LEVEL=info with our redaction) and a health route that does no work.
 */
async function pluginsMode() {
  const app = createFastify({ logger: loggerOptions('info', undefined, 'json', { async: true }), trustProxy: false });
  await registerPlugins(app, { maxUploadBytes: 50 * 1024 * 1024 });
  const body = { status: 'ok', version, database: true };
  // The same body, log level and response schema as ours, from a synchronous handler.
  app.get('/api/health', { logLevel: 'warn', schema: { response: { '2xx': HEALTH_SCHEMA } } }, (_request, reply) => reply.send(body));
  await app.listen({ port, host });
}

async function uploadMode() {
  const dir = process.env.BENCH_UPLOAD_DIR as string;
  await mkdir(dir, { recursive: true });
  const app = Fastify({ logger: false });
  await app.register(fastifyMultipart, { limits: { fileSize: 100 * 1024 ** 3 } });
  app.get('/api/health', async () => ({ ok: true }));
  app.post('/upload', async (request, reply) => {
    let size = 0;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const file = path.join(dir, `${randomUUID()}.part`);
      await pipeline(part.file, createWriteStream(file));
      size = (await stat(file)).size;
    }
    return reply.status(201).send({ size });
  });
  await app.listen({ port, host });
}

const run = mode === 'hello' ? helloMode : mode === 'plugins' ? pluginsMode : mode === 'upload' ? uploadMode : appMode;
run().catch((err) => {
  console.error(err);
  process.exit(1);
});
