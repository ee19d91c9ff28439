import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultArchiveName, defaultArchivePath } from './backup.ts';

describe('npm run backup without --out', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('writes into DATA_DIR/backups/, created owner-only (and made owner-only when it was not)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sd-backup-default-'));
    dirs.push(dataDir);
    const now = new Date('2026-11-23T10:11:12Z');
    const out = await defaultArchivePath(dataDir, now);
    expect(out).toBe(path.join(dataDir, 'backups', defaultArchiveName(now)));
    expect((await stat(path.join(dataDir, 'backups'))).mode & 0o777).toBe(0o700);
    await chmod(path.join(dataDir, 'backups'), 0o755);
    await defaultArchivePath(dataDir, now);
    expect((await stat(path.join(dataDir, 'backups'))).mode & 0o777).toBe(0o700);
  });

  it('backup archives are ignored by git wherever they land in the repository', async () => {
    for (const file of [defaultArchiveName(), `backups/${defaultArchiveName()}`, 'some/dir/meridian-backup-x.tar.gz']) {
      const r = spawnSync('git', ['check-ignore', '-q', '--no-index', file]);
      expect(r.status, file).toBe(0);
    }
  });
});
