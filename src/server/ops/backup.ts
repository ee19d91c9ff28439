/**
 * Backup and restore: one .tar.gz with a logical, engine-neutral dump of every table, every
 * stored file and (when it lives in DATA_DIR) the message key. An archive made on the embedded
 * database restores onto PostgreSQL and the other way round.
 *
 * Archive layout:
 *   manifest.json         format version, app version, engine, migrations, per-table row counts
 *                         and sha256, sequences, per-file sha256 and size, message-key note
 *   db/<table>.jsonl      one JSON object per row: column name -> the value's PostgreSQL text
 *                         form (exact for numeric, timestamptz, jsonb, bytea, int8), or null
 *   storage/<key>         the files under DATA_DIR/storage, byte for byte
 *   message.key           only when MESSAGE_KEY is not set (the key then lives in DATA_DIR)
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { chmod, copyFile, link, lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import { loadMessageKey } from '../crypto/cipher.ts';
import { type Db, openPglite, openPostgres, type Queryable } from '../db/client.ts';
import { holdDataDirLock } from '../db/data-dir-lock.ts';
import { appliedMigrations, applyMigrations, MIGRATION_LOCK_ID, MIGRATIONS_TABLE, migrationFiles } from '../db/migrate.ts';
import { version as appVersion } from '../version.ts';

export const FORMAT = 'meridian-syndicate-backup';
export const FORMAT_VERSION = 1;

/** Columns that name a file in storage (used to warn about rows whose file is missing). */
const FILE_KEY_COLUMNS: Record<string, string> = { documents: 'file_path', kyc_documents: 'file_path', messages: 'attachment_path' };

const FETCH_ROWS = 1000;
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;
const KEY_CHECK_LABEL = 'meridian-syndicate/backup/message-key-check/v1';

export class BackupError extends Error {}

export interface ManifestTable {
  name: string;
  columns: string[];
  rows: number;
  /** sha256 of db/<name>.jsonl */
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  format_version: number;
  created_at: string;
  app_version: string;
  engine: Db['engine'];
  migrations: string[];
  tables: ManifestTable[];
  sequences: { name: string; last_value: string; is_called: boolean }[];
  files: { key: string; size: number; sha256: string }[];
  message_key: {
    /** message.key is in the archive. */
    included: boolean;
    /** Where the key came from when the backup was made. */
    source: 'MESSAGE_KEY' | 'DATA_DIR/message.key' | 'none';
    /** HMAC of a fixed label under the key: lets a restore check a key without holding messages. */
    check: string | null;
  };
  /** Rows whose file was not in storage when the backup was made. */
  missing_files: { table: string; key: string }[];
}

export interface BackupResult {
  out: string;
  bytes: number;
  manifest: Manifest;
  rows: number;
  warnings: string[];
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
  fileBytes: number;
  /** 'restored' to DATA_DIR/message.key, 'MESSAGE_KEY' (matched), or 'none' (the backup had no key). */
  messageKey: 'restored' | 'MESSAGE_KEY' | 'none';
  /** Migrations newer than the archive, applied by the server at its next start. */
  pendingMigrations: string[];
}

// ---------------------------------------------------------------------------------------------
// Helpers

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function keyCheck(key: Buffer): string {
  return createHmac('sha256', key).update(KEY_CHECK_LABEL).digest('hex');
}

/** sha256, size and number of newline bytes of a file, streamed. */
async function sha256File(file: string): Promise<{ sha256: string; size: number; lines: number }> {
  const hash = createHash('sha256');
  let size = 0;
  let lines = 0;
  for await (const chunk of createReadStream(file)) {
    const b = chunk as Buffer;
    hash.update(b);
    size += b.length;
    for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) lines++;
  }
  return { sha256: hash.digest('hex'), size, lines };
}

/** Every regular file under dir as a '/'-separated relative path, skipping the top-level names in skip. */
async function walkFiles(dir: string, skip: string[] = []): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (!rel && skip.includes(e.name)) continue;
      if (e.isDirectory()) await walk(path.join(d, e.name), r);
      else if (e.isFile()) out.push(r);
      else throw new BackupError(`unexpected non-file ${path.join(d, e.name)} in storage`);
    }
  };
  await walk(dir, '');
  return out.sort();
}

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch {
    return false;
  }
}

