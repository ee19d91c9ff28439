import { chmod, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { type Db, openPglite, openPostgres } from '../../db/client.ts';
import { holdDataDirLock } from '../../db/data-dir-lock.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { openFileStore } from '../../storage/open.ts';
import { createBackup } from './create.ts';
import { BackupError, type BackupResult, exists, type RestoreResult } from './format.ts';
import { applyRestore, prepareRestore } from './restore.ts';

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

export async function openConfigured(config: Config, create: boolean): Promise<Db> {
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

/** The configured file store (STORAGE_URL or DATA_DIR/storage); a bucket is checked like at the server's start. */
async function configuredStore(config: Config): Promise<FileStore> {
  const files = openFileStore(config);
  // The disk store needs no check (and its check would create DATA_DIR/storage: a failed
  // restore leaves nothing behind).
  if (config.storage.kind === 'disk') return files;
  try {
    await files.check();
  } catch (err) {
    throw new BackupError(`file storage: ${(err as Error).message}`);
  }
  return files;
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
      return await createBackup({ db, dataDir: config.dataDir, messageKey: config.messageKey, out, files: await configuredStore(config) });
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
    const files = await configuredStore(config);
    const prepared = await prepareRestore({ dataDir: config.dataDir, messageKey: config.messageKey, archive: file, files });
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
