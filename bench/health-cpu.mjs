// CPU per request of GET /api/health: our server as deployed (src/server/main.ts, PGlite) against
// the bench's "Fastify with the same plugins" (bench/target.ts BENCH_MODE=plugins), each started
// with --cpu-prof and driven by autocannon (20 connections, 8 s after 2 s of warm-up). Only the
// samples inside the measured window count, so the figure is main-thread busy time per request:
// unlike req/s, it barely moves with the machine's load (issue 19, item 1).
//   node bench/health-cpu.mjs main|plugins
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const which = process.argv[2];
const dir = path.join(os.tmpdir(), `sd-health-cpu-prof-${which}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir);
const port = which === 'main' ? 4981 : 4982;
const env = { ...process.env, PORT: String(port), LOG_LEVEL: 'info' };
let args;
if (which === 'main') {
  Object.assign(env, {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sd-health-cpu-')),
    DEMO_DATA: '0',
    ADMIN_EMAIL: 'p@example.test',
    ADMIN_PASSWORD: 'prof-password-123',
    WEB_DIR: '/tmp/none',
  });
  args = ['--import', 'tsx', 'src/server/main.ts'];
} else {
  Object.assign(env, { BENCH_MODE: 'plugins' });
  args = ['--import', 'tsx', '-e', "process.on('SIGTERM',()=>process.exit(0)); await import('./bench/target.ts')"];
}
const spawnedAt = performance.now();
const srv = spawn('node', ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
for (;;) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 300));
}
const hit = (s) =>
  new Promise((res) => autocannon({ url: `http://127.0.0.1:${port}/api/health`, connections: 20, duration: s }, (_e, r) => res(r)));
await hit(2);
const t0 = performance.now() - spawnedAt;
const r = await hit(8);
const t1 = performance.now() - spawnedAt;
srv.kill('SIGTERM');
await new Promise((res) => srv.on('exit', res));
const files = readdirSync(dir);
let best;
for (const f of files) {
  const p = JSON.parse(readFileSync(`${dir}/${f}`));
  if (p.nodes.some((n) => n.callFrame.url.includes('fastify/lib'))) best = p;
}
const byId = new Map(best.nodes.map((n) => [n.id, n]));
const self = new Map();
let t = 0;
for (let i = 0; i < best.samples.length; i++) {
  t += best.timeDeltas[i];
  const ms = t / 1000;
  if (ms < t0 + 300 || ms > t1 - 300) continue;
  self.set(best.samples[i], (self.get(best.samples[i]) ?? 0) + best.timeDeltas[i]);
}
let busy = 0;
const frames = new Map();
for (const [id, us] of self) {
  const f = byId.get(id).callFrame;
  if (f.functionName === '(idle)') continue;
  busy += us;
  const k = `${f.functionName || '(anon)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/src\//, 'src/')}:${f.lineNumber + 1}`;
  frames.set(k, (frames.get(k) ?? 0) + us);
}
const _total = r.requests.total + 0;
console.log(
  which,
  'requests',
  r.requests.total,
  'rps',
  r.requests.average,
  'busy ms',
  Math.round(busy / 1000),
  'µs/req',
  Math.round(((busy / r.requests.total) * (t1 - t0)) / (t1 - t0 - 600)),
);
for (const [k, v] of [...frames.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(((100 * v) / busy).toFixed(1).padStart(5), k);
