import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { AccountStatus, AdminUserType, InvestorUserType, Role } from '../../shared/constants.ts';
import { RETAIL_NOTICE_VERSION } from '../../shared/dfsa-classification.ts';
import { buildApp } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { type Config, loadConfig } from '../config.ts';
import { MessageCipher } from '../crypto/cipher.ts';
import { type Db, openPglite, openPostgres } from '../db/client.ts';
import { loggerOptions } from '../http/logging.ts';
import { insertUser } from '../modules/users/accounts.ts';
import { seedSettingDefault } from '../seed/bootstrap.ts';
import { DiskFileStore, type FileStore } from '../storage/file-store.ts';
import type { S3FileStore } from '../storage/s3-file-store.ts';
import { s3TestStore } from './s3-server.ts';

/**
 * Every app the suites build logs requests to one folder, and every secret the suites use
 * (passwords sent, session tokens issued, temporary passwords returned) is written next to
 * the logs, so the test runner's last step can check that no log holds any of them.
 */
const LOG_DIR = path.resolve('.test-logs');
mkdirSync(LOG_DIR, { recursive: true });
const LOG_FILE = path.join(LOG_DIR, `api-${process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'}-${process.pid}.log`);
const SECRETS_FILE = path.join(LOG_DIR, `secrets-${process.pid}.txt`);
const secrets = new Set<string>();

function recordSecrets(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    for (const [k, v] of Object.entries(body)) {
      if (typeof v !== 'string') continue;
      if (/password/i.test(k) && v.length >= 6) secrets.add(v);
      // Recovery and unsubscribe tokens (from e-mailed links) must not reach a log either.
      if (k === 'token' && v.length >= 20) secrets.add(v);
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const cookies = reply.getHeader('set-cookie');
    for (const c of ([] as unknown[]).concat(cookies ?? [])) {
      const token = new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(String(c))?.[1];
      if (token) secrets.add(token);
    }
    if (typeof payload === 'string' && payload.includes('"temporaryPassword"')) {
      const t = (JSON.parse(payload) as { temporaryPassword?: string }).temporaryPassword;
      if (t) secrets.add(t);
    }
    return payload;
  });
}

function flushSecrets() {
  if (secrets.size > 0) appendFileSync(SECRETS_FILE, `${[...secrets].join('\n')}\n`);
  secrets.clear();
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  files: FileStore;
  config: Config;
  cipher: MessageCipher;
  /** What the store holds, seen from outside the app (disk or S3: TEST_STORAGE=s3). */
  storage: TestStorage;
  close(): Promise<void>;
}

export interface TestStorage {
  kind: 'disk' | 's3';
  /** Every stored key, the temporary area's (`.tmp/...`) included, sorted. */
  keys(): Promise<string[]>;
  bytes(key: string): Promise<Buffer>;
}

/**
 * The file store of a test context: DATA_DIR/storage, or (TEST_STORAGE=s3) a new bucket on the
 * S3-compatible server the global setup started, so the API suites run on both stores.
 */
export async function openTestStorage(dataDir: string): Promise<{ files: FileStore; storage: TestStorage }> {
  const endpoint = inject('s3Endpoint');
  if (endpoint) {
    const files = await s3TestStore(endpoint, { prefix: 'files' });
    await files.check();
    return { files, storage: s3Storage(files) };
  }
  const root = path.join(dataDir, 'storage');
  const files = new DiskFileStore(root);
  return {
    files,
    storage: {
      kind: 'disk',
      async keys() {
        const out: string[] = [];
        const walk = async (dir: string) => {
          let entries: import('node:fs').Dirent[];
          try {
            entries = await readdir(dir, { withFileTypes: true });
          } catch {
            return;
          }
          for (const e of entries) {
            const full = path.join(dir, e.name);
            if (e.isDirectory()) await walk(full);
            else out.push(path.relative(root, full).split(path.sep).join('/'));
          }
        };
        await walk(root);
        return out.sort();
      },
      bytes: (key) => readFile(path.join(root, ...key.split('/'))),
    },
  };
}

