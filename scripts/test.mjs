#!/usr/bin/env node
// The README's test command: installs what the suites need, then runs every suite
// (type check, unit + API tests, component tests, build, end-to-end tests in Chromium) and ends with one
// plain line "N passed, N failed" totalling them all.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMeter } from './cpu-meter.mjs';

// One Node (decision record 031): every suite runs on the Node that package.json pins (the npm
// package `node`, whose binary npm puts first on PATH for `npm test`); every child below that
// starts `node`, `npx` or a bin script finds that binary on PATH, and the servers the tests start
// run on process.execPath, the same binary. Started another way on another Node, this script
// starts itself again on the pinned one.
const PINNED_NODE = JSON.parse(readFileSync('package.json', 'utf8')).dependencies.node;
if (process.versions.node !== PINNED_NODE) {
  const bin = path.resolve('node_modules/.bin');
  if (!existsSync(`${bin}/node`)) {
    console.log(`npm test runs on Node ${PINNED_NODE} from node_modules: install first (README, "Two commands").`);
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
  const again = spawnSync(`${bin}/node`, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  process.exit(again.status ?? 1);
}
console.log(`Node ${process.versions.node} (${process.execPath})`);

const LOGS = '.test-logs';
mkdirSync(LOGS, { recursive: true });
// Logs and recorded secrets of earlier runs would only slow the final scan down.
for (const f of readdirSync(LOGS))
  if (f.endsWith('.log') || f.endsWith('.out') || /^secrets-.*\.txt$/.test(f)) rmSync(`${LOGS}/${f}`, { force: true });
const results = [];
/** CPU seconds per suite, printed at the end (scripts/cpu-meter.mjs). */
const meter = cpuMeter();

/** Runs a step to its end with its output on the console (the event loop stays free: the CPU meter samples on). */
async function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    meter.track(label, child.pid);
    child.on('error', () => resolve(1));
    child.on('close', (status) => resolve(status ?? 1));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${label} finished with exit code ${code} in ${seconds}s`);
  return code;
}

function record(suite, passed, failed) {
  results.push({ suite, passed, failed });
}
/** The names of failed tests, printed again beside the totals (CI shows only the end of the output). */
const failures = [];
function firstLine(text) {
  return String(text ?? '')
    .replaceAll(`${String.fromCharCode(27)}[`, '\u241b[') // the terminal's colour codes, made visible
    .replace(/\u241b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300);
}

// 1. System packages (Chromium) via apt when missing.
if ((await run('system packages', 'bash', ['scripts/ensure-system-deps.sh'])) !== 0) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

// 3. Unit and API tests (real app, real embedded PostgreSQL), and the API suite again on a real
//    PostgreSQL server (started by the suite on loopback, or DATABASE_URL when given): both run
//    in the background beside the browser tests (step 4). Background output
//    goes to .test-logs/*.out and is printed when it ends.
function vitestCommand(file, args) {
  return ['npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${LOGS}/${file}`]];
}
function recordVitest(label, file, code) {
  const json = `${LOGS}/${file}`;
  if (existsSync(json)) {
    const v = JSON.parse(readFileSync(json, 'utf8'));
    for (const f of v.testResults ?? [])
      for (const a of f.assertionResults ?? [])
        if (a.status === 'failed')
          failures.push(`${label}: ${f.name?.replace(`${process.cwd()}/`, '')} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    record(label, v.numPassedTests ?? 0, (v.numFailedTests ?? 0) + (code !== 0 && !v.numFailedTests ? 1 : 0));
  } else record(label, 0, 1);
}
/** Runs a command with its output in a log file; resolves to its exit code. */
function runInBackground(label, cmd, args, env = {}) {
  const log = `${LOGS}/${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.out`;
  console.log(`\n=== ${label} (background, output in ${log}): ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const fd = openSync(log, 'w');
    const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
    meter.track(label, child.pid);
    child.on('close', (code) => {
      closeSync(fd);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      backgroundLogs.push({ label, log, text: `=== ${label} finished with exit code ${code} in ${seconds}s` });
      resolve(code ?? 1);
    });
  });
}
const backgroundLogs = [];
async function backgroundSuite(label, file, args, env) {
  rmSync(`${LOGS}/${file}`, { force: true });
  const [cmd, cmdArgs] = vitestCommand(file, args);
  recordVitest(label, file, await runInBackground(label, cmd, cmdArgs, env));
}

// (The PGlite pass starts below, beside the browser tests: see step 4.)

// The API suite again on PostgreSQL (with the PostgreSQL-only fault tests), on the same Node.
// Every vitest pass checks it runs on the pinned Node (src/server/node-version.test.ts).
const NODE_CHECK = { NODE_VERSION_CHECK: '1' };
async function background() {
  const skip = engineFreeFiles();
  console.log(
    `\nThe PostgreSQL pass leaves out ${skip.length} test files that open no database (they ran in the PGlite pass): ${skip.join(', ')}`,
  );
  await backgroundSuite('vitest (PostgreSQL)', 'vitest-postgres.json', ['src/server', ...skip.flatMap((f) => ['--exclude', f])], {
    TEST_DB: 'postgres',
    ...NODE_CHECK,
  });
  // The suites that store and read files, again with the files in an S3 bucket (s3rver on
  // loopback, started by the global setup; decision record 043).
  await backgroundSuite('vitest (S3 storage)', 'vitest-s3.json', S3_SUITES, { TEST_STORAGE: 's3', ...NODE_CHECK });
}
/**
 * Server test files that open no database, so a PostgreSQL pass would run them exactly as the
 * PGlite pass did (pure functions, the PDF signer, `npm start`, which always runs on the embedded
 * database): files that import none of the modules that open one (the test harness, the server
 * process and PostgreSQL helpers, src/server/db) and name neither TEST_DB nor DATABASE_URL. The
 * Node check runs in every pass on purpose (NODE_CHECK).
 */
function engineFreeFiles() {
  const OPENS_A_DATABASE =
    /testing\/(harness|server-process|postgres-cluster|fixtures|signing|signing-fixtures|signing-http|api-client|s3-server|messages-scan)|\/db\/|TEST_DB|DATABASE_URL|openDatabase|PGlite|pglite|main\.ts|buildApp/;
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return walk('src/server')
    .filter((f) => f.endsWith('.test.ts') && !f.endsWith('node-version.test.ts'))
    .filter((f) => !OPENS_A_DATABASE.test(readFileSync(f, 'utf8')))
    .sort();
}
const S3_SUITES = [
  'src/server/modules/documents/documents.test.ts',
  'src/server/modules/kyc/kyc.test.ts',
  'src/server/modules/messages/messages.test.ts',
  'src/server/faults/storage-consistency.test.ts',
];
// 2. Type check and lint (Biome, a gate): one check each, and the component tests. They run in the background beside the
//    build and the suites below (their outcome is recorded at the end); lint through npm, so the
//    shell expands the root *.ts files the lint script names.
const checksDone = Promise.all([
  runInBackground('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']).then((code) =>
    record('typecheck', code === 0 ? 1 : 0, code === 0 ? 0 : 1),
  ),
  runInBackground('lint', 'npm', ['run', '-s', 'lint']).then((code) => record('lint', code === 0 ? 1 : 0, code === 0 ? 0 : 1)),
  // The web's component tests (decision record 034): Vitest browser mode in Chromium, the API a
  // typed fake; each test counts in the final line like any other.
  (async () => {
    rmSync(`${LOGS}/vitest-web.json`, { force: true });
    const [cmd, cmdArgs] = vitestCommand('vitest-web.json', ['-c', 'vitest.web.config.ts']);
    recordVitest('component tests', 'vitest-web.json', await runInBackground('component tests', cmd, cmdArgs));
  })(),
]);

