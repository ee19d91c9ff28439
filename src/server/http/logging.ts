import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';

/**
 * The server's log settings: request logs without cookies, authorization headers or the
 * session cookie the server sets. Request bodies (passwords) are never logged. To a terminal
 * the lines are readable (pino-pretty); to a file or a pipe they stay one JSON object a line.
 * A LOG_FILE in a folder that does not exist yet gets its folder (pino would crash on the open).
 */
export function loggerOptions(level: string, file?: string, tty = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  if (file) mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  return {
    level,
    ...(file ? { file } : {}),
    ...(!file && tty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}