/** Storage keys are made by the server; anything else in an archive is refused. */
function validKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length < 1024 &&
    !key.startsWith('/') &&
    !key.includes('\\') &&
    !key.includes('\0') &&
    key.split('/').every((part) => part !== '' && part !== '.' && part !== '..') &&
    !key.startsWith('.tmp/')
  );
}

interface TableInfo {
  name: string;
  columns: { name: string; type: string }[];
  primaryKey: string[];
}

/** Ordinary tables of the current schema with their non-generated columns, in name order. */
async function tableInfo(db: Queryable): Promise<TableInfo[]> {
  const cols = await db.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = current_schema() AND c.relkind = 'r'
      ORDER BY c.relname, a.attnum`,
  );
  const pks = await db.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey::int2[])
      WHERE i.indisprimary AND n.nspname = current_schema()
      ORDER BY c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of cols) {
    const t = tables.get(c.table) ?? { name: c.table, columns: [], primaryKey: [] };
    t.columns.push({ name: c.column, type: c.type });
    tables.set(c.table, t);
  }
  for (const p of pks) tables.get(p.table)?.primaryKey.push(p.column);
  return [...tables.values()];
}

/** Table names, parents before children (foreign keys), ties by name. */
async function dependencyOrder(db: Queryable, names: string[]): Promise<string[]> {
  const fks = await db.query<{ child: string; parent: string }>(
    `SELECT ch.relname AS child, pa.relname AS parent
       FROM pg_constraint k
       JOIN pg_class ch ON ch.oid = k.conrelid
       JOIN pg_class pa ON pa.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = ch.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  );
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const fk of fks) if (fk.child !== fk.parent && parents.has(fk.parent)) parents.get(fk.child)?.add(fk.parent);
  const done: string[] = [];
  const remaining = [...names].sort();
  while (remaining.length > 0) {
    const i = remaining.findIndex((n) => [...(parents.get(n) ?? [])].every((p) => done.includes(p)));
    if (i < 0) throw new BackupError(`cannot order tables by their foreign keys (a cycle among ${remaining.join(', ')})`);
    done.push(...remaining.splice(i, 1));
  }
  return done;
}

