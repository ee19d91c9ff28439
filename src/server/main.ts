import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { jobOutcome } from '../shared/jobs.ts';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { loadMessageKey, MessageCipher } from './crypto/cipher.ts';
import { type Db, openPglite, openPostgres } from './db/client.ts';
import { holdDataDirLock } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { loggerOptions, logMode } from './http/logging.ts';
import { dailyAuditVerify } from './modules/audit/service.ts';
import { linkBase, OutboxWorker } from './modules/email/worker.ts';
import { sweepFinishedJobs } from './modules/jobs/repository.ts';
import { JobRunner } from './modules/jobs/runner.ts';
import { RETENTION_REVIEW_EVERY_MS, reviewRetention } from './modules/retention/service.ts';
import { enqueueKycRefreshReminders } from './modules/risk/service.ts';
import { runSigningDeadlines, SIGNING_DEADLINES_EVERY_MS } from './modules/signing/reminders.ts';
import { enqueueTaxRenewalReminders } from './modules/tax/service.ts';
import { bootstrapAdmin, seedSettingDefault } from './seed/bootstrap.ts';
import { loadDemoData } from './seed/demo.ts';
import { sweepOrphans, sweepStorage, TEMP_FILE_MAX_AGE_MS } from './storage/consistency.ts';
import { openFileStore } from './storage/open.ts';

const say = (line: string) => console.log(line);
/** The daily digest and reminders are queued once a day; checking every few minutes finds the new day soon after midnight. */
const DAILY_NOTICES_EVERY_MS = 5 * 60 * 1000;
/** The storage consistency sweep (also run at every start, so its job's first run is one period later). */
const STORAGE_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** The audit chain's daily check. */
const AUDIT_VERIFY_EVERY_MS = 24 * 60 * 60 * 1000;
/** How long a shutdown waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  console.error(`Start-up failed: ${message}`);
  process.exit(1);
}

async function ensureWritableDataDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Owner-only, whatever the umask was and whoever created the folder before.
    await chmod(dir, 0o700);
    const probe = path.join(dir, `.write-test-${process.pid}`);
    await writeFile(probe, 'ok');
    await rm(probe);
  } catch (err) {
    fail(`DATA_DIR ${dir} is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** One server per embedded database: a second one on the same DATA_DIR refuses to start. */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  try {
    const { release, stalePid } = await holdDataDirLock(
      dir,
      (pid) => new Error(`another server (pid ${pid}) is already using DATA_DIR ${dir}; stop it first or choose another DATA_DIR`),
    );
    if (stalePid) say(`Removed a stale lock left by pid ${stalePid} in ${dir}.`);
    return release;
  } catch (err) {
    fail((err as Error).message);
  }
}

async function openDatabase(config: Config): Promise<Db> {
  if (config.databaseUrl) {
    try {
      return await openPostgres(config.databaseUrl);
    } catch (err) {
      fail(`cannot reach the database at DATABASE_URL (${(err as Error).message})`);
    }
  }
  try {
    return await openPglite(path.join(config.dataDir, 'pglite'));
  } catch (err) {
    fail(`cannot open the embedded database in ${config.dataDir}/pglite (${(err as Error).message})`);
  }
}

/**
 * Opening PGlite unpacks its file system bundle into buffers that stay reachable until V8's next
 * full collection, which an idle server may not run for a long time (measured: RSS 850 MiB after
 * opening, 520 MiB after one full GC). One full collection once the server is ready gives that
 * memory back; the log line says how much.
 */
function releaseStartupMemory(report: boolean) {
  const before = process.memoryUsage().rss;
  try {
    v8.setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    return;
  }
  const after = process.memoryUsage().rss;
  const mib = (x: number) => Math.round(x / 1048576);
  if (report) say(`Idle memory after start-up: RSS ${mib(before)} MiB, ${mib(after)} MiB after one full garbage collection.`);
}