/**
 * The spec files split into shards of about equal time (not equal count, as Playwright's --shard
 * does: the last split left one shard 150 s longer than the other): the longest file first, each
 * to the shard with the least time so far, from e2e/durations.json (seconds per file from the last
 * run, written by scripts/e2e-durations.mjs); a file not listed counts as the average.
 */
function e2eShards(n) {
  const files = readdirSync('e2e')
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  const known = existsSync('e2e/durations.json') ? JSON.parse(readFileSync('e2e/durations.json', 'utf8')) : {};
  const listed = Object.values(known);
  const average = listed.length > 0 ? listed.reduce((a, b) => a + b, 0) / listed.length : 1;
  const cost = (f) => known[f] ?? average;
  const out = Array.from({ length: n }, () => ({ files: [], seconds: 0 }));
  for (const f of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const least = out.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.files.push(f);
    least.seconds += cost(f);
  }
  for (const [i, s] of out.entries()) console.log(`e2e shard ${i + 1}: ${s.files.length} spec files, about ${Math.round(s.seconds)} s`);
  return out.map((s) => s.files.sort());
}

// 4. Build the web app; then, side by side (the two cores are busy throughout; the browser shards
//    are the longest part, so the rest runs beside them): the API suites on PostgreSQL,
//    the unit and API suites on PGlite (one worker, one process: decision 022), and the end-to-end shards.
const build = await run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
record('build', build === 0 ? 1 : 0, build === 0 ? 0 : 1);
const backgroundDone = background();
const pgliteDone = (async () => {
  rmSync(`${LOGS}/vitest.json`, { force: true });
  const [cmd, cmdArgs] = vitestCommand('vitest.json', ['--maxWorkers=1']);
  recordVitest('vitest (PGlite)', 'vitest.json', await runInBackground('vitest (PGlite)', cmd, cmdArgs, NODE_CHECK));
})();
if (build === 0) {
  // The spec files are split into E2E_SHARDS shards (default 2) that run side by side, each with
  // its own servers on its own fresh databases (ports E2E_PORT + 10 * i), so no shard sees
  // another's data: each is the sequential run of its files, as before, in about half the time.
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
  const basePort = Number(process.env.E2E_PORT ?? 3190);
  const shardFiles = e2eShards(shards);
  const codes = await Promise.all(
    Array.from({ length: shards }, (_, i) => {
      const json = `${LOGS}/e2e-results-${i + 1}.json`;
      rmSync(json, { force: true });
      const files = shardFiles[i].map((f) => `e2e/${f.replaceAll('.', '\\.')}$`);
      return runInBackground(`end-to-end tests shard ${i + 1} of ${shards}`, 'npx', ['playwright', 'test', ...files], {
        E2E_PORT: String(basePort + 10 * i),
        E2E_RESULTS: json,
      });
    }),
  );
  let expected = 0;
  let failed = 0;
  for (const [i, code] of codes.entries()) {
    const json = `${LOGS}/e2e-results-${i + 1}.json`;
    const log = backgroundLogs.find((b) => b.label.startsWith(`end-to-end tests shard ${i + 1} `));
    if (log) {
      console.log(`\n${log.text}; the last lines of ${log.log}:`);
      console.log(readFileSync(log.log, 'utf8').split('\n').slice(-60).join('\n'));
      backgroundLogs.splice(backgroundLogs.indexOf(log), 1);
    }
    if (existsSync(json)) {
      const report = JSON.parse(readFileSync(json, 'utf8'));
      const s = report.stats ?? {};
      const walk = (suite, names) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === 'unexpected' || t.status === 'flaky') {
              const err = t.results?.find((r) => r.error)?.error?.message;
              failures.push(
                `e2e (${t.projectName}, ${t.status}): ${[...names, spec.title].join(' > ')} (${spec.file}:${spec.line}): ${firstLine(err)}`,
              );
            }
        for (const child of suite.suites ?? []) walk(child, [...names, child.title]);
      };
      for (const suite of report.suites ?? []) walk(suite, []);
      // A test that failed once and passed on its retry (playwright.config.ts: one retry under CI)
      // counts as passed and is named under "Failed tests" as flaky, to be fixed; one that fails
      // twice counts as failed.
      const bad = s.unexpected ?? 0;
      expected += (s.expected ?? 0) + (s.flaky ?? 0);
      failed += bad + (code !== 0 && bad === 0 ? 1 : 0);
    } else failed += 1;
  }
  record('e2e', expected, failed);
}