async function sequenceNames(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname = current_schema() ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Session settings that make every value's text form exact and engine-independent. */
async function exactTextSettings(tx: Queryable): Promise<void> {
  await tx.query(`SET LOCAL TimeZone = 'UTC'`);
  await tx.query(`SET LOCAL DateStyle = 'ISO, YMD'`);
  await tx.query(`SET LOCAL IntervalStyle = 'postgres'`);
  await tx.query(`SET LOCAL extra_float_digits = 3`);
  await tx.query(`SET LOCAL bytea_output = 'hex'`);
}

// ---------------------------------------------------------------------------------------------
// Message key

/** The key the server would use, without generating one (unlike loadMessageKey). */
async function currentMessageKey(messageKey: string | undefined, dataDir: string): Promise<{ key: Buffer | null; file: string | null }> {
  if (messageKey) return { key: (await loadMessageKey(messageKey, dataDir)).key, file: null };
  const file = path.join(dataDir, 'message.key');
  if (!(await exists(file))) return { key: null, file: null };
  return { key: (await loadMessageKey(undefined, dataDir)).key, file };
}

// ---------------------------------------------------------------------------------------------
// Backup

export interface BackupOptions {
  db: Db;
  dataDir: string;
  /** MESSAGE_KEY as configured; when set, the key stays out of the archive. */
  messageKey: string | undefined;
  /** Archive to write; must not exist yet. */
  out: string;
}

/**
 * Writes one archive. The database is read in one REPEATABLE READ, read-only transaction (a
 * consistent snapshot, also while a PostgreSQL-backed server keeps running); stored files are
 * then hard-linked into a staging directory (the store only ever renames complete files into
 * place, so a link is a stable copy) and packed from there.
 */
export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const { db, dataDir } = opts;
  const out = path.resolve(opts.out);
  if (await exists(out)) throw new BackupError(`${out} already exists; choose another --out`);
  await mkdir(path.dirname(out), { recursive: true });
  const staging = path.join(dataDir, `.backup-${process.pid}-${randomBytes(4).toString('hex')}`);
  const partial = `${out}.partial-${process.pid}`;
  const warnings: string[] = [];
  try {
    await mkdir(path.join(staging, 'db'), { recursive: true, mode: 0o700 });
    const fileRefs: { table: string; key: string }[] = [];

    // 1. Database snapshot.
    const { tables, sequences, migrations } = await db.tx(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      await exactTextSettings(tx);
      const infos = await tableInfo(tx);
      if (!infos.some((t) => t.name === MIGRATIONS_TABLE)) throw new BackupError('the database has no schema yet (nothing to back up)');
      const order = await dependencyOrder(
        tx,
        infos.map((t) => t.name),
      );
      const tables: ManifestTable[] = [];
      for (const name of order) {
        const info = infos.find((t) => t.name === name) as TableInfo;
        const file = path.join(staging, 'db', `${name}.jsonl`);
        const stream = createWriteStream(file, { mode: 0o600 });
        const hash = createHash('sha256');
        const keyColumn = FILE_KEY_COLUMNS[name];
        let rows = 0;
        const names = `ARRAY[${info.columns.map((c) => lit(c.name)).join(', ')}]::text[]`;
        const values = `ARRAY[${info.columns.map((c) => `${q(c.name)}::text`).join(', ')}]::text[]`;
        const orderBy = info.primaryKey.length > 0 ? ` ORDER BY ${info.primaryKey.map(q).join(', ')}` : '';
        await tx.query(
          `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT json_object(${names}, ${values})::text AS j FROM ${q(name)}${orderBy}`,
        );
        for (;;) {
          const batch = await tx.query<{ j: string }>(`FETCH FORWARD ${FETCH_ROWS} FROM backup_rows`);
          if (batch.length === 0) break;
          // Compact form, one row per line (JSON escapes any newline inside a value).
          let chunk = '';
          for (const r of batch) {
            const obj = JSON.parse(r.j) as Record<string, string | null>;
            chunk += `${JSON.stringify(obj)}\n`;
            if (keyColumn && obj[keyColumn]) fileRefs.push({ table: name, key: obj[keyColumn] as string });
          }
          rows += batch.length;
          hash.update(chunk);
          if (!stream.write(chunk)) await once(stream, 'drain');
        }
        await tx.query('CLOSE backup_rows');
        stream.end();
        await once(stream, 'close');
        tables.push({ name, columns: info.columns.map((c) => c.name), rows, sha256: hash.digest('hex') });
      }
      const sequences: Manifest['sequences'] = [];
      for (const name of await sequenceNames(tx)) {
        const s = (
          await tx.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text AS last_value, is_called FROM ${q(name)}`)
        )[0];
        if (s) sequences.push({ name, last_value: s.last_value, is_called: s.is_called });
      }
      const migrations = (await tx.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`)).map((r) => r.name);
      return { tables, sequences, migrations };
    });

    // 2. Files, right after the snapshot: linked (or copied across file systems), then hashed.
    const storage = path.join(dataDir, 'storage');
    const keys = await walkFiles(storage, ['.tmp']);
    const files: Manifest['files'] = [];
    for (const key of keys) {
      const dest = path.join(staging, 'storage', ...key.split('/'));
      await mkdir(path.dirname(dest), { recursive: true });
      try {
        await link(path.join(storage, ...key.split('/')), dest);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue; // deleted since it was listed (its row is then not in the snapshot either, or is reported below)
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
        await copyFile(path.join(storage, ...key.split('/')), dest);
      }
      const { sha256, size } = await sha256File(dest);
      files.push({ key, size, sha256 });
    }
    const stored = new Set(files.map((f) => f.key));
    const missing = fileRefs.filter((r) => !stored.has(r.key));
    for (const m of missing) warnings.push(`${m.table} refers to ${m.key}, which is not in storage (not in the backup)`);

    // 3. The message key.
    const { key, file: keyFile } = await currentMessageKey(opts.messageKey, dataDir);
    if (keyFile) await copyFile(keyFile, path.join(staging, 'message.key'));

    const manifest: Manifest = {
      format: FORMAT,
      format_version: FORMAT_VERSION,
      created_at: new Date().toISOString(),
      app_version: appVersion,
      engine: db.engine,
      migrations,
      tables,
      sequences,
      files,
      message_key: {
        included: keyFile !== null,
        source: opts.messageKey ? 'MESSAGE_KEY' : keyFile ? 'DATA_DIR/message.key' : 'none',
        check: key ? keyCheck(key) : null,
      },
      missing_files: missing,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    // 4. Pack: manifest first, then the rows, the files and the key.
    const entries = ['manifest.json', 'db'];
    if (files.length > 0) entries.push('storage');
    if (keyFile) entries.push('message.key');
    await writeFile(partial, '', { mode: 0o600 });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await rename(partial, out);
    const bytes = (await stat(out)).size;
    return { out, bytes, manifest, rows: tables.reduce((n, t) => n + t.rows, 0), warnings };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

export interface RestoreOptions {
  db: Db;
  dataDir: string;
  messageKey: string | undefined;
  archive: string;
}

/** An archive unpacked into DATA_DIR/.restore-* and checked whole, ready to apply. */
export interface PreparedRestore {
  dataDir: string;
  work: string;
  manifest: Manifest;
  keyPlan: 'restored' | 'keep' | 'none';
  codeMigrations: string[];
  dispose(): Promise<void>;
}

/**
 * Restores an archive into an empty database and an empty DATA_DIR/storage: checks the whole
 * archive first (prepareRestore), then applies it in one transaction (applyRestore). Any
 * failure leaves the database and DATA_DIR as they were.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const prepared = await prepareRestore(opts);
  try {
    return await applyRestore(opts.db, prepared);
  } finally {
    await prepared.dispose().catch(() => {});
  }
}

/**
 * Unpacks the archive into a temporary directory inside DATA_DIR (same file system, so the
 * files later move into place with one rename) and checks it: manifest, every row file's and
 * stored file's sha256 (and row counts, sizes), the migrations and the message key.
 */
export async function prepareRestore(opts: Omit<RestoreOptions, 'db'>): Promise<PreparedRestore> {
  const { dataDir } = opts;
  await mkdir(dataDir, { recursive: true });
  await assertStorageEmpty(path.join(dataDir, 'storage'));
  const work = path.join(dataDir, `.restore-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(work, { mode: 0o700 });
  const dispose = () => rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  try {
    const manifest = await unpackAndVerify(opts.archive, work);
    const keyPlan = await planMessageKey(manifest, work, opts.messageKey, dataDir);
    const codeMigrations = await migrationFiles();
    if (codeMigrations.slice(0, manifest.migrations.length).join('\n') !== manifest.migrations.join('\n')) {
      throw new BackupError(
        `the archive's schema (${manifest.migrations.length} migrations, app ${manifest.app_version}) is not one this version knows; restore it with app ${manifest.app_version} or newer`,
      );
    }
    return { dataDir, work, manifest, keyPlan, codeMigrations, dispose };
  } catch (err) {
    await dispose().catch(() => {}); // the original error matters more
    throw err;
  }
}

