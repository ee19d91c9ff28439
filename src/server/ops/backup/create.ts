/** Writing an archive (see format.ts for its layout). */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { Db } from '../../db/client.ts';
import { MIGRATIONS_TABLE } from '../../db/migrate.ts';
import { sql } from '../../db/sql.ts';
import { HttpError } from '../../http/errors.ts';
import { MANAGED_PREFIXES } from '../../storage/consistency.ts';
import { DiskFileStore, type FileStore } from '../../storage/file-store.ts';
import { version as appVersion } from '../../version.ts';
import {
  BackupError,
  type BackupResult,
  currentMessageKey,
  dependencyOrder,
  exactTextSettings,
  exists,
  FETCH_ROWS,
  FILE_KEY_COLUMNS,
  FORMAT,
  FORMAT_VERSION,
  keyCheck,
  lit,
  type Manifest,
  type ManifestTable,
  q,
  sequenceNames,
  sha256File,
  type TableInfo,
  tableInfo,
  walkFiles,
} from './format.ts';

export interface BackupOptions {
  db: Db;
  dataDir: string;
  /** MESSAGE_KEY as configured; when set, the key stays out of the archive. */
  messageKey: string | undefined;
  /** Archive to write; must not exist yet. */
  out: string;
  /**
   * The file store when it is not DATA_DIR/storage on disk (an S3 bucket: STORAGE_URL); its
   * objects are streamed into the archive. Unset or a disk store: DATA_DIR/storage, hard-linked.
   */
  files?: FileStore;
}

/**
 * Writes one archive. The database is read in one REPEATABLE READ, read-only transaction (a
 * consistent snapshot, also while a PostgreSQL-backed server keeps running); stored files are
 * then hard-linked into a staging directory (the store only ever renames complete files into
 * place, so a link is a stable copy) and packed from there.
 */
/** Every stored key of an object store, sorted (the storage areas rows refer to). */
async function storeKeys(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for (const area of MANAGED_PREFIXES) keys.push(...(await store.list(area)));
  return keys.sort();
}

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
          const batch = await sql<{ j: string }>(`FETCH FORWARD ${FETCH_ROWS} FROM backup_rows`).all(tx);
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
        const s = await sql<{ last_value: string; is_called: boolean }>(
          `SELECT last_value::text AS last_value, is_called FROM ${q(name)}`,
        ).first(tx);
        if (s) sequences.push({ name, last_value: s.last_value, is_called: s.is_called });
      }
      const migrations = (await sql<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`).all(tx)).map((r) => r.name);
      return { tables, sequences, migrations };
    });

    // 2. Files, right after the snapshot: linked (or copied across file systems), then hashed;
    // from an object store, streamed down (an object under its key is complete: decision 043).
    const storage = path.join(dataDir, 'storage');
    const store = opts.files && !(opts.files instanceof DiskFileStore) ? opts.files : null;
    const keys = store ? await storeKeys(store) : await walkFiles(storage, ['.tmp']);
    const files: Manifest['files'] = [];
    for (const key of keys) {
      if (store) {
        const dest = path.join(staging, 'storage', ...key.split('/'));
        await mkdir(path.dirname(dest), { recursive: true });
        let source: Readable;
        try {
          source = await store.read(key);
        } catch (err) {
          if (err instanceof HttpError) throw new BackupError(`cannot read ${key} from the ${store.description}: ${err.message}`);
          continue; // deleted since it was listed (as on disk)
        }
        await pipeline(source, createWriteStream(dest, { mode: 0o600 }));
        const { sha256, size } = await sha256File(dest);
        files.push({ key, size, sha256 });
        continue;
      }
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
