import type { FastifyServerOptions } from 'fastify';

/**
 * The server's log settings: request logs without cookies, authorization headers or the
 * session cookie the server sets. Request bodies (passwords) are never logged. To a terminal
 * the lines are readable (pino-pretty); to a file or a pipe they stay one JSON object a line.
 */
export function loggerOptions(level: string, file?: string, tty = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  return {
    level,
    ...(file ? { file } : {}),
    ...(!file && tty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}
