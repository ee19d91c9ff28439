import { randomUUID } from 'node:crypto';
import type { Db } from './client.ts';

/** The channel migration 021's triggers notify on. */
export const INVALIDATE_CHANNEL = 'sd_invalidate';

/**
 * Every instance's view of the invalidations the database announces (decision 015): caches
 * subscribe to it and drop what a payload names. While the listening connection is down, `up` is
 * false and caches must not answer from memory; `generation` changes with every message and
 * every change of state, so a value read from the database may be cached only if no
 * invalidation arrived while it was being read.
 */
export class Invalidations {
  up = false;
  generation = 0;
  private readonly subscribers = new Set<(payload: string | null) => void>();
  private readonly waiting = new Map<string, () => void>();
  private listening: { close(): Promise<void> } | undefined;

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    this.listening = await this.db.listen(INVALIDATE_CHANNEL, {
      message: (payload) => {
        this.generation++;
        const resolve = payload.startsWith('sync:') ? this.waiting.get(payload) : undefined;
        if (resolve) {
          this.waiting.delete(payload);
          resolve();
          return;
        }
        for (const s of this.subscribers) s(payload);
      },
      state: (up) => {
        this.generation++;
        this.up = up;
        for (const s of this.subscribers) s(null);
      },
    });
  }

  async stop(): Promise<void> {
    this.up = false;
    await this.listening?.close().catch(() => {});
    this.listening = undefined;
  }

  /** fn(payload) for each invalidation; fn(null) when everything must be dropped. */
  subscribe(fn: (payload: string | null) => void): void {
    this.subscribers.add(fn);
  }

  /**
   * Resolves once this instance has received every invalidation committed before the call. A
   * route that ends sessions (sign-out, suspension, password change or reset) awaits it before
   * answering: PostgreSQL delivers a notification to every listening instance at the same
   * commit, so when ours has arrived, the others' have been sent too. On PGlite notifications
   * arrive before the committing query resolves, so there is nothing to wait for.
   */
  async sync(timeoutMs = 2000): Promise<void> {
    if (this.db.engine === 'pglite' || !this.up) return;
    const key = `sync:${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => this.waiting.set(key, resolve));
    await this.db.query('SELECT pg_notify($1, $2)', [INVALIDATE_CHANNEL, key]);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    const outcome = await Promise.race([arrived, late]);
    clearTimeout(timer);
    this.waiting.delete(key);
    if (outcome === 'late') {
      // The listener did not hear its own notification: stop trusting the caches.
      this.generation++;
      for (const s of this.subscribers) s(null);
    }
  }
}

const byDb = new WeakMap<Db, { inv: Invalidations; users: number }>();

/** The invalidations of this Db, started by the first app built on it and stopped with the last. */
export async function watchInvalidations(db: Db): Promise<{ inv: Invalidations; release(): Promise<void> }> {
  let entry = byDb.get(db);
  if (!entry) {
    entry = { inv: new Invalidations(db), users: 0 };
    byDb.set(db, entry);
    await entry.inv.start();
  }
  entry.users++;
  const e = entry;
  let released = false;
  return {
    inv: e.inv,
    async release() {
      if (released) return;
      released = true;
      if (--e.users === 0) {
        byDb.delete(db);
        await e.inv.stop();
      }
    },
  };
}

/** The running invalidations of this Db, if an app watches them. */
export const invalidationsOf = (db: Db): Invalidations | undefined => byDb.get(db)?.inv;