async function main() {
  // Everything this process creates (the embedded database's files, the WAL, stored files, keys,
  // logs) is owner-only, whatever umask the server was started with.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  await ensureWritableDataDir(config.dataDir);
  const unlock = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  // The file storage first: a missing bucket stops the start before the database is touched.
  const files = openFileStore(config);
  try {
    await files.check();
  } catch (err) {
    await unlock();
    fail(`file storage: ${(err as Error).message}`);
  }
  const db = await openDatabase(config);
  const applied = await migrate(db);
  const fresh = applied.includes('001_identity.sql');
  await bootstrapAdmin(db, config, say);

  if (config.storage.kind === 's3') say(`Files are stored in the ${files.description}.`);
  // PGlite: this server is the only one (DATA_DIR lock), so every temp file is left over.
  // PostgreSQL: other servers may share the storage and be mid-upload; only old ones are.
  const swept = await files.sweepTemp(config.databaseUrl ? TEMP_FILE_MAX_AGE_MS : 0);
  if (swept > 0) say(`Removed ${swept} unfinished upload(s) left by an earlier run.`);
  try {
    await sweepOrphans(db, files, say);
  } catch (err) {
    // Not fatal: the server works without it; the next start tries again.
    say(`Storage consistency sweep failed: ${(err as Error).message}`);
  }
  let cipher: MessageCipher;
  try {
    cipher = new MessageCipher((await loadMessageKey(config.messageKey, config.dataDir)).key);
  } catch (err) {
    fail((err as Error).message);
  }
  await loadDemoData({ db, files, config, cipher }, fresh, say);
  if (config.twoFactorDefault !== undefined) await seedSettingDefault(db, 'twoFactorAuth', config.twoFactorDefault);
  if (config.apiRateLimitDefault !== undefined) await seedSettingDefault(db, 'apiRateLimit', config.apiRateLimitDefault);
  const mode = logMode(config.logFile);
  // The console shows warnings and errors unless LOG_LEVEL asks for more (a line per request).
  const level = mode === 'console' && !process.env.LOG_LEVEL ? 'warn' : config.logLevel;
  // Every long or scheduled task is a job in the database (decision 041): this server claims its
  // share; the periodic ones run on whichever server claims them when they are due.
  const jobs = new JobRunner(db, {}, { periodic: true, leaseMs: config.jobLeaseSeconds * 1000 });
  const app = await buildApp({ db, files, config, cipher, jobs }, { logger: loggerOptions(level, config.logFile, mode, { async: true }) });
  let ownUrl: string | undefined;
  const worker = new OutboxWorker(db, config, { baseUrl: () => linkBase(config, ownUrl), log: app.log });
  jobs.register('email-outbox', {
    everyMs: config.mail.pollSeconds * 1000,
    firstRunNow: true,
    handler: async () => jobOutcome('emailsAttempted', { emails: await worker.pass() }),
  });
  jobs.register('daily-notices', {
    everyMs: DAILY_NOTICES_EVERY_MS,
    firstRunNow: true,
    handler: async () => {
      const error = await worker.queueNotices();
      // Tax self-certification renewals falling due (issue 31 part 3, decision 049).
      const taxError = await db
        .tx((q) => enqueueTaxRenewalReminders(q))
        .then(
          () => null,
          (err: Error) => `tax renewal reminders: ${err.message}`,
        );
      // Periodic KYC refreshes falling due (issue 31 part 4, decision 050).
      const refreshError = await db
        .tx((q) => enqueueKycRefreshReminders(q))
        .then(
          () => null,
          (err: Error) => `KYC refresh reminders: ${err.message}`,
        );
      const errors = [error, taxError, refreshError].filter(Boolean);
      if (errors.length) throw new Error(errors.join('; '));
      return jobOutcome('noticesChecked');
    },
  });
  // The activity log's hash chain is walked once a day; a break is e-mailed to the compliance
  // contacts (at most once a day: decision 042).
  jobs.register('audit-verify', {
    everyMs: AUDIT_VERIFY_EVERY_MS,
    handler: async () => {
      const result = await dailyAuditVerify(db);
      return result.ok ? jobOutcome('auditIntact', { rows: result.checked }) : jobOutcome('auditBroken');
    },
  });
  // What has passed retention is listed once a day for the admins' four-eyes purge (decision 054).
  jobs.register('retention-review', {
    everyMs: RETENTION_REVIEW_EVERY_MS,
    handler: async () => jobOutcome('retentionReviewed', { investors: await reviewRetention(db) }),
  });
  // Subscription agreements past their last day (or on a closed deal) expire, and investors are
  // reminded before that day (issue 30, decision 036).
  jobs.register('signing-deadlines', {
    everyMs: SIGNING_DEADLINES_EVERY_MS,
    firstRunNow: true,
    handler: async () => {
      const r = await runSigningDeadlines(db);
      return jobOutcome('signingDeadlines', { expired: r.expired, reminded: r.reminded });
    },
  });
  // The hourly housekeeping: temporary and orphaned files, and finished jobs past their retention.
  jobs.register('storage-sweep', {
    everyMs: STORAGE_SWEEP_EVERY_MS,
    handler: async () => {
      // Only old temp files: uploads in flight (on this server or another) keep theirs. Works on
      // either store (disk or S3: both list by prefix).
      const report = await sweepStorage(db, files, (line) => app.log.warn(line), TEMP_FILE_MAX_AGE_MS);
      // Finished jobs past their retention leave the jobs table (decision 059).
      const jobsRemoved = await sweepFinishedJobs(db, new Date());
      return jobOutcome('storageSwept', {
        temp: report.temp,
        orphans: report.removed.length,
        missing: report.missing.length,
        jobs: jobsRemoved,
      });
    },
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`Received ${signal}, shutting down.`);
    await worker.stop().catch(() => {});
    // Jobs running here stop at their next step and are given back (app.close below waits for
    // that, then releases their leases): another server resumes them at once.
    // New connections are refused; requests in flight finish. A keep-alive connection becomes
    // idle once its response is sent and is closed then; after SHUTDOWN_GRACE_MS the rest go.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await app.close().catch(() => {});
    clearInterval(idle);
    clearTimeout(force);
    await db.close().catch(() => {});
    await unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await db.close().catch(() => {});
    await unlock();
    fail(`cannot listen on ${config.host}:${config.port} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  releaseStartupMemory(mode === 'json');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  ownUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  // E-mails queued before a crash or a restart go out now; new ones as they are queued (and the
  // 'email-outbox' job sends the rest every EMAIL_POLL_SECONDS).
  await worker.start();
  // Then the jobs: this server claims its share, the periodic ones included.
  await jobs.start();
  say(
    `Server ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (${db.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (mode === 'console') {
    say('Warnings appear here once each; LOG_LEVEL=info shows every request, LOG_FILE writes JSON logs.');
    say('Press Ctrl+C to stop.');
  }
}

main().catch((err) => fail((err as Error).message));
