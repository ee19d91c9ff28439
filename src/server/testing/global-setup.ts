import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { type Cluster, startCluster } from './postgres-cluster.ts';
import { startS3Server } from './s3-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** With TEST_DB=postgres: a server URL whose database `sd_template` holds the migrated schema. */
    postgresUrl: string;
    /** With TEST_STORAGE=s3: an S3-compatible server on loopback; each test context gets its own bucket. */
    s3Endpoint: string;
  }
}

/**
 * Creating a PGlite database costs seconds, so the migrated schema is built once per run
 * and every test file starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const s3 = process.env.TEST_STORAGE === 's3' ? await startS3Server() : null;
  project.provide('s3Endpoint', s3?.endpoint ?? '');
  const teardown = await (process.env.TEST_DB === 'postgres' ? setupPostgres(project) : setupPglite(project));
  return async () => {
    await teardown();
    await s3?.stop();
  };
}

async function setupPglite(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sd-template-'));
  const db = await openPglite();
  await migrate(db);
  const dump = await db.raw.dumpDataDir('none');
  await db.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * The same suite on a real PostgreSQL server: DATABASE_URL when given, else a throwaway
 * cluster started here. Each test file gets its own database, copied from a migrated template.
 */
async function setupPostgres(project: TestProject) {
  const cluster = process.env.DATABASE_URL ? null : await startCluster();
  const url = process.env.DATABASE_URL ?? (cluster as Cluster).url;
  const admin = await openPostgres(url, 1);
  await admin.query('DROP DATABASE IF EXISTS sd_template');
  await admin.query('CREATE DATABASE sd_template');
  const templateUrl = new URL(url);
  templateUrl.pathname = '/sd_template';
  const template = await openPostgres(templateUrl.toString(), 1);
  await migrate(template);
  await template.close();
  await admin.close();
  project.provide('postgresUrl', url);
  project.provide('pgliteTemplate', '');
  return async () => {
    cluster?.stop();
  };
}
