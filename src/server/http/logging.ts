import type { FastifyServerOptions } from 'fastify';

/**
 * The server's log settings: request logs without cookies, authorization headers or the
 * session cookie the server sets. Request bodies (passwords) are never logged.
 */
export function loggerOptions(level: string, file?: string): FastifyServerOptions['logger'] {
  return {
    level,
    ...(file ? { file } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}