/**
 * In one database transaction: replays the archive's migrations, refuses unless every table is
 * empty, inserts the rows, sets the sequences, and (still inside it) moves the files into
 * DATA_DIR/storage with one rename and writes message.key; a failure undoes the moves.
 */
export async function applyRestore(db: Db, prepared: PreparedRestore): Promise<RestoreResult> {
  const { dataDir, work, manifest, keyPlan, codeMigrations } = prepared;
  const storage = path.join(dataDir, 'storage');
  let storageMoved = false;
  let keyWritten = false;
  try {
    let rows = 0;
    await db.tx(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      await exactTextSettings(tx);
      await replayMigrations(tx, manifest.migrations);
      const infos = await tableInfo(tx);
      await assertDatabaseEmpty(tx, infos);
      await assertSameSchema(manifest, infos);
      await tx.query(`DELETE FROM ${MIGRATIONS_TABLE}`);
      for (const name of await dependencyOrder(
        tx,
        infos.map((t) => t.name),
      )) {
        const info = infos.find((t) => t.name === name) as TableInfo;
        const inserted = await insertRows(tx, info, path.join(work, 'db', `${name}.jsonl`));
        const expected = manifest.tables.find((t) => t.name === name)?.rows;
        if (inserted !== expected) throw new BackupError(`table ${name}: inserted ${inserted} rows, the manifest says ${expected}`);
        rows += inserted;
      }
      for (const s of manifest.sequences)
        await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [q(s.name), s.last_value, s.is_called]);
      // Files last, still inside the transaction: if they cannot be moved, nothing commits.
      await assertStorageEmpty(storage);
      if (await exists(path.join(work, 'storage'))) {
        await rm(storage, { recursive: true, force: true }); // empty directories at most (checked above)
        await rename(path.join(work, 'storage'), storage);
        storageMoved = true;
      }
      if (keyPlan === 'restored') {
        await writeFile(path.join(dataDir, 'message.key'), await readFile(path.join(work, 'message.key')), { mode: 0o600, flag: 'wx' });
        keyWritten = true;
      }
    });
    return {
      manifest,
      rows,
      files: manifest.files.length,
      fileBytes: manifest.files.reduce((n, f) => n + f.size, 0),
      messageKey: keyPlan === 'keep' ? 'MESSAGE_KEY' : keyPlan,
      pendingMigrations: codeMigrations.slice(manifest.migrations.length),
    };
  } catch (err) {
    // The transaction rolled back (or never began); undo the file moves made inside it.
    if (storageMoved) await rm(storage, { recursive: true, force: true });
    if (keyWritten) await rm(path.join(dataDir, 'message.key'), { force: true });
    throw err;
  }
}

