import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/**
 * How the server logs (decision record 030 covers the console):
 * - 'json': one JSON object a line (pino), to LOG_FILE or stdout. Used whenever LOG_FILE is set
 *   or NODE_ENV=production, terminal or not: what log collectors and the test suites' secret
 *   scan (scripts/scan-logs.mjs, which reads the LOG_FILEs the test servers write) read.
 * - 'console': a newcomer's `npm start` (no LOG_FILE, not production). Short readable lines,
 *   warnings and errors only unless LOG_LEVEL is set (no line per request), and each kind of
 *   warning printed once: a queue of e-mails that cannot be sent says so once, not per message.
 */
export type LogMode = 'console' | 'json';

export function logMode(file: string | undefined, env: NodeJS.ProcessEnv = process.env): LogMode {
  return file || env.NODE_ENV === 'production' ? 'json' : 'console';
}

const LABELS: Record<number, string> = { 10: 'Trace', 20: 'Debug', 30: 'Info', 40: 'Warning', 50: 'Error', 60: 'Fatal' };

/**
 * The console's destination: pino writes JSON lines into it; it prints "Warning: <message>".
 * A warning is printed once per kind (its `warning` field, or its message); errors every time.
 */
export function consoleStream(write: (line: string) => void = (line) => process.stdout.write(line)) {
  const seen = new Set<string>();
  return {
    write(chunk: string) {
      let entry: { level?: number; msg?: string; warning?: string; err?: { message?: string } };
      try {
        entry = JSON.parse(chunk);
      } catch {
        write(chunk);
        return;
      }
      const level = entry.level ?? 30;
      const message = entry.msg ?? '';
      if (level === 40) {
        const kind = entry.warning ?? message;
        if (seen.has(kind)) return;
        seen.add(kind);
      }
      const detail = entry.err?.message && entry.err.message !== message ? ` (${entry.err.message})` : '';
      write(`${LABELS[level] ?? 'Log'}: ${message}${detail}\n`);
    },
  };
}

/** A URL as logged: the secret of a calendar feed's address (issue 34, decision 048) is masked. */
export const loggedUrl = (url: string) => url.replace(/^(\/api\/feeds\/calendar\/)[^/?#]+/, '$1[secret]');

/**
 * The server's log settings: request logs without cookies, authorization headers, the secret in
 * a calendar feed's URL or the session cookie the server sets. Request bodies (passwords) are never logged.
 * A LOG_FILE in a folder that does not exist yet gets its folder (pino would crash on the open).
 *
 * `async` (the running server, decision 015): JSON lines go through an asynchronous pino
 * destination instead of one synchronous write(2) per line on the event loop. Lines written while
 * a write is in flight are joined into the next one, so under load a request no longer pays a
 * system call for its log line (the write profile spent 16% of the main thread in it). pino
 * flushes the destination synchronously when the process exits (normally, on a fatal error or on
 * SIGTERM's orderly shutdown); only a SIGKILL can lose the last lines not yet written.
 */
export function loggerOptions(
  level: string,
  file?: string,
  mode: LogMode = 'json',
  opts: { async?: boolean } = {},
): FastifyServerOptions['logger'] {
  if (file) mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const base = {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      // Fastify's own request serializer, with the URL masked.
      req: (request: { method: string; url: string; host?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host ?? request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
  if (!file && mode === 'console') return { ...base, stream: consoleStream() };
  if (opts.async) return { ...base, stream: pino.destination({ dest: file ?? 1, sync: false, mkdir: true }) };
  return { ...base, ...(file ? { file } : {}) };
}
