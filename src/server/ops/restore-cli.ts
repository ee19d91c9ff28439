/** npm run restore -- FILE.tar.gz: brings a backup back onto an empty data directory (and an empty database). */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, formatBytes, runRestore } from './backup.ts';

const USAGE = `Usage: npm run restore -- FILE.tar.gz

Restores a backup made by npm run backup into DATA_DIR (its storage must be empty) and the
database (embedded in DATA_DIR, or DATABASE_URL, which must be empty). When the backup was made
with MESSAGE_KEY set, set the same MESSAGE_KEY. Checks every row count and file hash first;
on any error nothing is written.`;

async function main(): Promise<void> {
  let archive: string;
  try {
    const { values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    if (positionals.length !== 1 || !positionals[0]) throw new Error('Name one archive to restore.');
    archive = positionals[0];
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const started = Date.now();
  const config = loadConfig();
  const r = await runRestore(config, archive);
  const key =
    r.messageKey === 'restored'
      ? 'message key restored to DATA_DIR/message.key'
      : r.messageKey === 'MESSAGE_KEY'
        ? 'message key matches'
        : 'no message key';
  const pending = r.pendingMigrations.length > 0 ? `; ${r.pendingMigrations.length} newer migration(s) run at the next server start` : '';
  console.log(
    `Restored ${archive} (made ${r.manifest.created_at} by version ${r.manifest.app_version} on ${r.manifest.engine}): ${r.manifest.tables.length} tables, ${r.rows} rows, ${r.files} files (${formatBytes(r.fileBytes)}), ${key}, into ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`} in ${((Date.now() - started) / 1000).toFixed(1)}s${pending}.`,
  );
}

main().catch((err) => {
  console.error(`Restore failed: ${err instanceof BackupError || err instanceof ConfigError ? err.message : (err as Error).stack}`);
  process.exit(1);
});