async function assertStorageEmpty(storage: string): Promise<void> {
  if (!(await exists(storage))) return;
  const files = await walkFiles(storage).catch(() => ['?']);
  if (files.length > 0) throw new BackupError(`${storage} is not empty (${files.length} file(s)); restore needs an empty data directory`);
}

async function assertDatabaseEmpty(tx: Queryable, infos: TableInfo[]): Promise<void> {
  const nonEmpty: string[] = [];
  for (const t of infos) {
    if (t.name === MIGRATIONS_TABLE) continue;
    if ((await tx.query(`SELECT 1 FROM ${q(t.name)} LIMIT 1`)).length > 0) nonEmpty.push(t.name);
  }
  if (nonEmpty.length > 0) {
    throw new BackupError(
      `the database is not empty (rows in ${nonEmpty.slice(0, 5).join(', ')}${nonEmpty.length > 5 ? ', ...' : ''}); restore needs an empty database`,
    );
  }
}

async function assertSameSchema(manifest: Manifest, infos: TableInfo[]): Promise<void> {
  const have = new Map(
    infos.map((t) => [
      t.name,
      t.columns
        .map((c) => c.name)
        .sort()
        .join(','),
    ]),
  );
  const want = new Map(manifest.tables.map((t) => [t.name, [...t.columns].sort().join(',')]));
  for (const [name, cols] of want) {
    if (!have.has(name)) throw new BackupError(`the database has no table ${name}, which the archive holds`);
    if (have.get(name) !== cols) throw new BackupError(`table ${name} has other columns than in the archive`);
  }
  for (const name of have.keys()) if (!want.has(name)) throw new BackupError(`the archive holds no rows file for table ${name}`);
}

/**
 * Applies the archive's migrations that the target lacks, in the caller's transaction. The
 * server applies any newer migrations at its next start.
 */
async function replayMigrations(tx: Queryable, names: string[]): Promise<void> {
  const done = await appliedMigrations(tx);
  if (done.some((d) => !names.includes(d))) {
    throw new BackupError('the database has a newer schema than the archive; restore into an empty database');
  }
  await applyMigrations(tx, names);
}

/** Inserts a table's rows in batches; values are cast from their text form to the column types. */
async function insertRows(tx: Queryable, info: TableInfo, file: string): Promise<number> {
  const triggers = await tx.query(
    `SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE NOT t.tgisinternal AND c.relname = $1 AND n.nspname = current_schema() LIMIT 1`,
    [info.name],
  );
  if (triggers.length > 0) await tx.query(`ALTER TABLE ${q(info.name)} DISABLE TRIGGER USER`);
  const sql = `INSERT INTO ${q(info.name)} (${info.columns.map((c) => q(c.name)).join(', ')}) OVERRIDING SYSTEM VALUE
    SELECT ${info.columns.map((c) => `(r ->> ${lit(c.name)})::${c.type}`).join(', ')} FROM jsonb_array_elements($1::jsonb) AS r`;
  let count = 0;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.query(sql, [`[${batch.join(',')}]`]);
    count += batch.length;
    batch = [];
    bytes = 0;
  };
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  if (triggers.length > 0) await tx.query(`ALTER TABLE ${q(info.name)} ENABLE TRIGGER USER`);
  return count;
}

