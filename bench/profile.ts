// CPU profiles of the hot paths under the bench's load (issue 19).
//
//   node --import tsx bench/profile.ts [--seconds 8] [--out FILE.json] [--engine pglite|postgres] [--paths health,deals,activity,activity-bare,create,signin]
//
// Each path runs in its own server process (bench/target.ts, our app exactly as buildApp makes
// it, LOG_LEVEL=info) started with `node --cpu-prof`; autocannon drives it from this process
// with the bench's connection counts, then the server exits and its .cpuprofile is summarised:
// the frames with the most self time, and self time grouped by where the code lives (our
// source, each npm package, Node internals, the garbage collector, PGlite's WebAssembly).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Cluster, findPgBin, startCluster } from '../src/server/testing/postgres-cluster.ts';
import { cannon } from './lib/cannon.ts';
import { BENCH_ADMIN, cpuMs, freePort, parseArgs, ROOT, round, signIn, startNode, TARGET } from './lib/util.ts';

const args = parseArgs(process.argv.slice(2));
const seconds = Number(args.seconds ?? 8);
const engine = (args.engine as string) ?? 'pglite';
const paths = String(args.paths ?? 'health,deals,create,signin').split(',');
const out = path.resolve(typeof args.out === 'string' ? args.out : path.join(ROOT, '.test-logs/profile.json'));
const work = mkdtempSync(path.join(os.tmpdir(), 'sd-prof-'));
const BASE = { deals: 2_000, users: 200, activity: 20_000, documents: 200 };
const NEW_DEAL = JSON.stringify({
  title: 'Profiled deal',
  type: 'Infrastructure',
  targetAmount: '2500000',
  spvEntity: 'Bench SPV 1',
  expectedIrr: '14%',
  riskScore: '4/10',
  description: 'Created by the profiler.',
  nextStep: 'Review term sheet',
});

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame's code lives. */
function area(url: string, fn: string): string {
  if (fn === '(garbage collector)') return 'GC';
  if (fn === '(idle)' || fn === '(program)') return fn;
  if (!url) return fn.startsWith('(') ? fn : 'native';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] as string);
  }
  if (url.startsWith('node:')) return 'node:internal';
  if (url.includes('/src/server/')) return 'ours (src/server)';
  if (url.includes('/src/shared/')) return 'ours (src/shared)';
  if (url.includes('/bench/')) return 'bench harness';
  if (url.startsWith('wasm://')) return 'wasm';
  return url;
}

export function summarise(file: string, top = 15) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const id = p.samples[i] as number;
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((a, [, v]) => a + v, 0);
  const busy = total - idle;
  const frames = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id) as Node;
    const f = n.callFrame;
    if (f.functionName === '(idle)') continue;
    const where = f.url ? `${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/src\//, 'src/')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    frames.set(key, (frames.get(key) ?? 0) + us);
    const a = area(f.url, f.functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
  }
  const pct = (us: number) => round((100 * us) / busy, 1);
  return {
    wallMs: round((p.endTime - p.startTime) / 1000, 0),
    busyMs: round(busy / 1000, 0),
    busyPct: round((100 * busy) / total, 1),
    topFrames: [...frames.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, us]) => ({ frame, selfPct: pct(us) })),
    byArea: [...areas.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([where, us]) => ({ where, selfPct: pct(us) })),
  };
}

type Target = { app: string; control: string; cookie: string; pid: number };

async function profilePath(name: string, t: Target) {
  const { app, cookie } = t;
  const run = async (secs: number) => {
    if (name === 'health') return cannon({ url: app, path: '/api/health', connections: 20, seconds: secs });
    if (name === 'deals') return cannon({ url: app, path: '/api/deals', headers: { cookie }, connections: 10, seconds: secs });
    // The Activity Logs page's first request (item 2), at item 2's 50 connections, and item 2's
    // baseline: the bare route replaying the SQL that request issued (captured before the run).
    if (name === 'activity')
      return cannon({ url: app, path: '/api/activity-logs?limit=100', headers: { cookie }, connections: 50, seconds: secs });
    if (name === 'activity-bare') return cannon({ url: t.control, path: '/bare/read/activity', connections: 50, seconds: secs });
    if (name === 'create')
      return cannon({
        url: app,
        path: '/api/deals',
        method: 'POST',
        body: NEW_DEAL,
        headers: { cookie, 'content-type': 'application/json' },
        connections: 10,
        seconds: secs,
      });
    return cannon({
      url: app,
      path: '/api/auth/sign-in',
      method: 'POST',
      body: JSON.stringify(BENCH_ADMIN),
      headers: { 'content-type': 'application/json' },
      connections: 8,
      seconds: secs,
    });
  };
  if (name === 'activity-bare') {
    const res = await fetch(`${t.control}/__bench/capture`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'activity', kind: 'read', method: 'GET', url: '/api/activity-logs?limit=100' }),
    });
    if (!res.ok) throw new Error(`capture: ${res.status} ${await res.text()}`);
  }
  await run(1); // warm-up (JIT), not profiled
  await fetch(`${t.control}/__bench/profile/start`, { method: 'POST' });
  // CPU time of the server process per answered request (user + system, from /proc): unlike the
  // rate, it hardly depends on how many other processes share the cores.
  const cpu0 = cpuMs(t.pid);
  const r = await run(seconds);
  const cpuMsPerRequest = round((cpuMs(t.pid) - cpu0) / Math.max(r.requests, 1), 3);
  const { profile } = (await (await fetch(`${t.control}/__bench/profile/stop`, { method: 'POST' })).json()) as { profile: Profile };
  const file = path.join(work, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  if (typeof args['keep-profiles'] === 'string') {
    mkdirSync(args['keep-profiles'], { recursive: true });
    writeFileSync(path.join(args['keep-profiles'], `${engine}-${name}.cpuprofile`), JSON.stringify(profile));
  }
  return { load: { rps: round(r.rps, 0), p50: r.p50, p99: r.p99, non2xx: r.non2xx, cpuMsPerRequest }, ...summarise(file) };
}

async function main() {
  let cluster: Cluster | undefined;
  const env: Record<string, string> = {};
  if (engine === 'postgres') {
    findPgBin();
    cluster = await startCluster();
    env.DATABASE_URL = cluster.url;
  }
  const dataDir = path.join(work, 'data');
  const results: Record<string, unknown> = { engine, seconds, date: new Date().toISOString(), loadavg: os.loadavg() };
  const appPort = await freePort();
  const proc = await startNode({
    script: TARGET,
    env: { BENCH_MODE: 'app', BENCH_APP_PORT: String(appPort), BENCH_BASE: JSON.stringify(BASE), DATA_DIR: dataDir, ...env },
    logFile: path.join(work, 'target.log'),
    healthPath: '/__bench/ready',
  });
  try {
    const app = `http://127.0.0.1:${appPort}`;
    const t: Target = { app, control: proc.url, pid: proc.pid, cookie: await signIn(app, BENCH_ADMIN.email, BENCH_ADMIN.password) };
    for (const name of paths) {
      console.log(`profiling ${name} on ${engine} for ${seconds} s`);
      const r = await profilePath(name, t);
      results[name] = r;
      console.log(JSON.stringify(r.load), `busy ${r.busyPct}%`);
      for (const a of r.byArea) console.log(`   ${a.selfPct}%\t${a.where}`);
      for (const f of r.topFrames) console.log(`      ${f.selfPct}%\t${f.frame}`);
    }
  } finally {
    await proc.stop();
    cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  }
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
