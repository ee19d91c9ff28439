// The audit chain's cost per activity-log write (issue 33, decision 042).
//
//   node --import tsx bench/audit-chain.ts [--writes N] [--rounds R] [--skip-postgres] [--parallel P]
//
// Each engine gets a migrated database with 20,000 log rows. A round writes N transactions of one
// logActivity row each, P at a time, once with the chain trigger on and once with it off (ABBA
// order: the order is reversed every other round); the figure is the median over the rounds of
// the time per write, and the difference is the chain's cost. The verify's speed (rows per
// second of npm run audit:verify's walk) is measured at the end on the same rows.

import { type Db, openPglite, openPostgres } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { logActivity } from '../src/server/modules/activity/service.ts';
import { verifyChain } from '../src/server/modules/audit/verify.ts';
import { startCluster } from '../src/server/testing/postgres-cluster.ts';
import { median, parseArgs, round } from './lib/util.ts';

const args = parseArgs(process.argv.slice(2));
const WRITES = Number(args.writes ?? 1000);
const ROUNDS = Number(args.rounds ?? 4);
const PARALLEL = Number(args.parallel ?? 1);

async function writes(db: Db): Promise<number> {
  const started = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < WRITES) {
        const i = next++;
        await db.tx((q) => logActivity(q, { type: 'settings_updated', userId: null, details: { bench: i, key: 'x'.repeat(40) } }));
      }
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e3 / WRITES; // µs per write
}

async function measure(name: string, db: Db) {
  await migrate(db);
  await db.query(
    `INSERT INTO activity_logs (activity_type, details) SELECT 'user_login', jsonb_build_object('n', g) FROM generate_series(1, 20000) g`,
  );
  const on: number[] = [];
  const off: number[] = [];
  const setChain = (enabled: boolean) =>
    db.query(`ALTER TABLE activity_logs ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER activity_logs_chain`);
  await writes(db); // warm-up, chained
  for (let r = 0; r < ROUNDS; r++) {
    for (const enabled of r % 2 === 0 ? [true, false] : [false, true]) {
      await setChain(enabled);
      (enabled ? on : off).push(await writes(db));
    }
  }
  await setChain(true);
  // The unchained rows of the "off" runs would be reported as tampering: removed for the verify's timing.
  await db.query('ALTER TABLE activity_logs DISABLE TRIGGER activity_logs_append_only');
  await db.query('DELETE FROM activity_logs WHERE chain_seq IS NULL');
  await db.query('ALTER TABLE activity_logs ENABLE TRIGGER activity_logs_append_only');
  const started = Date.now();
  const v = await verifyChain(db);
  const seconds = (Date.now() - started) / 1000;
  const result = {
    engine: name,
    parallel: PARALLEL,
    chainedUsPerWrite: round(median(on), 0),
    plainUsPerWrite: round(median(off), 0),
    costUsPerWrite: round(median(on) - median(off), 0),
    verifyRows: v.checked,
    verifyRowsPerSecond: round(v.checked / seconds, 0),
  };
  console.log(JSON.stringify(result));
}

const pglite = await openPglite();
await measure('pglite', pglite);
await pglite.close();
if (!args['skip-postgres']) {
  const cluster = await startCluster();
  try {
    const pg = await openPostgres(cluster.url, Math.max(2, PARALLEL));
    await measure('postgres', pg);
    await pg.close();
  } finally {
    cluster.stop();
  }
}
