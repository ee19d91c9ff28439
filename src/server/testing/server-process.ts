import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '../db/client.ts';

/**
 * Real server processes for fault tests: `node --import tsx src/server/main.ts`, exactly as
 * production starts it. The port is chosen by the OS (PORT=0) and read back from the
 * "Server ready on ..." line, so parallel test files never collide. Every process started
 * here is remembered and can be killed by its PID; nothing else is ever signalled.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOG_DIR = path.join(REPO_ROOT, '.test-logs');

export const TEST_ADMIN = { email: 'fault.admin@test.example.com', password: 'fault-admin-pass-1' };

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerOptions {
  /** Names the log file: .test-logs/<name>.log (read by the suite's log-secret scan). */
  name: string;
  dataDir: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
  /** Extra or overriding environment. */
  env?: Record<string, string>;
  /** Settings removed after env (a newcomer's start: no LOG_FILE, no ADMIN_EMAIL). */
  unset?: string[];
}

export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  /** stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<Exit>;
  /** True once the process has exited. */
  hasExited(): boolean;
  /** Sends the signal (SIGKILL unless told) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface RunningServer extends ServerProcess {
  readonly port: number;
  readonly url: string;
}

const started = new Set<ChildProcess>();

// Settings the parent may carry that must not leak into the server under test.
const SCRUB = [
  'DATABASE_URL',
  'DATA_DIR',
  'PORT',
  'HOST',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'ADMIN_NAME',
  'DEMO_DATA',
  'DEMO_PASSWORD',
  'LOG_FILE',
  'LOG_LEVEL',
  'MESSAGE_KEY',
  'WEB_DIR',
  'TRUST_PROXY',
  'PUBLIC_URL',
  'TWO_FACTOR_DEFAULT',
  'NODE_OPTIONS',
  'SMTP_URL',
  'SMTP_PASSWORD',
  'PUBLIC_URL',
  'STORAGE_URL',
];

/** Starts a server process without waiting for it (see startServer). */
export function spawnServer(opts: ServerOptions): ServerProcess {
  mkdirSync(LOG_DIR, { recursive: true });
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !SCRUB.includes(k)) env[k] = v;
  Object.assign(env, {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    PASSWORD_HASH_COST: '12',
    DEMO_DATA: '0',
    // The fault suites sign the admin in with a password (two-factor is tested in security/controls.test.ts).
    TWO_FACTOR_DEFAULT: '0',
    // The fault suites' load signs up dozens of investors from one address within the hour; the
    // sign-up limit itself is tested in security/controls.test.ts.
    SIGNUP_MAX_PER_CLIENT: '1000000',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_FILE: path.join(LOG_DIR, `${opts.name}.log`),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  });
  for (const k of opts.unset ?? []) delete env[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start the server process ${opts.name}`);
  started.add(child);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (s: string) => {
    out += s;
  });
  child.stderr?.setEncoding('utf8').on('data', (s: string) => {
    err += s;
  });
  let done = false;
  let killing = false;
  const exited = new Promise<Exit>((resolve) => {
    child.on('exit', (code, signal) => {
      done = true;
      // A server that ends without being told to (a crash) leaves its console output beside its
      // log, so a failing suite says why (the LOG_FILE holds only the logger's lines).
      if (!killing)
        writeFileSync(
          path.join(LOG_DIR, `${opts.name}.exit.txt`),
          `exit code ${code}, signal ${signal}\n--- stdout\n${out.slice(-20_000)}\n--- stderr\n${err.slice(-20_000)}\n`,
        );
      started.delete(child);
      resolve({ code, signal });
    });
  });
  const pid = child.pid;
  return {
    name: opts.name,
    pid,
    stdout: () => out,
    stderr: () => err,
    exited,
    hasExited: () => done,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      killing = true;
      if (!done) {
        try {
          process.kill(pid, signal);
        } catch {
          // Already gone.
        }
      }
      return exited;
    },
  };
}

/** Starts a server and waits until it listens; rejects with its output if it exits or hangs. */
export async function startServer(opts: ServerOptions, timeoutMs = 60_000): Promise<RunningServer> {
  const proc = spawnServer(opts);
  let ready = false;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Server ready on http:\/\/[^\s:]+:(\d+)/.exec(proc.stdout());
      if (m) {
        ready = true;
        clearInterval(timer);
        clearTimeout(deadline);
        resolve(Number(m[1]));
      }
    }, 25);
    const fail = (why: string) => {
      clearInterval(timer);
      clearTimeout(deadline);
      reject(new Error(`server ${opts.name} ${why}\n--- stdout\n${proc.stdout()}\n--- stderr\n${proc.stderr()}`));
    };
    void proc.exited.then((e) => {
      if (!ready) fail(`exited before it was ready (code ${e.code}, signal ${e.signal})`);
    });
    // Only until it is ready: a deadline left running killed a ready server 60 s after its start,
    // in the middle of the suite, whenever a loaded machine made the suite outlive it.
    const deadline = setTimeout(() => {
      if (!proc.hasExited()) void proc.kill().then(() => fail(`was not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    deadline.unref();
  });
  return { ...proc, port, url: `http://127.0.0.1:${port}` };
}