/** Extracts regular files only, then checks the manifest against everything extracted. */
async function unpackAndVerify(archive: string, work: string): Promise<Manifest> {
  if (!(await exists(archive))) throw new BackupError(`archive ${archive} not found`);
  // First a full read without writing anything: a truncated or corrupt archive, or one with
  // links, devices or unexpected paths, is refused before a single file lands on disk.
  const allowed = (p: string, type: string) =>
    type === 'Directory' ||
    (type === 'File' &&
      (p === 'manifest.json' || p === 'message.key' || /^db\/[^/]+\.jsonl$/.test(p) || (p.startsWith('storage/') && validKey(p.slice(8)))));
  const refused: string[] = [];
  try {
    await tar.list({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        if (!allowed(entry.path.replace(/\/$/, ''), entry.type)) refused.push(entry.path);
        entry.resume();
      },
    });
  } catch (err) {
    throw new BackupError(`cannot read ${archive} as a backup archive (${(err as Error).message})`);
  }
  if (refused.length > 0) throw new BackupError(`the archive holds unexpected entries (${refused.slice(0, 3).join(', ')})`);
  try {
    await tar.extract({
      file: archive,
      cwd: work,
      strict: true,
      preservePaths: false,
      preserveOwner: false,
      filter: (p, entry) =>
        allowed(p.replace(/\/$/, ''), 'type' in entry ? entry.type : entry.isFile() ? 'File' : entry.isDirectory() ? 'Directory' : 'Other'),
    });
  } catch (err) {
    throw new BackupError(`cannot unpack ${archive} (${(err as Error).message})`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new BackupError('the archive has no readable manifest.json (not a backup made by npm run backup?)');
  }
  if (manifest.format !== FORMAT) throw new BackupError('manifest.json is not a Meridian Syndicate backup manifest');
  if (manifest.format_version !== FORMAT_VERSION)
    throw new BackupError(`unsupported backup format version ${manifest.format_version} (this version reads ${FORMAT_VERSION})`);

  // Row files: exactly the manifest's tables, each with its hash and row count.
  const dbFiles = await walkFiles(path.join(work, 'db'));
  const expectedDb = manifest.tables.map((t) => `${t.name}.jsonl`).sort();
  if (dbFiles.join('\n') !== expectedDb.join('\n')) throw new BackupError("the archive's row files do not match its manifest");
  for (const t of manifest.tables) {
    const file = path.join(work, 'db', `${t.name}.jsonl`);
    const { sha256, lines } = await sha256File(file);
    if (sha256 !== t.sha256) throw new BackupError(`db/${t.name}.jsonl: sha256 mismatch (the archive is damaged)`);
    if (lines !== t.rows) throw new BackupError(`db/${t.name}.jsonl holds ${lines} rows, the manifest says ${t.rows}`);
  }
  const rowsOf = async (table: string) =>
    (await readFile(path.join(work, 'db', `${table}.jsonl`), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, string | null>);
  const migrations = (await rowsOf(MIGRATIONS_TABLE).catch(() => [])).map((r) => r.name).sort();
  if (migrations.join('\n') !== [...manifest.migrations].sort().join('\n'))
    throw new BackupError("the archive's migrations do not match its manifest");

  // Stored files: exactly the manifest's, each with its size and hash.
  const stored = await walkFiles(path.join(work, 'storage'));
  const expected = manifest.files.map((f) => f.key).sort();
  if (stored.join('\n') !== expected.join('\n')) throw new BackupError("the archive's stored files do not match its manifest");
  for (const f of manifest.files) {
    const file = path.join(work, 'storage', ...f.key.split('/'));
    const got = await sha256File(file);
    if (got.sha256 !== f.sha256 || got.size !== f.size) throw new BackupError(`storage/${f.key}: sha256 mismatch (the archive is damaged)`);
    await chmod(file, 0o600);
  }
  const keyInArchive = await exists(path.join(work, 'message.key'));
  if (keyInArchive !== manifest.message_key.included) throw new BackupError("the archive's message.key does not match its manifest");
  return manifest;
}

/**
 * Which key the restored server will use, checked against the key the backup was made with:
 * 'restored' (write the archive's message.key to DATA_DIR), 'keep' (MESSAGE_KEY is set and
 * matches, or DATA_DIR already holds the same key) or 'none' (the backup had no key).
 */
async function planMessageKey(
  manifest: Manifest,
  work: string,
  messageKey: string | undefined,
  dataDir: string,
): Promise<'restored' | 'keep' | 'none'> {
  const want = manifest.message_key.check;
  if (!want) return 'none';
  if (messageKey) {
    const { key } = await loadMessageKey(messageKey, dataDir);
    if (keyCheck(key) !== want)
      throw new BackupError("MESSAGE_KEY is not the key this backup's messages were encrypted with; set the right MESSAGE_KEY");
    return 'keep';
  }
  if (!manifest.message_key.included) {
    throw new BackupError(
      'this backup was made with MESSAGE_KEY set, so the key is not in the archive: set the same MESSAGE_KEY to restore it',
    );
  }
  const { key } = await loadMessageKey(undefined, work);
  if (keyCheck(key) !== want) throw new BackupError('message.key in the archive does not match its manifest (the archive is damaged)');
  const existing = path.join(dataDir, 'message.key');
  if (await exists(existing)) {
    const have = (await loadMessageKey(undefined, dataDir)).key;
    if (!have.equals(key)) throw new BackupError(`${existing} holds another key; remove it (or restore into an empty data directory)`);
    return 'keep';
  }
  return 'restored';
}

// ---------------------------------------------------------------------------------------------
// Entry points with the server's configuration (used by the CLIs)

/**
 * The embedded database allows one process: while a server holds DATA_DIR/server.pid the
 * backup or restore refuses; otherwise it takes the same lock file, so no server starts meanwhile.
 */
export async function lockEmbeddedDataDir(dataDir: string, what: string): Promise<() => Promise<void>> {
  const { release } = await holdDataDirLock(
    dataDir,
    (pid) =>
      new BackupError(
        `a server (pid ${pid}) is running on DATA_DIR ${dataDir}; the embedded database allows one process, so stop the server before the ${what}`,
      ),
  );
  return release;
}

async function openConfigured(config: Config, create: boolean): Promise<Db> {
  if (config.databaseUrl) {
    try {
      return await openPostgres(config.databaseUrl, 2);
    } catch (err) {
      throw new BackupError(`cannot reach the database at DATABASE_URL (${(err as Error).message})`);
    }
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!create && !(await exists(dir)))
    throw new BackupError(`no embedded database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  return openPglite(dir);
}

/** Backup with the server's configuration (DATA_DIR, DATABASE_URL, MESSAGE_KEY). */
export async function runBackup(config: Config, out: string): Promise<BackupResult> {
  if (!config.databaseUrl && !(await exists(path.join(config.dataDir, 'pglite')))) {
    throw new BackupError(`no embedded database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  }
  const unlock = config.databaseUrl ? async () => {} : await lockEmbeddedDataDir(config.dataDir, 'backup');
  try {
    const db = await openConfigured(config, false);
    try {
      return await createBackup({ db, dataDir: config.dataDir, messageKey: config.messageKey, out });
    } finally {
      await db.close().catch(() => {});
    }
  } finally {
    await unlock();
  }
}

/**
 * Restore with the server's configuration. The archive is checked before the database is
 * opened; a failed restore onto a new embedded database removes what it created.
 */
export async function runRestore(config: Config, archive: string): Promise<RestoreResult> {
  const file = path.resolve(archive);
  if (!(await exists(file))) throw new BackupError(`archive ${file} not found`);
  await mkdir(config.dataDir, { recursive: true });
  const unlock = config.databaseUrl ? async () => {} : await lockEmbeddedDataDir(config.dataDir, 'restore');
  try {
    const prepared = await prepareRestore({ dataDir: config.dataDir, messageKey: config.messageKey, archive: file });
    const pgliteDir = path.join(config.dataDir, 'pglite');
    const created = !config.databaseUrl && !(await exists(pgliteDir));
    let ok = false;
    try {
      const db = await openConfigured(config, true);
      try {
        const result = await applyRestore(db, prepared);
        ok = true;
        return result;
      } finally {
        await db.close().catch(() => {});
      }
    } finally {
      await prepared.dispose().catch(() => {});
      if (!ok && created) await rm(pgliteDir, { recursive: true, force: true });
    }
  } finally {
    await unlock();
  }
}

/**
 * Where `npm run backup` writes without --out: DATA_DIR/backups/ (created owner-only, and made
 * owner-only if it was not), never the current directory (the archive holds the message key).
 */
export async function defaultArchivePath(dataDir: string, now = new Date()): Promise<string> {
  const dir = path.join(dataDir, 'backups');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  return path.join(dir, defaultArchiveName(now));
}

export function defaultArchiveName(now = new Date()): string {
  return `meridian-backup-${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}Z.tar.gz`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