// The background suites end before the benchmark (which measures and needs a quiet machine).
await pgliteDone;
await backgroundDone;
await checksDone;
for (const b of backgroundLogs) {
  console.log(`\n${b.text}; the last lines of ${b.log}:`);
  console.log(readFileSync(b.log, 'utf8').split('\n').slice(-25).join('\n'));
}

// 5. The quick benchmark (issue 8's scripts produce numbers; timed targets are not asserted here,
//    the page-weight budgets are: bench/check-quick.ts)
//    with the bounded load test run for 10 s inside it: concurrent signed-in investors and
//    admins reading and writing; it fails on any 5xx or any acknowledged write it cannot read back.
{
  const bench = await run('quick benchmark + 10 s load test', 'node', [
    '--import',
    'tsx',
    'bench/run.ts',
    '--quick',
    '--web-dir',
    'dist/web',
    '--load-seconds',
    '10',
    // The quick run's PostgreSQL figures are optional (bench/check-quick.ts) and the API suites
    // already ran on PostgreSQL above; skipping them shortens this step from about 160 s to 140 s (decision 022).
    // `npm run bench` measures both engines.
    '--skip-postgres',
  ]);
  const check = await run('benchmark numbers', 'node', ['--import', 'tsx', 'bench/check-quick.ts']);
  record('bench --quick + load', check === 0 && bench === 0 ? 1 : 0, check === 0 && bench === 0 ? 0 : 1);
}

