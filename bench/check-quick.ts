// Validates a bench JSON (default .test-logs/bench-quick.json): every item of issue 8 that
// bench/run.ts measures (1, 2, 3, 4, 5, 8, 9, and issue 12's item 12) has finite numbers, and the load test passed.
// Exits non-zero otherwise.   node --import tsx bench/check-quick.ts [file.json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/util.ts';

const file = path.resolve(process.argv[2] ?? path.join(ROOT, '.test-logs/bench-quick.json'));
const problems: string[] = [];
let data: Record<string, unknown>;
try {
  data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
} catch (err) {
  console.error(`cannot read ${file}: ${(err as Error).message}`);
  process.exit(1);
}

const items = (data.items ?? {}) as Record<string, { numbers?: unknown }>;
const get = (o: unknown, p: string): unknown =>
  p.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);
const required: Record<string, string[]> = {
  '1': ['ratio', 'ours.rps', 'base.rps', 'plugins.ratio', 'plugins.base.rps'],
  '2': ['pglite.deals.ratio', 'pglite.deals.ours.p50', 'pglite.deals.ours.p99', 'pglite.activity.ratio', 'pglite.activity.ours.p99'],
  '3': ['pglite.ratio', 'pglite.ours.rps', 'pglite.base.rps', 'pglite.withSession.ratio', 'pglite.withSession.base.rps'],
  '4': ['hashMs', 'ceilingPerSec', 'loginsPerSec', 'readP99Alone', 'readP99WithLogins', 'p99Ratio'],
  '5': ['timeRatio', 'idleRssMiB', 'peakRssMiB', 'rssGrowthMiB'],
  '8': ['startMs', 'idleRssMiB'],
  '9': ['pglite.0.deals.p50', 'pglite.0.activity.p50'],
  '12': [
    'performance.ours.p50',
    'performance.ours.p99',
    'performance.base.p99',
    'dashboard.ours.p50',
    'dashboard.ours.p99',
    'dashboard.base.p99',
    'statementRun.statements',
    'statementRun.msPerStatement',
    'statementRun.peakRssMiB',
    'dealListDuringRun.p99Alone',
    'dealListDuringRun.p99During',
    'dealListDuringRun.p99Ratio',
  ],
};
for (const [item, paths] of Object.entries(required)) {
  const numbers = items[item]?.numbers;
  if (!numbers) {
    problems.push(`item ${item}: missing`);
    continue;
  }
  for (const p of paths) {
    const v = get(numbers, p);
    if (typeof v !== 'number' || !Number.isFinite(v)) problems.push(`item ${item}: ${p} is ${JSON.stringify(v)}, not a number`);
  }
}
// PostgreSQL figures when that engine ran.
for (const p of ['2:postgres.deals.ratio', '2:postgres.activity.ratio', '3:postgres.ratio', '3:postgres.withSession.ratio']) {
  const [item, rest] = p.split(':') as [string, string];
  const engine = rest.split('.')[0] as string;
  const numbers = items[item]?.numbers as Record<string, unknown> | undefined;
  if (numbers && engine in numbers) {
    const v = get(numbers, rest);
    if (typeof v !== 'number' || !Number.isFinite(v)) problems.push(`item ${item}: ${rest} is ${JSON.stringify(v)}, not a number`);
  }
}
// Page weight (item 6) when the web bench ran: JS for each of the four pages.
// Page weight is bytes, not time, so its budgets hold in the quick run too (issue 8: landing JS
// <= 120 KB, each signed-in area's first load <= 300 KB; issue 16: the landing within its budget
// in English with the Arabic font and catalogues left out).
type Budget = { kind?: string; limitKB?: number; valueKB?: number; met?: boolean };
const web = data.web as { skipped?: string; pageWeight?: Record<string, { jsGzipKB?: unknown; budget?: Budget | null }> } | undefined;
if (web && !web.skipped) {
  for (const page of ['/', '/login', '/admin', '/investor']) {
    const v = web.pageWeight?.[page]?.jsGzipKB;
    if (typeof v !== 'number' || !Number.isFinite(v)) problems.push(`item 6: ${page} jsGzipKB is ${JSON.stringify(v)}, not a number`);
    const budget = web.pageWeight?.[page]?.budget;
    if (page !== '/login' && !budget) problems.push(`item 6: ${page} has no budget`);
    if (budget && budget.met !== true)
      problems.push(`item 6: ${page} ${budget.kind} ${budget.valueKB} KB over its ${budget.limitKB} KB budget`);
  }
}
const load = data.load as Record<string, unknown> | undefined;
if (!load || 'skipped' in load) problems.push('load test: not run');
else {
  if (load.exitCode !== 0) problems.push(`load test: exit code ${load.exitCode} (${JSON.stringify(load.failures ?? load.error ?? '')})`);
  for (const k of ['requests', 'writesAcknowledged', 'errors5xx', 'lostWrites']) {
    if (typeof load[k] !== 'number') problems.push(`load test: ${k} is not a number`);
  }
}
const errors = (data.errors ?? []) as string[];
for (const e of errors) problems.push(`error: ${e.split('\n')[0]}`);

if (problems.length) {
  console.error(`${file}: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`${file}: every item has numbers (${Object.keys(required).join(', ')}, load test ok)`);