/** Kills (SIGKILL) every server process this module started that is still running. */
export async function killStartedServers(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          try {
            if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
          } catch {
            resolve();
          }
        }),
    ),
  );
}

// A test worker that dies must not leave servers behind.
process.once('exit', () => {
  for (const child of started) {
    try {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/**
 * A new database on the PostgreSQL server at `serverUrl`, copied from the migrated template
 * `sd_template` (as the harness does), for server processes to use.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sd_fault_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(serverUrl, 1);
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE sd_template`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = await openPostgres(serverUrl, 1);
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.close();
      }
    },
  };
}

// ---- a small HTTP client for the tests ----

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  cookie: string | null;
}

/** One request; the session cookie, when the response sets one, comes back as a Cookie header value. */
export async function request<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  opts: { cookie?: string | null; json?: unknown; form?: FormData; signal?: AbortSignal } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const send = () => fetch(base + url, { method, headers, body, signal: opts.signal });
  let res: Response;
  try {
    res = await send();
  } catch (err) {
    // A reused keep-alive connection can be reset under the request (undici reports ECONNRESET),
    // seen once in the two-instance suite right after an instance was killed and another started.
    // A browser retries an idempotent request on a fresh connection then; so does this helper,
    // once. A server that is really gone fails again (ECONNREFUSED), and the test with it.
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (!(code === 'ECONNRESET' && (method === 'GET' || method === 'HEAD'))) throw err;
    res = await send();
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a file).
  }
  const set = res.headers.getSetCookie().find((c) => c.startsWith('sd_session='));
  return { status: res.status, body: parsed as T, cookie: set ? (set.split(';')[0] ?? null) : null };
}

/** Signs in and returns the Cookie header value. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await request(base, 'POST', '/api/auth/sign-in', { json: { email, password } });
  if (res.status !== 200 || !res.cookie) throw new Error(`sign-in as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.cookie;
}

/** A multipart form with text fields and one file in the field `file`. */
export function fileForm(fields: Record<string, string>, file: { name: string; content: Buffer }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file.content)], { type: 'application/octet-stream' }), file.name);
  return form;
}

/**
 * Creates an active investor through the admin API and signs them in, past the password
 * change an admin-created account must make first. Returns the id and the Cookie value.
 */
export async function createInvestor(
  base: string,
  adminCookie: string,
  email: string,
  name = 'Test Investor',
): Promise<{ id: string; cookie: string }> {
  const temporary = 'temporary-pass-1';
  const created = await request<{ user: { id: string } }>(base, 'POST', '/api/users', {
    cookie: adminCookie,
    json: { name, email, password: temporary, role: 'investor' },
  });
  if (created.status !== 201) throw new Error(`creating ${email} failed: ${created.status} ${JSON.stringify(created.body)}`);
  const cookie = await signIn(base, email, temporary);
  const changed = await request(base, 'POST', '/api/auth/change-password', {
    cookie,
    json: { currentPassword: temporary, newPassword: INVESTOR_PASSWORD },
  });
  if (changed.status !== 200) throw new Error(`password change for ${email} failed: ${changed.status} ${JSON.stringify(changed.body)}`);
  // The session may be renewed by the change; sign in afresh to be sure.
  return { id: created.body.user.id, cookie: await signIn(base, email, INVESTOR_PASSWORD) };
}

export const INVESTOR_PASSWORD = 'investor-pass-1';