export function s3Storage(files: S3FileStore): TestStorage {
  return {
    kind: 's3',
    async keys() {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await files.client.send(
          new ListObjectsV2Command({ Bucket: files.bucket, Prefix: 'files/', ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) out.push((o.Key as string).slice('files/'.length));
        token = page.NextContinuationToken;
      } while (token);
      return out.sort();
    },
    async bytes(key) {
      const r = await files.client.send(new GetObjectCommand({ Bucket: files.bucket, Key: `${files.root}${key}` }));
      return Buffer.from(await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    },
  };
}

/** A real app on a real (embedded) PostgreSQL with the migrated schema. */
/**
 * `recordSecrets: false` for fuzzing suites: their random "passwords" (dates, numbers) are not
 * credentials, and would turn up in logs as ids and query strings.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: {
    recordSecrets?: boolean;
    settings?: Record<string, unknown>;
    now?: () => Date;
    storage?: { files: FileStore; storage: TestStorage };
    /** PostgreSQL only: the pool's acquire timeout (the 503 test uses the product's). */
    poolAcquireTimeoutMs?: number;
  } = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sd-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // Fast hashes keep the suites quick; the production cost is tested on its own.
    PASSWORD_HASH_COST: '12',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    LOGIN_MAX_FAILURES_PER_CLIENT: '1000',
    ...env,
  });
  const { db, drop } = await openTestDatabase(opts.poolAcquireTimeoutMs);
  // The suites sign admins in with a password and send thousands of requests per user: two-factor
  // and the hourly API limit start off / high here, and the security suites turn them on (opts.settings).
  // The suites build dated fixtures with SQL's current_date (the UTC day): the company's zone is UTC
  // here unless a suite names another (the time-zone suites do).
  for (const [key, value] of Object.entries({ twoFactorAuth: false, apiRateLimit: 1_000_000, timezone: 'UTC+0', ...opts.settings })) {
    await seedSettingDefault(db, key, value);
  }
  const { files, storage } = opts.storage ?? (await openTestStorage(dataDir));
  const cipher = new MessageCipher(randomBytes(32));
  const app = await buildApp({ db, files, config, cipher, now: opts.now }, { webDir: null, logger: loggerOptions('info', LOG_FILE) });
  if (opts.recordSecrets !== false) recordSecrets(app);
  await app.ready();
  return {
    app,
    db,
    files,
    config,
    cipher,
    storage,
    async close() {
      await app.close();
      flushSecrets();
      await db.close().catch(() => {});
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database with the migrated schema, private to the caller: a PGlite copy of the template,
 * or (TEST_DB=postgres) a new database on the server created from the template database.
 */
async function openTestDatabase(acquireTimeoutMs = 60_000): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = inject('postgresUrl');
  if (!url) {
    const template = await readFile(inject('pgliteTemplate'));
    return { db: await openPglite(undefined, new Blob([template])), drop: async () => {} };
  }
  const name = `sd_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, 1);
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE sd_template`);
  } finally {
    await admin.close();
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  // The suites' concurrency tests queue dozens of requests behind one row lock on a machine
  // running every suite at once: the pool's acquire timeout is the product's (5 s) only in the
  // test of the 503 itself (http/errors-busy.test.ts), here long enough never to decide a result.
  const db = await openPostgres(dbUrl.toString(), 5, acquireTimeoutMs);
  return {
    db,
    drop: async () => {
      const a = await openPostgres(url, 1);
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.close();
      }
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++counter}@test.example.com`;

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
}

/** Inserts a user directly (bypassing sign-up) with a known password. */
export async function createUser(
  ctx: TestContext,
  opts: {
    role?: Role;
    status?: AccountStatus;
    adminUserType?: AdminUserType;
    investorUserType?: InvestorUserType;
    name?: string;
    email?: string;
    password?: string;
    mustChangePassword?: boolean;
  } = {},
): Promise<CreatedUser> {
  const email = opts.email ?? uniqueEmail(opts.role ?? 'investor');
  const password = opts.password ?? 'correct-horse-1';
  const id = await ctx.db.tx(async (q) =>
    insertUser(q, {
      email,
      name: opts.name ?? 'Test User',
      role: opts.role ?? 'investor',
      adminUserType: opts.adminUserType,
      investorUserType: opts.investorUserType,
      status: opts.status ?? 'active',
      passwordHash: await hashPassword(password, ctx.config.passwordHashCost),
      mustChangePassword: opts.mustChangePassword ?? false,
    }),
  );
  return { id, email, password };
}

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'sd_session');
  if (!c) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `sd_session=${c.value}`;
}

/** Signs in through the API and returns the Cookie header value. */
export async function signIn(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  return sessionCookie(res);
}

/**
 * Makes an investor ready to subscribe: KYC approved and a completed suitability review, current
 * (due a year from today) and meeting the professional-client criteria (issue 27).
 */
export async function approveForSubscribing(ctx: Pick<TestContext, 'db'>, investorId: string): Promise<void> {
  await ctx.db.query("UPDATE kyc_applications SET status = 'approved' WHERE investor_id = $1", [investorId]);
  await ctx.db.query('INSERT INTO suitability_reviews (investor_id, answers, next_due) VALUES ($1, $2, current_date + 365)', [
    investorId,
    JSON.stringify({ experience: 'extensive', riskTolerance: 'high', netWorthBand: 'over_25m', investmentHorizon: '5_10y' }),
  ]);
  await classifyProfessional(ctx, investorId);
  await certifyTax(ctx, investorId);
}

/**
 * Records a signed tax self-certification (issue 31 part 3, decision 049): resident in the UAE
 * only, with a TIN, not a US person (an entity: an Active NFE, nobody reportable).
 */
export async function certifyTax(ctx: Pick<TestContext, 'db'>, investorId: string): Promise<void> {
  await ctx.db.query(
    `INSERT INTO tax_certifications (investor_id, version, kind, answers, signed_name, reauth)
     SELECT p.id, 1 + (SELECT count(*) FROM tax_certifications t WHERE t.investor_id = p.id),
            CASE WHEN p.investor_user_type = 'hni' THEN 'individual' ELSE 'entity' END,
            CASE WHEN p.investor_user_type = 'hni' THEN $2::jsonb ELSE $3::jsonb END, p.name, 'password'
       FROM profiles p WHERE p.id = $1`,
    [
      investorId,
      JSON.stringify({ kind: 'individual', residences: [{ country: 'AE', tin: '784-1980-1234567-1' }], usPerson: false }),
      JSON.stringify({
        kind: 'entity',
        residences: [{ country: 'AE', tin: '100123456700003' }],
        fatcaClass: 'active_nffe',
        crsType: 'active_nfe_income_assets',
        controllingPersons: [],
      }),
    ],
  );
}

/** Records a decided Professional Client classification, due for review a year from today (issue 31, decision 037). */
export async function classifyProfessional(
  ctx: Pick<TestContext, 'db'>,
  investorId: string,
  reviewDue = 'current_date + 365',
): Promise<void> {
  await ctx.db.query(
    `INSERT INTO client_classifications (investor_id, status, basis, answers, notice_version, notice_acknowledged_at,
       decision, reasons, decided_at, review_due)
     VALUES ($1, 'decided', 'assessed_individual', $2, $3, now(), 'professional', 'Test fixture: evidence reviewed', now(), ${reviewDue})`,
    [
      investorId,
      JSON.stringify({
        basis: 'assessed_individual',
        netAssets: '5000000.00',
        yearsExperience: 10,
        experience: 'Ten years of private-markets investing (test fixture)',
        noticeAcknowledged: true,
        noticeVersion: RETAIL_NOTICE_VERSION,
      }),
      RETAIL_NOTICE_VERSION,
    ],
  );
}
