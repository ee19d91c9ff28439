import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { MessageCipher } from './crypto/cipher.ts';
import type { Db } from './db/client.ts';
import type { JobRunner } from './modules/jobs/runner.ts';
import type { FileStore } from './storage/file-store.ts';

/** What every module gets: the database, the file store and the validated configuration. */
export interface AppContext {
  db: Db;
  files: FileStore;
  config: Config;
  cipher: MessageCipher;
  /** The clock (tests inject one to stand at 23:30 in Dubai); default: the system's. */
  now?: () => Date;
  /** This server's job runner (decision 041); buildApp makes one when none is given. */
  jobs?: JobRunner;
}

/** The client address: the socket's, or X-Forwarded-For's only when TRUST_PROXY is set (Fastify's trustProxy). */
export const clientIp = (request: FastifyRequest): string => request.ip;
