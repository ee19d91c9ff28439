import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';

/**
 * Starts the end-to-end tests' background processes side by side instead of one after another
 * (Playwright starts the entries of `webServer` in turn, and each server spends most of its
 * start-up migrating and seeding its own database): the mail receiver first, since the demo
 * server sends e-mail as it seeds, then the two app servers together. When every one answers its
 * health URL, an HTTP endpoint on E2E_READY_PORT says so; Playwright waits for that one.
 *   E2E_SERVERS     JSON: [{ name, command, url, env, after? }] (after: names to wait for first)
 *   E2E_READY_PORT  the port of the readiness endpoint (loopback)
 * A process that exits early ends this one with its exit code; a signal here stops them all.
 */
type ServerSpec = { name: string; command: string; url: string; env: Record<string, string>; after?: string[] };

const specs = JSON.parse(process.env.E2E_SERVERS ?? '[]') as ServerSpec[];
const readyPort = Number(process.env.E2E_READY_PORT);
if (specs.length === 0 || !readyPort) {
  console.error('Set E2E_SERVERS and E2E_READY_PORT');
  process.exit(1);
}

const children: ChildProcess[] = [];
let stopping = false;
function stopAll(code: number): never {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

const ready = new Map<string, Promise<void>>();
function start(spec: ServerSpec): Promise<void> {
  const existing = ready.get(spec.name);
  if (existing) return existing;
  const started = (async () => {
    for (const name of spec.after ?? []) {
      const dep = specs.find((s) => s.name === name);
      if (!dep) throw new Error(`${spec.name} waits for unknown ${name}`);
      await start(dep);
    }
    const child = spawn(spec.command, { shell: true, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...spec.env } });
    children.push(child);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[e2e-servers] ${spec.name} exited early (${signal ?? `code ${code}`})`);
      stopAll(code || 1);
    });
    while (!(await healthy(spec.url))) await new Promise((r) => setTimeout(r, 200));
    console.log(`[e2e-servers] ${spec.name} is up at ${spec.url}`);
  })();
  ready.set(spec.name, started);
  return started;
}

await Promise.all(specs.map(start));
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ready');
  })
  .listen(readyPort, '127.0.0.1');
