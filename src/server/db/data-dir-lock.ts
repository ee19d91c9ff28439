import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database allows one process per DATA_DIR. Whoever opens it (the server, a
 * backup, a restore) holds DATA_DIR/server.pid: a live holder makes `refuse` throw; a dead one's
 * lock is taken over. `release` removes the file only while this process still holds it.
 */
export async function holdDataDirLock(
  dataDir: string,
  refuse: (pid: number) => Error,
): Promise<{ release: () => Promise<void>; stalePid: number | null }> {
  const lockFile = path.join(dataDir, 'server.pid');
  let stalePid: number | null = null;
  try {
    const pid = Number((await readFile(lockFile, 'utf8')).trim());
    if (pid && pid !== process.pid) {
      let alive = false;
      try {
        process.kill(pid, 0);
        alive = true;
      } catch (err) {
        alive = (err as NodeJS.ErrnoException).code === 'EPERM';
      }
      if (alive) throw refuse(pid);
      stalePid = pid;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await writeFile(lockFile, String(process.pid));
  return {
    stalePid,
    release: async () => {
      const held = await readFile(lockFile, 'utf8').catch(() => '');
      if (held.trim() === String(process.pid)) await rm(lockFile, { force: true });
    },
  };
}
