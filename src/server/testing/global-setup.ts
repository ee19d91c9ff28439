import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database costs seconds, so the migrated schema is built once per run
 * and every test file starts from a copy of it.
 */
export default async function setup(project: TestProject) {
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
