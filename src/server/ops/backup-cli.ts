/** npm run backup [-- --out FILE]: one archive with the database, the stored files and (without MESSAGE_KEY) the message key. */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, defaultArchivePath, formatBytes, runBackup } from './backup.ts';

const USAGE = `Usage: npm run backup [-- --out FILE.tar.gz]

Without --out the archive goes to DATA_DIR/backups/ (readable by the owner only).

Writes one archive with every database row, every stored file and, when MESSAGE_KEY is not set,
DATA_DIR/message.key. Reads DATA_DIR, DATABASE_URL and MESSAGE_KEY like the server. With the
embedded database the server must be stopped; with PostgreSQL it may keep running.`;

async function main(): Promise<void> {
  let out: string | undefined;
  try {
    const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    out = values.out;
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const started = Date.now();
  const config = loadConfig();
  const r = await runBackup(config, out ?? (await defaultArchivePath(config.dataDir)));
  for (const w of r.warnings) console.error(`Warning: ${w}`);
  const key = r.manifest.message_key;
  const keyNote = key.included
    ? 'message key included (keep the archive as secret as the key)'
    : key.source === 'MESSAGE_KEY'
      ? 'message key NOT included (MESSAGE_KEY is set: keep it to restore the messages)'
      : 'no message key';
  console.log(
    `Backup written to ${r.out} (${formatBytes(r.bytes)}): ${r.manifest.tables.length} tables, ${r.rows} rows, ${r.manifest.files.length} files, ${keyNote}, from the ${r.manifest.engine === 'pglite' ? 'embedded database' : 'PostgreSQL database'} in ${((Date.now() - started) / 1000).toFixed(1)}s.`,
  );
}

main().catch((err) => {
  console.error(`Backup failed: ${err instanceof BackupError || err instanceof ConfigError ? err.message : (err as Error).stack}`);
  process.exit(1);
});
