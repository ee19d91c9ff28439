import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MAIN = path.join(ROOT, 'src/server/main.ts');
export const TARGET = path.join(ROOT, 'bench/target.ts');

export const BENCH_ADMIN = { email: 'bench-admin@example.test', password: 'bench-admin-password' };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export const round = (x: number, digits = 2) => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : x);

import { freePort } from '../../src/server/testing/postgres-cluster.ts';

export { freePort };

export function machine() {
  const cpus = os.cpus();
  let commit = 'unknown';
  let dirty = false;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim().length > 0;
  } catch {}
  return {
    date: new Date().toISOString(),
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    ramGiB: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadavg: os.loadavg().map((x) => round(x, 2)),
    commit,
    dirty,
  };
}

/** VmRSS and VmHWM of a process, in MiB (null once it is gone). */
/** A process's CPU time so far (user + system), in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function memOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs`; stop() returns the peak in MiB. */
export function sampleRss(pid: number, everyMs = 25): { stop(): number } {
  let peak = memOf(pid)?.rss ?? 0;
  const t = setInterval(() => {
    const m = memOf(pid);
    if (m && m.rss > peak) peak = m.rss;
  }, everyMs);
  return {
    stop() {
      clearInterval(t);
      const m = memOf(pid);
      if (m && m.rss > peak) peak = m.rss;
      return peak;
    },
  };
}

export interface Proc {
  child: ChildProcess;
  pid: number;
  url: string;
  /** ms from spawn to the first 200 on the health URL. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Polls url until it answers 200; returns the elapsed ms since `since`. */
export async function waitOk(url: string, since: number, timeoutMs = 120_000, child?: ChildProcess): Promise<number> {
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return performance.now() - since;
    } catch {}
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** Starts `node --import tsx <script>` with stdout/stderr to logFile, waits for healthPath to answer 200. */
export async function startNode(opts: {
  script: string;
  env: Record<string, string>;
  logFile: string;
  healthPath: string;
  port?: number;
  nodeArgs?: string[];
}): Promise<Proc> {
  const port = opts.port ?? (await freePort());
  const fd = openSync(opts.logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', opts.script], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...opts.env },
    stdio: ['ignore', fd, fd],
  });
  const url = `http://127.0.0.1:${port}`;
  let readyMs: number;
  try {
    readyMs = await waitOk(url + opts.healthPath, started, 300_000, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${path.basename(opts.script)}: ${(err as Error).message}; see ${opts.logFile}`);
  }
  return {
    child,
    pid: child.pid as number,
    url,
    readyMs,
    stop: () => stopChild(child),
  };
}

export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  const m = /sd_session=([^;]+)/.exec(cookie);
  if (!m) throw new Error('sign-in set no session cookie');
  return `sd_session=${m[1]}`;
}

export function parseArgs(argv: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else if (argv[i + 1] !== undefined && !(argv[i + 1] as string).startsWith('--')) out[a.slice(2)] = argv[++i] as string;
    else out[a.slice(2)] = true;
  }
  return out;
}
