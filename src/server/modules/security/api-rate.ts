import { sql as kysql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

const HOUR_MS = 3_600_000;

interface Entry {
  /** Start of the clock hour this entry counts (ms since the epoch, UTC). */
  window: number;
  /** The shared count (every instance) at this instance's last write for the hour. */
  known: number;
  /** Requests counted here since that write. */
  pending: number;
  /** Requests being added to the shared row by a flush in progress (not yet in `known`). */
  inFlight: number;
  /** The first write of the hour is in flight: later requests wait for it. */
  first: Promise<void> | null;
}

/**
 * The per-user API rate limit (requests per clock hour), counted without a database write on
 * every request (issue 19): each instance counts in memory and adds its count to the shared row
 * (api_rate_counters, one per user and hour) at the user's first request of the hour and then
 * every flushMs. The check is against the shared count at the last write plus the requests
 * counted here since, so on one instance the limit is exact under any concurrency; with several
 * instances each sees the others' requests within flushMs, so together they can go over the
 * limit by at most what they accept in that time.
 */
export class ApiRateCounter {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private cleanedFor = 0;

  constructor(
    private readonly db: Db,
    private readonly flushMs = 1000,
  ) {}

  /** Counts one request; returns the seconds to wait when the user is over the limit. */
  async count(userId: string, limit: number, now = Date.now()): Promise<{ limit: number; retryAfter: number } | null> {
    const window = Math.floor(now / HOUR_MS) * HOUR_MS;
    const e = this.entries.get(userId);
    let total: number;
    if (!e || e.window !== window) {
      const entry: Entry = { window, known: 0, pending: 0, inFlight: 0, first: null };
      this.entries.set(userId, entry);
      // The first request of the hour here: add it to the shared row and learn the others' count
      // (after writing what the past hour still had in memory).
      entry.first = (async () => {
        if (e && e.pending > 0 && !e.first) {
          const n = e.pending;
          e.pending = 0;
          await this.write(userId, e, n).catch(() => {});
        }
        await this.write(userId, entry, 1);
      })().finally(() => {
        entry.first = null;
      });
      await entry.first;
      total = entry.known;
    } else {
      // This request's place among those counted here since the last write.
      const position = ++e.pending;
      this.schedule();
      if (e.first) {
        await e.first;
        total = e.known + position;
      } else total = e.known + e.inFlight + e.pending;
    }
    if (total <= limit) return null;
    return { limit, retryAfter: Math.max(1, Math.ceil((window + HOUR_MS - now) / 1000)) };
  }

  /** Adds `n` to the shared row for the entry's hour and takes the total back. */
  private async write(userId: string, e: Entry, n: number): Promise<void> {
    const row = await typed(this.db)
      .insertInto('api_rate_counters')
      .values({ userId, windowStart: kysql<Date>`to_timestamp(${e.window}::double precision / 1000)`, count: n })
      .onConflict((oc) =>
        oc
          .columns(['userId', 'windowStart'])
          .doUpdateSet((eb) => ({ count: kysql<number>`api_rate_counters.count + ${eb.ref('excluded.count')}` })),
      )
      .returning('count')
      .executeTakeFirst();
    e.known = Number(row?.count ?? n);
  }

  private schedule(): void {
    if (this.timer || this.flushMs <= 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
    this.timer.unref();
  }

  /** Writes every pending count to the shared rows (and drops rows of past hours). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = (async () => {
      const current = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
      for (const [userId, e] of this.entries) {
        if (e.pending > 0 && !e.first) {
          const n = e.pending;
          e.pending -= n;
          e.inFlight = n;
          try {
            await this.write(userId, e, n);
          } catch {
            e.pending += n; // kept for the next flush
          } finally {
            e.inFlight = 0;
          }
        }
        if (e.window < current && e.pending === 0) this.entries.delete(userId);
      }
      if (this.cleanedFor !== current) {
        this.cleanedFor = current;
        await typed(this.db)
          .deleteFrom('api_rate_counters')
          .where('windowStart', '<', kysql<Date>`now() - interval '2 hours'`)
          .execute()
          .catch(() => {});
      }
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush().catch(() => {});
  }
}