// 6. No secret in any server log written by the suites (scripts/scan-logs.mjs). The scanner
//    first proves it can fail: on a planted log holding a planted secret it must report a leak.
{
  const { mkdtempSync, writeFileSync: write } = await import('node:fs');
  const planted = mkdtempSync(`${os.tmpdir()}/sd-scan-`);
  write(`${planted}/secrets-1.txt`, 'planted-secret-7Qx\n');
  write(`${planted}/server.log`, '{"msg":"user planted-secret-7Qx signed in"}\n');
  const selfTest = spawnSync('node', ['scripts/scan-logs.mjs', planted], { encoding: 'utf8' });
  rmSync(planted, { recursive: true, force: true });
  const scan = await run('log secrets', 'node', ['scripts/scan-logs.mjs', LOGS]);
  const ok = selfTest.status === 1 && scan === 0;
  if (selfTest.status !== 1) console.log('The log scanner missed a planted secret.');
  record('log secrets', ok ? 1 : 0, ok ? 0 : 1);
}

const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
if (failures.length > 0) {
  console.log('\nFailed tests:');
  for (const f of failures.slice(0, 40)) console.log(`  ${f}`);
}
console.log('\nSuites:');
for (const r of results) console.log(`  ${r.suite.padEnd(20)} ${r.passed} passed, ${r.failed} failed`);
// What each step cost the machine (decision 060): CPU seconds, user + system, with every process
// the step started; the whole machine's busy seconds and the wall time beside them.
const cpu = meter.report();
meter.stop();
if (cpu.suites.length > 0) {
  console.log('\nCPU seconds per step (user + system, the step and every process it started; sampled, slightly low):');
  for (const s of cpu.suites) console.log(`  ${s.suite.padEnd(44)} ${String(s.cpu).padStart(6)}`);
  const counted = cpu.suites.reduce((a, s) => a + s.cpu, 0);
  console.log(
    `  ${'all steps'.padEnd(44)} ${String(counted).padStart(6)}   (machine: ${cpu.machine} busy CPU s in ${cpu.wall} s of wall time on ${os.availableParallelism()} cores)`,
  );
  writeFileSync(`${LOGS}/cpu.json`, `${JSON.stringify(cpu, null, 2)}\n`);
}
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(`${LOGS}/summary.txt`, `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed === 0 ? 0 : 1);
