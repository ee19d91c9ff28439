/** npm run audit:verify [-- --expect SEQ:HASH]: walks the activity log's hash chain (decision 042). */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { hashAt } from '../modules/audit/repository.ts';
import { describeBreak, verifyChain } from '../modules/audit/verify.ts';
import { lockEmbeddedDataDir, openConfigured } from './backup/configured.ts';
import { BackupError, exists } from './backup/format.ts';

const USAGE = `Usage: npm run audit:verify [-- --expect SEQ:HASH]

Recomputes every link of the activity log's hash chain and reports the first broken one with its
row. --expect checks that the row at position SEQ still has HASH (a latest hash exported earlier:
printed, e-mailed or saved outside the firm), which detects even a rewrite of the whole chain.
Reads DATA_DIR and DATABASE_URL like the server; with the embedded database the server must be
stopped (with PostgreSQL it may keep running).

Exit code: 0 intact, 1 broken (or the expected hash not found), 2 could not check.`;

async function main(): Promise<number> {
  let expect: { seq: number; hash: string } | undefined;
  try {
    const { values } = parseArgs({ options: { expect: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (values.expect !== undefined) {
      const m = /^(\d{1,15}):([0-9a-f]{64})$/i.exec(values.expect.trim());
      if (!m) throw new Error(`--expect takes SEQ:HASH (a position and a 64-digit hex hash), not "${values.expect}"`);
      expect = { seq: Number(m[1]), hash: (m[2] as string).toLowerCase() };
    }
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl && !(await exists(path.join(config.dataDir, 'pglite'))))
    throw new BackupError(`no embedded database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  const unlock = config.databaseUrl ? async () => {} : await lockEmbeddedDataDir(config.dataDir, 'audit verification');
  try {
    const db = await openConfigured(config, false);
    try {
      const started = Date.now();
      const r = await verifyChain(db);
      const took = `${((Date.now() - started) / 1000).toFixed(1)}s`;
      if (!r.ok && r.firstBreak) {
        console.error(`Audit chain BROKEN after ${r.checked} intact rows: ${describeBreak(r.firstBreak)}`);
        return 1;
      }
      console.log(`Audit chain intact: ${r.checked} rows checked in ${took}. Latest hash (position ${r.head.seq}): ${r.head.hash}`);
      if (expect) {
        const found = await hashAt(db, expect.seq);
        if (found !== expect.hash) {
          console.error(
            `The exported hash is not in the chain: position ${expect.seq} has ${found ?? 'no row'}, expected ${expect.hash} (the chain was rewritten).`,
          );
          return 1;
        }
        console.log(`The exported hash at position ${expect.seq} is still in the chain.`);
      }
      return 0;
    } finally {
      await db.close().catch(() => {});
    }
  } finally {
    await unlock();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(
      `Audit verification failed to run: ${err instanceof BackupError || err instanceof ConfigError ? err.message : (err as Error).stack}`,
    );
    process.exit(2);
  },
);
