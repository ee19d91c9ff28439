import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';

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
 */
export function loggerOptions(level: string, file?: string, mode: LogMode = 'json'): FastifyServerOptions['logger'] {
  if (file) mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  return {
    level,
    ...(file ? { file } : {}),
    ...(!file && mode === 'console' ? { stream: consoleStream() } : {}),
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
}
