import { randomUUID } from 'node:crypto';
import type { Db } from './client.ts';
import { sql } from './sql.ts';

/** The channel migration 021's triggers notify on. */
export const INVALIDATE_CHANNEL = 'sd_invalidate';
/** application_name of every instance's listening connection (PostgreSQL), counted by sync(). */
export const LISTENER_NAME = 'sd_invalidate_listener';

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
        if (payload.startsWith('sync:')) {
          // Another instance (or this one) asks who has heard everything up to here: answer.
          this.db.query('SELECT pg_notify($1, $2)', [INVALIDATE_CHANNEL, `ack:${payload.slice(5)}`]).catch(() => {});
          return;
        }
        if (payload.startsWith('ack:')) {
          this.waiting.get(payload.slice(4))?.();
          return;
        }
        this.generation++;
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
   * Resolves once every listening instance has received every invalidation committed before
   * the call. A route that ends sessions (sign-out, suspension, password change or reset) awaits
   * it before answering. Each instance's listening connection is named LISTENER_NAME; this
   * counts them, sends 'sync:<nonce>' and waits for as many 'ack:<nonce>': an instance acks
   * after its handler has run for every earlier notification (delivery is in commit order), so
   * its caches have dropped what they had to. An instance that does not answer within the
   * timeout (gone, or stalled) is not waited for longer. On PGlite notifications arrive before
   * the committing query resolves: nothing to wait for.
   */
  async sync(timeoutMs = 2000): Promise<void> {
    if (this.db.engine === 'pglite' || !this.up) return;
    const nonce = randomUUID();
    let acks = 0;
    let expected = Number.POSITIVE_INFINITY;
    let done: () => void = () => {};
    const all = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.waiting.set(nonce, () => {
      if (++acks >= expected) done();
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      const [row] = await sql<{
        n: number;
      }>(`SELECT (SELECT count(*) FROM pg_stat_activity WHERE application_name = $3 AND datname = current_database())::int AS n,
                pg_notify($1, $2) IS NULL AS sent`).all(this.db, [INVALIDATE_CHANNEL, `sync:${nonce}`, LISTENER_NAME]);
      expected = row?.n ?? 1;
      if (acks >= expected) return;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([all, late]);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(nonce);
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
