import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

/** Something that runs SQL: the database itself, or a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in one transaction: all of it commits, or none of it. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Both engines return the same JavaScript shapes: numeric as an exact decimal string,
// bigint as a number (counts and identity ids stay far below 2^53), timestamps as Date.
const NUMERIC = 1700;
const INT8 = 20;

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
    },
  });
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
  });
  const base = wrap(raw);
  // PGlite (Emscripten's file system) chmods its files 0666 itself, ignoring the umask: make the
  // tree owner-only after opening and after closing. Files it adds meanwhile sit in 0700 folders.
  if (dataDir) await ownerOnly(dataDir);
  return {
    engine: 'pglite',
    raw,
    query: base.query,
    tx: (fn) => raw.transaction((t) => fn(wrap(t))),
    close: async () => {
      await raw.close();
      if (dataDir) await ownerOnly(dataDir).catch(() => {});
    },
  };
}

export async function openPostgres(url: string, max = 10): Promise<Db & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    // Dates are UTC on both engines, so 'due today' means the same day everywhere.
    options: '-c TimeZone=UTC',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === NUMERIC) return (v: string) => v;
        if (oid === INT8) return (v: string) => Number(v);
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
    async query<T>(sql: string, params?: unknown[]) {
      const res = await pool.query(sql, params);
      return res.rows as T[];
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params?: unknown[]) {
            const res = await client.query(sql, params);
            return res.rows as R[];
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
  };
}

/** The first row, or undefined. */
export async function one<T>(q: Queryable, sql: string, params?: unknown[]): Promise<T | undefined> {
  const rows = await q.query<T>(sql, params);
  return rows[0];
}
