import { chmod, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { loadMessageKey } from '../../crypto/cipher.ts';
import type { Queryable } from '../../db/client.ts';
import { MIGRATIONS_TABLE } from '../../db/migrate.ts';
import { MANAGED_PREFIXES } from '../../storage/consistency.ts';
import type { FileStore } from '../../storage/file-store.ts';
import {
  BackupError,
  exists,
  FORMAT,
  FORMAT_VERSION,
  keyCheck,
  type Manifest,
  q,
  sha256File,
  type TableInfo,
  validKey,
  walkFiles,
} from './format.ts';

export async function assertStorageEmpty(storage: string): Promise<void> {
  if (!(await exists(storage))) return;
  const files = await walkFiles(storage).catch(() => ['?']);
  if (files.length > 0) throw new BackupError(`${storage} is not empty (${files.length} file(s)); restore needs an empty data directory`);
}

/** The same check on an object store (STORAGE_URL): no object under any storage area. */
export async function assertStoreEmpty(files: FileStore, extraAreas: string[] = []): Promise<void> {
  let count = 0;
  for (const area of new Set([...MANAGED_PREFIXES, ...extraAreas])) count += (await files.list(area)).length;
  if (count > 0) throw new BackupError(`the ${files.description} is not empty (${count} file(s)); restore needs empty storage`);
}

export async function assertDatabaseEmpty(tx: Queryable, infos: TableInfo[]): Promise<void> {
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

export async function assertSameSchema(manifest: Manifest, infos: TableInfo[]): Promise<void> {
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

/** Extracts regular files only, then checks the manifest against everything extracted. */
export async function unpackAndVerify(archive: string, work: string): Promise<Manifest> {
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
export async function planMessageKey(
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
