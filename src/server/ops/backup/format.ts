/**
 * The archive format: layout, manifest types, constants and the helpers both sides use
 * (hashing, file walking, storage keys, the database schema as the dump sees it).
 *
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
import { createHash, createHmac } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { loadMessageKey } from '../../crypto/cipher.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';

export const FORMAT = 'meridian-syndicate-backup';
export const FORMAT_VERSION = 1;

/** Columns that name a file in storage (used to warn about rows whose file is missing). */
export const FILE_KEY_COLUMNS: Record<string, string> = { documents: 'file_path', kyc_documents: 'file_path', messages: 'attachment_path' };

export const FETCH_ROWS = 1000;
export const INSERT_ROWS = 500;
export const INSERT_BYTES = 4 * 1024 * 1024;
export const KEY_CHECK_LABEL = 'meridian-syndicate/backup/message-key-check/v1';

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

export const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function keyCheck(key: Buffer): string {
  return createHmac('sha256', key).update(KEY_CHECK_LABEL).digest('hex');
}

/** sha256, size and number of newline bytes of a file, streamed. */
export async function sha256File(file: string): Promise<{ sha256: string; size: number; lines: number }> {
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
export async function walkFiles(dir: string, skip: string[] = []): Promise<string[]> {
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

export async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch {
    return false;
  }
}

/** Storage keys are made by the server; anything else in an archive is refused. */
export function validKey(key: string): boolean {
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

export interface TableInfo {
  name: string;
  columns: { name: string; type: string }[];
  primaryKey: string[];
}

/** Ordinary tables of the current schema with their non-generated columns, in name order. */
export async function tableInfo(db: Queryable): Promise<TableInfo[]> {
  const cols = await sql<{
    table: string;
    column: string;
    type: string;
  }>(`SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = current_schema() AND c.relkind = 'r'
      ORDER BY c.relname, a.attnum`).all(db);
  const pks = await sql<{ table: string; column: string }>(`SELECT c.relname AS table, a.attname AS column
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey::int2[])
      WHERE i.indisprimary AND n.nspname = current_schema()
      ORDER BY c.relname, array_position(i.indkey::int2[], a.attnum)`).all(db);
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
export async function dependencyOrder(db: Queryable, names: string[]): Promise<string[]> {
  const fks = await sql<{ child: string; parent: string }>(`SELECT ch.relname AS child, pa.relname AS parent
       FROM pg_constraint k
       JOIN pg_class ch ON ch.oid = k.conrelid
       JOIN pg_class pa ON pa.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = ch.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema()`).all(db);
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

export async function sequenceNames(db: Queryable): Promise<string[]> {
  const rows = await sql<{ name: string }>(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname = current_schema() ORDER BY 1`).all(db);
  return rows.map((r) => r.name);
}

/** Session settings that make every value's text form exact and engine-independent. */
export async function exactTextSettings(tx: Queryable): Promise<void> {
  await tx.query(`SET LOCAL TimeZone = 'UTC'`);
  await tx.query(`SET LOCAL DateStyle = 'ISO, YMD'`);
  await tx.query(`SET LOCAL IntervalStyle = 'postgres'`);
  await tx.query(`SET LOCAL extra_float_digits = 3`);
  await tx.query(`SET LOCAL bytea_output = 'hex'`);
}

// ---------------------------------------------------------------------------------------------
// Message key

/** The key the server would use, without generating one (unlike loadMessageKey). */
export async function currentMessageKey(
  messageKey: string | undefined,
  dataDir: string,
): Promise<{ key: Buffer | null; file: string | null }> {
  if (messageKey) return { key: (await loadMessageKey(messageKey, dataDir)).key, file: null };
  const file = path.join(dataDir, 'message.key');
  if (!(await exists(file))) return { key: null, file: null };
  return { key: (await loadMessageKey(undefined, dataDir)).key, file };
}
