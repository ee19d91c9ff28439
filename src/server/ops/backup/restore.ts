/** Restoring an archive: prepare (unpack and verify), then apply in one transaction. */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Db, Queryable } from '../../db/client.ts';
import { appliedMigrations, applyMigrations, MIGRATION_LOCK_ID, MIGRATIONS_TABLE, migrationFiles } from '../../db/migrate.ts';
import { DiskFileStore, type FileStore } from '../../storage/file-store.ts';
import {
  BackupError,
  dependencyOrder,
  exactTextSettings,
  exists,
  INSERT_BYTES,
  INSERT_ROWS,
  lit,
  type Manifest,
  q,
  type RestoreResult,
  type TableInfo,
  tableInfo,
} from './format.ts';
import { assertDatabaseEmpty, assertSameSchema, assertStorageEmpty, assertStoreEmpty, planMessageKey, unpackAndVerify } from './verify.ts';

export interface RestoreOptions {
  db: Db;
  dataDir: string;
  messageKey: string | undefined;
  archive: string;
  /** The file store when it is not DATA_DIR/storage on disk (an S3 bucket: STORAGE_URL); the files are uploaded to it. */
  files?: FileStore;
}

/** An archive unpacked into DATA_DIR/.restore-* and checked whole, ready to apply. */
export interface PreparedRestore {
  dataDir: string;
  work: string;
  manifest: Manifest;
  keyPlan: 'restored' | 'keep' | 'none';
  codeMigrations: string[];
  /** An object store to restore the files into (else DATA_DIR/storage). */
  store: FileStore | null;
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
  const store = opts.files && !(opts.files instanceof DiskFileStore) ? opts.files : null;
  await mkdir(dataDir, { recursive: true });
  if (store) await assertStoreEmpty(store);
  else await assertStorageEmpty(path.join(dataDir, 'storage'));
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
    return { dataDir, work, manifest, keyPlan, codeMigrations, store, dispose };
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
  const { dataDir, work, manifest, keyPlan, codeMigrations, store } = prepared;
  const storage = path.join(dataDir, 'storage');
  let storageMoved = false;
  const uploaded: string[] = [];
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
      if (store) {
        // Into the object store: each file uploaded (streamed), its hash checked again, then
        // put under its key; a failure removes what was put (below) and the transaction rolls back.
        await assertStoreEmpty(store, [...new Set(manifest.files.map((f) => f.key.split('/')[0] as string))]);
        for (const f of manifest.files) {
          const temp = await store.writeTemp(createReadStream(path.join(work, 'storage', ...f.key.split('/'))));
          if (temp.sha256 !== f.sha256 || temp.size !== f.size) {
            await store.discard(temp).catch(() => {});
            throw new BackupError(`${f.key}: the uploaded copy does not match the archive`);
          }
          uploaded.push(f.key);
          await store.commit(temp, f.key);
        }
      } else await assertStorageEmpty(storage);
      if (!store && (await exists(path.join(work, 'storage')))) {
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
    for (const key of uploaded) await store?.delete(key).catch(() => {});
    if (keyWritten) await rm(path.join(dataDir, 'message.key'), { force: true });
    throw err;
  }
}

/**
 * Applies the archive's migrations that the target lacks, in the caller's transaction. The
 * server applies any newer migrations at its next start.
 */
export async function replayMigrations(tx: Queryable, names: string[]): Promise<void> {
  const done = await appliedMigrations(tx);
  if (done.some((d) => !names.includes(d))) {
    throw new BackupError('the database has a newer schema than the archive; restore into an empty database');
  }
  await applyMigrations(tx, names);
}

/** Inserts a table's rows in batches; values are cast from their text form to the column types. */
export async function insertRows(tx: Queryable, info: TableInfo, file: string): Promise<number> {
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
