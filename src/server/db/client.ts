import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

/** Something that runs SQL: the database itself, or a transaction. */
export interface Queryable {
  /**
   * Runs a statement. Its rows are untyped here: a statement whose rows are read declares their
   * type with `sql<Row>(text)` (db/sql.ts, decision 019).
   */
  query(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** A row as the driver returns it, before a statement (db/sql.ts) names its columns' types. */
export type Row = Record<string, unknown>;

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in one transaction: all of it commits, or none of it. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Subscribes to NOTIFY on a channel. `state(false)` means notifications may be missed from now
   * on (the listening connection is gone), `state(true)` that they flow again (after a
   * reconnection anything may have changed meanwhile): a cache must stop trusting itself on
   * either. On PGlite a notification is delivered before the committing query resolves.
   */
  listen(channel: string, on: Listener): Promise<{ close(): Promise<void> }>;
}

export interface Listener {
  message(payload: string): void;
  state(up: boolean): void;
}

/**
 * The priority of the database work started in this async context. PGlite runs one statement at
 * a time on its single connection; statements (and transactions, as one unit) issued under
 * 'high' go ahead of those waiting under 'normal'. The server marks every state-changing request
 * 'high' (sign-ins and writes are short; reads can be long and many), so a sign-in no longer
 * queues behind every read in flight. PostgreSQL's pool needs no such lane.
 */
export const dbPriority = new AsyncLocalStorage<'high'>();

/** One statement or transaction at a time, 'high' work first (at most 8 in a row while normal work waits). */
function serialLane() {
  const high: (() => void)[] = [];
  const normal: (() => void)[] = [];
  let busy = false;
  let highRun = 0;
  const next = () => {
    let job: (() => void) | undefined;
    if (high.length && (highRun < 8 || !normal.length)) {
      job = high.shift();
      highRun++;
    } else {
      job = normal.shift();
      highRun = 0;
    }
    if (job) job();
    else busy = false;
  };
  return <T>(run: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      // With work waiting, the next statement starts from the event loop (setImmediate), not from
      // this one's promise: PGlite answers without I/O, so chained in promises a backlog would
      // drain before any request waiting on a socket (a health probe, a sign-in) could even be
      // read, and get into the high lane (issue 27 item 9: twenty statement downloads held
      // /api/health for seconds). An idle lane takes the next statement at once, as before.
      const job = () => {
        run()
          .then(resolve, reject)
          .finally(() => {
            if (high.length || normal.length) setImmediate(next);
            else busy = false;
          });
      };
      if (!busy) {
        busy = true;
        job();
      } else {
        // A queued job is started by the one before it (from its setImmediate), so it would run in
        // that request's async context: what a request keeps in AsyncLocalStorage (its API token
        // for the activity log, its priority) would leak into another request's statements (issue
        // 34: a session's rows named a token's). It runs in its caller's context instead. A manual-
        // destroy resource costs under a microsecond; AsyncResource.bind and snapshot() cost tens.
        const scope = new AsyncResource('pglite-lane', { requireManualDestroy: true });
        (dbPriority.getStore() === 'high' ? high : normal).push(() => {
          scope.runInAsyncScope(job);
          scope.emitDestroy();
        });
      }
    });
}

// Both engines return the same JavaScript shapes: numeric as an exact decimal string,
// bigint as a number (counts and identity ids stay far below 2^53), timestamps as Date, and a
// date as its 'YYYY-MM-DD' text, parsed here once (decision 035): no time zone can shift a
// calendar day, and a query needs no to_char(d, 'YYYY-MM-DD') to read one.
const NUMERIC = 1700;
const INT8 = 20;
const DATE = 1082;

/** chmod 0700 for folders and 0600 for files, through the whole tree. */
export async function ownerOnly(root: string): Promise<void> {
  const s = await lstat(root);
  if (s.isSymbolicLink()) return;
  await chmod(root, s.isDirectory() ? 0o700 : 0o600);
  if (s.isDirectory()) for (const e of await readdir(root)) await ownerOnly(path.join(root, e));
}

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db & { raw: PGlite }> {
  const raw = await PGlite.create({
    dataDir,
    loadDataDir,
    parsers: {
      [pgliteTypes.NUMERIC]: (v: string) => v,
      [pgliteTypes.INT8]: (v: string) => Number(v),
      [DATE]: (v: string) => v,
    },
  });
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query(sql: string, params?: unknown[]) {
      const res = await q.query<Row>(sql, params as unknown[]);
      return res.rows;
    },
  });
  const base = wrap(raw);
  // PGlite (Emscripten's file system) chmods its files 0666 itself, ignoring the umask: make the
  // tree owner-only after opening and after closing. Files it adds meanwhile sit in 0700 folders.
  if (dataDir) await ownerOnly(dataDir);
  const lane = serialLane();
  return {
    engine: 'pglite',
    raw,
    query: (sql: string, params?: unknown[]) => lane(() => base.query(sql, params)),
    tx: (fn) => lane(() => raw.transaction((t) => fn(wrap(t)))),
    close: async () => {
      await raw.close();
      if (dataDir) await ownerOnly(dataDir).catch(() => {});
    },
    async listen(channel, on) {
      const unlisten = await raw.listen(channel, (payload) => on.message(payload));
      on.state(true);
      return { close: () => unlisten() };
    },
  };
}

/**
 * A request that has waited this long for one of the pool's connections (all busy: a burst, or
 * transactions queued behind one row lock) is refused with a 503 and Retry-After
 * (`DatabaseBusyError`), rather than queueing without end.
 */
export const POOL_ACQUIRE_TIMEOUT_MS = 5000;

/** No connection of the pool was free within the acquire timeout (pg-pool's own error, typed). */
export class DatabaseBusyError extends Error {
  readonly code = 'DATABASE_BUSY';
}

const busy = (err: unknown): unknown =>
  err instanceof Error && err.message === 'timeout exceeded when trying to connect'
    ? new DatabaseBusyError(err.message, { cause: err })
    : err;

export async function openPostgres(url: string, max = 10, acquireTimeoutMs = POOL_ACQUIRE_TIMEOUT_MS): Promise<Db & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: acquireTimeoutMs,
    // Dates are UTC on both engines, so 'due today' means the same day everywhere.
    options: '-c TimeZone=UTC',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === NUMERIC) return (v: string) => v;
        if (oid === INT8) return (v: string) => Number(v);
        if (oid === DATE) return (v: string) => v;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  // Fail fast with a clear message when the server cannot be reached.
  const c = await pool.connect();
  c.release();
  return {
    engine: 'postgres',
    pool,
    async query(sql: string, params?: unknown[]) {
      const res = await pool.query<Row>(sql, params).catch((err) => {
        throw busy(err);
      });
      return res.rows;
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const client = await pool.connect().catch((err) => {
        throw busy(err);
      });
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query(sql: string, params?: unknown[]) {
            const res = await client.query<Row>(sql, params);
            return res.rows;
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    listen: (channel, on) => listenPostgres(url, channel, on),
  };
}

/** A dedicated connection LISTENing on a channel, reconnecting (every second) when it is lost. */
async function listenPostgres(url: string, channel: string, on: Listener): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: `${channel}_listener` });
    let lost = false;
    const down = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      c.end().catch(() => {});
      on.state(false);
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    };
    c.on('error', down);
    c.on('end', down);
    c.on('notification', (n) => {
      if (n.channel === channel) on.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      down();
      throw err;
    }
    if (closed) return void c.end().catch(() => {});
    client = c;
    on.state(true);
  };
  // Not reachable now: the caches stay off and the retry above keeps trying.
  await connect().catch(() => {});
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
