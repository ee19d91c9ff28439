/**
 * Backup and restore: one .tar.gz with a logical, engine-neutral dump of every table, every
 * stored file and (when it lives in DATA_DIR) the message key. An archive made on the embedded
 * database restores onto PostgreSQL and the other way round.
 *
 * The parts live in ./backup/: format.ts (archive layout, manifest, shared helpers), create.ts
 * (writing an archive), verify.ts (checking an archive and the target), restore.ts (prepare and
 * apply) and configured.ts (entry points with the server's configuration, used by the CLIs).
 */

export { defaultArchiveName, defaultArchivePath, formatBytes, lockEmbeddedDataDir, runBackup, runRestore } from './backup/configured.ts';
export { type BackupOptions, createBackup } from './backup/create.ts';
export {
  BackupError,
  type BackupResult,
  FORMAT,
  FORMAT_VERSION,
  keyCheck,
  type Manifest,
  type ManifestTable,
  type RestoreResult,
} from './backup/format.ts';
export { applyRestore, type PreparedRestore, prepareRestore, type RestoreOptions, restoreBackup } from './backup/restore.ts';
