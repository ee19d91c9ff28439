import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

/** What every module gets: the database and the validated configuration. */
export interface AppContext {
  db: Db;
  config: Config;
}

/** The client address: the socket's, or X-Forwarded-For's only when TRUST_PROXY is set (Fastify's trustProxy). */
export const clientIp = (request: FastifyRequest): string => request.ip;
